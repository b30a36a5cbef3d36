"""Files that already are catalogs (DEP-11 YAML, AppStream catalog XML; plain, gzip, xz or
zstd), recognized by content and read by
:func:`~appcenter_qt.extract.appstream.catalog_import.import_catalog` with their icon tarballs."""

from __future__ import annotations

from pathlib import Path

from appcenter_qt.extract.readers.reader import CatalogOptions, UnitReader
from appcenter_qt.extract.result import ExtractResult


def _is_catalog(path: Path, _head: bytes) -> bool:
    from appcenter_qt.extract.appstream.catalog_import import is_catalog_file

    return is_catalog_file(path)


def read_catalog(path: Path, options: CatalogOptions) -> ExtractResult:
    from appcenter_qt.extract.appstream.catalog_import import import_catalog

    return import_catalog(
        path,
        icons=list(options.icons),
        format=options.format,
        origin=options.origin,
        workers=options.workers,
        bundles=options.bundles,
    )


READER = UnitReader("catalog", "an AppStream catalog", read_catalog=read_catalog, magic=_is_catalog)
