"""Catalog files through SQLAlchemy: the writer's new files, and read-only engines for the
upgrade (:mod:`.migrate`) and tools.

Readers themselves open a file with :mod:`.connect` (plain ``sqlite3``, the same checks:
what the file is, its locked-down schema, its version); :func:`open_catalog` wraps that in
an SQLAlchemy engine for code that wants one.

Writers never touch the target file: :func:`create_writable` builds a new file next to it and
:func:`publish` renames it into place after an integrity check (see :mod:`.writer`).
"""

from __future__ import annotations

import os
import sqlite3
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
from appcenter_qt.domain.errors import CatalogError


def read_only_engine(path: Path, on_connect: ConnectHook | None = None) -> Engine:
    """Read-only, locked down and schema-checked before anything else runs
    (:func:`.connect.connect_read_only`), as an SQLAlchemy engine: what the upgrade
    (:mod:`.migrate`) reads an older file through."""
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
    engine = read_only_engine(file, on_connect)
    try:
        check_version(schema_version_of(engine, file), file)
    except CatalogError:
        engine.dispose()
        raise
    return engine


def version_of(path: str | os.PathLike[str]) -> int:
    """The schema version of a catalog file of any version (checked like every reader checks
    it: a FIFO, a non-SQLite file, code in the schema are :class:`CatalogError`)."""
    file = Path(path)
    sniff(file)
    engine = read_only_engine(file)
    try:
        return schema_version_of(engine, file)
    finally:
        engine.dispose()


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
    "read_only_engine",
    "schema_version_of",
    "sqlite_connection",
    "version_of",
]
