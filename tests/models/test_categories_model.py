"""The category sidebar over the demo catalog."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
from PySide6.QtTest import QAbstractItemModelTester

from appcenter_qt.domain.categories import MAIN_CATEGORIES
from appcenter_qt.models.categories_model import CategoriesModel, CategoryRole


def _rows(model: CategoriesModel) -> list[tuple[str, int]]:
    return [
        (
            model.data(model.index(n, 0), CategoryRole.CATEGORY_ID),
            model.data(model.index(n, 0), CategoryRole.COUNT),
        )
        for n in range(model.rowCount())
    ]


def test_main_categories_with_counts(qapp, demo_catalog) -> None:  # type: ignore[no-untyped-def]
    counts = demo_catalog.category_counts()
    model = CategoriesModel(counts, demo_catalog.count(), "de")
    QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    rows = _rows(model)
    assert rows[0] == ("", demo_catalog.count())
    assert [c for c, _ in rows[1:]] == [c for c in MAIN_CATEGORIES if counts.get(c)]
    assert all(count == counts[c] for c, count in rows[1:])
    assert model.data(model.index(0, 0), CategoryRole.NAME) == "All applications"
    game = model.rowOf("Game")
    assert model.data(model.index(game, 0), CategoryRole.NAME) == "Games"


def test_subcategories_of_a_main_category(qapp, demo_catalog) -> None:  # type: ignore[no-untyped-def]
    counts = demo_catalog.category_counts()
    model = CategoriesModel(counts, 0, "C")
    QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    model.parentCategory = "Game"
    rows = _rows(model)
    assert rows and all(counts[c] == n for c, n in rows)
    assert "LogicGame" in dict(rows)
    row = model.rowOf("LogicGame")
    assert model.data(model.index(row, 0), CategoryRole.NAME) == "Logic Game"
    model.parentCategory = ""
    assert _rows(model)[0][0] == ""


def test_thousands_are_formatted_in_the_locale(qapp) -> None:  # type: ignore[no-untyped-def]
    model = CategoriesModel({"Game": 12345}, 12345, "de")
    assert model.data(model.index(1, 0), CategoryRole.COUNT_TEXT) == "12.345"
