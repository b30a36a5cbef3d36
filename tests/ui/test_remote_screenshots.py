"""Screenshots from metainfo are web URLs: loaded asynchronously, cached on disk under the
user cache directory, and a broken one shows a placeholder. Served by a real HTTP server on
localhost (Python's http.server), so nothing leaves the machine."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from appcenter_qt.app import scene_items
from appcenter_qt.domain import (
    Application,
    LocalizedText,
    Package,
    Screenshot,
    ScreenshotImage,
)
from appcenter_qt.ui.network_cache import screenshot_cache_dir
from tests.models.catalogs import write_generated_catalog
from tests.ui.test_scenes import find, visible_texts


def _png(path: Path) -> None:
    from PySide6.QtGui import QColor, QImage

    image = QImage(640, 400, QImage.Format.Format_RGB32)
    image.fill(QColor("#3daee9"))
    assert image.save(str(path), "PNG")


@pytest.fixture
def web(tmp_path: Path) -> Iterator[str]:
    root = tmp_path / "www"
    root.mkdir()
    _png(root / "shot.png")
    hits: list[str] = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            super().__init__(*args, directory=str(root), **kwargs)

        def log_message(self, *_args) -> None:  # type: ignore[no-untyped-def]
            hits.append(self.path)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_remote_screenshot_loads_into_the_disk_cache_and_broken_shows_placeholder(  # type: ignore[no-untyped-def]
    web, make_center, qtbot, tmp_path, monkeypatch, output_dir
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    app = Application(
        id="org.example.Remote",
        name=LocalizedText.untranslated("Remote"),
        summary=LocalizedText.untranslated("Screenshots on the web"),
        categories=("Utility",),
        packages=(Package("remote", "1", "amd64", "test"),),
        screenshots=(
            Screenshot(
                (ScreenshotImage(f"{web}/shot.png", 640, 400),), LocalizedText.untranslated("Good")
            ),
            Screenshot(
                (ScreenshotImage(f"{web}/missing.png", 640, 400),),
                LocalizedText.untranslated("Gone"),
            ),
        ),
    )
    catalog = write_generated_catalog(tmp_path / "appcenter.sqlite", 1, extra=(app,))
    center = make_center(catalog=str(catalog), page="app:org.example.Remote")
    view = find(center, "screenshotView")
    assert view.property("count") == 2
    cache = screenshot_cache_dir()
    assert str(cache).startswith(str(tmp_path / "cache"))
    cached = [p for p in cache.rglob("*") if p.is_file()]
    assert cached, "the screenshot was not written to the disk cache"
    good = [
        item
        for item in scene_items(center.window.contentItem())
        if item.inherits("QQuickImage") and item.property("source").toString().endswith("/shot.png")
    ]
    assert good and all(item.property("progress") == 1.0 for item in good)
    assert all(item.property("paintedWidth") > 0 for item in good)
    center.save_screenshot(output_dir / "remote-screenshot.png")
    view.setProperty("currentIndex", 1)
    from appcenter_qt.app import wait_until_idle

    assert wait_until_idle(center)
    # the carousel animates to the new screenshot: wait until it is in place
    qtbot.waitUntil(
        lambda: abs(view.property("contentX") - view.property("currentItem").x()) < 1,
        timeout=5000,
    )
    assert "Screenshot not available" in visible_texts(center)
    center.save_screenshot(output_dir / "remote-screenshot-broken.png")
