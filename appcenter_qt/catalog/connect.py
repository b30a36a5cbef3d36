"""Opening a catalog to read it, with the standard library's ``sqlite3`` only.

Readers open read-only through SQLite's ``mode=ro`` URI, so a catalog in ``/usr/share`` that
the user cannot write is fine, and a reader can never modify a file by accident. Before
anything reads a table, :func:`open_read_only` checks what the file is (missing, not SQLite,
corrupt, an app-install v1 database, a newer schema) and raises a :class:`CatalogError` that
names the file and the cause: the CLIs print that one line and exit 2. The connection is
locked down and its schema checked first (:mod:`.guard`): a catalog is untrusted data that
must not get to run SQL of its own in the reader.

This is the read path's half of :mod:`.db` (which keeps the writer's engines; the upgrade
is :mod:`.migrate`); it never imports SQLAlchemy (docs/architecture.md, "The lean read path").
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from appcenter_qt.catalog import compiled, guard
from appcenter_qt.catalog.compiled import Statement
from appcenter_qt.catalog.layout import SCHEMA_VERSION
from appcenter_qt.domain.errors import CatalogError, CatalogVersionError
from appcenter_qt.support.safe_open import NotRegularFile, open_regular

SQLITE_MAGIC = b"SQLite format 3\x00"
#: The oldest version :func:`appcenter_qt.catalog.migrate.upgrade` turns into the current one.
OLDEST_UPGRADABLE = 2
_PLAIN_DECIMAL = re.compile(r"0|[1-9][0-9]{0,8}")
ConnectHook = Callable[[sqlite3.Connection], None]


def sniff(path: Path) -> None:
    """A :class:`CatalogError` unless ``path`` is a regular file that starts like SQLite."""
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


def connect_read_only(
    path: Path, on_connect: ConnectHook | None = None, clock: guard.StatementClock | None = None
) -> tuple[sqlite3.Connection, guard.StatementClock]:
    """A read-only connection, locked down and schema-checked before anything else runs,
    with the clock that aborts a statement running too long (start it before each one)."""
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    clock = clock or guard.StatementClock()
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
    return connection, clock


def schema_version(connection: sqlite3.Connection, path: Path) -> int:
    """The file's schema version, or a :class:`CatalogError` saying why there is none."""
    try:
        tables = {name for (name,) in connection.execute(*compiled.TABLES)}
        if "meta" not in tables:
            if {"applications", "config"} <= tables:
                # app-install's v1 layout: config(key, value) with a dbversion row.
                rows = connection.execute("SELECT * FROM config").fetchall()
                found = next((str(r[1]) for r in rows if len(r) > 1 and r[0] == "dbversion"), "?")
                raise CatalogVersionError(
                    str(path), f"1 (app-install, dbversion {found})", SCHEMA_VERSION
                )
            raise CatalogError(f"{path}: not an appcenter-qt catalog (no meta table)")
        row = connection.execute(compiled.META_VALUE.sql, {"key": "schema_version"}).fetchone()
        value = row[0] if row is not None else None
    except sqlite3.DatabaseError as error:
        raise CatalogError(f"{path}: corrupt catalog: {error}") from None
    if value is None:
        raise CatalogError(f"{path}: not an appcenter-qt catalog (no schema_version)")
    # Strict: int() would also take " 2", "+2", "2_0" and "٢" (an Arabic-Indic two).
    if not isinstance(value, str) or not _PLAIN_DECIMAL.fullmatch(value):
        raise CatalogError(
            f"{path}: schema_version {str(value)[:40]!r} is not a plain decimal number"
        )
    version = int(value)
    if version == SCHEMA_VERSION:
        (user_version,) = connection.execute("PRAGMA user_version").fetchone()
        if user_version != version:
            raise CatalogError(
                f"{path}: PRAGMA user_version {user_version} does not match "
                f"schema_version {version}"
            )
    return version


def check_version(version: int, file: Path) -> None:
    """A :class:`CatalogVersionError` unless ``version`` is the one this build reads."""
    if version == SCHEMA_VERSION:
        return
    if version > SCHEMA_VERSION:
        found = f"{version} (newer than this appcenter-qt)"
    elif version >= OLDEST_UPGRADABLE:
        found = f"{version} (upgrade it with: appcenter-generate --upgrade {file})"
    else:
        found = str(version)
    raise CatalogVersionError(str(file), found, SCHEMA_VERSION)


class CatalogFile:
    """An open catalog this build can read: the checked connection and how to run the
    compiled statements on it (each under the statement clock, errors as one line)."""

    def __init__(self, path: str | os.PathLike[str], on_connect: ConnectHook | None = None):
        self.path = Path(path)
        sniff(self.path)
        self.connection, self.clock = connect_read_only(self.path, on_connect)
        try:
            check_version(schema_version(self.connection, self.path), self.path)
        except CatalogError:
            self.connection.close()
            raise

    def close(self) -> None:
        self.connection.close()

    def run(self, statement: Statement | str, **params: Any) -> list[Any]:
        """All rows (tuples) of ``statement``; a list, tuple or set parameter goes in as one
        JSON array (what the statements read with ``json_each``)."""
        sql, defaults = (statement, {}) if isinstance(statement, str) else statement
        values = {**defaults, **{k: _bound(v) for k, v in params.items()}}
        try:
            self.clock.start()
            return self.connection.execute(sql, values).fetchall()
        except sqlite3.DatabaseError as error:
            raise CatalogError(f"{self.path}: cannot read catalog: {error}") from None

    def run_named(self, statement: Statement, **params: Any) -> list[dict[str, Any]]:
        """Like :meth:`run`, each row as column name → value."""
        sql, defaults = statement
        values = {**defaults, **{k: _bound(v) for k, v in params.items()}}
        try:
            self.clock.start()
            cursor = self.connection.execute(sql, values)
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
        except sqlite3.DatabaseError as error:
            raise CatalogError(f"{self.path}: cannot read catalog: {error}") from None


def _bound(value: Any) -> Any:
    if isinstance(value, list | tuple | set | frozenset):
        return json.dumps(sorted(value) if isinstance(value, set | frozenset) else list(value))
    return value


def chain_params(chain: Sequence[str]) -> dict[str, Any]:
    """The locale chain as the statements' ``c0`` … parameters (unused ones NULL)."""
    locales = list(chain)[: compiled.MAX_CHAIN]
    params: dict[str, Any] = {f"c{n}": None for n in range(compiled.MAX_CHAIN)}
    params.update({f"c{n}": locale for n, locale in enumerate(locales)})
    params["chain_len"] = len(locales)
    return params


def read_meta(path: str | os.PathLike[str]) -> dict[str, str]:
    """The ``meta`` facts of a catalog this build can read (a :class:`CatalogError` for any
    other file): what a front end checks before choosing it, e.g. ``pool_fingerprint``."""
    catalog = CatalogFile(path)
    try:
        rows = catalog.connection.execute(*compiled.META).fetchall()
    except sqlite3.DatabaseError as error:
        raise CatalogError(f"{path}: corrupt catalog: {error}") from None
    finally:
        catalog.close()
    return {str(k): str(v) for k, v in rows}
