"""Rows of the wrong type are checked when the applications are about to be answered with
(catalog/rowcheck.py), not all at opening; the answers are the same as a check of the whole
file would give: a broken application is never shown, never counted, and a page is still
full."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from appcenter_qt.catalog import rowcheck
from appcenter_qt.catalog.queries import AppQuery, Catalog
from tests.catalog.conftest import simple_app, write_catalog


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """Three editors; the best match by name ("Editor") has a blob summary in German."""
    path = write_catalog(
        tmp_path / "appcenter.sqlite",
        [
            simple_app("org.example.Editor", "Editor", "edits", names={"de": "Editor"}),
            simple_app("org.example.TextEditor", "Text Editor", "edits text"),
            simple_app("org.example.ImageEditor", "Image Editor", "edits images"),
            simple_app("org.example.Other", "Other", "something else"),
        ],
    )
    with sqlite3.connect(path) as connection:
        connection.execute(
            "UPDATE texts SET summary = x'00ff' WHERE locale = 'de' AND application_id ="
            " (SELECT id FROM applications WHERE app_id = 'org.example.Editor')"
        )
    return path


def test_a_broken_match_is_left_out_and_the_page_stays_full(
    broken: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # "Editor" is the exact name, so it would rank first: the first page of one must skip it.
    with caplog.at_level(logging.WARNING), Catalog(broken, "C") as catalog:
        first = catalog.list(AppQuery(text="editor", limit=1))
        both = catalog.list(AppQuery(text="editor", limit=2))
        assert len(first) == 1 and first[0] == both[0]
        assert {a.id for a in both} == {"org.example.TextEditor", "org.example.ImageEditor"}
        assert catalog.count(AppQuery(text="editor")) == 2
        assert catalog.get("org.example.Editor") is None
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "'org.example.Editor'" in warnings[0]
    assert "texts.summary" in warnings[0]


def test_opening_and_one_search_check_only_what_they_answer_with(
    broken: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING), Catalog(broken, "C") as catalog:
        assert caplog.records == []  # opening checks nothing
        assert [a.id for a in catalog.search("other")] == ["org.example.Other"]
        assert caplog.records == []  # the broken one was not among the answers
        assert [a.id for a in catalog.list(AppQuery())] == [
            "org.example.ImageEditor",
            "org.example.Other",
            "org.example.TextEditor",
        ]
    assert len(caplog.records) == 1


def test_many_applications_at_once_are_checked_by_whole_table_scans(
    broken: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rowcheck, "SCAN_ABOVE", 1)
    with Catalog(broken, "C") as catalog:
        assert catalog.count(AppQuery(text="editor")) == 2
        assert catalog._rows._everything
        assert catalog.get("org.example.Other") is not None


def test_tables_of_no_application_are_read_without_wrong_rows_named_once(
    broken: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A blob word, synonym and meta value (issue 29) are left out of what the search and
    ``meta`` read, each table named in one warning when first read, not at opening."""
    with sqlite3.connect(broken) as connection:
        connection.execute("INSERT INTO search_words (word) VALUES (x'01')")
        connection.execute("INSERT INTO search_synonyms (term, expansion) VALUES ('ed', x'02')")
        connection.execute("INSERT INTO meta (key, value) VALUES ('blob', x'03')")
    with caplog.at_level(logging.WARNING), Catalog(broken, "C") as catalog:
        assert caplog.records == []
        # few matches: the corrector reads the vocabulary
        assert [a.id for a in catalog.search("othr")] == ["org.example.Other"]
        assert catalog.search("othr") and "blob" not in catalog.meta()
        assert catalog.meta()["schema_version"]
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert sorted(w.split(" skipped")[0].split(": ")[1] for w in warnings) == [
        "1 row(s) of meta",
        "1 row(s) of search_synonyms",
        "1 row(s) of search_words",
    ], warnings
