"""Catalog files as an attacker writes them (issue #20, classes 8, 11 and 12): real SQLite
files made by the real writer, then altered with plain SQL. Readers must refuse code in the
schema before running any query, refuse version strings that are not plain decimals, and skip
applications whose rows hold values of the wrong type, with one warning each."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from appcenter_qt.catalog import guard
from appcenter_qt.catalog.queries import AppQuery, Catalog, SortOrder
from appcenter_qt.catalog.schema import Base
from appcenter_qt.domain.errors import CatalogError
from tests.catalog.conftest import simple_app, write_catalog
from tests.extract.hostile import limit_memory

FOREVER = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"


def altered(path: Path, *statements: str) -> Path:
    write_catalog(
        path,
        [
            simple_app("org.example.Good", "Good", "fine", rating=(0, 0, 1, 2, 3)),
            simple_app("org.example.Blob", "Blob", "bad name", rating=(1, 1, 1, 1, 1)),
            simple_app("org.example.Count", "Count", "bad count", rating=(0, 0, 0, 0, 9)),
        ],
    )
    with sqlite3.connect(path) as connection:
        for statement in statements:
            connection.execute(statement)
    return path


def query_cli(path: Path, *command: str) -> subprocess.CompletedProcess[str]:
    """``appcenter-query`` in its own process, its address space capped like the generator's
    in the hostile corpus: a hang is a timeout and a runaway allocation a MemoryError, not a
    stuck or swapping suite."""
    return subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.query", "--catalog", str(path), *command],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "LC_ALL": "C"},
        preexec_fn=limit_memory,
    )


def open_in_subprocess(path: Path) -> subprocess.CompletedProcess[str]:
    return query_cli(path, "stats")


@pytest.mark.parametrize(
    ("statements", "named"),
    [
        ([f"CREATE VIEW evil AS {FOREVER}"], "view 'evil'"),
        (
            [
                "ALTER TABLE applications RENAME TO real_applications",
                f"CREATE VIEW applications AS {FOREVER}",
            ],
            "real_applications",
        ),
        (
            ["CREATE TRIGGER t AFTER INSERT ON meta BEGIN SELECT 1; END"],
            "trigger 't'",
        ),
        (["CREATE TABLE extra (x)"], "table 'extra'"),
        (["CREATE INDEX ix_extra ON texts(name)"], "index 'ix_extra'"),
        (["CREATE VIRTUAL TABLE other USING fts5(a)"], "other"),
    ],
)
def test_schema_objects_the_spec_does_not_define_are_refused(
    catalog_path: Path, statements: list[str], named: str
) -> None:
    altered(catalog_path, *statements)
    started = time.monotonic()
    with pytest.raises(CatalogError, match="not an appcenter-qt catalog") as raised:
        Catalog(catalog_path)
    assert named in str(raised.value) and str(catalog_path) in str(raised.value)
    result = open_in_subprocess(catalog_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and named in result.stderr
    assert time.monotonic() - started < 60


def test_allowed_objects_follow_the_schema_module() -> None:
    tables, indexes = guard.allowed_objects()
    assert set(Base.metadata.tables) <= tables
    assert {"search", "search_data", "search_idx", "search_docsize", "search_config"} <= tables
    assert "ix_packages_name" in indexes


def test_connections_are_locked_down_and_long_statements_aborted(
    catalog_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    altered(catalog_path)
    monkeypatch.setattr(guard, "STATEMENT_TIME_LIMIT", 0.5)
    with Catalog(catalog_path) as catalog, catalog.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA query_only").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA trusted_schema").scalar() == 0
        started = time.monotonic()
        with pytest.raises(OperationalError, match="interrupted"):
            connection.exec_driver_sql(FOREVER + " LIMIT -1").fetchall()
        assert time.monotonic() - started < 30
        assert catalog.get("org.example.Good") is not None  # the next statement runs again


@pytest.mark.parametrize(
    "value", [" 2", "2 ", "+2", "2.0", "02", "2_0", "\u0662", "0x2", "", "2\n"]
)
def test_schema_version_must_be_a_plain_decimal(catalog_path: Path, value: str) -> None:
    altered(catalog_path)
    with sqlite3.connect(catalog_path) as connection:
        connection.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (value,))
    with pytest.raises(CatalogError, match=r"schema_version .* not a plain decimal number"):
        Catalog(catalog_path)


def test_user_version_must_match(catalog_path: Path) -> None:
    altered(catalog_path, "PRAGMA user_version = 7")
    with pytest.raises(CatalogError, match="user_version 7 does not match schema_version 3"):
        Catalog(catalog_path)


BAD_ROWS = (
    "UPDATE texts SET name = X'00FF' WHERE application_id ="
    " (SELECT id FROM applications WHERE app_id = 'org.example.Blob')",
    "UPDATE ratings SET star1 = 'lots' WHERE application_id ="
    " (SELECT id FROM applications WHERE app_id = 'org.example.Count')",
)


def test_rows_of_the_wrong_type_are_skipped_with_one_warning_each(
    catalog_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    altered(catalog_path, *BAD_ROWS)
    with caplog.at_level(logging.WARNING), Catalog(catalog_path) as catalog:
        for sort in SortOrder:
            assert [a.id for a in catalog.list(AppQuery(sort=sort))] == ["org.example.Good"]
        assert catalog.count() == 1
        assert [a.id for a in catalog.search("bad")] == []
        assert catalog.get("org.example.Blob") is None and catalog.get("org.example.Count") is None
        assert catalog.get("org.example.Good") is not None
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 2
    assert any("'org.example.Blob'" in w and "texts.name" in w for w in warnings)
    assert any("'org.example.Count'" in w and "ratings.star1" in w for w in warnings)


@pytest.mark.parametrize(
    "command",
    [["list"], ["list", "--sort", "rating"], ["search", "bad"], ["show", "org.example.Blob"]],
)
def test_query_cli_survives_rows_of_the_wrong_type(catalog_path: Path, command: list[str]) -> None:
    altered(catalog_path, *BAD_ROWS)
    result = query_cli(catalog_path, *command)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode in (0, 1), result.stderr
    if command[0] == "list":
        assert "Good" in result.stdout and "Blob" not in result.stdout


def test_a_fifo_catalog_or_icon_archive_does_not_block(tmp_path: Path) -> None:
    """Class 5 on the reading side: opening a FIFO would wait for a writer for ever."""
    from appcenter_qt.extract.appstream.icon_archive import IconArchive

    fifo = tmp_path / "appcenter.sqlite"
    os.mkfifo(fifo)
    with pytest.raises(CatalogError, match="is a FIFO, not a catalog file"):
        Catalog(fifo)
    os.mkfifo(tmp_path / "icons.tar")
    assert len(IconArchive(tmp_path / "icons.tar")) == 0


def test_icon_archive_headers_are_not_trusted(tmp_path: Path) -> None:
    """A GNU long-name header claiming 2 GiB in icons.tar is skipped by a seek, and the
    members after it that fit the file are still found."""
    import io
    import tarfile

    from appcenter_qt.extract.appstream.icon_archive import IconArchive, write_icon_archive
    from tests.extract.hostile import raw_tar_header

    good = write_icon_archive(tmp_path / "icons.tar", {"64x64/a.png": b"\x89PNG-a"})
    assert IconArchive(good).read("64x64/a.png") == b"\x89PNG-a"
    hostile = tmp_path / "hostile.tar"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        info = tarfile.TarInfo("64x64/b.png")
        info.size = 6
        tar.addfile(info, io.BytesIO(b"\x89PNG-b"))
    hostile.write_bytes(raw_tar_header("././@LongLink", 2 * 1024**3, b"L") + buffer.getvalue())
    archive = IconArchive(hostile)
    assert archive.members() == []  # the claimed 2 GiB run past the end: nothing after it
    hostile.write_bytes(buffer.getvalue()[:-1024] + raw_tar_header("x", 2 * 1024**3, b"L"))
    assert IconArchive(hostile).read("64x64/b.png") == b"\x89PNG-b"


def test_stats_survive_values_of_the_wrong_type(catalog_path: Path) -> None:
    """Issue 29, class 9: a blob category was sorted beside text (``TypeError``) and a blob
    ``meta.origins`` split with a text separator. Each wrong value is one line naming the
    file; the counts leave out what readers skip."""
    altered(
        catalog_path,
        "INSERT INTO categories (application_id, category) SELECT id, X'00FF'"
        " FROM applications WHERE app_id = 'org.example.Blob'",
        "INSERT INTO categories (application_id, category) SELECT id, 'Game'"
        " FROM applications WHERE app_id = 'org.example.Good'",
        "UPDATE meta SET value = X'3B3D' WHERE key = 'origins'",
        "INSERT INTO search_words (word) VALUES (X'01')",
    )
    result = query_cli(catalog_path, "stats")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 3 and all(str(catalog_path) in line for line in lines), lines
    assert "1 row(s) of meta skipped" in lines[0]
    assert "1 row(s) of search_words skipped" in lines[1]
    assert "'org.example.Blob' skipped: categories.category holds a value" in lines[2]
    assert "applications: 2" in result.stdout and "origins: []" in result.stdout
    assert "categories: {'Game': 1}" in result.stdout
    search = query_cli(catalog_path, "search", "godo")  # the corrector reads the vocabulary
    assert "Traceback" not in search.stderr and search.returncode in (0, 1), search.stderr
