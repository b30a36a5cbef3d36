"""The window as people see it: loads without QML warnings, renders real pixels, cards open
app pages, the carousel moves, hostile catalog text stays plain text."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtQuick import QQuickItem

from appcenter_qt.app import AppCenter, scene_items, wait_until_idle
from appcenter_qt.demo import load_entries


def distinct_colours(image: QImage, step: int = 7) -> int:
    seen = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            seen.add(image.pixel(x, y))
    return len(seen)


def type_text(qtbot, window, text: str) -> None:  # type: ignore[no-untyped-def]
    for char in text:
        qtbot.keyClick(window, char)


def find(center: AppCenter, name: str) -> QQuickItem:
    item = center.window.findChild(QObject, name)  # Popups are QObjects, not items
    assert item is not None, f"no item named {name}"
    return item


def visible_texts(center: AppCenter) -> list[str]:
    items = scene_items(center.window.contentItem())
    return [
        str(item.property("text"))
        for item in items
        if item.inherits("QQuickText") and item.isVisible()
    ]


def test_screenshot_option_renders_the_home_page(output_dir: Path) -> None:
    out = output_dir / "home.png"
    out.unlink(missing_ok=True)
    result = subprocess.run(
        [sys.executable, "-m", "appcenter_qt.app", "--backend", "none", "--screenshot", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "QML:" not in result.stderr, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1280, 800)
    assert distinct_colours(image) > 200  # icons, text and stars, not a blank window


def test_unusable_catalog_exits_2_naming_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "appcenter.sqlite"
    bad.write_text("not a database")
    out = tmp_path / "never.png"
    command = [sys.executable, "-m", "appcenter_qt.app", "--backend", "none"]
    result = subprocess.run(
        [*command, "--catalog", str(bad), "--screenshot", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert f"{bad}: not an SQLite database" in result.stderr
    assert "timed out" not in result.stderr
    assert not out.exists()


def test_main_loads_without_warnings_and_shows_the_demo(make_center, qtbot, output_dir) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    # The hidden pages are built a moment after the first cards: they load without warnings
    # too (a synchronous load inside ``active``'s evaluation once made a binding loop).
    qtbot.waitUntil(lambda: center.window.property("pagesBuilt") == 6, timeout=10000)
    assert center.warnings == []
    assert center.apps.count == len(load_entries())
    texts = visible_texts(center)
    assert "Ark" in texts and "Archiving Tool" in texts
    center.save_screenshot(output_dir / "home-inprocess.png")


def test_clicking_a_card_opens_its_app_page(make_center, qtbot, output_dir) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    grid = find(center, "appGrid")
    first = center.apps.appIdAt(0)
    # Click the middle of the first card, as a person would.
    point = grid.mapToScene(QPointF(grid.property("cellWidth") / 2, 50)).toPoint()
    qtbot.mouseClick(center.window, Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: center.navigation.page == "app", timeout=5000)
    assert center.navigation.appId == first
    assert wait_until_idle(center)
    assert find(center, "appName").property("text") == center.app_details.name
    assert center.app_details.name == "Ark"
    center.save_screenshot(output_dir / "app-page.png")
    center.navigation.back()
    qtbot.waitUntil(lambda: center.navigation.page == "browse", timeout=5000)


def test_keyboard_opens_the_focused_card(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    grid = find(center, "appGrid")
    grid.forceActiveFocus()
    assert grid.hasActiveFocus()
    assert grid.property("currentIndex") == 0  # a card is current before any key
    qtbot.keyClick(center.window, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: grid.property("currentIndex") == 1)
    qtbot.keyClick(center.window, Qt.Key.Key_Down)  # one row down
    columns = grid.property("columns")
    qtbot.waitUntil(lambda: grid.property("currentIndex") == 1 + columns)
    qtbot.keyClick(center.window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: center.navigation.page == "app", timeout=5000)
    assert center.navigation.appId == center.apps.appIdAt(1 + columns)


def test_search_shows_matches_and_the_empty_state(make_center, qtbot, output_dir) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    field = find(center, "searchField")
    assert field.hasActiveFocus()  # focused on start
    type_text(qtbot, center.window, "chess")
    qtbot.waitUntil(lambda: center.apps.searchText == "chess" and not center.apps.loading)
    assert wait_until_idle(center)
    assert 1 <= center.apps.count < len(load_entries())
    assert "Chess" in visible_texts(center)
    center.save_screenshot(output_dir / "search.png")
    type_text(qtbot, center.window, "zzqq")
    qtbot.waitUntil(lambda: center.apps.count == 0 and not center.apps.loading, timeout=5000)
    assert wait_until_idle(center)
    assert "No applications match “chesszzqq”" in visible_texts(center)
    center.save_screenshot(output_dir / "search-empty.png")
    qtbot.keyClick(center.window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: center.apps.searchText == "" and center.apps.count > 0, timeout=5000)


def test_carousel_moves_with_buttons_and_keys(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="app:org.gnome.Mines")
    view = find(center, "screenshotView")
    assert view.property("count") == 3
    assert view.property("currentIndex") == 0
    view.forceActiveFocus()
    qtbot.keyClick(center.window, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: view.property("currentIndex") == 1, timeout=3000)
    qtbot.keyClick(center.window, Qt.Key.Key_Left)
    qtbot.waitUntil(lambda: view.property("currentIndex") == 0, timeout=3000)


def test_no_backend_offers_no_install_and_says_why(make_center) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="app:org.kde.kcalc", reason="Installing is off in this test.")
    button = find(center, "installButton")
    assert not button.isVisible()  # not offered: nothing could install it
    assert find(center, "unavailableNote").isVisible()
    assert "Installing is off in this test." in visible_texts(center)
    center.transactions.install("org.kde.kcalc")  # a keyboard shortcut could still try
    assert wait_until_idle(center)
    assert center.transactions.errorText == "Installing is off in this test."
