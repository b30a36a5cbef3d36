"""Catalog files through SQLAlchemy: the writer's new files, the upgrade, and read-only
engines for tools.

Readers themselves open a file with :mod:`.connect` (plain ``sqlite3``, the same checks:
what the file is, its locked-down schema, its version); :func:`open_catalog` wraps that in
an SQLAlchemy engine for code that wants one.

Writers never touch the target file: :func:`create_writable` builds a new file next to it and
:func:`publish` renames it into place after an integrity check (see :mod:`.writer`).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool

from appcenter_qt.catalog import guard
from appcenter_qt.catalog.connect import (
    OLDEST_UPGRADABLE,
    ConnectHook,
    check_version,
    connect_read_only,
    read_meta,
    schema_version,
    sniff,
)
from appcenter_qt.catalog.schema import SCHEMA_VERSION, Base
from appcenter_qt.errors import CatalogError, CatalogVersionError


def _read_only_engine(path: Path, on_connect: ConnectHook | None = None) -> Engine:
    """Read-only, locked down and schema-checked before anything else runs
    (:func:`.connect.connect_read_only`), as an SQLAlchemy engine."""
    clock = guard.StatementClock()
    return _engine(lambda: connect_read_only(path, on_connect, clock)[0], clock)


def _engine(connect: Callable[[], sqlite3.Connection], clock: guard.StatementClock) -> Engine:
    # One connection shared by the threads of one process (the UI's query worker and the GUI
    # thread): SQLite serializes access itself, and a read-only file needs no pool.
    engine = create_engine("sqlite+pysqlite://", creator=connect, poolclass=StaticPool)
    event.listen(engine, "before_cursor_execute", lambda *_args: clock.start())
    return engine


def engine_on(connection: sqlite3.Connection, clock: guard.StatementClock) -> Engine:
    """An SQLAlchemy engine on an already open read-only connection (what
    :attr:`appcenter_qt.catalog.queries.Catalog.engine` hands to tools and tests)."""
    return _engine(lambda: connection, clock)


def schema_version_of(engine: Engine, path: Path) -> int:
    """The file's schema version, or a :class:`CatalogError` saying why there is none."""
    with engine.connect() as connection:
        return schema_version(sqlite_connection(connection), path)


def open_catalog(path: str | os.PathLike[str], on_connect: ConnectHook | None = None) -> Engine:
    """Open an existing catalog read-only after checking it is one this build can read.

    ``on_connect`` runs on each new DB-API connection (the query layer registers its name
    collation there)."""
    file = Path(path)
    sniff(file)
    engine = _read_only_engine(file, on_connect)
    try:
        check_version(schema_version_of(engine, file), file)
    except CatalogError:
        engine.dispose()
        raise
    return engine


def upgrade(path: str | os.PathLike[str]) -> bool:
    """Bring a version 2 catalog to version 3 in place; ``False`` if it already is.

    Version 3 adds ``applications.binaries`` and ``.project_group`` (empty: version 2 never
    stored them; regenerating fills them) and replaces the search index
    (docs/catalog-schema.md, "Upgrading"). Done on a copy beside the file, checked and
    renamed over it like a fresh catalog, so a failure at any point leaves the old file.
    """
    from appcenter_qt.catalog.schema import SearchSynonymRow, SearchWordRow
    from appcenter_qt.catalog.search_index import fill_search_index
    from appcenter_qt.catalog.synonyms import load_synonyms

    file = Path(path)
    sniff(file)
    engine = _read_only_engine(file)
    try:
        version = schema_version_of(engine, file)
    finally:
        engine.dispose()
    if version == SCHEMA_VERSION:
        return False
    if version != OLDEST_UPGRADABLE:
        raise CatalogVersionError(str(file), str(version), SCHEMA_VERSION)
    handle, name = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    os.close(handle)
    temp = Path(name)
    try:
        shutil.copyfile(file, temp)
        writable = create_writable(temp)
        try:
            with writable.begin() as connection:
                raw = sqlite_connection(connection)
                for column in ("binaries", "project_group"):
                    raw.execute(
                        f"ALTER TABLE applications ADD COLUMN {column} VARCHAR NOT NULL DEFAULT ''"
                    )
                raw.execute("DROP TABLE search")
                Base.metadata.create_all(
                    connection,
                    tables=[
                        Base.metadata.tables[SearchSynonymRow.__tablename__],
                        Base.metadata.tables[SearchWordRow.__tablename__],
                    ],
                )
                fill_search_index(raw, load_synonyms())
                raw.execute(
                    "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),)
                )
                raw.execute(f"PRAGMA user_version={SCHEMA_VERSION:d}")
            with writable.connect() as connection:
                connection.exec_driver_sql("VACUUM")
            check_integrity(writable, temp)
        finally:
            writable.dispose()
        publish(temp, file)
    except (sqlite3.Error, SQLAlchemyError, OSError) as error:
        raise CatalogError(f"{file}: cannot upgrade the catalog: {error}") from None
    finally:
        temp.unlink(missing_ok=True)
    return True


def sqlite_connection(connection: Connection) -> sqlite3.Connection:
    """The DB-API connection under SQLAlchemy's, inside the same transaction: for the
    statements SQLAlchemy does not express (FTS5 commands, ALTER, bulk executemany)."""
    raw = connection.connection.driver_connection
    if not isinstance(raw, sqlite3.Connection):
        raise CatalogError(f"the catalog is not an SQLite connection: {type(raw).__name__}")
    return raw


def _tune_for_bulk_write(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    # The file being written is private until publish(): no journal and no syncs while
    # filling it; publish() checks integrity and fsyncs once before the rename.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=OFF")
    cursor.execute("PRAGMA synchronous=OFF")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA cache_size=-65536")
    cursor.close()


def create_writable(path: Path) -> Engine:
    """An engine on a brand-new file at ``path`` (which must not exist yet)."""

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(str(path), check_same_thread=False)

    engine = create_engine("sqlite+pysqlite://", creator=connect, poolclass=StaticPool)
    event.listen(engine, "connect", _tune_for_bulk_write)
    return engine


def check_integrity(engine: Engine, path: Path) -> None:
    try:
        with engine.connect() as connection:
            result = [row[0] for row in connection.exec_driver_sql("PRAGMA integrity_check")]
    except SQLAlchemyError as error:
        raise CatalogError(f"{path}: integrity check failed: {error}") from None
    if result != ["ok"]:
        raise CatalogError(f"{path}: integrity check failed: {'; '.join(result[:5])}")


def publish(temp_path: Path, target: Path) -> None:
    """fsync the finished file, rename it over ``target`` and fsync the directory, so a crash
    at any point leaves either the old catalog or the new one, never a mix."""
    with temp_path.open("rb") as handle:
        os.fsync(handle.fileno())
    os.chmod(temp_path, 0o644)
    os.replace(temp_path, target)
    directory = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


__all__ = [
    "OLDEST_UPGRADABLE",
    "check_integrity",
    "create_writable",
    "engine_on",
    "open_catalog",
    "publish",
    "read_meta",
    "schema_version_of",
    "sqlite_connection",
    "upgrade",
]
