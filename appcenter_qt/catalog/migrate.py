"""Upgrading a version 2 catalog: the file a fresh build of the same data would write.

Version 2 files differ from version 3 in more than the two columns the version added: files
from early version 2 writers lack the tables added within it (``aliases``,
``installed_packages``), every version 2 file lacks those added within version 3 (the app
page's tables, ``search_words``, ``search_synonyms``), and the search index is another one.
Patching the old file table by table left some of that out (an upgraded file could not be
searched: ``no such table: installed_packages``). So the upgrade builds a new file the way the
writer does (every table of :mod:`.schema`, the pragmas), copies the old file's rows into it
column by column (columns the old file lacks take their defaults), rebuilds the search index,
vocabulary and synonyms, derives the meta values the writer derives (``origins``,
``sources``), and publishes it like a fresh catalog. The old file is read through the
guarded read-only connection (:mod:`.guard`), and applications with rows of the wrong type
are left out with one warning each (:mod:`.row_rules`), as every reader leaves them out: the
upgrade neither crashes on them nor carries them on.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Table, text
from sqlalchemy.exc import SQLAlchemyError

from appcenter_qt.catalog import db, row_rules
from appcenter_qt.catalog.origins import META_KEY, format_sources, join_list, parse_sources
from appcenter_qt.catalog.schema import SCHEMA_VERSION, SQLITE_APPLICATION_ID, Base
from appcenter_qt.catalog.search_index import fill_search_index
from appcenter_qt.catalog.synonyms import load_synonyms
from appcenter_qt.domain.errors import CatalogError, CatalogVersionError
from appcenter_qt.domain.localized import UNTRANSLATED

log = logging.getLogger(__name__)

#: Tables the upgrade does not copy: ``meta`` is rewritten, the search tables rebuilt.
_REBUILT = frozenset({"meta", "search_words", "search_synonyms"})
_BATCH = 5_000


def _default(table: Table, name: str) -> Any:
    """The value a fresh writer stores in a column the old file lacks."""
    default = table.columns[name].default
    return getattr(default, "arg", None) if default is not None else None


def _copy_rows(old: Connection, raw: sqlite3.Connection, columns: Mapping[str, set[str]]) -> None:
    """Every row of every schema table the old file has, parents first (the foreign keys
    hold), each table in the old file's rowid order (the order its writer inserted)."""
    for table in Base.metadata.sorted_tables:
        if table.name in _REBUILT or table.name not in columns:
            continue
        names = [column.name for column in table.columns]
        kept = [name for name in names if name in columns[table.name]]
        defaults = {name: _default(table, name) for name in names if name not in kept}
        # names come from our own schema metadata, never from the file
        select = f"SELECT {', '.join(kept)} FROM {table.name} ORDER BY rowid"  # noqa: S608
        insert = (
            f"INSERT INTO {table.name} ({', '.join(names)}) "  # noqa: S608
            f"VALUES ({', '.join('?' for _ in names)})"
        )
        result = old.execute(text(select))
        while batch := result.fetchmany(_BATCH):
            rows = []
            for row in batch:
                values = dict(zip(kept, row, strict=True))
                rows.append(tuple(values.get(name, defaults.get(name)) for name in names))
            raw.executemany(insert, rows)


def _drop_bad(raw: sqlite3.Connection, bad: Mapping[int, str]) -> None:
    """Remove the applications readers would skip, with what belongs to them only (their
    child rows by the foreign keys' cascade, packages no other application ships)."""
    if not bad:
        return
    raw.executemany("DELETE FROM applications WHERE id = ?", [(pk,) for pk in sorted(bad)])
    raw.execute(
        "DELETE FROM packages WHERE id NOT IN (SELECT package_id FROM application_packages)"
    )


def _meta(old: Connection, raw: sqlite3.Connection) -> None:
    """The old meta values (well-typed ones), with the version and the values the writer
    derives from the rows: ``locales``, ``origins``, ``sources``, and ``origin`` where the
    old writer left it empty for catalog inputs (a fresh build names the catalogs' origins)."""
    rows = old.execute(text(f"SELECT key, value FROM meta WHERE {row_rules.well_typed('meta')}"))  # noqa: S608
    meta = {str(key): str(value) for key, value in rows}
    origins = [
        origin
        for (origin,) in raw.execute(
            "SELECT DISTINCT origin FROM packages WHERE origin != '' ORDER BY origin"
        )
    ]
    locales = raw.execute("SELECT DISTINCT locale FROM texts WHERE locale != ?", (UNTRANSLATED,))
    meta["schema_version"] = str(SCHEMA_VERSION)
    meta["locales"] = ";".join(sorted(str(locale) for (locale,) in locales))
    meta["origins"] = join_list(origins)
    meta[META_KEY] = format_sources(origins, parse_sources(meta.get(META_KEY, "")))
    if not meta.get("origin"):
        meta["origin"] = ";".join(origins)
    raw.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", sorted(meta.items()))


def _build(source: Path, temp: Path) -> None:
    """Write the upgraded copy of ``source`` at ``temp``."""
    old_engine = db.read_only_engine(source)
    writable = db.create_writable(temp)
    try:
        with old_engine.connect() as old, writable.begin() as connection:
            raw = db.sqlite_connection(connection)
            Base.metadata.create_all(connection)
            raw.execute(f"PRAGMA application_id={SQLITE_APPLICATION_ID:d}")
            raw.execute(f"PRAGMA user_version={SCHEMA_VERSION:d}")

            def run(statement: Any) -> list[Any]:
                return list(old.execute(statement))

            bad = row_rules.bad_applications(run, str(source))
            _copy_rows(old, raw, row_rules.file_columns(run))
            _drop_bad(raw, bad)
            _meta(old, raw)
            fill_search_index(raw, load_synonyms())
        with writable.connect() as connection:
            connection.exec_driver_sql("PRAGMA foreign_key_check")
            connection.exec_driver_sql("ANALYZE")
            connection.exec_driver_sql("VACUUM")
        db.check_integrity(writable, temp)
    finally:
        old_engine.dispose()
        writable.dispose()


def upgrade(path: str | os.PathLike[str]) -> bool:
    """Bring a version 2 catalog to version 3 in place; ``False`` if it already is.

    Built as a new file beside the old one, checked and renamed over it like a fresh
    catalog, so a failure at any point leaves the old file."""
    file = Path(path)
    version = db.version_of(file)
    if version == SCHEMA_VERSION:
        return False
    if version != db.OLDEST_UPGRADABLE:
        raise CatalogVersionError(str(file), str(version), SCHEMA_VERSION)
    try:
        handle, name = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    except OSError as error:
        raise CatalogError(f"{file}: cannot upgrade the catalog: {error.strerror}") from None
    os.close(handle)
    temp = Path(name)
    temp.unlink()  # SQLite must create the file itself
    try:
        _build(file, temp)
        db.publish(temp, file)
    except (sqlite3.Error, SQLAlchemyError, OSError) as error:
        reason = getattr(error, "orig", None) or error
        raise CatalogError(f"{file}: cannot upgrade the catalog: {reason}") from None
    finally:
        temp.unlink(missing_ok=True)
    return True
