"""Offscreen QML scenes: the real Main.qml over real catalogs, rendered by Qt Quick's software
renderer (no GPU on CI). Screenshots go to ``$APPCENTER_TEST_OUTPUT`` (default
``test-output/``) so a reviewer can look at them."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtQuick import QQuickWindow, QSGRendererInterface

from appcenter_qt.app import AppCenter, Options, wait_until_idle

QQuickWindow.setGraphicsApi(QSGRendererInterface.GraphicsApi.Software)


@pytest.fixture(scope="session")
def output_dir() -> Path:
    path = Path(os.environ.get("APPCENTER_TEST_OUTPUT", "test-output")) / "ui"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def make_center(qapp, tmp_path: Path, monkeypatch) -> Iterator[Callable[..., AppCenter]]:  # type: ignore[no-untyped-def]
    """Build an AppCenter (QML loaded, window shown) and close it after the test."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    # No test talks to the public ratings server; reviews tests pass odrs_url (docs/reviews.md).
    monkeypatch.setenv("APPCENTER_ODRS_URL", "")
    built: list[AppCenter] = []

    def make(
        backend: object = None, reason: str = "no backend in this test", **options: object
    ) -> AppCenter:
        # The grid is what most scenes drive: they start on "All applications" unless they
        # ask for a page (the window's own start page is the home page).
        opts = Options(screenshot="unused.png", backend="none", page="browse")
        for key, value in options.items():
            setattr(opts, key, value)
        center = AppCenter(opts, backend, reason)
        center.window.show()
        center.window.requestActivate()
        assert wait_until_idle(center), "the scene did not settle"
        built.append(center)
        return center

    yield make
    for center in built:
        center.close()
    # Free every Qt wrapper of this test now (lambdas make reference cycles), while the
    # QApplication is alive, instead of at interpreter exit.
    built.clear()
    gc.collect()
    qapp.processEvents()
