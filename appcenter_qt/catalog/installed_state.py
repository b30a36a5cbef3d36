"""A published catalog copied with a new installed state: the rebuild after a package install
when nothing else changed (:mod:`appcenter_qt.generator.installed_refresh`).

Everything but ``installed_packages`` and a few ``meta`` facts is the same as in the catalog
it copies, so the copy is what a full build would write, table for table, in a fraction of
the time (no parse, no icons, no search index). The copy goes through SQLite's backup API,
so a reader holding the old file open is never disturbed, and the caller writes it into a
staging set that is published or thrown away whole.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from urllib.parse import quote

from appcenter_qt.catalog.layout import SCHEMA_VERSION
from appcenter_qt.domain import Package
from appcenter_qt.domain.errors import CatalogError
from appcenter_qt.support.reproducible import created_at_now

#: The package databases a catalog records installed packages from (``meta.installed_from``).
INSTALLED_SOURCES = ("dpkg", "rpm")
_INSERT = "INSERT INTO installed_packages (name, version, arch) VALUES (?, ?, ?)"
_SET_META = "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)"


def check_installed_source(target: object, source: str) -> None:
    """A :class:`CatalogError` naming ``target`` unless ``source`` is a package database a
    catalog records installed packages from."""
    if source not in INSTALLED_SOURCES:
        raise CatalogError(
            f"{target}: installed packages from {source!r:.40}, expected "
            f"{' or '.join(INSTALLED_SOURCES)}"
        )


def installed_rows(packages: Iterable[Package]) -> list[tuple[str, str, str]]:
    """``installed_packages`` rows: one per name and architecture, the first given winning
    (rpm can list several versions of an install-only package such as the kernel), sorted."""
    rows: dict[tuple[str, str], str] = {}
    for package in packages:
        if package.name:
            rows.setdefault((package.name, package.arch), package.version)
    return [(name, version, arch) for (name, arch), version in sorted(rows.items())]


def copy_with_installed(
    source: Path,
    target: Path,
    packages: Iterable[Package],
    installed_from: str,
    meta: Mapping[str, str],
) -> None:
    """Write ``target``: ``source`` with ``installed_packages`` replaced by ``packages`` (from
    the database ``installed_from``), ``meta`` set and a new ``created_at``. A
    :class:`CatalogError` names ``source`` when it is not a catalog of this schema."""
    check_installed_source(target, installed_from)
    try:
        reader = sqlite3.connect(f"file:{quote(os.fspath(source))}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise CatalogError(f"{source}: {error}") from None
    writer = sqlite3.connect(target, isolation_level=None)
    try:
        reader.backup(writer)
        found = dict(writer.execute("SELECT key, value FROM meta").fetchall())
        if found.get("schema_version") != str(SCHEMA_VERSION):
            raise CatalogError(f"{source}: schema version {found.get('schema_version')!r:.20}")
        writer.execute("BEGIN")
        writer.execute("DELETE FROM installed_packages")
        writer.executemany(_INSERT, installed_rows(packages))
        writer.execute("ANALYZE installed_packages")  # the planner's statistics, as a build's
        facts = {**meta, "installed_from": installed_from, "created_at": created_at_now()}
        writer.executemany(_SET_META, sorted(facts.items()))
        writer.execute("COMMIT")
    except sqlite3.DatabaseError as error:
        raise CatalogError(f"{source}: {error}") from None
    finally:
        writer.close()
        reader.close()
