"""Issue 32, the home page as a user sees it, in the real window over a real catalog: banner
tiles in each application's stored colour with text at 4.5:1 in light and dark, no
"No ratings" on cards, rows of whole cards with page buttons, category tiles in full rows at
1280 and 1920 px, and no system components in the rows the page fills by itself."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from appcenter_qt.app import AppCenter, scene_items
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Rating
from appcenter_qt.domain.colors import KEY, TEXT_CONTRAST, AppColor, contrast, tile_colors
from appcenter_qt.domain.releases import Release
from tests.models.catalogs import generated_app
from tests.ui.test_scenes import visible_texts

KEY_COLORS = ("#c81e1e", "#1e5ac8", "#f6a500", "#2e7d32", "#777777", "#ffffff", "#000000")


def _apps() -> list:  # type: ignore[type-arg]
    apps = []
    for n in range(30):
        app = generated_app(n)
        app = replace(
            app,
            # rated ones fill the banner (top rated: no featured list names these ids);
            # the unrated ones have releases, so "Recently updated" shows cards without votes
            rating=Rating((0, 0, 1, 3, 10 + n)) if n < 12 else None,
            releases=(Release("1.0", 1_700_000_000 + n),) if n >= 12 else (),
            colors=(AppColor(KEY, "", KEY_COLORS[n % len(KEY_COLORS)]),),
        )
        apps.append(app)
    return apps


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("home-look") / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for app in _apps():
            writer.add(app)
    return path


def _items(center: AppCenter, name: str) -> list:  # type: ignore[type-arg]
    return [
        item
        for item in scene_items(center.window.contentItem())
        if item.objectName() == name and item.isVisible()
    ]


def _rgb(color) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    return (color.redF(), color.greenF(), color.blueF())


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_banner_tiles_use_the_stored_colour_with_readable_text(  # type: ignore[no-untyped-def]
    make_center, catalog, scheme, output_dir
) -> None:
    center = make_center(catalog=str(catalog), page="home", color_scheme=scheme)
    center.save_screenshot(output_dir / f"home-colours-{scheme}.png")
    tiles = _items(center, "featuredTile")
    assert tiles, "the banner shows tiles"
    by_id = {app.id: app for app in _apps()}
    for tile in tiles:
        fill, ink = _rgb(tile.property("fill")), _rgb(tile.property("ink"))
        assert contrast(fill, ink) >= TEXT_CONTRAST, tile.property("name")
        # the catalog's key colour made the tile's colour (not the accent colour)
        expected = tile_colors(by_id[tile.property("appId")].colors, dark=scheme == "dark")
        assert expected is not None
        assert tile.property("tileColor") == expected[0]
        assert abs(fill[0] - int(expected[0][1:3], 16) / 255) < 0.01


def test_cards_say_nothing_about_missing_ratings(make_center, catalog) -> None:  # type: ignore[no-untyped-def]
    center = make_center(catalog=str(catalog), page="home")
    assert center.home.property("recent").rowCount() > 0  # cards without votes are shown
    texts = visible_texts(center)
    assert not [text for text in texts if "No ratings" in text]
    center.open_page("browse")
    assert not [text for text in visible_texts(center) if "No ratings" in text]


def test_rows_leave_system_tools_out(make_center, catalog) -> None:  # type: ignore[no-untyped-def]
    center = make_center(catalog=str(catalog), page="home")
    # generated apps cycle through the main categories: System and Settings ones are tools
    system = {app.id for app in _apps() if {"System", "Settings"} & set(app.categories)}
    assert system
    for row_name in ("recent", "topRated", "featured"):
        row = center.home.property(row_name)
        shown = {row.appIdAt(n) for n in range(row.rowCount())}
        assert shown and not shown & system, row_name


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_whole_cards_page_buttons_and_full_tile_rows(make_center, catalog, size) -> None:  # type: ignore[no-untyped-def]
    center = make_center(catalog=str(catalog), page="home", size=size)
    (recent,) = [row for row in _items(center, "shelfRow") if row.property("count") > 0][-1:]
    shelf = recent.parentItem()
    per_view = shelf.property("perView")
    card = shelf.property("cardWidth")
    spacing = recent.property("spacing")
    # the visible cards fill the row exactly: no half card at its end
    assert per_view * card + (per_view - 1) * spacing == pytest.approx(recent.width(), abs=1)
    assert recent.property("count") > per_view
    (next_button,) = [b for b in _items(center, "shelfNext") if b.parentItem() is not None][-1:]
    assert next_button.isVisible() and next_button.property("enabled")
    # category tiles: every row full (12 tiles: never 10 + 2)
    (grid,) = _items(center, "categoryTiles")
    count = grid.property("tileCount")
    assert count == 12
    assert count % grid.property("columns") == 0
