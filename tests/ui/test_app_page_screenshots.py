"""The app page's screenshots, states and dates (issue 32): no space reserved for pictures
the page does not have, a thumbnail strip, the full-size viewer on keys and swipes, no
Install without a source, and dates in the user's locale. Real catalogs, real images (the
demo's files, a refused port on localhost for an unreachable server)."""

from __future__ import annotations

import datetime as dt
import socket
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from appcenter_qt.app import AppCenter, scene_items, wait_until_idle
from appcenter_qt.domain import Application, LocalizedText, Package, Screenshot, ScreenshotImage
from appcenter_qt.models.reviews_model import _review_day
from appcenter_qt.models.screenshots_model import stage_aspect
from tests.models.catalogs import write_generated_catalog
from tests.ui.scene_text import visible_texts
from tests.ui.test_scenes import find


def _closed_port() -> int:
    """A localhost port nothing listens on: a request there is refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _catalog(path: Path, urls: tuple[str, ...]) -> Path:
    app = Application(
        id="org.example.Shots",
        name=LocalizedText.untranslated("Shots"),
        summary=LocalizedText.untranslated("Screenshots that may not load"),
        description=LocalizedText.untranslated("A description that should sit near the top."),
        categories=("Utility",),
        packages=(Package("shots", "1", "amd64", "test"),),
        screenshots=tuple(
            Screenshot((ScreenshotImage(url, 1600, 1000),), LocalizedText.untranslated(""))
            for url in urls
        ),
    )
    return write_generated_catalog(path, 1, extra=(app,))


def _thumbnails(center: AppCenter) -> list:  # type: ignore[type-arg]
    shown = [
        item
        for item in scene_items(center.window.contentItem())
        if item.objectName() == "thumbnail" and item.isVisible()
    ]
    return sorted(shown, key=lambda item: item.mapToScene(QPointF(0, 0)).x())


def _centre(item) -> QPoint:  # type: ignore[no-untyped-def]
    return item.mapToScene(QPointF(item.width() / 2, item.height() / 2)).toPoint()


@pytest.mark.parametrize("count", [0, 3])
def test_no_loadable_screenshot_is_one_quiet_line(  # type: ignore[no-untyped-def]
    count: int, make_center, tmp_path, monkeypatch, output_dir
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    port = _closed_port()
    urls = tuple(f"http://127.0.0.1:{port}/shot-{i}.png" for i in range(count))
    catalog = _catalog(tmp_path / "appcenter.sqlite", urls)
    center = make_center(catalog=str(catalog), page="app:org.example.Shots")
    carousel = find(center, "carousel")
    expected = "Screenshots could not be loaded" if count else "No screenshots"
    assert expected in visible_texts(center)
    assert not find(center, "screenshotStage").isVisible()
    assert not find(center, "thumbnailStrip").isVisible()
    # one line: no picture-sized box above the description
    note = find(center, "screenshotsNote")
    assert carousel.height() < note.height() * 2
    heading = find(center, "descriptionHeading")
    header = find(center, "appHeader")
    gap = heading.mapToScene(QPointF(0, 0)).y() - header.mapToScene(QPointF(0, header.height())).y()
    assert gap < note.height() * 4
    center.save_screenshot(output_dir / f"app-page-screenshots-none-{count}.png")


def test_thumbnails_pick_the_screenshot(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="app:org.gnome.Mines")
    view = find(center, "screenshotView")
    assert find(center, "screenshotStage").isVisible()
    assert find(center, "thumbnails").property("count") == 3
    thumbs = _thumbnails(center)
    assert len(thumbs) == 3
    strip = find(center, "thumbnailStrip")
    assert strip.isVisible()

    # every thumbnail inside the strip's view (it once opened scrolled past the first)
    def all_inside() -> bool:
        left = strip.mapToScene(QPointF(0, 0)).x()
        return all(
            left - 1 <= (x := thumb.mapToScene(QPointF(0, 0)).x())
            and x + thumb.width() <= left + strip.width() + 1
            for thumb in thumbs
        )

    # once the strip's scrolling animation (150 ms) has settled
    qtbot.waitUntil(all_inside, timeout=3000)
    # the stage is as wide as the picture: the arrows sit on it, not at the page's edges
    assert view.width() <= find(center, "carousel").width()
    qtbot.mouseClick(center.window, Qt.MouseButton.LeftButton, pos=_centre(thumbs[2]))
    qtbot.waitUntil(lambda: view.property("currentIndex") == 2, timeout=3000)
    assert not find(center, "nextScreenshot").isVisible()  # the last one: no Next arrow
    assert find(center, "previousScreenshot").isVisible()


def test_the_viewer_moves_with_home_end_and_a_swipe(make_center, qtbot, output_dir) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="app:org.gnome.Mines")
    viewer = find(center, "screenshotViewer")
    full_size = _centre(find(center, "fullSizeButton"))
    qtbot.mouseClick(center.window, Qt.MouseButton.LeftButton, pos=full_size)
    qtbot.waitUntil(lambda: viewer.property("opened"), timeout=3000)
    view = find(center, "viewerView")
    assert view.hasActiveFocus()
    qtbot.keyClick(center.window, Qt.Key.Key_End)
    qtbot.waitUntil(lambda: view.property("currentIndex") == 2, timeout=3000)
    qtbot.keyClick(center.window, Qt.Key.Key_Home)
    qtbot.waitUntil(lambda: view.property("currentIndex") == 0, timeout=3000)
    assert not find(center, "viewerPrevious").property("enabled")
    assert find(center, "viewerPrevious").property("opacity") < 1  # looks disabled too
    assert wait_until_idle(center)
    # a swipe to the left: the next screenshot
    start = _centre(view)
    left, no_keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(center.window, left, no_keys, start)
    for step in range(1, 11):
        QTest.mouseMove(center.window, start - QPoint(int(view.width() * 0.06 * step), 0), 10)
    QTest.mouseRelease(center.window, left, no_keys, start - QPoint(int(view.width() * 0.6), 0), 10)
    qtbot.waitUntil(lambda: view.property("currentIndex") == 1, timeout=3000)
    assert wait_until_idle(center)
    center.save_screenshot(output_dir / "app-page-viewer.png")
    qtbot.keyClick(center.window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not viewer.property("visible"), timeout=3000)


def test_no_source_means_no_install_and_the_reason(make_center) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="app:org.gnome.Mines", reason="No package manager is running.")
    assert not find(center, "installButton").isVisible()
    assert not find(center, "removeButton").isVisible()
    assert find(center, "unavailableReason").property("text") == "No package manager is running."
    assert "No package manager is running." in visible_texts(center)


def test_dates_follow_the_locale(make_center) -> None:  # type: ignore[no-untyped-def]
    day = dt.datetime(2026, 10, 11, 12, tzinfo=dt.UTC).timestamp()
    assert _review_day(day, "de") == "11.10.2026"
    assert _review_day(day, "en_US") == "Oct 11, 2026"
    assert _review_day(0, "de") == ""
    center = make_center(page="app:org.gnome.Mines", locale="de")
    texts = visible_texts(center)
    # Mines 40.1 was released on 5 June 2022: German writes it 05.06.2022
    assert any("40.1" in text and "05.06.2022" in text for text in texts), texts


def test_the_stage_takes_the_screenshots_shape() -> None:
    assert stage_aspect([]) == pytest.approx(1.6)
    assert stage_aspect([(1920, 1080), (1920, 1080), (1000, 1000)]) == pytest.approx(16 / 9)
    assert stage_aspect([(100, 1000)]) == 1.0  # a phone screenshot still gets a usable stage
    assert stage_aspect([(0, 0), (3000, 100)]) == 2.4


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280", "1920"])
def test_readable_measure_headings_and_the_licence_link(make_center, size) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QFontMetricsF, QGuiApplication

    center = make_center(page="app:org.gnome.Mines", size=size)
    description = find(center, "description")
    body = QFontMetricsF(QGuiApplication.font())  # the body text's font
    # lines of about 80 characters, whatever the window's width
    assert description.width() <= body.averageCharWidth() * 90
    name = find(center, "appName").property("font").pointSizeF()
    section = find(center, "descriptionHeading").property("font").pointSizeF()
    assert name > section
    assert section >= 1.3 * QGuiApplication.font().pointSizeF()
    link = find(center, "licenseLink")
    assert link.isVisible()
    assert link.property("contentItem").property("font").underline()
