"""The row checks, derived from the schema's SQLAlchemy metadata: which stored values have
another type than their column's (``typeof()`` against :mod:`.schema`, so new tables and
columns are covered without a list here), plus a few value rules (icon kinds, non-negative
vote counts).

Two users: :mod:`.compile_sql` writes the statements into :mod:`.compiled` for readers, which
run them on demand without SQLAlchemy (:mod:`.rowcheck`); the upgrade (:mod:`.migrate`) runs
them here on an older file, whose tables and columns may be fewer than the schema's
(:func:`file_columns`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

from sqlalchemy import Boolean, Float, Integer, String, Table, text

from appcenter_qt.catalog.schema import Base
from appcenter_qt.domain import IconKind

log = logging.getLogger(__name__)

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
#: Tables of no application whose wrong-typed rows readers leave out (see :func:`well_typed`).
UNOWNED_TABLES = ("meta", "installed_packages", "search_synonyms", "search_words")


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


def _type_cases(table: Table, present: Collection[str] | None = None) -> list[tuple[str, str]]:
    """(SQL condition true for a wrong-typed value, label) per column of ``table`` (of those
    ``present`` in the file, when given: an older file lacks columns added since)."""
    cases = []
    for column in table.columns:
        types = _storage_types(column)
        if types is None or (present is not None and column.name not in present):
            continue
        allowed = ", ".join(f"'{t}'" for t in types)
        name = f"{table.name}.{column.name}"
        cases.append(
            (f"typeof({name}) NOT IN ({allowed})", f"{name} holds a value of the wrong type")
        )
    return cases


def well_typed(table_name: str) -> str:
    """An SQL condition true for the rows of ``table_name`` (one that belongs to no
    application: ``meta``, ``installed_packages``, the search vocabulary) whose every value
    has its column's type: readers of those tables select only such rows."""
    table = Base.metadata.tables[table_name]
    assert isinstance(table, Table)
    return " AND ".join(f"NOT ({condition})" for condition, _ in _type_cases(table)) or "1"


def unowned_counts() -> Iterator[tuple[str, str]]:
    """(table, ``SELECT count(*)`` of its wrong-typed rows) per :data:`UNOWNED_TABLES`."""
    for name in UNOWNED_TABLES:
        yield name, f"SELECT count(*) FROM {name} WHERE NOT ({well_typed(name)})"  # noqa: S608


def owned_checks(
    columns: Mapping[str, Collection[str]] | None = None,
) -> Iterator[tuple[str, str, str]]:
    """(table, owner column, one ``SELECT owner, reason``) per table that belongs to
    applications; with ``columns`` (table → the file's columns) only the tables and columns
    the file has. The statement ends in its parenthesized ``WHERE``, so a caller may add
    ``AND`` conditions."""
    for table in Base.metadata.tables.values():
        assert isinstance(table, Table)
        if columns is not None and table.name not in columns:
            continue
        if table.name in _OWNERS:
            owner, join = _OWNERS[table.name]
        elif "application_id" in table.columns:
            owner, join = f"{table.name}.application_id", ""
        else:
            continue
        cases = _type_cases(table, None if columns is None else columns[table.name])
        cases += _VALUE_RULES.get(table.name, [])
        if not cases:
            continue
        reason = " ".join(f"WHEN {condition} THEN '{label}'" for condition, label in cases)
        where = " OR ".join(f"({condition})" for condition, _ in cases)
        # Every name here comes from our own schema metadata, never from a file.
        statement = f"SELECT {owner}, CASE {reason} END FROM {table.name} {join} WHERE ({where})"  # noqa: S608
        yield table.name, owner, " ".join(statement.split())


def file_columns(run: Callable[[Any], list[Any]]) -> dict[str, set[str]]:
    """Table → column names, of the schema's tables the file has (tables added within the
    schema version, such as ``aliases`` and ``installed_packages``, may be absent, and a file
    of an older version lacks columns)."""
    present = {name for (name,) in run(text("SELECT name FROM sqlite_master WHERE type = 'table'"))}
    return {
        name: {str(row[0]) for row in run(text(f"SELECT name FROM pragma_table_info('{name}')"))}  # noqa: S608
        for name in Base.metadata.tables
        if name in present
    }


def bad_applications(run: Callable[[Any], list[Any]], path: str) -> dict[int, str]:
    """Every application pk of the file → why it is skipped, checked at once (what the
    upgrade carries over); one warning per skipped application, and one per table of no
    application (:data:`UNOWNED_TABLES`) with rows left out."""
    bad: dict[int, str] = {}
    columns = file_columns(run)
    for table_name, statement in unowned_counts():
        if table_name in columns:
            count = run(text(statement))[0][0]
            if count:
                skipped = "%s: %d row(s) of %s skipped: a value of the wrong type"
                log.warning(skipped, path, count, table_name)
    for _table_name, _owner, statement in owned_checks(columns):
        for pk, reason in run(text(statement)):
            if isinstance(pk, int) and pk not in bad:
                bad[pk] = str(reason)
    if bad:
        names = dict(run(text("SELECT id, app_id FROM applications")))
        for pk, reason in sorted(bad.items()):
            app_id = names.get(pk)
            label = repr(app_id[:80]) if isinstance(app_id, str) else f"#{pk}"
            log.warning("%s: application %s skipped: %s", path, label, reason)
    return bad
