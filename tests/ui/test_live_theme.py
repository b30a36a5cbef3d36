"""Issue 32's dark-mode leftovers, measured in rendered pixels: an outlined badge keeps an
outline a user can see (WCAG's 3:1 for non-text) on a dark palette, and a light/dark switch
while the window is open restyles everything (QML's colours, the banner tiles' colours that
Python picks per palette), with nothing captured once at start."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEventLoop, QPointF
from PySide6.QtGui import QColor, QImage

from appcenter_qt.app import AppCenter, scene_items, wait_until_idle
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Rating
from appcenter_qt.domain.colors import KEY, AppColor, contrast, tile_colors
from appcenter_qt.ui.color_scheme import apply_color_scheme
from tests.models.catalogs import generated_app

KEY_COLORS = ("#c81e1e", "#1e5ac8", "#2e7d32", "#777777")


def _apps() -> list:  # type: ignore[type-arg]
    return [
        replace(
            generated_app(n),
            rating=Rating((0, 0, 1, 3, 10 + n)),
            colors=(AppColor(KEY, "", KEY_COLORS[n % len(KEY_COLORS)]),),
        )
        for n in range(12)
    ]


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("live-theme") / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for app in _apps():
            writer.add(app)
    return path


def _item(center: AppCenter, name: str):  # type: ignore[no-untyped-def]
    """The first visible item so named that lies wholly inside the window (a row's
    delegates outside its clip are "visible" too)."""
    width = center.window.width()
    found = [
        item
        for item in scene_items(center.window.contentItem())
        if item.objectName() == name
        and item.isVisible()
        and 0 <= item.mapToScene(QPointF(0, 0)).x() <= width - item.width()
    ]
    assert found, f"no visible {name}"
    return found[0]


def _rgb(color: QColor) -> tuple[float, float, float]:
    return (color.redF(), color.greenF(), color.blueF())


def _pixel(image: QImage, x: float, y: float, ratio: float) -> tuple[float, float, float]:
    return _rgb(image.pixelColor(round(x * ratio), round(y * ratio)))


def test_outlined_badge_is_visible_on_a_dark_palette(make_center, catalog, output_dir) -> None:  # type: ignore[no-untyped-def]
    center = make_center(catalog=str(catalog), page="app:org.example.App00001", color_scheme="dark")
    image = center.window.grabWindow()
    image.save(str(output_dir / "badge-dark.png"))
    ratio = image.width() / center.window.width()
    badge = _item(center, "versionBadge")
    assert badge.property("color").alpha() == 0, "the version badge is the outlined kind"
    top_left = badge.mapToScene(QPointF(0, 0))
    middle_x = top_left.x() + badge.width() / 2
    # the page around the badge, and the brightest step of a vertical line through its top
    # edge: the outline as drawn (antialiased), not as declared
    around = _pixel(image, middle_x, top_left.y() - 3, ratio)
    edge = [_pixel(image, middle_x, top_left.y() + dy / 2, ratio) for dy in range(-2, 4)]
    assert sum(around) / 3 < 0.3, "a dark page"
    best = max(contrast(pixel, around) for pixel in edge)
    assert best >= 3.0, f"outline {best:.2f}:1 against the page"


def _settle(center: AppCenter, done, timeout: float = 10.0) -> bool:  # type: ignore[no-untyped-def]
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        if done():
            return True
    return False


def test_switching_light_to_dark_while_open_restyles_everything(  # type: ignore[no-untyped-def]
    make_center, catalog, qapp, output_dir
) -> None:
    center = make_center(catalog=str(catalog), page="home", color_scheme="light")
    by_id = {app.id: app for app in _apps()}
    tile = _item(center, "featuredTile")
    app_colors = by_id[tile.property("appId")].colors
    light_tile, dark_tile = tile_colors(app_colors, dark=False), tile_colors(app_colors, dark=True)
    assert light_tile and dark_tile and light_tile[0] != dark_tile[0]
    assert tile.property("tileColor") == light_tile[0]
    before = center.window.grabWindow()
    ratio = before.width() / center.window.width()
    page_spot = center.window.width() - 4, center.window.height() - 4  # empty page, bottom right
    assert sum(_pixel(before, *page_spot, ratio)) / 3 > 0.7, "a light page first"

    apply_color_scheme(qapp, "dark")  # what the desktop's switch does: a new app palette
    picked = lambda: _item(center, "featuredTile").property("tileColor") == dark_tile[0]  # noqa: E731
    assert _settle(center, picked), "the banner tile kept the colour picked for the light palette"
    assert wait_until_idle(center)
    after = center.window.grabWindow()
    after.save(str(output_dir / "live-dark.png"))
    # QML's colours follow: the page, the text on the cards, the tile as drawn
    assert sum(_pixel(after, *page_spot, ratio)) / 3 < 0.3, "the page turned dark"
    tile = _item(center, "featuredTile")
    corner = tile.mapToScene(QPointF(4, tile.height() - 4))
    drawn = _pixel(after, corner.x(), corner.y(), ratio)
    expected = QColor(dark_tile[0])
    assert max(abs(a - b) for a, b in zip(drawn, _rgb(expected), strict=True)) < 0.05, (
        drawn,
        dark_tile,
    )
    text = _rgb(tile.property("ink"))
    assert contrast(text, drawn) >= 4.5


def test_watching_the_palette_runs_no_python_per_event(make_center, catalog, qapp) -> None:  # type: ignore[no-untyped-def]
    """Watching for a light/dark switch costs nothing per event: an event filter on the
    application ran Python for every event of every object (1,958 of them before the first
    cards on Debian's catalog), where Qt's palette signal runs it once per switch."""
    import sys

    from PySide6.QtCore import QEvent

    center = make_center(catalog=str(catalog), page="home")
    called: list[str] = []

    def profile(frame, event, arg):  # type: ignore[no-untyped-def]
        if event == "call":
            called.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")

    sys.setprofile(profile)
    try:
        for _ in range(20):
            QCoreApplication.sendEvent(qapp, QEvent(QEvent.Type.User))
            QCoreApplication.sendEvent(center.window, QEvent(QEvent.Type.User))
    finally:
        sys.setprofile(None)
    ours = [name for name in called if "appcenter_qt" in name]
    assert not ours, f"Python ran for plain events: {sorted(set(ours))}"
