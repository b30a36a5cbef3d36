"""The Updates page under a policy: an administrator's lock greys the offline/live box out
and holds it, and the line about what the policy updated by itself (a real record in
``$XDG_STATE_HOME``) is shown after the page's check, against the real dummy packagekitd."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("dbus_next")

from appcenter_qt.services.auto_update import AutoUpdateRecord, save_record
from tests.models.catalogs import write_generated_catalog
from tests.ui.test_scenes import find
from tests.ui.test_updates_page import HTML_VIEWER, LONG, POWERTOP


def test_a_locked_mode_and_the_automatic_line(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, qtbot, tmp_path: Path, monkeypatch, output_dir
) -> None:
    from appcenter_qt.backends.packagekit import PackageKitBackend

    system = tmp_path / "system" / "appcenter-qt"
    system.mkdir(parents=True)
    (system / "appcenter-qt.conf").write_text(
        "[updates]\nlocked = systemUpdates\nsystemUpdates = live\n"
    )
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(tmp_path / "system"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    save_record(AutoUpdateRecord(1_764_900_000.0, ("Hello", "Mines", "Maps"), 4))
    catalog = write_generated_catalog(
        tmp_path / "appcenter.sqlite", 3, extra=(HTML_VIEWER, POWERTOP)
    )

    center = make_center(
        backend=PackageKitBackend(packagekit_bus), reason="", catalog=str(catalog), page="updates"
    )
    offline = center.updates.offline
    check = find(center, "offlineModeCheck")
    assert offline.modeLocked and not check.property("enabled")
    hint = find(center, "offlineModeLockedHint")  # greyed out, and why
    assert hint.isVisible() and hint.property("text") == "Set by your administrator"
    assert not check.property("checked") and str(offline.mode) == "live"
    offline.offline = True  # the person cannot change a locked setting
    assert not offline.offline

    line = find(center, "automaticUpdatesLine")
    qtbot.waitUntil(lambda: line.isVisible(), timeout=LONG)
    assert line.property("text").startswith("3 application(s) were updated automatically on ")
    assert "2025" in line.property("text")
    center.save_screenshot(output_dir / "updates-policy-locked.png")
