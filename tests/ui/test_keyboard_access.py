"""Keyboard and assistive technology: Alt+Left, the Back mouse button and Backspace (outside
text fields) go back; Ctrl+F focuses the search; Tab reaches every control, including the
sidebar's Updates, the category list and the screenshot carousel, each with a visible focus
ring; and every control tells a screen reader its name and role (read through Qt's own
accessibility interface, as Orca or a test tool would)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QAccessible

from appcenter_qt.app import AppCenter, scene_items, wait_until_idle

INTERACTIVE = ("QQuickAbstractButton", "QQuickComboBox", "QQuickTextInput", "QQuickTextEdit")


def find(center: AppCenter, name: str) -> QObject:
    item = center.window.findChild(QObject, name)
    assert item is not None, f"no item named {name}"
    return item


def open_app_from_browse(center: AppCenter, qtbot, app_id: str) -> None:  # type: ignore[no-untyped-def]
    center.navigation.openApp(app_id)
    navigation = center.navigation
    qtbot.waitUntil(lambda: navigation.page == "app" and navigation.canGoBack, timeout=3000)
    assert wait_until_idle(center)


def test_alt_left_goes_back_even_from_the_search_field(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    open_app_from_browse(center, qtbot, "org.kde.kcalc")
    find(center, "searchField").forceActiveFocus()
    qtbot.keyClick(center.window, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: center.navigation.page == "browse", timeout=3000)


def test_back_mouse_button_goes_back(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    open_app_from_browse(center, qtbot, "org.kde.kcalc")
    name = find(center, "appName")
    point = name.mapToScene(QPointF(5, 5)).toPoint()
    qtbot.mouseClick(center.window, Qt.MouseButton.BackButton, pos=point)
    qtbot.waitUntil(lambda: center.navigation.page == "browse", timeout=3000)


def test_backspace_goes_back_outside_text_fields_only(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    open_app_from_browse(center, qtbot, "org.kde.kcalc")
    field = find(center, "searchField")
    field.forceActiveFocus()
    field.setProperty("text", "ab")
    field.setProperty("cursorPosition", 2)
    qtbot.keyClick(center.window, Qt.Key.Key_Backspace)
    # The field took it (editing the search then shows the results, as typing does).
    qtbot.waitUntil(lambda: field.property("text") == "a", timeout=3000)
    open_app_from_browse(center, qtbot, "org.gnome.Mines")
    view = find(center, "screenshotView")
    view.forceActiveFocus()
    assert view.hasActiveFocus()
    qtbot.keyClick(center.window, Qt.Key.Key_Backspace)
    qtbot.waitUntil(lambda: center.navigation.page == "browse", timeout=3000)


def test_ctrl_f_focuses_the_search_from_an_app_page(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="app:org.gnome.Mines")
    find(center, "screenshotView").forceActiveFocus()
    assert not find(center, "searchField").hasActiveFocus()
    qtbot.keyClick(center.window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: find(center, "searchField").hasActiveFocus(), timeout=3000)
    assert center.navigation.page == "browse"


def tab_cycle(center: AppCenter, qtbot, limit: int = 80) -> list[QObject]:  # type: ignore[no-untyped-def]
    """Press Tab from the search field until focus comes back to it; the items it visited."""
    field = find(center, "searchField")
    field.forceActiveFocus()
    visited: list[QObject] = []
    for _ in range(limit):
        qtbot.keyClick(center.window, Qt.Key.Key_Tab)
        item = center.window.activeFocusItem()
        if item is None or item == field or field.hasActiveFocus():
            return visited
        visited.append(item)
    raise AssertionError(f"Tab did not come back to the search field in {limit} steps")


def named_ancestor(item: QObject) -> str:
    """The object name of ``item`` or of its nearest named ancestor (a list view hands its
    focus to an item inside it)."""
    while item is not None:
        if item.objectName():
            return item.objectName()
        item = item.parentItem()
    return ""


def focus_ring_shown(item: QObject) -> bool:
    """A visible focus ring on ``item`` or on its current entry (lists)."""
    for child in scene_items(item):
        if child.objectName() == "focusRing" and child.isVisible():
            return True
    return False


def test_tab_reaches_sidebar_updates_and_categories_with_a_ring(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    visited = tab_cycle(center, qtbot)
    names = [named_ancestor(item) for item in visited]
    assert "updatesEntry" in names
    assert "appGrid" in names
    assert "categoryList" in names
    categories = [find(center, "categoryList")]
    # Each shows where the focus is.
    for item in (find(center, "updatesEntry"), categories[0]):
        item.forceActiveFocus(Qt.FocusReason.TabFocusReason)
        assert wait_until_idle(center)
        assert focus_ring_shown(item), f"no focus ring on {item}"
    # The category list opens the focused entry with Return.
    categories[0].forceActiveFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(center.window, Qt.Key.Key_Down)
    qtbot.keyClick(center.window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: center.apps.category != "", timeout=3000)


def test_tab_reaches_the_screenshot_carousel(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="app:org.gnome.Mines")
    visited = tab_cycle(center, qtbot)
    view = find(center, "screenshotView")
    assert "screenshotView" in [named_ancestor(item) for item in visited]
    view.forceActiveFocus(Qt.FocusReason.TabFocusReason)
    assert wait_until_idle(center)
    assert focus_ring_shown(view)


def unnamed_controls(center: AppCenter) -> list[str]:
    problems = []
    for item in scene_items(center.window.contentItem()):
        if not item.isVisible():
            continue
        interactive = any(item.inherits(kind) for kind in INTERACTIVE) or bool(
            item.property("activeFocusOnTab")
        )
        if not interactive:
            continue
        if item.inherits("QQuickTextInput") and not item.property("enabled"):
            continue  # a combo box's display, not a field of its own
        iface = QAccessible.queryAccessibleInterface(item)
        label = f"{item.metaObject().className()} {item.objectName()!r}"
        if iface is None:
            problems.append(f"{label}: no accessible interface")
            continue
        name = iface.text(QAccessible.Text.Name)
        role = iface.role()
        if not name.strip():
            problems.append(f"{label}: no accessible name")
        if role in (QAccessible.Role.NoRole, QAccessible.Role.Client):
            problems.append(f"{label}: no accessible role ({role})")
    return problems


@pytest.mark.parametrize(
    "page",
    ["home", "browse", "app:org.gnome.Mines", "updates", "search:chess", "installed", "sources"],
)
@pytest.mark.parametrize("size", [(400, 760), (1280, 800)], ids=["narrow", "wide"])
def test_every_control_has_an_accessible_name_and_role(make_center, page, size) -> None:  # type: ignore[no-untyped-def]
    QAccessible.setActive(True)  # as with a screen reader running: names are filled in
    try:
        center = make_center(page=page, size=size)
        assert unnamed_controls(center) == []
    finally:
        QAccessible.setActive(False)


def test_the_check_finds_an_unnamed_control(make_center) -> None:  # type: ignore[no-untyped-def]
    """The walk is not vacuous: a control without a name is reported."""
    QAccessible.setActive(True)
    try:
        center = make_center()
        field = find(center, "searchField")
        field.setProperty("placeholderText", "")
        attached = [c for c in field.children() if c.inherits("QQuickAccessibleAttached")]
        assert attached
        attached[0].setProperty("name", "")
        assert any("searchField" in problem for problem in unnamed_controls(center))
    finally:
        QAccessible.setActive(False)
