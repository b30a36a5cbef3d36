"""``.deb`` packages: an ``ar`` archive with ``control.tar`` and ``data.tar`` (gzip, xz, zstd,
bzip2 or no compression), read by a tiny ``ar`` reader plus :mod:`~appcenter_qt.extract.tarstream`
in one streaming pass."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract import tarstream
from appcenter_qt.extract.byte_stream import ByteStream
from appcenter_qt.extract.readers.reader import UnitReader
from appcenter_qt.extract.readers.units import (
    MAX_CONTROL_BYTES,
    Collector,
    PackageInfo,
    Slice,
    UnitContent,
    Want,
    decompressor,
    open_input,
    parse_control,
    read_tar_stream,
)

AR_MAGIC = b"!<arch>\n"


def _ar_members(handle: ByteStream, file_name: str) -> Iterator[tuple[str, int]]:
    """Yield ``(name, size)`` for each ar member; the caller reads or skips exactly ``size``."""
    if handle.read(8) != AR_MAGIC:
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


def _info_from_control(fields: dict[str, str], fallback: str) -> PackageInfo:
    name = fields.get("package") or fallback
    source = fields.get("source", "").split(" ", 1)[0] or name
    return PackageInfo(name, fields.get("version", ""), fields.get("architecture", ""), source)


def _read_control_tar(data: bytes, name: str, file_name: str) -> dict[str, str]:
    """The ``control`` file of ``control.tar``; read with :mod:`.tarstream`, whose header
    lengths are capped (``tarfile`` allocates whatever a long-name header claims)."""
    stream = decompressor(name, io.BytesIO(data))
    for info, read in tarstream.members(stream):
        if info.type == tarstream.REGULAR and info.name.lstrip("./") == "control":
            if info.size > MAX_CONTROL_BYTES:
                raise ExtractError(f"{file_name}: control file too large")
            return parse_control(read().decode("utf-8", "replace"))
    raise ExtractError(f"{file_name}: corrupt archive: control.tar has no control file")


def read_deb(path: Path, want: Want, source: str) -> UnitContent:
    collector = Collector(source, want)
    fields: dict[str, str] | None = None
    saw_data = False
    with open_input(path) as handle:
        for name, size in _ar_members(handle, path.name):
            window = Slice(handle, size)
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
                stream = decompressor(name, window)
                read_tar_stream(stream, collector)
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


READER = UnitReader(
    "deb",
    "a .deb package",
    read_deb,
    magic=lambda _path, head: head.startswith(AR_MAGIC),
    suffixes=(".deb", ".udeb"),
)
