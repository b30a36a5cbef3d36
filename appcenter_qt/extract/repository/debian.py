"""Debian-style repositories: ``dists/SUITE/COMPONENT/binary-ARCH/Packages{.xz,.gz,}`` and
the file lists ``Contents-ARCH.gz`` (per component, or the older per-suite layout).

The index is read line by line (a Debian main index is ~ 60 MB unpacked), keeping the few
fields the generator needs. Versions are compared with python-debian's
:class:`debian.debian_support.Version` (which uses ``apt_pkg`` when it is installed): the
Debian ordering (epochs, ``~``) is not written here.
"""

from __future__ import annotations

import gzip
import io
import lzma
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from debian.debian_support import Version

from appcenter_qt.errors import ExtractError
from appcenter_qt.extract.readers import InputKind
from appcenter_qt.extract.repository import FileLists, RepoPackage, Repository, newest

_SUFFIXES = (".xz", ".gz", "")
_FIELDS = ("Package", "Version", "Architecture", "Filename", "Source", "SHA256", "Size")


def _open_text(path: Path) -> io.TextIOBase:
    openers: dict[str, Callable[[Path, str], Any]] = {".xz": lzma.open, ".gz": gzip.open}
    raw = openers.get(path.suffix, open)(path, "rb")
    return io.TextIOWrapper(raw, encoding="utf-8", errors="replace")


def _first(base: Path) -> Path | None:
    for suffix in _SUFFIXES:
        candidate = base.with_name(base.name + suffix)
        if candidate.is_file():
            return candidate
    return None


def _relative(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def paragraphs(path: Path, root: Path) -> Iterator[dict[str, str]]:
    """The stanzas of a ``Packages`` file, only the fields we use; a decompression error
    is one :class:`ExtractError` naming the file."""
    name = _relative(path, root)
    stanza: dict[str, str] = {}
    try:
        with _open_text(path) as lines:
            for line in lines:
                if line == "\n" or not line.strip():
                    if stanza:
                        yield stanza
                        stanza = {}
                    continue
                if line[0] in " \t":
                    continue  # continuation of a multi-line field (Description)
                key, colon, value = line.partition(":")
                if not colon:
                    raise ExtractError(f"{name}: corrupt index: line without a field name")
                if key in _FIELDS:
                    stanza[key] = value.strip()
            if stanza:
                yield stanza
    except (OSError, EOFError, lzma.LZMAError, zlib.error, gzip.BadGzipFile) as error:
        raise ExtractError(f"{name}: corrupt index: {error}") from error


def _package(stanza: dict[str, str], root: Path, origin: str, index: str) -> RepoPackage:
    try:
        name, version, filename = stanza["Package"], stanza["Version"], stanza["Filename"]
    except KeyError as error:
        raise ExtractError(f"{index}: corrupt index: a stanza without {error.args[0]}") from None
    if filename.startswith("/") or ".." in filename.split("/"):
        raise ExtractError(f"{index}: corrupt index: Filename {filename[:80]!r} leaves the repo")
    source = stanza.get("Source", "").split(" ", 1)[0] or name
    kind = InputKind.DEB
    return RepoPackage(
        name=name,
        version=version,
        arch=stanza.get("Architecture", ""),
        path=root / filename,
        origin=origin,
        source=source,
        sha256=stanza.get("SHA256", ""),
        size=int(stanza.get("Size", "0") or 0),
        kind=kind,
    )


def _contents(root: Path, suite: str, component: str, arch: str) -> Path | None:
    dists = root / "dists" / suite
    return _first(dists / component / f"Contents-{arch}") or _first(dists / f"Contents-{arch}")


def read_contents(path: Path, root: Path, lists: FileLists) -> None:
    """Add a Contents file's interesting lines (``PATH   section/pkg,section/pkg2``)."""
    name = _relative(path, root)
    try:
        with _open_text(path) as lines:
            for line in lines:
                if not line.startswith(("usr/share/", "/usr/share/")):
                    continue
                parts = line.rsplit(None, 1)
                if len(parts) != 2:
                    continue
                owners = [owner.rpartition("/")[2] for owner in parts[1].split(",")]
                lists.add(parts[0], owners)
    except (OSError, EOFError, lzma.LZMAError, zlib.error, gzip.BadGzipFile) as error:
        raise ExtractError(f"{name}: corrupt index: {error}") from error


def _newer(a: RepoPackage, b: RepoPackage) -> bool:
    return Version(a.version) > Version(b.version)


def release_origin(root: Path, suite: str) -> str:
    """The ``Origin`` field of ``dists/SUITE/Release`` (``Debian``), lower-cased; ``""``."""
    for name in ("InRelease", "Release"):
        try:
            with (root / "dists" / suite / name).open(encoding="utf-8", errors="replace") as f:
                for line in f:
                    if line.startswith("Origin:"):
                        return line.partition(":")[2].strip().lower().replace(" ", "-")
                    if not line.strip():
                        break
        except OSError:
            continue
    return ""


def open_debian_repository(
    root: Path, suites: list[str], components: list[str], arches: list[str]
) -> Repository:
    """Every ``suite × component × arch`` index (and ``binary-all`` where the archive has
    one), newest version per package name. Each package's origin is
    ``NAME-SUITE-COMPONENT`` (``debian-bookworm-main``), NAME being the suite's Release
    ``Origin`` or else the repository directory's name. On equal versions the first index
    given wins."""
    listed: list[RepoPackage] = []
    lists = FileLists()
    contents_found = False
    for suite in suites:
        name = release_origin(root, suite) or root.resolve().name.lower()
        for component in components:
            component_origin = f"{name}-{suite}-{component}"
            for arch in [*arches, "all"]:
                base = root / "dists" / suite / component / f"binary-{arch}" / "Packages"
                index = _first(base)
                if index is None:
                    if arch == "all":
                        continue  # optional: most archives list arch:all in binary-ARCH
                    raise ExtractError(
                        f"{_relative(base, root)}: no such index (.xz, .gz or plain)"
                    )
                relative = _relative(index, root)
                for stanza in paragraphs(index, root):
                    listed.append(_package(stanza, root, component_origin, relative))
                contents = _contents(root, suite, component, arch)
                if contents is not None:
                    contents_found = True
                    read_contents(contents, root, lists)
    packages = newest(listed, _newer)
    if not contents_found:
        return Repository(packages, None, {}, len(listed))
    return Repository(packages, lists.candidates, lists.icons, len(listed))
