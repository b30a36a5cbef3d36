"""The search above a category page: it looks everywhere, and a chip narrows and widens it."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QObject

from appcenter_qt.app import wait_until_idle
from tests.ui.scene_text import visible_texts


def _chip(center) -> QObject:  # type: ignore[no-untyped-def]
    chip = center.window.findChild(QObject, "searchScopeChip")
    assert chip is not None
    return chip


def test_search_in_a_category_is_unscoped_and_the_chip_narrows_it(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    apps = center.apps
    with qtbot.waitSignal(apps.refreshed, timeout=10000):
        apps.category = "Office"
    with qtbot.waitSignal(apps.refreshed, timeout=10000):
        apps.searchText = "mines"  # a game: outside the selected category
    assert wait_until_idle(center)
    texts = visible_texts(center)
    assert "Mines" in texts
    assert "Only in Office" in texts and _chip(center).property("visible")
    with qtbot.waitSignal(apps.refreshed, timeout=10000):
        _chip(center).click()
    assert wait_until_idle(center)
    assert apps.searchScoped
    texts = visible_texts(center)
    assert "In Office" in texts and "Mines" not in texts
    with qtbot.waitSignal(apps.refreshed, timeout=10000):
        _chip(center).click()  # one click widens it again
    assert not apps.searchScoped and "Mines" in visible_texts(center)


def test_no_chip_without_a_category_and_a_suggestion_for_a_typo(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    with qtbot.waitSignal(center.apps.refreshed, timeout=10000):
        center.apps.searchText = "minnes"
    assert wait_until_idle(center)
    texts = visible_texts(center)
    assert not _chip(center).property("visible")
    assert "Did you mean “mines”?" in texts and "Mines" in texts
