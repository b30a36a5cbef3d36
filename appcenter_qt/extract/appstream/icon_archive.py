"""The icon archive beside the catalog: one uncompressed tar, ``icons.tar``.

Members are ``<size>x<size>/<file>.png`` (``@2`` after the size for HiDPI, e.g.
``64x64@2/org.gnome.Mines.png``), exactly the ``icons.path`` values of the catalog. An
uncompressed tar is seekable, so a reader indexes the members once and then reads any icon
with one seek, and any tool can unpack it.

Writing is reproducible (sorted members, fixed owner, mode and mtime from
``SOURCE_DATE_EPOCH`` or 0) and atomic (temp file beside the target, then rename).
"""

from __future__ import annotations

import io
import os
import tarfile
import tempfile
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from appcenter_qt.domain.errors import CatalogError
from appcenter_qt.extract import tarstream
from appcenter_qt.extract.appstream.pool_paths import CATALOG_BASES
from appcenter_qt.support.reproducible import source_date_epoch
from appcenter_qt.support.safe_open import open_regular, read_regular

MAX_ICON_BYTES = 4 * 1024 * 1024


def member_path(size: int, file_name: str, scale: int = 1) -> str:
    suffix = f"@{scale}" if scale > 1 else ""
    return f"{size}x{size}{suffix}/{file_name}"


def _safe_member(name: str) -> bool:
    path = PurePosixPath(name)
    return not path.is_absolute() and ".." not in path.parts and len(path.parts) == 2


def write_icon_archive(target: str | os.PathLike[str], icons: dict[str, bytes]) -> Path:
    """Write ``icons`` (member path → bytes) to ``target`` atomically; returns the path."""
    target = Path(target)
    bad = sorted(name for name in icons if not _safe_member(name))
    if bad:
        raise CatalogError(f"{target}: refusing unsafe icon member names: {bad[:3]}")
    mtime = source_date_epoch(0)
    handle, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    temp = Path(name)
    try:
        with (
            os.fdopen(handle, "wb") as raw,
            tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar,
        ):
            for directory in sorted({member.split("/", 1)[0] for member in icons}):
                info = tarfile.TarInfo(directory)
                info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, mtime
                tar.addfile(info)
            for member in sorted(icons):
                data = icons[member]
                info = tarfile.TarInfo(member)
                info.size, info.mode, info.mtime = len(data), 0o644, mtime
                tar.addfile(info, io.BytesIO(data))
            raw.flush()
            os.fsync(raw.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return target


class IconArchive:
    """Random access to an icon archive; missing or unreadable archives read as empty.

    The file is opened once and held: every read is a ``pread`` on that descriptor, never
    an open by path. A window keeps the archive of the set it opened (a republish switches
    ``DIR/icons.tar`` to another set's file, which the old offsets would read garbage from,
    and a later one removes the old set's directory): the descriptor keeps the old file
    until the archive is dropped. ``pread`` has no shared position, so QML's image loader
    threads read at once without a lock. The descriptor closes with :meth:`close` or when
    the archive is garbage (a reader still holding it keeps it open)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._index: dict[str, tuple[int, int]] = {}
        self._handle: BinaryIO | None = None
        try:
            self._handle = open_regular(self.path)
            self._index = _ustar_index(self._handle)
        except (OSError, ValueError):
            self.close()
            self._index = {}

    def __contains__(self, member: str) -> bool:
        return member in self._index

    def __len__(self) -> int:
        return len(self._index)

    def members(self) -> list[str]:
        return sorted(self._index)

    def read(self, member: str) -> bytes | None:
        location = self._index.get(member)
        handle = self._handle
        if location is None or handle is None:
            return None
        offset, size = location
        try:
            return os.pread(handle.fileno(), size, offset)
        except (OSError, ValueError):  # ValueError: closed meanwhile
            return None

    def close(self) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            handle.close()

    def __enter__(self) -> IconArchive:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_handle", None) is not None:
            self.close()


def _ustar_index(handle: BinaryIO) -> dict[str, tuple[int, int]]:
    """Member → (offset, size) of the regular, plain-named members, by reading the 512-byte
    headers and seeking over the data. The archive comes with an untrusted catalog: unlike
    ``tarfile``, nothing a header claims is ever read into memory (a GNU long-name header
    claiming 2 GiB is skipped by a seek like any member), and a FIFO is never opened."""
    index: dict[str, tuple[int, int]] = {}
    end = os.fstat(handle.fileno()).st_size
    position = 0
    while position + 512 <= end:
        handle.seek(position)
        header = handle.read(512)
        if header == bytes(512):
            break
        size = tarstream.number(header[124:136])
        if tarstream.number(header[148:156]) != sum(header[:148]) + 256 + sum(header[156:]):
            break
        name = tarstream.text(header[:100])
        if header[257:263] == b"ustar\x00" and (prefix := tarstream.text(header[345:500])):
            name = f"{prefix}/{name}"
        data = position + 512
        if header[156:157] in (b"0", b"\0") and _safe_member(name) and size <= MAX_ICON_BYTES:
            if data + size > end:
                break
            index[name] = (data, size)
        position = data + size + (-size) % 512
    return index


#: The only places a catalog's ``local`` icons may point into: the AppStream pool's icon
#: caches. A catalog is data, not a licence to make the app center read any file.
LOCAL_ICON_DIRS = tuple(f"/{base}/icons/" for base in CATALOG_BASES)


def read_local_icon(path: str, root: str = "/") -> bytes | None:
    """The bytes of a catalog's ``local`` icon: only below :data:`LOCAL_ICON_DIRS` (after
    normalizing, so ``..`` cannot leave them), only a regular file (a FIFO would block the
    reader), at most :data:`MAX_ICON_BYTES`; ``None`` otherwise."""
    normalized = os.path.normpath(path)
    if not path.startswith("/") or not any(normalized.startswith(d) for d in LOCAL_ICON_DIRS):
        return None
    try:
        data = read_regular(os.path.join(root, normalized.lstrip("/")), MAX_ICON_BYTES)
    except OSError:
        return None
    return data if len(data) <= MAX_ICON_BYTES else None
