"""The only code that opens catalog files.

Readers open read-only through SQLite's ``mode=ro`` URI, so a catalog in ``/usr/share`` that
the user cannot write is fine, and a reader can never modify a file by accident. Before
anything reads a table, :func:`open_catalog` checks what the file is (missing, not SQLite,
corrupt, an app-install v1 database, a newer schema) and raises a :class:`CatalogError` that
names the file and the cause: the CLIs print that one line and exit 2.

Writers never touch the target file: :func:`create_writable` builds a new file next to it and
:func:`publish` renames it into place after an integrity check (see :mod:`.writer`).
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import Connection, Engine, create_engine, event, inspect, select
from sqlalchemy.exc import DatabaseError as SADatabaseError
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool

from appcenter_qt.catalog import guard
from appcenter_qt.catalog.schema import SCHEMA_VERSION, Meta
from appcenter_qt.errors import CatalogError, CatalogVersionError
from appcenter_qt.safe_open import NotRegularFile, open_regular

SQLITE_MAGIC = b"SQLite format 3\x00"
_PLAIN_DECIMAL = re.compile(r"0|[1-9][0-9]{0,8}")
ConnectHook = Callable[[sqlite3.Connection], None]


def _sniff(path: Path) -> None:
    try:
        with open_regular(path) as handle:  # a FIFO or device must not block the reader
            header = handle.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        raise CatalogError(f"{path}: no such catalog file") from None
    except (IsADirectoryError, NotRegularFile) as error:
        kind = error.kind if isinstance(error, NotRegularFile) else "a directory"
        raise CatalogError(f"{path}: is {kind}, not a catalog file") from None
    except OSError as error:
        raise CatalogError(f"{path}: cannot read catalog: {error.strerror}") from None
    if header != SQLITE_MAGIC:
        raise CatalogError(f"{path}: not an SQLite database")


def read_only_engine(path: Path, on_connect: ConnectHook | None = None) -> Engine:
    """Read-only, locked down and schema-checked before anything else runs (:mod:`.guard`):
    a catalog is untrusted data that must not get to run SQL of its own in the reader."""
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    clock = guard.StatementClock()

    def connect() -> sqlite3.Connection:
        connection = sqlite3.connect(uri, uri=True, check_same_thread=False)
        try:
            guard.lock_down(connection, clock)
            clock.start()
            guard.check_schema(connection, path)
        except BaseException:
            connection.close()
            raise
        if on_connect is not None:
            on_connect(connection)
        return connection

    # One connection shared by the threads of one process (the UI's query worker and the GUI
    # thread): SQLite serializes access itself, and a read-only file needs no pool.
    engine = create_engine("sqlite+pysqlite://", creator=connect, poolclass=StaticPool)
    event.listen(engine, "before_cursor_execute", lambda *_args: clock.start())
    return engine


def schema_version_of(engine: Engine, path: Path) -> int:
    """The file's schema version, or a :class:`CatalogError` saying why there is none."""
    try:
        tables = set(inspect(engine).get_table_names())
        if "meta" not in tables:
            if {"applications", "config"} <= tables:
                with engine.connect() as connection:
                    # app-install's v1 layout: config(key, value) with a dbversion row.
                    rows = connection.exec_driver_sql("SELECT * FROM config").fetchall()
                found = next((str(r[1]) for r in rows if len(r) > 1 and r[0] == "dbversion"), "?")
                raise CatalogVersionError(
                    str(path), f"1 (app-install, dbversion {found})", SCHEMA_VERSION
                )
            raise CatalogError(f"{path}: not an appcenter-qt catalog (no meta table)")
        with engine.connect() as connection:
            value = connection.scalar(select(Meta.value).where(Meta.key == "schema_version"))
    except SADatabaseError as error:
        raise CatalogError(f"{path}: corrupt catalog: {error.orig}") from None
    if value is None:
        raise CatalogError(f"{path}: not an appcenter-qt catalog (no schema_version)")
    # Strict: int() would also take " 2", "+2", "2_0" and "٢" (an Arabic-Indic two).
    if not isinstance(value, str) or not _PLAIN_DECIMAL.fullmatch(value):
        raise CatalogError(
            f"{path}: schema_version {str(value)[:40]!r} is not a plain decimal number"
        )
    version = int(value)
    if version == SCHEMA_VERSION:
        with engine.connect() as connection:
            user_version = connection.exec_driver_sql("PRAGMA user_version").scalar()
        if user_version != version:
            raise CatalogError(
                f"{path}: PRAGMA user_version {user_version} does not match "
                f"schema_version {version}"
            )
    return version


def open_catalog(path: str | os.PathLike[str], on_connect: ConnectHook | None = None) -> Engine:
    """Open an existing catalog read-only after checking it is one this build can read.

    ``on_connect`` runs on each new DB-API connection (the query layer registers its name
    collation there)."""
    file = Path(path)
    _sniff(file)
    engine = read_only_engine(file, on_connect)
    try:
        version = schema_version_of(engine, file)
    except CatalogError:
        engine.dispose()
        raise
    if version != SCHEMA_VERSION:
        engine.dispose()
        if version > SCHEMA_VERSION:
            found = f"{version} (newer than this appcenter-qt)"
        elif version >= OLDEST_UPGRADABLE:
            found = f"{version} (upgrade it with: appcenter-generate --upgrade {file})"
        else:
            found = str(version)
        raise CatalogVersionError(str(file), found, SCHEMA_VERSION)
    return engine


#: The oldest version :func:`appcenter_qt.catalog.migrate.upgrade` turns into the current one.
OLDEST_UPGRADABLE = 2


def version_of(path: str | os.PathLike[str]) -> int:
    """The schema version of a catalog file of any version (checked like every reader checks
    it: a FIFO, a non-SQLite file, code in the schema are :class:`CatalogError`)."""
    file = Path(path)
    _sniff(file)
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


def read_meta(path: str | os.PathLike[str]) -> dict[str, str]:
    """The ``meta`` facts of a catalog this build can read (a :class:`CatalogError` for any
    other file): what a front end checks before choosing it, e.g. ``pool_fingerprint``."""
    engine = open_catalog(path)
    try:
        with engine.connect() as connection:
            return {str(k): str(v) for k, v in connection.execute(select(Meta.key, Meta.value))}
    except SQLAlchemyError as error:
        raise CatalogError(f"{path}: corrupt catalog: {error}") from None
    finally:
        engine.dispose()
