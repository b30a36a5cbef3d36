"""What one input format declares to the registry (:mod:`appcenter_qt.extract.readers`).

Kept apart from the registry so a format's module can build its declaration without importing
every other format.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from appcenter_qt.domain.bundles import BundleFormat
from appcenter_qt.extract.readers.units import UnitContent, Want
from appcenter_qt.extract.result import ExtractResult

#: Reads one unit for the composer: ``(path, want, source) -> UnitContent``; raises
#: :class:`~appcenter_qt.domain.errors.ExtractError` (or an I/O or decoding error, which the
#: registry wraps into one naming the file) for an input it cannot read.
ReadUnit = Callable[[Path, Want, str], UnitContent]
#: Recognizes a file by its path and its first :data:`HEAD_BYTES` bytes.
Magic = Callable[[Path, bytes], bool]
HEAD_BYTES = 16


@dataclass(frozen=True)
class CatalogOptions:
    """What a catalog reader is told by the command line."""

    icons: tuple[Path, ...] = ()
    format: str | None = None
    origin: str | None = None
    workers: int = 1
    #: The sources' bundle formats (the registry's, handed down by the generator).
    bundles: tuple[BundleFormat, ...] = ()


#: Reads a file that already is a catalog (DEP-11, catalog XML) into applications.
ReadCatalog = Callable[[Path, CatalogOptions], ExtractResult]


@dataclass(frozen=True)
class UnitReader:
    """One input format.

    ``label`` names the format in provenance and the report (``deb:kcalc_….deb``);
    ``description`` in messages (``not a .deb package, …``). A unit format has ``read`` (the
    composer reads it for desktop files, metainfo and icons), a catalog format ``read_catalog``
    (it yields applications directly). ``magic`` recognizes a file given as INPUT;
    ``suffixes`` are the file names looked for in a directory INPUT. ``directory`` formats
    read a directory; ``whole_path`` keeps the whole path in the source label.
    """

    label: str
    description: str
    read: ReadUnit | None = None
    read_catalog: ReadCatalog | None = None
    magic: Magic | None = None
    suffixes: tuple[str, ...] = field(default=())
    directory: bool = False
    whole_path: bool = False

    def source(self, path: Path) -> str:
        """The provenance label of one input (``deb:gnome-mines_40.1-2_amd64.deb``)."""
        return f"{self.label}:{path if self.whole_path else path.name}"
