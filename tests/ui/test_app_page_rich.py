"""The app page worth reading (issue 18, item 6), rendered offscreen over the demo catalog:
description blocks, links, add-ons, releases from Markdown notes, age and licence badges,
the human version, and the full-screen screenshot viewer driven by the keyboard."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QObject, Qt

from appcenter_qt.app import AppCenter, scene_items, wait_until_idle
from tests.ui.scene_text import visible_texts


def find(center: AppCenter, name: str) -> QObject:
    item = center.window.findChild(QObject, name)
    assert item is not None, f"no item named {name}"
    return item


def test_the_page_shows_the_rich_details(make_center, output_dir: Path) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="app:org.gnome.Mines", size=(1280, 1600))
    texts = visible_texts(center)
    for expected in (
        "Ages 3+",
        "Free software",
        "Version 40.1",
        "Report a problem",
        "Donate",
        "Add-ons",
        "Extra themes",
        "What's new",
        "Version 40.1 · Jun 5, 2022",
        "Fixes",
        "Flags are drawn again on HiDPI screens",
        "• Cartoon violence (mild)",
        "Read the license",
    ):
        assert expected in texts, expected
    # Markdown never reaches the screen as syntax
    assert not any("**" in text or text.startswith("## ") for text in texts)
    assert center.package_details.versionTooltip == "gnome-mines 1:40.1-2"
    # no backend: the add-on's Install is not offered, like the application's
    (button,) = [
        item
        for item in scene_items(center.window.contentItem())
        if item.objectName() == "addonButton"
    ]
    assert not button.isVisible()
    assert button.property("text") == "Install"
    assert find(center, "unavailableNote").isVisible()
    image = center.window.grabWindow()
    assert image.save(str(output_dir / "app-page-rich.png"))


def test_the_viewer_opens_moves_and_closes_with_the_keyboard(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="app:org.gnome.Mines")
    viewer = find(center, "screenshotViewer")
    carousel_view = find(center, "screenshotView")
    assert not viewer.property("visible")
    carousel_view.forceActiveFocus()
    qtbot.keyClick(center.window, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: carousel_view.property("currentIndex") == 1, timeout=3000)
    qtbot.keyClick(center.window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: viewer.property("opened"), timeout=3000)
    assert viewer.property("currentIndex") == 1  # opens on the screenshot shown
    view = find(center, "viewerView")
    assert view.property("count") == 3
    qtbot.keyClick(center.window, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: view.property("currentIndex") == 2, timeout=3000)
    assert "Screenshot 3 of 3" in visible_texts(center)
    assert "Settings" in visible_texts(center)  # the third caption, full size
    qtbot.keyClick(center.window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not viewer.property("visible"), timeout=3000)
    assert wait_until_idle(center)
