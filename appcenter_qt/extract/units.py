"""Units: one small interface over every kind of input (``.deb``, ``.rpm``, unpacked tree).

Following libappstream-compose's ``AscUnit``, the composer never cares what a package is made
of: it asks a unit for its control data and for the members under the few directories that
can make an application (:data:`INTERESTING_PREFIXES`), and gets bytes for the ones it wants.

Everything is read in **one streaming pass** over the archive and nothing is unpacked to disk:
``.deb`` through a tiny ``ar`` reader plus :mod:`~appcenter_qt.extract.tarstream` (``data.tar`` with
gzip, xz, zstd, bzip2 or no compression), ``.rpm`` through :mod:`rpmfile` for the headers and
a streaming ``newc`` cpio reader for the payload (gzip, xz, zstd, bzip2), trees through
``lstat``/``O_NOFOLLOW`` so a symlink is never followed on the real file system.

Member paths are normalized to ``usr/share/...``. Absolute names, ``..`` components and
symlinks whose target leaves the package root are dropped with a hint; a corrupt or truncated
archive raises :class:`~appcenter_qt.errors.ExtractError` naming the file, and the composer
turns that into a report line.
"""

from __future__ import annotations

import bz2
import enum
import gzip
import io
import lzma
import os
import posixpath
import stat
import tarfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import zstandard

from appcenter_qt.errors import ExtractError
from appcenter_qt.extract import cpio, tarstream
from appcenter_qt.extract.result import Hint, Severity
from appcenter_qt.safe_open import open_regular

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

_AR_MAGIC = b"!<arch>\n"
_RPM_MAGIC = b"\xed\xab\xee\xdb"
_CHUNK = 1024 * 1024


class UnitKind(enum.StrEnum):
    DEB = "deb"
    RPM = "rpm"
    TREE = "tree"
    #: One installed XDG data directory (``/usr/share``, ``/usr/local/share``): its
    #: ``applications``, ``metainfo``, ``appdata``, ``icons`` and ``pixmaps``, read like a
    #: tree's ``usr/share``, with no package of its own (owners are looked up afterwards).
    DATA_DIR = "datadir"


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


def sniff(path: Path) -> UnitKind | None:
    """The kind of package file at ``path`` by its magic bytes, ``None`` if neither."""
    try:
        with open_regular(path) as handle:
            head = handle.read(8)
    except OSError:
        return None
    if head == _AR_MAGIC:
        return UnitKind.DEB
    if head[:4] == _RPM_MAGIC:
        return UnitKind.RPM
    return None


def unit_source(kind: UnitKind, path: Path) -> str:
    """The provenance label of a unit (``deb:gnome-mines_40.1-2_amd64.deb``); a data
    directory keeps its whole path (``datadir:/usr/local/share``), its name says nothing."""
    if kind is UnitKind.DATA_DIR:
        return f"{kind.value}:{path}"
    return f"{kind.value}:{path.name}"


def read_unit(kind: UnitKind, path: str | os.PathLike[str], want: Want) -> UnitContent:
    """Read ``path`` in one pass; bytes are kept for regular members ``want`` selects."""
    path = Path(path)
    readers = {
        UnitKind.DEB: _read_deb,
        UnitKind.RPM: _read_rpm,
        UnitKind.TREE: _read_tree,
        UnitKind.DATA_DIR: _read_data_dir,
    }
    try:
        return readers[kind](path, want)
    except ExtractError:
        raise
    except (
        OSError,
        EOFError,
        tarfile.TarError,
        lzma.LZMAError,
        zlib.error,
        zstandard.ZstdError,
        ValueError,
        KeyError,
        IndexError,
        UnicodeError,
    ) as error:
        raise ExtractError(
            f"{path.name}: corrupt archive: {error or type(error).__name__}"
        ) from error


# -- paths -----------------------------------------------------------------------------------
class _Collector:
    """Shared by the readers: normalizes names, records members, keeps wanted bytes."""

    def __init__(self, source: str, want: Want) -> None:
        self.source = source
        self.only = want if isinstance(want, set | frozenset) else None
        self.want: Callable[[str], bool] = (
            self.only.__contains__ if self.only is not None else want  # type: ignore[assignment]
        )
        self._seen = 0
        self.members: dict[str, Member] = {}
        self.files: dict[str, bytes] = {}
        self.hints: list[Hint] = []
        self._links: dict[str, str] = {}

    def hint(self, tag: str, message: str, severity: Severity = Severity.WARNING) -> None:
        self.hints.append(Hint(self.source, tag, message, severity))

    def normalize(self, raw: str) -> str | None:
        """``./usr/share/x`` → ``usr/share/x``; ``None`` (with a hint) for hostile names."""
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


# -- deb -------------------------------------------------------------------------------------
def _open_input(path: Path) -> BinaryIO:
    """The package file, if it is a regular file (a FIFO given as INPUT must not hang)."""
    try:
        return open_regular(path)
    except OSError as error:
        raise ExtractError(f"{path.name}: cannot read: {error.strerror or error}") from error


class _Slice:
    """A read-only window of ``size`` bytes of ``raw`` starting at its current position."""

    def __init__(self, raw: BinaryIO, size: int) -> None:
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
        while self.read(_CHUNK):
            pass


def _decompressor(name: str, raw: BinaryIO) -> BinaryIO:
    """A streaming decompressing reader for the ar member ``name`` (``data.tar.xz`` …)."""
    suffix = name.rsplit(".tar", 1)[-1]
    if suffix == "":
        return raw
    if suffix == ".gz":
        return gzip.GzipFile(fileobj=raw)  # type: ignore[return-value]
    if suffix in (".xz", ".lzma"):
        return lzma.LZMAFile(raw)  # type: ignore[return-value]
    if suffix == ".bz2":
        return bz2.BZ2File(raw)  # type: ignore[return-value]
    if suffix == ".zst":
        return zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True)  # type: ignore[return-value]
    raise ExtractError(f"unknown compression {name!r}")


def _ar_members(handle: BinaryIO, file_name: str):
    """Yield ``(name, size)`` for each ar member; the caller reads or skips exactly ``size``."""
    if handle.read(8) != _AR_MAGIC:
        raise ExtractError(f"{file_name}: not a .deb (no ar magic)")
    while True:
        header = handle.read(60)
        if not header:
            return
        if len(header) < 60 or header[58:60] != b"`\n":
            raise ExtractError(f"{file_name}: corrupt archive: truncated or bad ar header")
        name = header[:16].decode("ascii", "replace").strip().rstrip("/")
        try:
            size = int(header[48:58].decode("ascii").strip())
        except ValueError as error:
            raise ExtractError(f"{file_name}: corrupt archive: bad ar member size") from error
        yield name, size
        if size % 2:
            handle.read(1)


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


def _info_from_control(fields: dict[str, str], fallback: str) -> PackageInfo:
    name = fields.get("package") or fallback
    source = fields.get("source", "").split(" ", 1)[0] or name
    return PackageInfo(name, fields.get("version", ""), fields.get("architecture", ""), source)


def _read_control_tar(data: bytes, name: str, file_name: str) -> dict[str, str]:
    """The ``control`` file of ``control.tar``; read with :mod:`.tarstream`, whose header
    lengths are capped (``tarfile`` allocates whatever a long-name header claims)."""
    stream = _decompressor(name, io.BytesIO(data))  # type: ignore[arg-type]
    for info, read in tarstream.members(stream):
        if info.type == tarstream.REGULAR and info.name.lstrip("./") == "control":
            if info.size > MAX_CONTROL_BYTES:
                raise ExtractError(f"{file_name}: control file too large")
            return parse_control(read().decode("utf-8", "replace"))
    raise ExtractError(f"{file_name}: corrupt archive: control.tar has no control file")


def _maybe_interesting(name: str) -> bool:
    """Cheap pre-filter: could ``name`` be interesting, or hostile (which we report)?"""
    return "usr/share/" in name or name.startswith("/") or ".." in name


def _read_tar_stream(stream: BinaryIO, collector: _Collector) -> None:
    for member, read in tarstream.members(stream, _maybe_interesting):
        path = collector.normalize(member.name)
        if path is None or not collector.interesting(path):
            continue
        if member.type == tarstream.SYMLINK:
            collector.add_link(path, member.linkname)
        elif member.type == tarstream.HARDLINK:
            collector.add_link(path, member.linkname, hard=True)
        elif member.type == tarstream.REGULAR:
            collector.add_file(path, member.size, read)
            if collector.done:
                return


def _read_deb(path: Path, want: Want) -> UnitContent:
    collector = _Collector(unit_source(UnitKind.DEB, path), want)
    fields: dict[str, str] | None = None
    saw_data = False
    with _open_input(path) as handle:
        for name, size in _ar_members(handle, path.name):  # type: ignore[arg-type]
            window = _Slice(handle, size)  # type: ignore[arg-type]
            if name.startswith("control.tar"):
                if size > MAX_CONTROL_BYTES:
                    raise ExtractError(f"{path.name}: control archive too large ({size} bytes)")
                data = window.read()
                if len(data) < size:
                    raise ExtractError(f"{path.name}: corrupt archive: truncated control.tar")
                fields = _read_control_tar(data, name, path.name)
            elif name.startswith("data.tar"):
                if fields is None:
                    raise ExtractError(f"{path.name}: corrupt archive: data.tar before control")
                stream = _decompressor(name, window)  # type: ignore[arg-type]
                _read_tar_stream(stream, collector)
                saw_data = True
                if collector.done:
                    break
                window.skip()
            else:
                window.skip()
            if window.remaining > 0:
                raise ExtractError(f"{path.name}: corrupt archive: truncated member {name}")
    if fields is None or not saw_data:
        raise ExtractError(f"{path.name}: corrupt archive: no control.tar or data.tar member")
    return collector.finish(_info_from_control(fields, path.name))


# -- rpm -------------------------------------------------------------------------------------
# rpm's payload compressor names → the matching .deb member suffix (rpm defaults to gzip).
_RPM_SUFFIXES = {
    b"gzip": ".tar.gz",
    b"": ".tar.gz",
    b"xz": ".tar.xz",
    b"lzma": ".tar.lzma",
    b"zstd": ".tar.zst",
    b"bzip2": ".tar.bz2",
}


def _header_text(headers: dict, key: str) -> str:
    value = headers.get(key, b"")
    if isinstance(value, list):
        value = value[0] if value else b""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def _rpm_info(headers: dict, fallback: str) -> PackageInfo:
    name = _header_text(headers, "name") or fallback
    version = _header_text(headers, "version")
    release = _header_text(headers, "release")
    epoch = _header_text(headers, "epoch")
    full = f"{version}-{release}" if release else version
    if epoch and epoch != "0":
        full = f"{epoch}:{full}"
    source_rpm = _header_text(headers, "sourcerpm")
    source = source_rpm.rsplit("-", 2)[0] if source_rpm.count("-") >= 2 else name
    return PackageInfo(name, full, _header_text(headers, "arch"), source)


def _read_rpm(path: Path, want: Want) -> UnitContent:
    import rpmfile

    collector = _Collector(unit_source(UnitKind.RPM, path), want)
    with _open_input(path) as handle:
        try:
            rpm = rpmfile.open(fileobj=handle)
        except Exception as error:  # rpmfile raises bare struct/Key/Value errors on garbage
            raise ExtractError(f"{path.name}: corrupt archive: bad rpm header ({error})") from error
        headers = rpm.headers
        compression = headers.get("archive_compression", b"")
        if isinstance(compression, str):
            compression = compression.encode()
        if compression not in _RPM_SUFFIXES:
            raise ExtractError(f"{path.name}: unknown payload compression {compression!r}")
        handle.seek(rpm.data_offset)
        stream = _decompressor(_RPM_SUFFIXES[compression], handle)  # type: ignore[arg-type]
        cpio.read_cpio(stream, collector, path.name, cpio.payload_size(headers), MAX_MEMBER_BYTES)
        return collector.finish(_rpm_info(headers, path.name))


# -- tree ------------------------------------------------------------------------------------
def _safe_dir(root: Path, relative: str, collector: _Collector) -> Path | None:
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


def _read_tree(root: Path, want: Want) -> UnitContent:
    """An unpacked root: only the interesting directories, never following a symlink. If the
    root has a dpkg database, files are attributed to the packages that installed them."""
    from appcenter_qt.extract import dpkgdb

    collector = _Collector(unit_source(UnitKind.TREE, root), want)
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


def _read_data_dir(directory: Path, want: Want) -> UnitContent:
    """An XDG data directory: its members are named as if it were ``usr/share``, so the
    composer treats ``/usr/local/share/applications/x.desktop`` like a packaged one. The unit
    has no package (an empty name); the caller attributes apps to their owners."""
    collector = _Collector(unit_source(UnitKind.DATA_DIR, directory), want)
    if not directory.is_dir():
        raise ExtractError(f"{directory}: not a directory")
    for prefix in INTERESTING_PREFIXES:
        sub = _safe_dir(directory, prefix.removeprefix("usr/share/"), collector)
        if sub is not None:
            _walk_tree(directory, sub, collector, as_prefix="usr/share/")
    return collector.finish(PackageInfo(""))


def _walk_tree(root: Path, top: Path, collector: _Collector, as_prefix: str = "") -> None:
    stack = [top]
    while stack:
        directory = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError as error:
            collector.hint("unreadable", f"{directory}: {error.strerror}")
            continue
        for entry in entries:
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
