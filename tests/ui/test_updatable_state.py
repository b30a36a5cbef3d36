"""An update waiting is every page's state (the registry's "updatable"): the card says
"Update available" where it said "Installed", the Installed page's row has a badge, and the
app page still treats the application as installed (Launch, reviews; no Install)."""

from __future__ import annotations

from typing import Any

from appcenter_qt.app import scene_items, wait_until_idle


def _visible(center: Any, name: str) -> list[Any]:
    return [
        item
        for item in scene_items(center.window.contentItem())
        if item.objectName() == name and item.isVisible()
    ]


def _card_of(item: Any) -> str:
    """The application id of the card an item is in."""
    while item is not None and item.property("appId") is None:
        item = item.parentItem()
    return "" if item is None else str(item.property("appId"))


def test_a_card_says_an_update_is_available(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    first, second = center.apps.appIdAt(0), center.apps.appIdAt(1)
    registry = center.transactions.registry
    registry.set_updatable([first])
    registry.mark_installed([second])
    qtbot.waitUntil(lambda: len(_visible(center, "cardStateText")) == 2, timeout=5000)
    texts = {_card_of(i): i.property("text") for i in _visible(center, "cardStateText")}
    assert texts == {first: "Update available", second: "Installed"}

    registry.set_updatable([])  # updated: installed again
    qtbot.waitUntil(
        lambda: (
            [i.property("text") for i in _visible(center, "cardStateText")]
            == ["Installed", "Installed"]
        ),
        timeout=5000,
    )


def test_the_app_page_treats_an_updatable_app_as_installed(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    app_id = center.apps.appIdAt(0)
    center.transactions.registry.set_updatable([app_id])
    center.open_page(f"app:{app_id}")
    assert wait_until_idle(center)
    page = next(
        item
        for item in scene_items(center.window.contentItem())
        if item.property("canInstall") is not None and item.isVisible()
    )
    assert page.property("appState") == "updatable"
    assert page.property("installed") is True
    assert page.property("canInstall") is False
