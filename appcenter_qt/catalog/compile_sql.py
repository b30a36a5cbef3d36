"""Compiles the reader's statements ahead of time: :mod:`.statements` (SQLAlchemy) and the
schema's derived checks (:mod:`.guard`'s allowed objects, :mod:`.rowcheck`'s type checks)
become :mod:`.compiled`, plain text the read path runs through ``sqlite3`` without importing
SQLAlchemy (docs/architecture.md, "The lean read path").

    python -m appcenter_qt.catalog.compile_sql          # rewrite compiled.py
    python -m appcenter_qt.catalog.compile_sql --check  # exit 1 when it is out of date
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Boolean, Float, Integer, String, Table
from sqlalchemy.dialects import sqlite
from sqlalchemy.sql import ClauseElement

from appcenter_qt.catalog import statements
from appcenter_qt.catalog.layout import SEARCH_TABLE
from appcenter_qt.catalog.schema import Base
from appcenter_qt.domain import IconKind

TARGET = Path(__file__).with_name("compiled.py")
FTS5_SHADOW_SUFFIXES = ("data", "idx", "content", "docsize", "config")
SQLITE_INTERNAL_TABLES = ("sqlite_sequence", "sqlite_stat1", "sqlite_stat4")
_DIALECT = sqlite.dialect(paramstyle="named")

#: How a table's rows lead to the application they belong to, when not by ``application_id``.
_OWNERS = {
    "applications": ("applications.id", ""),
    "packages": (
        "application_packages.application_id",
        "JOIN application_packages ON application_packages.package_id = packages.id",
    ),
    "screenshot_images": (
        "screenshots.application_id",
        "JOIN screenshots ON screenshots.id = screenshot_images.screenshot_id",
    ),
    "screenshot_captions": (
        "screenshots.application_id",
        "JOIN screenshots ON screenshots.id = screenshot_captions.screenshot_id",
    ),
}
#: Value rules beyond the type, per table: (SQL condition that is true for a bad row, label).
_VALUE_RULES: dict[str, list[tuple[str, str]]] = {
    "icons": [
        (
            "icons.kind NOT IN ({})".format(", ".join(f"'{kind.value}'" for kind in IconKind)),
            "icons.kind is not a known icon kind",
        )
    ],
    "ratings": [
        (
            " OR ".join(f"ratings.star{n} < 0" for n in range(1, 6)) + " OR ratings.total < 0",
            "ratings has a negative count",
        )
    ],
}


def allowed_objects() -> tuple[list[str], list[str]]:
    """(table names, index names) the schema defines, including FTS5 shadow tables."""
    tables = set(SQLITE_INTERNAL_TABLES)
    indexes: set[str] = set()
    for table in Base.metadata.tables.values():
        tables.add(table.name)
        indexes.update(str(index.name) for index in table.indexes if index.name)
    tables.add(SEARCH_TABLE)
    tables.update(f"{SEARCH_TABLE}_{suffix}" for suffix in FTS5_SHADOW_SUFFIXES)
    return sorted(tables), sorted(indexes)


def _storage_types(column: Any) -> tuple[str, ...] | None:
    kind = column.type
    if isinstance(kind, Boolean | Integer):
        types: tuple[str, ...] = ("integer",)
    elif isinstance(kind, Float):
        types = ("integer", "real")
    elif isinstance(kind, String):
        types = ("text",)
    else:
        return None
    return (*types, "null") if column.nullable else types


def row_checks() -> Iterator[tuple[str, str, str]]:
    """(table, one ``SELECT owner, reason`` over the whole table, the same for the
    applications ``:pks`` only) per table that belongs to applications: which rows hold a
    value of another type than the column's (``typeof()`` against the metadata, so new tables
    and columns are covered without a list here), or break a value rule."""
    for table in Base.metadata.tables.values():
        assert isinstance(table, Table)
        if table.name in _OWNERS:
            owner, join = _OWNERS[table.name]
        elif "application_id" in table.columns:
            owner, join = f"{table.name}.application_id", ""
        else:
            continue
        cases = []
        for column in table.columns:
            types = _storage_types(column)
            if types is None:
                continue
            allowed = ", ".join(f"'{t}'" for t in types)
            name = f"{table.name}.{column.name}"
            cases.append(
                (f"typeof({name}) NOT IN ({allowed})", f"{name} holds a value of the wrong type")
            )
        cases += _VALUE_RULES.get(table.name, [])
        if not cases:
            continue
        reason = " ".join(f"WHEN {condition} THEN '{label}'" for condition, label in cases)
        where = " OR ".join(f"({condition})" for condition, _ in cases)
        # Every name here comes from our own schema metadata, never from a file.
        statement = f"SELECT {owner}, CASE {reason} END FROM {table.name} {join} WHERE ({where})"  # noqa: S608
        of_pks = f"{statement} AND {owner} IN (SELECT value FROM json_each(:pks))"  # noqa: S608
        yield table.name, " ".join(statement.split()), " ".join(of_pks.split())


def compile_statement(statement: ClauseElement) -> tuple[str, dict[str, Any]]:
    """SQL text with ``:name`` parameters, and the values of the literals it binds."""
    compiled = statement.compile(dialect=_DIALECT)
    defaults = {key: value for key, value in compiled.params.items() if value is not None}
    return " ".join(str(compiled).split()), defaults


def compiled_statements() -> dict[str, tuple[str, dict[str, Any]]]:
    return {
        name: compile_statement(value)
        for name, value in sorted(vars(statements).items())
        if name.isupper()
        and not name.startswith("_")
        and isinstance(value, ClauseElement)
        and name != "PKS"
    }


_HEADER = '''"""Generated by ``python -m appcenter_qt.catalog.compile_sql`` from
:mod:`.statements` and :mod:`.schema`; do not edit (tests/catalog/test_compiled_sql.py
checks it is current).

The reader's SQL as plain text with named parameters, plus what the schema allows in a file
and the row checks: the lean read path runs these through ``sqlite3`` and never imports
SQLAlchemy (docs/architecture.md, "The lean read path").
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Statement(NamedTuple):
    sql: str
    #: Values of the literals the statement binds (callers pass the other parameters).
    defaults: dict[str, Any]


'''


def module_text() -> str:
    tables, indexes = allowed_objects()
    lines = [_HEADER]
    lines.append(f"MAX_CHAIN = {statements.MAX_CHAIN!r}\n")
    lines.append(f"ALLOWED_TABLES = frozenset({tables!r})\n")
    lines.append(f"ALLOWED_INDEXES = frozenset({indexes!r})\n")
    lines.append(f"ROW_CHECKS = {tuple(row_checks())!r}\n")
    for name, (sql, defaults) in compiled_statements().items():
        lines.append(f"{name} = Statement(\n    {sql!r},\n    {defaults!r},\n)\n")
    return "".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args(argv)
    text = module_text()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET} is out of date: run python -m {__spec__.name}", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
