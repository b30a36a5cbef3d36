"""``.rpm`` packages: :mod:`rpmfile` for the headers and a streaming ``newc`` cpio reader
(:mod:`~appcenter_qt.extract.readers.cpio`) for the payload (gzip, xz, zstd, bzip2)."""

from __future__ import annotations

from pathlib import Path

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.readers import cpio
from appcenter_qt.extract.readers.reader import UnitReader
from appcenter_qt.extract.readers.units import (
    MAX_MEMBER_BYTES,
    Collector,
    PackageInfo,
    UnitContent,
    Want,
    decompressor,
    open_input,
)

RPM_MAGIC = b"\xed\xab\xee\xdb"
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


def read_rpm(path: Path, want: Want, source: str) -> UnitContent:
    import rpmfile

    collector = Collector(source, want)
    with open_input(path) as handle:
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
        stream = decompressor(_RPM_SUFFIXES[compression], handle)
        cpio.read_cpio(stream, collector, path.name, cpio.payload_size(headers), MAX_MEMBER_BYTES)
        return collector.finish(_rpm_info(headers, path.name))


READER = UnitReader(
    "rpm",
    "an .rpm package",
    read_rpm,
    magic=lambda _path, head: head.startswith(RPM_MAGIC),
    suffixes=(".rpm",),
)
