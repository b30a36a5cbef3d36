"""Closing a window frees it while the application lives: its models and their Qt objects go
at ``close()``, not at the interpreter's teardown, where they were freed in no set order (a
test process crashed at exit about one run in six with 134 closed windows' models alive)."""

from __future__ import annotations

import gc
import time
import weakref
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject

from appcenter_qt.app import AppCenter, Options, wait_until_idle
from appcenter_qt.models.first_cards import HOLD_AT_MOST_MS


def test_a_closed_window_leaves_nothing_alive(qapp, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("APPCENTER_ODRS_URL", "")
    center = AppCenter(Options(screenshot="unused.png", backend="none", page="home"), None, "")
    center.window.show()
    assert wait_until_idle(center), "the scene did not settle"
    assert center.home.featured_model.rowCount() > 0, "the home page has no cards"
    models = {
        name: value
        for name, value in vars(center).items()
        if isinstance(value, QObject) and shiboken6.ownedByPython(value)
    }
    assert {"apps", "home", "transactions", "updates", "sources", "dispatcher"} <= set(models)
    alive = {name: weakref.ref(value) for name, value in models.items()}
    window = weakref.ref(center)

    center.close()
    for value in models.values():
        assert not shiboken6.isValid(value), "a model's Qt object outlived close()"
    del center, models, value
    # the first cards' hold has a one-second timer of its own, which keeps the catalog
    # worker (and its dispatcher) until it fires; nothing else may outlive the close
    deadline = time.monotonic() + 3 * HOLD_AT_MOST_MS / 1000
    while time.monotonic() < deadline:
        gc.collect()
        qapp.processEvents()
        if window() is None and all(ref() is None for ref in alive.values()):
            break
        time.sleep(0.05)

    assert window() is None, "the closed window is still referenced"
    assert [name for name, ref in alive.items() if ref() is not None] == []


def test_closing_twice_is_harmless(qapp, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("APPCENTER_ODRS_URL", "")
    center = AppCenter(Options(screenshot="unused.png", backend="none", page="browse"), None, "")
    assert wait_until_idle(center)
    center.close()
    center.close()  # the application's aboutToQuit after a close of its own
    assert not shiboken6.isValid(center.apps)
