"""The Updates page's line about automatic updates, from a real record file in a temporary
state directory, in English and through the German translation."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.models.automatic_updates import AutomaticUpdates, automatic_text
from appcenter_qt.services.auto_update import AutoUpdateRecord, save_record

WHEN = 1_764_900_000.0  # 5 Dec 2025


def test_no_record_no_line(qapp) -> None:  # type: ignore[no-untyped-def]
    assert automatic_text(None, "en") == ""


def test_the_line_counts_apps_and_names_the_day(
    qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    model = AutomaticUpdates("en")
    model.refresh()
    assert model.property("text") == ""
    save_record(AutoUpdateRecord(WHEN, ("Hello", "Mines", "Maps"), 5))
    model.refresh()
    assert model.property("text") == "3 application(s) were updated automatically on Dec 5, 2025."
    assert model.property("names") == "Hello, Mines, Maps"
    assert not model.property("failed")
    save_record(AutoUpdateRecord(WHEN, (), 0, "no network"))
    model.refresh()
    assert model.property("failed")
    assert model.property("text") == "Automatic updates failed on Dec 5, 2025: no network"
