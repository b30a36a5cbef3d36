"""What every unit reader shares: the unit's content, the member collector, decompression.

Following libappstream-compose's ``AscUnit``, the composer never cares what a package is made
of: it asks a unit for its control data and for the members under the few directories that
can make an application (:data:`INTERESTING_PREFIXES`), and gets bytes for the ones it wants.
One module per format reads the unit (:mod:`appcenter_qt.extract.readers`, the registry of
input formats); this module holds what they have in common.

Everything is read in **one streaming pass** over the archive and nothing is unpacked to disk.
Member paths are normalized to ``usr/share/...``. Absolute names, ``..`` components and
symlinks whose target leaves the package root are dropped with a hint (:class:`Collector`,
used by every reader); a corrupt or truncated archive raises
:class:`~appcenter_qt.domain.errors.ExtractError` naming the file, and the composer turns that into
a report line.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, cast

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract import tarstream
from appcenter_qt.extract.byte_stream import ByteStream
from appcenter_qt.extract.result import Hint
from appcenter_qt.support.file_names import bad_name_message, is_clean
from appcenter_qt.support.safe_open import open_regular

INTERESTING_PREFIXES = (
    "usr/share/applications/",
    "usr/share/metainfo/",
    "usr/share/appdata/",
    "usr/share/icons/",
    "usr/share/pixmaps/",
)
#: Largest member we read into memory; desktop files, metainfo and icons are far smaller.
MAX_MEMBER_BYTES = 8 * 1024 * 1024
#: Largest control archive / control file of a .deb.
MAX_CONTROL_BYTES = 4 * 1024 * 1024
#: Symlink chains longer than this are treated as loops.
MAX_LINK_DEPTH = 16

CHUNK = 1024 * 1024


@dataclass(frozen=True)
class PackageInfo:
    """Control data read from the package itself (``source`` is the source package name)."""

    name: str
    version: str = ""
    arch: str = ""
    source: str = ""


@dataclass(frozen=True)
class Member:
    """An interesting member: a regular file (``link`` empty) or a symlink/hard link whose
    ``link`` is already resolved to a normalized path inside the package."""

    path: str
    size: int = 0
    link: str = ""


@dataclass
class UnitContent:
    """What one pass over a unit gives: control data, every interesting member, the bytes of
    the wanted regular files, and the problems met."""

    source: str
    info: PackageInfo
    members: dict[str, Member] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)
    hints: list[Hint] = field(default_factory=list)
    #: For trees with a dpkg database: member path → the package that installed it.
    owners: dict[str, PackageInfo] = field(default_factory=dict)

    def resolve(self, path: str) -> str | None:
        """Follow links inside the package; ``None`` for dangling links and loops."""
        for _ in range(MAX_LINK_DEPTH):
            member = self.members.get(path)
            if member is None:
                return None
            if not member.link:
                return path
            path = member.link
        return None


#: Which regular members to keep: a predicate, or a set of paths (then reading stops as soon
#: as all of them were seen, which is what the icon pass wants).
Want = Callable[[str], bool] | set[str] | frozenset[str]


# -- members --------------------------------------------------------------------------------
class Collector:
    """Shared by the readers: normalizes names, records members, keeps wanted bytes."""

    def __init__(self, source: str, want: Want) -> None:
        self.source = source
        self.only: set[str] | frozenset[str] | None
        self.want: Callable[[str], bool]
        if isinstance(want, set | frozenset):
            self.only, self.want = want, want.__contains__
        else:
            self.only, self.want = None, want
        self._seen = 0
        self.members: dict[str, Member] = {}
        self.files: dict[str, bytes] = {}
        self.hints: list[Hint] = []
        self._links: dict[str, str] = {}

    def hint(self, tag: str, message: str) -> None:
        self.hints.append(Hint(self.source, tag, message))

    def normalize(self, raw: str) -> str | None:
        """``./usr/share/x`` → ``usr/share/x``; ``None`` (with a hint) for hostile names,
        and for a name that is not UTF-8 (:mod:`appcenter_qt.support.file_names`)."""
        if not is_clean(raw):
            self.hint("file-name-not-utf8", bad_name_message(raw[:200]))
            return None
        if raw.startswith("/"):
            self.hint("absolute-path", f"member with an absolute path ignored: {raw[:200]!r}")
            return None
        parts = [part for part in raw.split("/") if part not in ("", ".")]
        if ".." in parts:
            self.hint("path-traversal", f"member with '..' in its path ignored: {raw[:200]!r}")
            return None
        return "/".join(parts)

    @staticmethod
    def interesting(path: str) -> bool:
        return path.startswith(INTERESTING_PREFIXES)

    @property
    def done(self) -> bool:
        """All paths of a set-valued ``want`` were seen: the rest of the archive can be skipped."""
        return self.only is not None and self._seen >= len(self.only)

    def add_file(self, path: str, size: int, read: Callable[[], bytes]) -> None:
        self.members[path] = Member(path, size)
        if self.want(path):
            self._seen += 1
            if size > MAX_MEMBER_BYTES:
                self.hint("file-too-large", f"{path}: {size} bytes, over {MAX_MEMBER_BYTES}")
                return
            self.files[path] = read()

    def add_link(self, path: str, target: str, *, hard: bool = False) -> None:
        """Symlink targets are resolved lexically against the link's directory inside the
        package root (absolute targets against the root); a target above the root is hostile."""
        if not is_clean(target):
            self.hint("file-name-not-utf8", f"{path}: link target {bad_name_message(target[:200])}")
            return
        if hard:
            resolved = self.normalize(target)
            if resolved is None:
                return
        else:
            base = "/" if target.startswith("/") else "/" + posixpath.dirname(path)
            joined = posixpath.join(base, target)
            depth = 0
            for part in joined.split("/"):
                if part == "..":
                    depth -= 1
                elif part not in ("", "."):
                    depth += 1
                if depth < 0:
                    self.hint(
                        "symlink-outside",
                        f"{path}: symlink points outside the package: {target[:200]!r}",
                    )
                    return
            resolved = posixpath.normpath(joined).lstrip("/")
        self._links[path] = resolved

    def finish(self, info: PackageInfo) -> UnitContent:
        for path, target in self._links.items():
            if not self.interesting(target):
                self.hint(
                    "symlink-outside",
                    f"{path}: link target {target!r} is outside the directories read",
                )
                continue
            self.members[path] = Member(path, 0, target)
        return UnitContent(self.source, info, self.members, self.files, self.hints)


# -- archives -------------------------------------------------------------------------------
def open_input(path: Path) -> BinaryIO:
    """The package file, if it is a regular file (a FIFO given as INPUT must not hang)."""
    try:
        return open_regular(path)
    except OSError as error:
        raise ExtractError(f"{path.name}: cannot read: {error.strerror or error}") from error


class Slice:
    """A read-only window of ``size`` bytes of ``raw`` starting at its current position."""

    def __init__(self, raw: ByteStream, size: int) -> None:
        self._raw = raw
        self._left = size

    def read(self, n: int = -1) -> bytes:
        if self._left <= 0:
            return b""
        if n is None or n < 0 or n > self._left:
            n = self._left
        data = self._raw.read(n)
        self._left -= len(data)
        return data

    def readable(self) -> bool:
        return True

    @property
    def remaining(self) -> int:
        return self._left

    def skip(self) -> None:
        while self.read(CHUNK):
            pass


def decompressor(name: str, raw: ByteStream) -> ByteStream:
    """A streaming decompressing reader for the ar member ``name`` (``data.tar.xz`` …).
    The decompressors are imported here, by the readers that open archives: the rebuild
    after an install imports this module for :class:`PackageInfo` alone (issue 31)."""
    suffix = name.rsplit(".tar", 1)[-1]
    if suffix == "":
        return raw
    # The decompressors are typed for files but only call read(), which every stream has.
    source = cast(BinaryIO, raw)
    if suffix == ".gz":
        import gzip

        return gzip.GzipFile(fileobj=source)
    if suffix in (".xz", ".lzma"):
        import lzma

        return lzma.LZMAFile(source)
    if suffix == ".bz2":
        import bz2

        return bz2.BZ2File(source)
    if suffix == ".zst":
        import zstandard

        return zstandard.ZstdDecompressor().stream_reader(source, read_across_frames=True)
    raise ExtractError(f"unknown compression {name!r}")


def parse_control(text: str) -> dict[str, str]:
    """RFC 822-style ``Key: value`` paragraphs (first paragraph only), continuation lines kept."""
    fields: dict[str, str] = {}
    key = ""
    for line in text.splitlines():
        if not line.strip():
            if fields:
                break
            continue
        if line[0] in " \t" and key:
            fields[key] += "\n" + line.strip()
            continue
        name, sep, value = line.partition(":")
        if sep:
            key = name.strip().lower()
            fields[key] = value.strip()
    return fields


def maybe_interesting(name: str) -> bool:
    """Cheap pre-filter: could ``name`` be interesting, or hostile (which we report)?"""
    return "usr/share/" in name or name.startswith("/") or ".." in name


def add_member(
    collector: Collector, member: tarstream.TarMember, read: Callable[[], bytes]
) -> None:
    """Record one tar member: a hostile name is dropped (with a hint), an uninteresting one
    skipped, links resolved inside the package, wanted regular files read."""
    path = collector.normalize(member.name)
    if path is None or not collector.interesting(path):
        return
    if member.type == tarstream.SYMLINK:
        collector.add_link(path, member.linkname)
    elif member.type == tarstream.HARDLINK:
        collector.add_link(path, member.linkname, hard=True)
    elif member.type == tarstream.REGULAR:
        collector.add_file(path, member.size, read)


def read_tar_stream(stream: ByteStream, collector: Collector) -> None:
    """Every member of a package's file tar, until a set-valued ``want`` is complete."""
    for member, read in tarstream.members(stream, maybe_interesting):
        add_member(collector, member, read)
        if collector.done:
            return
