"""The registry of input formats: the one place that knows them all.

Each format is one module in this package declaring a :class:`~.reader.UnitReader` (its label,
how to recognize it, how to read it) and one line in :class:`InputKind` below. Everything
else (``appcenter-generate``'s input sniffing, directory search and messages, the composer,
``--system``) asks this registry, so a new package format needs no other edit
(docs/generator.md, "Adding an input type").
"""

from __future__ import annotations

import enum
import os
import zlib
from pathlib import Path

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.readers import arch, catalog, deb, rpm, tree
from appcenter_qt.extract.readers.reader import HEAD_BYTES, CatalogOptions, ReadCatalog, UnitReader
from appcenter_qt.extract.readers.units import UnitContent, Want
from appcenter_qt.support.safe_open import open_regular


class InputKind(enum.StrEnum):
    """Every input format, one line each, in the order files are tried; the value is the
    format's label (``deb``), ``reader`` its declaration."""

    reader: UnitReader

    def __new__(cls, reader: UnitReader) -> InputKind:
        member = str.__new__(cls, reader.label)
        member._value_ = reader.label
        member.reader = reader
        return member

    DEB = deb.READER
    RPM = rpm.READER
    ARCH = arch.READER
    TREE = tree.TREE
    DATA_DIR = tree.DATA_DIR
    CATALOG = catalog.READER


def sniff(path: Path) -> InputKind | None:
    """The format of the file at ``path`` (magic bytes, and the name where the magic is a
    compressor's); ``None`` if no format knows it or it is not a readable regular file."""
    try:
        with open_regular(path) as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return None
    for kind in InputKind:
        magic = kind.reader.magic
        if magic is not None and magic(path, head):
            return kind
    return None


def package_suffixes() -> tuple[str, ...]:
    """File name endings searched for in a directory INPUT (``.deb``, ``.rpm`` …)."""
    return tuple(suffix for kind in InputKind for suffix in kind.reader.suffixes)


def package_names() -> str:
    """``.deb, .udeb, .rpm or .pkg.tar.zst``: the package files, for messages."""
    names = [kind.reader.suffixes[0] for kind in InputKind if kind.reader.suffixes]
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


def unit_source(kind: InputKind, path: Path) -> str:
    """The provenance label of a unit (``deb:gnome-mines_40.1-2_amd64.deb``)."""
    return kind.reader.source(path)


def read_unit(kind: InputKind, path: str | os.PathLike[str], want: Want) -> UnitContent:
    """Read ``path`` in one pass; bytes are kept for regular members ``want`` selects."""
    # The decompressors' modules are imported by what reads archives, not by the registry:
    # the rebuild after an install and every command's help text import it (issue 31).
    import lzma

    import zstandard

    path = Path(path)
    read = kind.reader.read
    if read is None:
        raise ExtractError(f"{path.name}: {kind.reader.description} is not a unit")
    try:
        return read(path, want, kind.reader.source(path))
    except ExtractError:
        raise
    except (
        OSError,
        EOFError,
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


__all__ = [
    "CatalogOptions",
    "InputKind",
    "ReadCatalog",
    "UnitReader",
    "package_names",
    "package_suffixes",
    "read_unit",
    "sniff",
    "unit_source",
]
