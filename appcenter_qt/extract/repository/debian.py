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
import re
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from debian.debian_support import Version

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.download import file_digest
from appcenter_qt.extract.readers import InputKind
from appcenter_qt.extract.readers.units import INTERESTING_PREFIXES
from appcenter_qt.extract.repository import (
    FileLists,
    Index,
    Indexes,
    RepoPackage,
    Repository,
    newest,
)
from appcenter_qt.extract.repository.files import Expected, RepoFiles
from appcenter_qt.extract.repository.release import Release, read_release

_SUFFIXES = (".xz", ".gz", "")
_FIELDS = ("Package", "Version", "Architecture", "Filename", "Source", "SHA256", "Size")


def _open_text(path: Path) -> io.TextIOBase:
    openers: dict[str, Callable[[Path, str], Any]] = {".xz": lzma.open, ".gz": gzip.open}
    raw = openers.get(path.suffix, open)(path, "rb")
    return io.TextIOWrapper(raw, encoding="utf-8", errors="replace")


def paragraphs(path: Path, name: str) -> Iterator[dict[str, str]]:
    """The stanzas of a ``Packages`` file, only the fields we use; a decompression error
    is one :class:`ExtractError` naming the file (``name``)."""
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


def _package(stanza: dict[str, str], files: RepoFiles, origin: str, index: str) -> RepoPackage:
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
        path=files.package(filename),
        origin=origin,
        source=source,
        sha256=stanza.get("SHA256", ""),
        size=int(stanza.get("Size", "0") or 0),
        kind=kind,
    )


#: Contents lines worth decoding: only these directories can make an application (a
#: distribution's Contents file has millions of lines, nearly all elsewhere). Found with one
#: regular-expression scan per block, so the other lines cost no Python step each.
_INTERESTING_LINE = re.compile(
    b"^/?(?:" + b"|".join(re.escape(p.encode()) for p in INTERESTING_PREFIXES) + b")[^\n]*",
    re.MULTILINE,
)
_BLOCK = 4 * 1024 * 1024


def read_contents(path: Path, name: str, lists: FileLists) -> None:
    """Add a Contents file's interesting lines (``PATH   section/pkg,section/pkg2``)."""
    openers: dict[str, Callable[[Path, str], Any]] = {".xz": lzma.open, ".gz": gzip.open}
    try:
        with openers.get(path.suffix, open)(path, "rb") as raw:
            tail = b""
            while True:
                chunk = raw.read(_BLOCK)
                block = tail + chunk
                if chunk:
                    cut = block.rfind(b"\n") + 1
                    block, tail = block[:cut], block[cut:]
                for match in _INTERESTING_LINE.finditer(block):
                    parts = match.group().decode("utf-8", "replace").rsplit(None, 1)
                    if len(parts) == 2:
                        owners = [owner.rpartition("/")[2] for owner in parts[1].split(",")]
                        lists.add(parts[0], owners)
                if not chunk:
                    break
    except (OSError, EOFError, lzma.LZMAError, zlib.error, gzip.BadGzipFile) as error:
        raise ExtractError(f"{name}: corrupt index: {error}") from error


def _newer(a: RepoPackage, b: RepoPackage) -> bool:
    return Version(a.version) > Version(b.version)


def _pick(
    files: RepoFiles, suite: str, bases: list[str], release: Release | None
) -> tuple[str, Path] | None:
    """The first of ``bases`` (paths inside ``dists/SUITE/``) × ``.xz``, ``.gz``, plain that
    the suite has: with a Release file, only those it lists (nothing else is fetched), and
    one listed that none of them is found is an error naming it."""
    missing = ""
    for base in bases:
        for suffix in _SUFFIXES:
            relative = base + suffix
            if release is not None and not release.lists(relative):
                continue
            listed = release.sha256.get(relative) if release is not None else None
            expected = Expected("sha256", *listed) if listed is not None else None
            path = files.fetch(f"dists/{suite}/{relative}", expected)
            if path is not None:
                return relative, path
            missing = missing or relative
    if missing and release is not None:
        name = files.name(f"dists/{suite}/{missing}")
        raise ExtractError(f"{name}: listed in {release.name} but missing")
    return None


def _index(
    files: RepoFiles, suite: str, relative: str, path: Path, release: Release | None, **what
) -> Index:
    """An index, checked against the suite's Release file when there is one."""
    if release is not None:
        digest = release.check(files, suite, relative, path)
    else:
        digest = file_digest(path)
    return Index(files.name(f"dists/{suite}/{relative}"), path, digest, **what)


def locate_debian(
    files: RepoFiles, suites: list[str], components: list[str], arches: list[str]
) -> Indexes:
    """Find (download, for a remote repository) and check every index to read: each
    ``suite × component × arch`` Packages file (and ``binary-all`` where the archive has
    one) and Contents file. Nothing is parsed yet (:func:`parse_debian`)."""
    found: list[Index] = []
    warnings: list[str] = []
    for suite in suites:
        release = read_release(files, suite)
        if release is None:
            warnings.append(
                f"{files.name(f'dists/{suite}/Release')}: no Release (nor InRelease) file: "
                "the indexes are not checked"
            )
        name = (release.origin if release else "") or files.origin_name()
        for component in components:
            origin = f"{name}-{suite}-{component}"
            for arch in [*arches, "all"]:
                picked = _pick(files, suite, [f"{component}/binary-{arch}/Packages"], release)
                if picked is None:
                    if arch == "all":
                        continue  # optional: most archives list arch:all in binary-ARCH
                    base = f"dists/{suite}/{component}/binary-{arch}/Packages"
                    raise ExtractError(f"{files.name(base)}: no such index (.xz, .gz or plain)")
                found.append(_index(files, suite, *picked, release, kind="packages", origin=origin))
                contents = _pick(
                    files, suite, [f"{component}/Contents-{arch}", f"Contents-{arch}"], release
                )
                if contents is not None:
                    found.append(_index(files, suite, *contents, release, kind="contents"))
        if release is not None:
            found.append(Index(release.name, Path(), release.digest, kind="release"))
    return Indexes(files, "debian", found, warnings)


def parse_debian(indexes: Indexes) -> Repository:
    """The newest version per package name over every Packages index, and what the Contents
    files say. On equal versions the first index given wins."""
    listed: list[RepoPackage] = []
    lists = FileLists()
    contents_found = False
    seen_contents: set[Path] = set()
    for index in indexes.indexes:
        if index.kind == "packages":
            for stanza in paragraphs(index.path, index.name):
                listed.append(_package(stanza, indexes.files, index.origin, index.name))
        elif index.kind == "contents" and index.path not in seen_contents:
            seen_contents.add(index.path)  # the per-suite layout: one file for all components
            contents_found = True
            read_contents(index.path, index.name, lists)
    packages = newest(listed, _newer)
    if not contents_found:
        return Repository(packages, None, {}, len(listed))
    return Repository(packages, lists.candidates, lists.icons, len(listed))
