"""The card grid's model over real catalogs: roles, lazy loading, search, category, sort."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QModelIndex
from PySide6.QtTest import QAbstractItemModelTester

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.demo import load_entries
from appcenter_qt.models.app_list import AppRole
from appcenter_qt.models.apps_model import PAGE_SIZE, AppsModel
from appcenter_qt.ui.async_bridge import SerialWorker
from appcenter_qt.ui.icon_provider import IconRegistry

Mode = QAbstractItemModelTester.FailureReportingMode


def _model(qtbot, catalog: Catalog, worker: SerialWorker, **filters: str) -> AppsModel:  # type: ignore[no-untyped-def]
    model = AppsModel(catalog, worker, IconRegistry())
    model.tester = QAbstractItemModelTester(model, Mode.Fatal)  # type: ignore[attr-defined]
    model.searchDelay = 0
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.refresh()
        for name, value in filters.items():
            setattr(model, name, value)
    return model


def _ids(model: AppsModel) -> list[str]:
    return [model.data(model.index(n, 0), AppRole.APP_ID) for n in range(model.rowCount())]


def test_demo_catalog_rows_and_roles(qtbot, demo_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    model = _model(qtbot, demo_catalog, worker)
    entries = load_entries()
    assert model.count == len(entries) == model.rowCount()
    assert set(_ids(model)) == {entry["id"] for entry in entries}
    names = {bytes(v).decode() for v in model.roleNames().values()}
    assert {"appId", "name", "summary", "iconUrl", "rating", "ratingCount", "appState"} <= names
    row = _ids(model).index("org.gnome.Mines")
    index = model.index(row, 0)
    assert model.data(index, AppRole.NAME) == "Mines"
    assert model.data(index, AppRole.SUMMARY) == "Clear hidden mines from a minefield"
    assert model.data(index, AppRole.ICON_URL) == "image://appicon/org.gnome.Mines/64"
    assert model.data(index, AppRole.RATING_COUNT) == 12 + 8 + 40 + 160 + 310
    # The Bayesian score is below the plain mean: few votes never look perfect.
    assert 1.0 < model.data(index, AppRole.RATING) < model.data(index, AppRole.RATING_MEAN)
    assert model.data(index, AppRole.APP_STATE) == "unknown"
    assert model.data(model.index(row, 0), AppRole.PACKAGE_NAMES) == ["gnome-mines"]


def test_roles_are_never_renumbered() -> None:
    # Appending is fine; changing these numbers breaks every saved view state and delegate.
    assert int(AppRole.APP_ID) == 257
    assert int(AppRole.NAME) == 258
    assert int(AppRole.PACKAGE_NAMES) == 267


def test_rows_load_lazily_a_page_at_a_time(qtbot, big_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    model = _model(qtbot, big_catalog, worker)
    assert model.count == 250
    assert model.rowCount() == PAGE_SIZE
    assert model.canFetchMore(QModelIndex())
    pages = []
    model.rowsInserted.connect(lambda _parent, first, last: pages.append(last - first + 1))

    def fetch() -> bool:  # views call fetchMore when they scroll; so may the model tester
        model.fetchMore(QModelIndex())
        return model.rowCount() == 250

    qtbot.waitUntil(fetch, timeout=10000)
    assert all(size <= PAGE_SIZE for size in pages)
    assert model.rowCount() == 250
    assert len(set(_ids(model))) == 250
    assert not model.canFetchMore(QModelIndex())


def test_search_category_and_sort(qtbot, demo_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    model = _model(qtbot, demo_catalog, worker)
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.searchText = "mines"
    assert _ids(model)[0] == "org.gnome.Mines"
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.searchText = "xyzzy-nothing"
    assert model.count == 0 and model.rowCount() == 0
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.searchText = ""
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.category = "Game"
    games = demo_catalog.category_counts()["Game"]
    assert model.count == games == model.rowCount()
    assert all("Game" in model.data(model.index(n, 0), AppRole.CATEGORIES) for n in range(games))
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.sortOrder = "rating"
    scores = [model.data(model.index(n, 0), AppRole.RATING) for n in range(model.rowCount())]
    assert scores == sorted(scores, reverse=True)


def test_typing_fast_ends_with_the_last_query(qtbot, big_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    """Debounced typing: one query for the burst, and it answers the final text."""
    model = _model(qtbot, big_catalog, worker)
    model.searchDelay = 50
    answers: list[int] = []
    model.refreshed.connect(lambda: answers.append(model.count))
    for prefix in ("c", "ch", "che", "ches", "chess"):
        model.searchText = prefix
    qtbot.waitUntil(lambda: bool(answers), timeout=10000)
    # Settled: nothing pending (debounce timer stopped, no query out), so no later answer.
    qtbot.waitUntil(lambda: not model.loading and not model._debounce.isActive(), timeout=10000)
    assert len(answers) == 1
    assert model.searchText == "chess"
    names = [model.data(model.index(n, 0), AppRole.NAME) for n in range(model.rowCount())]
    assert names and all("Chess" in name for name in names)


def test_stale_answers_are_dropped(qtbot, big_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    """Without debounce each keystroke queries; only the newest answer reaches the rows."""
    model = _model(qtbot, big_catalog, worker)
    for text in ("photo", "music", "maps"):
        model.searchText = text
    qtbot.waitUntil(lambda: not model.loading, timeout=10000)
    names = [model.data(model.index(n, 0), AppRole.NAME) for n in range(model.rowCount())]
    assert names and all("Maps" in name for name in names)


def test_rows_of_the_wrong_type_are_left_out_of_the_grid(qtbot, worker, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue #20, class 12: a blob in a name and text in a vote count are skipped (one warning
    each, when the catalog opens), not a traceback in the model's worker."""
    import sqlite3

    from tests.catalog.conftest import simple_app, write_catalog

    path = write_catalog(
        tmp_path / "appcenter.sqlite",
        [
            simple_app("org.example.Good", "Good", rating=(0, 0, 1, 2, 3)),
            simple_app("org.example.Blob", "Blob", rating=(1, 1, 1, 1, 1)),
            simple_app("org.example.Count", "Count", rating=(0, 0, 0, 0, 9)),
        ],
    )
    with sqlite3.connect(path) as connection:
        connection.execute(
            "UPDATE texts SET name = X'00FF' WHERE application_id ="
            " (SELECT id FROM applications WHERE app_id = 'org.example.Blob')"
        )
        connection.execute(
            "UPDATE ratings SET star1 = 'lots' WHERE application_id ="
            " (SELECT id FROM applications WHERE app_id = 'org.example.Count')"
        )
    with Catalog(path) as catalog:
        model = _model(qtbot, catalog, worker)
        assert _ids(model) == ["org.example.Good"] and model.count == 1
        with qtbot.waitSignal(model.refreshed, timeout=10000):
            model.sortOrder = "rating"
        assert _ids(model) == ["org.example.Good"]


def test_search_is_unscoped_until_narrowed(qtbot, demo_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    """Searching while a category is selected looks everywhere (Mines is a game, not an
    office application); narrowing is one property, and widening again is the same one."""
    model = _model(qtbot, demo_catalog, worker, category="Office")
    assert "org.gnome.Mines" not in _ids(model)
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.searchText = "mines"
    assert not model.searchScoped
    assert _ids(model)[0] == "org.gnome.Mines"
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.searchScoped = True
    assert "org.gnome.Mines" not in _ids(model)
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.searchScoped = False
    assert _ids(model)[0] == "org.gnome.Mines"
    model.searchScoped = True
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.searchText = ""
    assert not model.searchScoped  # the next search starts everywhere again
    assert model.count == demo_catalog.category_counts()["Office"]


def test_misspelled_search_offers_the_correction(qtbot, demo_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    model = _model(qtbot, demo_catalog, worker)
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.searchText = "minnes"
    assert model.correction == "mines"
    assert _ids(model)[0] == "org.gnome.Mines"
    with qtbot.waitSignal(model.refreshed, timeout=10000):
        model.searchText = "mines"
    assert model.correction == ""


def test_the_first_page_comes_before_the_exact_count(qtbot, worker, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 31: the grid's first page is answered with a count that leaves out only the
    applications found broken so far; checking every application (one scan of every table,
    40 ms on Debian's catalog) comes after it and corrects the count, here for an
    application past the first page with a vote count of the wrong type."""
    import sqlite3

    from tests.catalog.conftest import simple_app, write_catalog

    apps = [
        simple_app(f"org.example.App{n:03d}", f"App {n:03d}", rating=(0, 0, 1, 2, 3))
        for n in range(100)
    ]
    path = write_catalog(tmp_path / "appcenter.sqlite", apps)
    with sqlite3.connect(path) as connection:
        connection.execute(
            "UPDATE ratings SET star1 = 'lots' WHERE application_id ="
            " (SELECT id FROM applications WHERE app_id = 'org.example.App099')"
        )
    with Catalog(path) as catalog:
        model = AppsModel(catalog, worker, IconRegistry())
        # the order the GUI thread sees: the two answers may arrive in one batch of events
        seen: list[tuple[str, int]] = []
        model.countChanged.connect(lambda: seen.append(("count", model.count)))
        model.refreshed.connect(lambda: seen.append(("page", model.rowCount())))
        model.refresh()
        qtbot.waitUntil(lambda: ("count", 99) in seen, timeout=10000)
        # the page with the unchecked count first, then the exact count
        assert seen == [("count", 100), ("page", PAGE_SIZE), ("count", 99)]
        assert "org.example.App099" not in _ids(model)
