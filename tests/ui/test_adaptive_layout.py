"""The window at a phone-like, a laptop and a desktop size: every primary action lies inside
the window (nothing clipped off the right edge), the sidebar becomes a drawer when narrow,
the card grid reflows, and a big font (--font-scale 1.6) still fits."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QObject, QPointF, QRectF, Qt

from appcenter_qt.app import AppCenter, wait_until_idle

SIZES = [(400, 760), (1280, 800), (1920, 1080)]


def find(center: AppCenter, name: str) -> QObject:
    item = center.window.findChild(QObject, name)
    assert item is not None, f"no item named {name}"
    return item


def assert_inside(center: AppCenter, name: str) -> None:
    """``name`` is shown and its whole rectangle is inside the window."""
    item = find(center, name)
    assert item.isVisible(), f"{name} is not visible"
    rect = item.mapRectToScene(QRectF(0, 0, item.width(), item.height()))
    window = QRectF(0, 0, center.window.width(), center.window.height())
    assert rect.width() > 0 and rect.height() > 0, f"{name} has no size"
    assert window.contains(rect), f"{name} at {rect} is outside the window {window}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scale", [1.0, 1.6], ids=["font1", "font1.6"])
def test_browse_actions_are_inside_the_window(  # type: ignore[no-untyped-def]
    make_center, output_dir: Path, size: tuple[int, int], scale: float
) -> None:
    center = make_center(size=size, font_scale=scale)
    narrow = size[0] < 700
    assert center.window.property("narrow") is narrow
    for name in ("searchField", "sortBox", "backButton", "appCount"):
        assert_inside(center, name)
    if narrow:
        assert_inside(center, "drawerButton")
        assert not find(center, "updatesEntry").isVisible()  # in the closed drawer
    else:
        assert_inside(center, "updatesEntry")
        assert not find(center, "drawerButton").isVisible()
    # The grid reflows: one column on a phone, several on a desktop; a card fills its cell.
    grid = find(center, "appGrid")
    columns = grid.property("columns")
    assert columns == 1 if narrow else columns >= 2
    assert grid.property("cellWidth") * columns <= grid.width()
    center.save_screenshot(output_dir / f"layout-home-{size[0]}x{size[1]}-font{scale}.png")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scale", [1.0, 1.6], ids=["font1", "font1.6"])
def test_install_button_is_inside_the_window(  # type: ignore[no-untyped-def]
    make_center, output_dir: Path, size: tuple[int, int], scale: float
) -> None:
    center = make_center(size=size, font_scale=scale, page="app:org.kde.kcalc")
    assert center.app_details.found
    # No backend in these scenes: the note saying why stands where Install would.
    for name in ("unavailableNote", "appName", "unavailableReason", "backButton"):
        assert_inside(center, name)
    # Narrow: the actions wrap onto their own row below the icon and the name.
    install = find(center, "unavailableNote")
    name = find(center, "appName")
    below = install.mapToScene(install.position()).y() > name.mapToScene(name.position()).y()
    assert below is (size[0] < 700)
    center.save_screenshot(output_dir / f"layout-app-{size[0]}x{size[1]}-font{scale}.png")


def test_the_drawer_holds_the_sidebar_when_narrow(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center(size=(400, 760))
    drawer = find(center, "sidebarDrawer")
    button = find(center, "drawerButton")
    middle = button.mapToScene(QPointF(button.width() / 2, button.height() / 2)).toPoint()
    qtbot.mouseClick(center.window, Qt.MouseButton.LeftButton, pos=middle)
    qtbot.waitUntil(lambda: drawer.property("position") == 1.0, timeout=3000)
    assert_inside(center, "updatesEntry")
    # Choosing an entry goes there and closes the drawer.
    entry = find(center, "updatesEntry")
    middle = entry.mapToScene(QPointF(entry.width() / 2, entry.height() / 2)).toPoint()
    qtbot.mouseClick(center.window, Qt.MouseButton.LeftButton, pos=middle)
    qtbot.waitUntil(lambda: center.navigation.page == "updates", timeout=3000)
    qtbot.waitUntil(lambda: not drawer.property("visible"), timeout=3000)
    # Widening the window brings the sidebar back beside the pages.
    center.window.setWidth(1000)
    qtbot.waitUntil(lambda: not center.window.property("narrow"), timeout=3000)
    assert wait_until_idle(center)
    assert_inside(center, "updatesEntry")


def test_minimum_width_is_360(make_center) -> None:  # type: ignore[no-untyped-def]
    center = make_center(size=(400, 760))
    assert center.window.minimumWidth() == 360
