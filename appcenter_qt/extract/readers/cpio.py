"""The ``newc``/``crc`` cpio payload of an rpm, read as a stream (see :mod:`.units`).

Every length in a cpio header is attacker-controlled: a name size or symlink target size of
0xF0000000 would otherwise be read into memory (3.9 GB, or 11.6 GB through a decompressor's
buffer). They are checked before they are used: names and link targets against
:data:`MAX_CPIO_NAME_BYTES`, every member against the uncompressed payload size the rpm
header declares.
"""

from __future__ import annotations

import stat
from collections.abc import Callable
from typing import Protocol

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.byte_stream import ByteStream

#: Longest cpio member name or symlink target (PATH_MAX is 4096; the rest is slack).
MAX_CPIO_NAME_BYTES = 16 * 1024
CHUNK = 1024 * 1024


class Collector(Protocol):
    """What :mod:`.units`' collector offers the reader (normalizes names, keeps members)."""

    @property
    def done(self) -> bool: ...

    def normalize(self, raw: str) -> str | None: ...
    def interesting(self, path: str) -> bool: ...
    def want(self, path: str) -> bool: ...
    def add_file(self, path: str, size: int, read: Callable[[], bytes]) -> None: ...
    def add_link(self, path: str, target: str, *, hard: bool = False) -> None: ...


def _given(data: bytes) -> Callable[[], bytes]:
    """The reader of a member already read (a cpio stream cannot seek back to it)."""
    return lambda: data


def _read_exact(stream: ByteStream, size: int, file_name: str) -> bytes:
    data = stream.read(size)
    if len(data) != size:
        raise ExtractError(f"{file_name}: corrupt archive: truncated payload")
    return data


def read_cpio(
    stream: ByteStream,
    collector: Collector,
    file_name: str,
    payload_size: int | None = None,
    max_member: int = 8 * 1024 * 1024,
) -> None:
    """Stream a ``newc``/``crc`` cpio archive, keeping only what the collector wants.

    Every length read from a header is checked before it is used: a name or link target
    longer than :data:`MAX_CPIO_NAME_BYTES`, or a file larger than the uncompressed payload
    the rpm header declares (``payload_size``), is a corrupt archive, not an allocation."""
    position = 0
    while True:
        header = stream.read(110)
        if not header:
            raise ExtractError(f"{file_name}: corrupt archive: payload ends without trailer")
        if len(header) < 110 or header[:6] not in (b"070701", b"070702"):
            raise ExtractError(f"{file_name}: corrupt archive: bad cpio header")
        fields = [int(header[6 + 8 * n : 14 + 8 * n], 16) for n in range(13)]
        mode, file_size, name_size = fields[1], fields[6], fields[11]
        if name_size > MAX_CPIO_NAME_BYTES:
            raise ExtractError(
                f"{file_name}: corrupt archive: cpio name size {name_size} "
                f"(limit {MAX_CPIO_NAME_BYTES})"
            )
        if payload_size is not None and position + file_size > payload_size:
            raise ExtractError(
                f"{file_name}: corrupt archive: cpio member of {file_size} bytes in a "
                f"payload of {payload_size}"
            )
        if stat.S_ISLNK(mode) and file_size > MAX_CPIO_NAME_BYTES:
            raise ExtractError(
                f"{file_name}: corrupt archive: symlink target of {file_size} bytes "
                f"(limit {MAX_CPIO_NAME_BYTES})"
            )
        raw_name = _read_exact(stream, name_size, file_name)
        position += 110 + name_size
        pad = (-position) % 4
        stream.read(pad)
        position += pad
        name = raw_name.rstrip(b"\0").decode("utf-8", "surrogateescape")
        if name == "TRAILER!!!":
            return
        data_pad = (-(position + file_size)) % 4
        path = collector.normalize(name)
        used = False
        if path is not None and collector.interesting(path):
            if stat.S_ISLNK(mode):
                target = _read_exact(stream, file_size, file_name)
                collector.add_link(path, target.decode("utf-8", "surrogateescape"))
                used = True
            elif stat.S_ISREG(mode):
                if collector.want(path) and file_size <= max_member:
                    data = _read_exact(stream, file_size, file_name)
                    collector.add_file(path, file_size, _given(data))
                    used = True
                else:
                    collector.add_file(path, file_size, bytes)
        if not used:
            left = file_size
            while left:
                chunk = stream.read(min(left, CHUNK))
                if not chunk:
                    raise ExtractError(f"{file_name}: corrupt archive: truncated payload")
                left -= len(chunk)
        stream.read(data_pad)
        position += file_size + data_pad
        if collector.done:
            return


def payload_size(headers: dict) -> int | None:
    """The uncompressed cpio size the header declares (``longarchivesize`` for payloads over
    4 GiB, else ``archivesize``), or ``None`` when the rpm does not say."""
    for key in ("longarchivesize", "archivesize"):
        value = headers.get(key)
        if isinstance(value, list):
            value = value[0] if value else None
        if isinstance(value, int) and value > 0:
            return value
    return None
