"""Application icons come from a Python image provider (``image://appicon``), so they load on
the GUI thread. Loaded by Qt's image reader thread instead, the provider needed the
interpreter's lock while holding the reader's mutex, and a model update on the GUI thread
(holding the lock, waiting for that mutex to create a card) deadlocked the window about one
start in four (bench/ui_bench.py's home page on a generated catalog)."""

from __future__ import annotations

from appcenter_qt.app import scene_items, wait_until_idle


def _provider_images(center) -> list:  # type: ignore[no-untyped-def]
    return [
        item
        for item in scene_items(center.window.contentItem())
        if item.inherits("QQuickImage")
        and item.property("source").toString().startswith("image://appicon/")
    ]


def test_every_page_loads_its_icons_on_the_gui_thread(make_center) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="home")
    seen = 0
    for page in ("home", "browse", "installed", "app:org.kde.kcalc"):
        center.open_page(page)
        assert wait_until_idle(center)
        images = _provider_images(center)
        assert all(image.property("asynchronous") is False for image in images), page
        seen += len(images)
    assert seen > 10  # cards, the banner and the app page's icon were looked at
