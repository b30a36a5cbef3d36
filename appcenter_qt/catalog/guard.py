"""What a reader checks before it runs a single query against a catalog file.

A catalog is untrusted data (it can come from any repository), but SQLite files can carry
code: a view (``CREATE VIEW applications AS WITH RECURSIVE …`` that never ends) runs when a
reader selects from what it takes for a table, and triggers, generated columns and virtual
tables can call functions. So every read-only connection is locked down
(:func:`lock_down`: ``query_only``, ``trusted_schema=OFF`` and a progress handler that aborts
statements running longer than :data:`STATEMENT_TIME_LIMIT`), and :func:`check_schema`
refuses any schema object the specification does not define, reading only ``sqlite_schema``
(which executes nothing).

The allowed objects are derived, not listed: the tables and indexes of
:mod:`appcenter_qt.catalog.schema`'s SQLAlchemy metadata, SQLite's automatic indexes of those
tables, the FTS5 search table (exactly as :data:`~appcenter_qt.catalog.layout.SEARCH_TABLE_DDL`
creates it) with its shadow tables, and SQLite's own statistics tables. The derivation runs
ahead of time (:mod:`.compile_sql`, into :mod:`.compiled`), so a reader checks a file without
importing SQLAlchemy; a table added to the schema module is allowed once that is rerun (a
test fails until it is).
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

from appcenter_qt.catalog import compiled
from appcenter_qt.catalog.layout import SEARCH_TABLE, SEARCH_TABLE_DDL, SEARCH_TABLE_DDL_V2
from appcenter_qt.domain.errors import CatalogError

#: Longest a single statement may run on a catalog (the slowest real one takes milliseconds).
STATEMENT_TIME_LIMIT = 10.0
#: SQLite VM instructions between two progress-handler calls.
PROGRESS_STEPS = 10_000
_SPACE = re.compile(r"\s+")


class StatementClock:
    """A progress handler: non-zero (abort) once the current statement is over its limit.

    :meth:`start` is called before each statement (an engine event in :mod:`.db`)."""

    def __init__(self, limit: float | None = None) -> None:
        self.limit = STATEMENT_TIME_LIMIT if limit is None else limit
        self.started = time.monotonic()

    def start(self) -> None:
        self.started = time.monotonic()

    def __call__(self) -> int:
        return 1 if time.monotonic() - self.started > self.limit else 0


def lock_down(connection: sqlite3.Connection, clock: StatementClock) -> None:
    """Make a read-only connection unable to write or to run schema-defined code."""
    connection.execute("PRAGMA query_only=ON")
    connection.execute("PRAGMA trusted_schema=OFF")
    connection.set_progress_handler(clock, PROGRESS_STEPS)


def allowed_objects() -> tuple[frozenset[str], frozenset[str]]:
    """(table names, index names) the schema defines, including FTS5 shadow tables."""
    return compiled.ALLOWED_TABLES, compiled.ALLOWED_INDEXES


def _normalized(sql: str | None) -> str:
    return _SPACE.sub(" ", sql or "").strip().rstrip(";").lower()


def check_schema(connection: sqlite3.Connection, path: Path | str) -> None:
    """Raise :class:`CatalogError` naming the first schema object the spec does not define
    (any view or trigger, an unknown table or index, a ``search`` table that is not the
    FTS5 table the spec describes)."""
    tables, indexes = allowed_objects()
    # Version 2's index is known too, so such a file is named by its version (and can be
    # upgraded) rather than refused as foreign.
    virtual = {_normalized(SEARCH_TABLE_DDL), _normalized(SEARCH_TABLE_DDL_V2)}
    try:
        rows = connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_schema").fetchall()
    except sqlite3.DatabaseError as error:
        raise CatalogError(f"{path}: corrupt catalog: {error}") from None
    # A file without our meta table is not a catalog of ours at all; the version check says
    # so (or names app-install's v1 layout) after this has refused any code in it.
    ours = any(kind == "table" and name == "meta" for kind, name, _table, _sql in rows)
    for kind, name, table, sql in rows:
        where = f"{path}: not an appcenter-qt catalog:"
        if not isinstance(name, str) or not isinstance(table, str):
            raise CatalogError(f"{where} schema object with a non-text name")
        label = f"{kind} {name[:80]!r}"
        if kind in ("table", "index") and not ours:
            if _normalized(sql).startswith("create virtual table"):
                raise CatalogError(f"{where} {label} is not allowed in a catalog")
            continue
        if kind == "table":
            if name not in tables:
                raise CatalogError(f"{where} unknown {label}")
            is_search = name == SEARCH_TABLE
            if is_search != (_normalized(sql).startswith("create virtual table")):
                raise CatalogError(f"{where} {label} is not defined as the spec says")
            if is_search and _normalized(sql) not in virtual:
                raise CatalogError(f"{where} {label} is not the spec's FTS5 table")
        elif kind == "index":
            automatic = name.startswith("sqlite_autoindex_")
            if table not in tables or (not automatic and name not in indexes):
                raise CatalogError(f"{where} unknown {label} on {table[:80]!r}")
            if automatic and sql is not None:
                raise CatalogError(f"{where} {label} is not an automatic index")
        else:  # view, trigger, or anything a later SQLite invents: code that runs on read
            raise CatalogError(f"{where} {label} is not allowed in a catalog")
