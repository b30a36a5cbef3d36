"""``appcenter-generate --upgrade`` (issue 29, classes 9 and 10): a version 2 catalog made by
the version 2 generator (tests/data/catalog-v2, made by its make-catalog.sh) becomes the file
a fresh build of the same inputs writes, row by row and search by search; one with values of
the wrong type loses the applications readers skip, each named in one line, never a
traceback."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from appcenter_qt.catalog import migrate
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain.errors import CatalogError, CatalogVersionError
from tests.output_sets import listing

DATA = Path(__file__).parents[1] / "data" / "catalog-v2"
#: meta values that name the program that wrote the data, not the data
PROGRAM_META = ("generator_version",)
QUERIES = ("mines", "minez", "editor", "puzzle", "game", "Minen", "")


def generate(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.generate", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"},
    )


def version_2_catalog(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    connection.executescript((DATA / "catalog.sql").read_text(encoding="utf-8"))
    connection.close()
    return path


def fresh_catalog(work: Path) -> Path:
    inputs = work / "inputs"
    inputs.mkdir(parents=True)
    # the same file names as when the fixture was made: provenance rows name them
    for name in ("input.yml", "ratings.json"):
        shutil.copy(DATA / name, inputs / name)
    result = generate(
        "-q", "-j", "1", "--output", "out", "--ratings", "ratings.json", "input.yml", cwd=inputs
    )
    assert result.returncode == 0, result.stderr
    return inputs / "out" / "appcenter.sqlite"


def contents(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows (the search index's shadow tables and SQLite's statistics too),
    the schema's SQL and the pragmas a reader checks."""
    connection = sqlite3.connect(path)
    try:
        found: dict[str, list[tuple[object, ...]]] = {
            "sqlite_master": connection.execute(
                "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
            ).fetchall(),
            "pragmas": [
                (
                    connection.execute("PRAGMA user_version").fetchone(),
                    connection.execute("PRAGMA application_id").fetchone(),
                )
            ],
        }
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'"
        ):
            rows = connection.execute(f'SELECT * FROM "{name}"').fetchall()  # noqa: S608
            if name == "meta":
                rows = [row for row in rows if row[0] not in PROGRAM_META]
            found[name] = sorted(rows, key=repr)
        return found
    finally:
        connection.close()


def test_the_fixture_is_a_version_2_catalog_without_the_later_tables(tmp_path: Path) -> None:
    old = version_2_catalog(tmp_path / "appcenter.sqlite")
    with pytest.raises(CatalogVersionError, match="upgrade it with: appcenter-generate"):
        Catalog(old)
    tables = contents(old)
    assert "installed_packages" not in tables and "aliases" not in tables
    assert len(tables["applications"]) == 2


def test_an_upgraded_catalog_equals_a_fresh_build(tmp_path: Path) -> None:
    old = version_2_catalog(tmp_path / "upgraded" / "appcenter.sqlite")
    result = generate("--upgrade", str(old), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{old}: upgraded\n" and result.stderr == ""
    fresh = fresh_catalog(tmp_path / "fresh")
    upgraded_rows, fresh_rows = contents(old), contents(fresh)
    assert sorted(upgraded_rows) == sorted(fresh_rows)
    # The input's add-on was dropped by the version 2 generator, so the old file has no trace
    # of it: the upgrade leaves the add-on tables empty, a fresh build fills them.
    assert upgraded_rows["addons"] == upgraded_rows["addon_texts"] == []
    assert [row[1:3] for row in fresh_rows["addons"]] == [
        ("org.example.Mines.Themes", "org.example.Mines")
    ]
    for rows in (upgraded_rows, fresh_rows):
        del rows["addons"], rows["addon_texts"]
        rows["sqlite_stat1"] = [
            r for r in rows["sqlite_stat1"] if not str(r[0]).startswith("addon")
        ]
    for table in fresh_rows:
        assert upgraded_rows[table] == fresh_rows[table], table
    with Catalog(old, "de") as upgraded, Catalog(fresh, "de") as built:
        for query in QUERIES:
            found = [(app.id, app.name) for app in upgraded.search(query)]
            assert found == [(app.id, app.name) for app in built.search(query)], query
        assert [app.id for app in upgraded.search("mines")] == ["org.example.Mines"]
        assert upgraded.installed_packages() is None  # the table exists now, still empty
        assert upgraded.stats() == built.stats()
    assert listing(old.parent) == ["appcenter.sqlite"]  # no temporary file left
    assert migrate.upgrade(old) is False


WRONG_TYPES = (
    # a blob name: the search index's folding met it as bytes
    "UPDATE texts SET name = X'00FF' WHERE application_id ="
    " (SELECT id FROM applications WHERE app_id = 'org.example.Editor')",
    # a blob category: sorted beside text
    "UPDATE categories SET category = X'01' WHERE rowid = (SELECT min(rowid) FROM categories"
    " WHERE application_id = (SELECT id FROM applications WHERE app_id = 'org.example.Editor'))",
    # a blob where the meta lists are text (a number would be stored as text: the column's
    # affinity converts it)
    "UPDATE meta SET value = X'07' WHERE key = 'locales'",
)


def test_an_upgrade_leaves_out_the_applications_readers_skip(tmp_path: Path) -> None:
    old = version_2_catalog(tmp_path / "out" / "appcenter.sqlite")
    with sqlite3.connect(old) as connection:
        for statement in WRONG_TYPES:
            connection.execute(statement)
    before = listing(tmp_path)
    result = generate("--upgrade", str(old), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 2, result.stderr
    assert "1 row(s) of meta skipped" in lines[0]
    assert "'org.example.Editor' skipped: texts.name holds a value of the wrong type" in lines[1]
    assert all(str(old) in line for line in lines)
    assert listing(tmp_path) == before
    with Catalog(old) as catalog:
        assert [app.id for app in catalog.list()] == ["org.example.Mines"]
        assert catalog.get("org.example.Editor") is None
        # derived again from the texts kept, as a fresh build derives it
        assert catalog.meta()["locales"] == "de;pt_BR"
        assert catalog.stats()["categories"] == {"Game": 1, "LogicGame": 1}
        assert [app.id for app in catalog.search("mines")] == ["org.example.Mines"]


def _columns(path: Path) -> list[tuple[str, str]]:
    connection = sqlite3.connect(path)
    try:
        tables = [
            name
            for (name,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'search%' AND name NOT LIKE 'sqlite%'"
            )
        ]
        return [
            (table, str(row[1]))
            for table in tables
            for row in connection.execute(f"PRAGMA table_info('{table}')")
        ]
    finally:
        connection.close()


def blobbed(template: Path, work: Path) -> Iterator[tuple[str, Path]]:
    """Copies of ``template``, each with a blob in the first row of one more column (an
    ``INTEGER PRIMARY KEY``, which holds integers only, is left out)."""
    for number, (table, column) in enumerate(_columns(template)):
        path = work / str(number) / "appcenter.sqlite"
        path.parent.mkdir(parents=True)
        shutil.copy(template, path)
        connection = sqlite3.connect(path)
        try:
            with connection:
                connection.execute(
                    f'UPDATE "{table}" SET "{column}" = X\'00FF\''  # noqa: S608
                    f' WHERE rowid = (SELECT min(rowid) FROM "{table}")'
                )
        except sqlite3.IntegrityError:
            continue
        finally:
            connection.close()
        yield f"{table}.{column}", path


def read_everything(path: Path) -> None:
    with Catalog(path, "de") as catalog:
        catalog.stats()
        for query in QUERIES:
            catalog.search(query)
        for app in catalog.list():
            catalog.get(app.id)


def test_a_blob_in_any_column_is_one_line_at_most(tmp_path: Path) -> None:
    """Every column of the version 2 file in turn holds a blob in its first row: the upgrade
    either succeeds (the applications concerned left out) or is refused with a
    :class:`CatalogError` naming the file; the result is readable without a traceback."""
    template = version_2_catalog(tmp_path / "template.sqlite")
    assert len(_columns(template)) > 50
    for label, path in blobbed(template, tmp_path / "v2"):
        try:
            upgraded = migrate.upgrade(path)
        except CatalogError as error:
            assert str(path) in str(error) and "\n" not in str(error), label
            continue
        assert upgraded, label
        read_everything(path)


def test_readers_survive_a_blob_in_any_column(tmp_path: Path) -> None:
    """The same for every column of a current catalog: the query layer reads each such
    file (stats, searches, every application) without an exception."""
    template = fresh_catalog(tmp_path / "fresh")
    for label, path in blobbed(template, tmp_path / "v3"):
        try:
            read_everything(path)
        except CatalogError as error:  # e.g. a blob schema_version: refused, one line
            assert str(path) in str(error) and "\n" not in str(error), label
