"""Unpacked roots (``--tree``) and installed XDG data directories (``--system``): walked with
``lstat`` and opened with ``O_NOFOLLOW``, so a symlink is never followed on the real file
system. A root with a dpkg database attributes files to the packages that installed them."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.readers import dpkgdb
from appcenter_qt.extract.readers.reader import UnitReader
from appcenter_qt.extract.readers.units import (
    INTERESTING_PREFIXES,
    MAX_MEMBER_BYTES,
    Collector,
    PackageInfo,
    UnitContent,
    Want,
)
from appcenter_qt.support.file_names import bad_name_message, is_clean, shown
from appcenter_qt.support.safe_open import open_regular


def _safe_dir(root: Path, relative: str, collector: Collector) -> Path | None:
    """``root/relative`` if every component is a real directory (no symlink), else None."""
    directory = root
    for part in relative.rstrip("/").split("/"):
        directory = directory / part
        try:
            info = directory.lstat()
        except OSError:
            return None
        if stat.S_ISLNK(info.st_mode):
            collector.hint(
                "symlink-outside", f"{directory.relative_to(root)} is a symlink, not read"
            )
            return None
        if not stat.S_ISDIR(info.st_mode):
            return None
    return directory


def read_tree(root: Path, want: Want, source: str) -> UnitContent:
    """An unpacked root: only the interesting directories, never following a symlink. If the
    root has a dpkg database, files are attributed to the packages that installed them."""
    collector = Collector(source, want)
    if not root.is_dir():
        raise ExtractError(f"{root}: not a directory")
    for prefix in INTERESTING_PREFIXES:
        directory = _safe_dir(root, prefix, collector)
        if directory is not None:
            _walk_tree(root, directory, collector)
    content = collector.finish(PackageInfo(root.name, source=root.name))
    dpkg = _safe_dir(root, "var/lib/dpkg", collector)
    info_dir = _safe_dir(root, "var/lib/dpkg/info", collector) if dpkg else None
    if dpkg is not None and info_dir is not None:
        content.owners = dpkgdb.read_owners(info_dir, dpkg / "status")
    return content


def read_data_dir(directory: Path, want: Want, source: str) -> UnitContent:
    """An XDG data directory: its members are named as if it were ``usr/share``, so the
    composer treats ``/usr/local/share/applications/x.desktop`` like a packaged one. The unit
    has no package (an empty name); the caller attributes apps to their owners."""
    collector = Collector(source, want)
    if not directory.is_dir():
        raise ExtractError(f"{directory}: not a directory")
    for prefix in INTERESTING_PREFIXES:
        sub = _safe_dir(directory, prefix.removeprefix("usr/share/"), collector)
        if sub is not None:
            _walk_tree(directory, sub, collector, as_prefix="usr/share/")
    return collector.finish(PackageInfo(""))


def _walk_tree(root: Path, top: Path, collector: Collector, as_prefix: str = "") -> None:
    stack = [top]
    while stack:
        directory = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError as error:
            collector.hint("unreadable", f"{directory}: {error.strerror}")
            continue
        for entry in entries:
            if not is_clean(entry.name):  # neither read nor descended into
                shown_path = shown(Path(entry.path).relative_to(root))
                collector.hint("file-name-not-utf8", bad_name_message(as_prefix + shown_path))
                continue
            rel = as_prefix + Path(entry.path).relative_to(root).as_posix()
            if entry.is_symlink():
                collector.add_link(rel, os.readlink(entry.path))
            elif entry.is_dir(follow_symlinks=False):
                stack.append(Path(entry.path))
            elif entry.is_file(follow_symlinks=False):
                size = entry.stat(follow_symlinks=False).st_size

                def read(file_path: str = entry.path) -> bytes:
                    try:
                        with open_regular(file_path, follow_symlinks=False) as handle:
                            return handle.read(MAX_MEMBER_BYTES + 1)
                    except OSError as error:  # swapped for a FIFO or link since the scan
                        collector.hint("unreadable", f"{file_path}: {error.strerror}")
                        return b""

                collector.add_file(rel, size, read)


TREE = UnitReader("tree", "an unpacked root (--tree)", read_tree, directory=True)
#: One installed XDG data directory (``/usr/share``, ``/usr/local/share``): its
#: ``applications``, ``metainfo``, ``appdata``, ``icons`` and ``pixmaps``, read like a tree's
#: ``usr/share``, with no package of its own (owners are looked up afterwards). Its source
#: keeps the whole path (``datadir:/usr/local/share``): its name says nothing.
DATA_DIR = UnitReader(
    "datadir", "an XDG data directory", read_data_dir, directory=True, whole_path=True
)
