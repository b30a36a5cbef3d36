"""Arch Linux packages (``.pkg.tar.zst``, older ``.pkg.tar.xz``): one compressed tar holding
the metadata files ``.PKGINFO`` (``key = value`` lines: ``pkgname``, ``pkgbase``, ``pkgver``
with epoch and release, ``arch``), ``.BUILDINFO`` and ``.MTREE`` (a gzip-compressed mtree of
the files), then the files themselves (``usr/share/…``, no leading ``./``), as ``makepkg``
writes them. Read in one streaming pass like a ``.deb``'s ``data.tar``: same member rules,
same limits. ``.MTREE`` and ``.BUILDINFO`` are not needed and are skipped.
"""

from __future__ import annotations

from pathlib import Path

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract import tarstream
from appcenter_qt.extract.readers.reader import UnitReader
from appcenter_qt.extract.readers.units import (
    MAX_CONTROL_BYTES,
    Collector,
    PackageInfo,
    UnitContent,
    Want,
    add_member,
    decompressor,
    maybe_interesting,
    open_input,
)

PKGINFO = ".PKGINFO"
#: File name endings and the compressor magic each must start with.
_COMPRESSIONS = {
    ".pkg.tar.zst": b"\x28\xb5\x2f\xfd",
    ".pkg.tar.xz": b"\xfd7zXZ\x00",
}


def parse_pkginfo(text: str) -> dict[str, str]:
    """``.PKGINFO``'s ``key = value`` lines; the first value of a repeated key (``depend``,
    ``license`` repeat; the keys read here do not)."""
    fields: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        key, sep, value = line.partition(" = ")
        if sep:
            fields.setdefault(key.strip(), value.strip())
    return fields


def _is_arch_package(path: Path, head: bytes) -> bool:
    return any(
        path.name.endswith(suffix) and head.startswith(magic)
        for suffix, magic in _COMPRESSIONS.items()
    )


def _selected(name: str) -> bool:
    return name.removeprefix("./") == PKGINFO or maybe_interesting(name)


def read_arch(path: Path, want: Want, source: str) -> UnitContent:
    collector = Collector(source, want)
    fields: dict[str, str] | None = None
    with open_input(path) as handle:
        stream = decompressor(path.name, handle)
        for member, read in tarstream.members(stream, _selected):
            if member.name.removeprefix("./") == PKGINFO and member.type == tarstream.REGULAR:
                if member.size > MAX_CONTROL_BYTES:
                    raise ExtractError(f"{path.name}: .PKGINFO too large ({member.size} bytes)")
                fields = parse_pkginfo(read().decode("utf-8", "replace"))
                continue
            add_member(collector, member, read)
            if collector.done and fields is not None:
                break
    if fields is None or not fields.get("pkgname"):
        raise ExtractError(f"{path.name}: corrupt archive: no .PKGINFO with a pkgname")
    name = fields["pkgname"]
    info = PackageInfo(
        name, fields.get("pkgver", ""), fields.get("arch", ""), fields.get("pkgbase") or name
    )
    return collector.finish(info)


READER = UnitReader(
    "arch",
    "an Arch Linux package",
    read_arch,
    magic=_is_arch_package,
    suffixes=tuple(_COMPRESSIONS),
)
