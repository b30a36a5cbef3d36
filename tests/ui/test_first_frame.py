"""Issue 31, cards at once: the window's first frame, drawn before the catalog has opened,
already shows the home page as it will be (the banner's tiles and two rows of cards as
placeholders of their real size, the sidebar's and the tiles' categories), and the cards
that come take the placeholders' places without moving anything. An existing catalog opens
in a moment, so no "Preparing the catalog…" panel flashes in between."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF

from appcenter_qt.app import AppCenter, Options, scene_items, wait_until_idle
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Rating
from appcenter_qt.domain.categories import MAIN_CATEGORIES
from appcenter_qt.domain.releases import Release
from tests.models.catalogs import generated_app


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Rated games (each also in one other main category) with release dates: the banner
    (top rated), a row of popular games and recently updated, so two rows under the banner
    as on Debian's pool."""
    path = tmp_path_factory.mktemp("first-frame") / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for n in range(40):
            writer.add(
                replace(
                    generated_app(n),
                    # every main category has applications (tiles for each), games most
                    categories=tuple(
                        dict.fromkeys(("Game", MAIN_CATEGORIES[n % len(MAIN_CATEGORIES)]))
                    ),
                    rating=Rating((0, 0, 1, 3, 10 + n)),
                    releases=(Release("1.0", 1_700_000_000 + n),),
                )
            )
    return path


def _window(catalog: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: str) -> AppCenter:
    """A window on ``catalog``'s ``page``, its settings private, no ratings server."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("APPCENTER_ODRS_URL", "")
    return AppCenter(
        Options(catalog=str(catalog), screenshot="unused.png", backend="none", page=page)
    )


def _visible(center: AppCenter, name: str) -> list:  # type: ignore[type-arg]
    return [
        item
        for item in scene_items(center.window.contentItem())
        if item.objectName() == name and item.isVisible()
    ]


def _box(item) -> tuple[float, float, float, float]:  # type: ignore[no-untyped-def]
    corner = item.mapToScene(QPointF(0, 0))
    return (round(corner.x()), round(corner.y()), round(item.width()), round(item.height()))


def _cards(parent) -> list:  # type: ignore[no-untyped-def, type-arg]
    """A row's cards or their placeholders (a view holds other helper items too)."""
    return [
        item
        for item in parent.childItems()
        if item.isVisible()
        and (item.objectName() == "cardPlaceholder" or item.property("appId") is not None)
    ]


def test_first_frame_shows_the_home_page_as_it_will_be(  # type: ignore[no-untyped-def]
    qapp, qtbot, catalog, tmp_path, monkeypatch
) -> None:
    center = _window(catalog, tmp_path, monkeypatch, "home")
    first: dict[str, object] = {}

    def on_frame() -> None:
        if first:
            return
        first["opened"] = center.catalog_source.property("ready")
        first["progress"] = bool(_visible(center, "catalogProgress"))
        banner = _visible(center, "bannerPlaceholder")
        first["banner"] = [_box(tile) for tile in _cards(banner[0])] if banner else []
        first["rows"] = [
            [_box(card) for card in _cards(row)] for row in _visible(center, "shelfPlaceholder")
        ]
        first["categories"] = center.categories.rowCount()
        tiles = _visible(center, "categoryTiles")
        first["tiles"] = _box(tiles[0]) if tiles else None

    center.window.frameSwapped.connect(on_frame)
    try:
        center.window.show()
        qtbot.waitUntil(lambda: bool(first), timeout=5000)
        assert first["opened"] is False, "this frame came before the catalog was open"
        assert first["progress"] is False, "no 'Preparing the catalog…' for a catalog that exists"
        assert len(first["banner"]) >= 1 and len(first["rows"]) == 2  # type: ignore[arg-type]
        # every main category from the first frame, in the sidebar and as tiles
        assert first["categories"] == 1 + len(MAIN_CATEGORIES)

        assert wait_until_idle(center)
        assert not _visible(center, "bannerPlaceholder")
        assert not _visible(center, "shelfPlaceholder")
        tiles = [_box(tile) for tile in _visible(center, "featuredTile")]
        # the real tiles stand where their placeholders stood, at the same size
        for placeholder in first["banner"]:  # type: ignore[attr-defined]
            assert placeholder in tiles, (placeholder, tiles)
        rows = [
            sorted(_box(card) for card in _cards(row.property("contentItem")))
            for row in _visible(center, "shelfRow")
        ]
        # the first cards of each row where the placeholders were, at their size
        for placeholders, cards in zip(first["rows"], rows, strict=True):  # type: ignore[call-overload]
            assert placeholders == cards[: len(placeholders)], (placeholders, cards)
        # so nothing below them moved
        assert _box(_visible(center, "categoryTiles")[0]) == first["tiles"]
    finally:
        center.window.frameSwapped.disconnect(on_frame)
        center.close()


def _all_count(center: AppCenter) -> int:
    """The sidebar's "All" count (0 until the catalog is counted)."""
    from appcenter_qt.models.categories_model import CategoryRole

    return int(center.categories.data(center.categories.index(0), CategoryRole.COUNT))


def test_the_banner_is_drawn_before_the_other_queries_run(  # type: ignore[no-untyped-def]
    qapp, qtbot, catalog, tmp_path, monkeypatch
) -> None:
    """The banner's query goes first, and the other pages' queries (the grid, the sidebar's
    counts, which scan every row) wait until its cards are drawn: their Python work would
    share the interpreter with the GUI thread building the cards."""
    center = _window(catalog, tmp_path, monkeypatch, "home")
    when_banner: dict[str, object] = {}

    def on_banner(*_: object) -> None:
        if not when_banner:
            when_banner["holding"] = center.worker.holding
            when_banner["grid"] = center.apps.rowCount()
            when_banner["counted"] = _all_count(center)

    center.home.featured_model.rowsInserted.connect(on_banner)
    try:
        center.window.show()
        qtbot.waitUntil(lambda: bool(when_banner), timeout=5000)
        assert when_banner == {"holding": True, "grid": 0, "counted": 0}
        assert wait_until_idle(center)  # held queries count as pending work
        assert not center.worker.holding
        assert center.apps.rowCount() > 0
        assert _all_count(center) == 40
        assert center.home.top_model.rowCount() > 0  # the rest of the page came after
    finally:
        center.close()


def test_on_the_grid_its_query_goes_first_and_the_others_wait(  # type: ignore[no-untyped-def]
    qapp, qtbot, catalog, tmp_path, monkeypatch
) -> None:
    """Opened on the grid, its first page is asked first and the home page's queries and
    the sidebar's counts wait until its cards are drawn."""
    center = _window(catalog, tmp_path, monkeypatch, "browse")
    when_grid: dict[str, object] = {}

    def on_grid() -> None:
        if not when_grid:
            when_grid["holding"] = center.worker.holding
            when_grid["home"] = center.home.featured_model.rowCount()
            when_grid["counted"] = _all_count(center)

    center.apps.refreshed.connect(on_grid)
    try:
        center.window.show()
        qtbot.waitUntil(lambda: bool(when_grid), timeout=5000)
        assert when_grid == {"holding": True, "home": 0, "counted": 0}
        assert wait_until_idle(center)
        assert not center.worker.holding and _all_count(center) == 40
        assert center.home.featured_model.rowCount() > 0
    finally:
        center.close()
