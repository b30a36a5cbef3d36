"""The Updates page's offline updates over the real PackageKit daemon (dummy backend).

The daemon writes the machine's real offline files even on a private bus
(``/system-update``, ``/var/lib/PackageKit/prepared-update``…): every test that can make one
uses ``offline_machine``, which skips on a machine with offline state of its own and removes
what the test left. The result of a restart (``pk-offline-update`` at boot) cannot happen
here, so it is the key file PackageKit documents, written by the test. Screenshots land in
``$APPCENTER_TEST_OUTPUT/ui`` and were looked at.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("dbus_next")

from PySide6.QtCore import QSettings

from appcenter_qt.app import ORGANIZATION, SYSTEM_UPDATES_KEY
from appcenter_qt.backends.packagekit.offline import PREPARED_FILE, RESULTS_FILE, TRIGGER_FILE
from tests.models.catalogs import write_generated_catalog
from tests.ui.scene_text import visible_texts
from tests.ui.test_scenes import find
from tests.ui.test_updates_page import (
    HTML_VIEWER,
    LONG,
    POWERTOP,
    POWERTOP_ID,
    _open,
    _ready_to_update,
)

HOSTILE = "<b>bold?</b> <a href='x'>link</a>"
# Until the lead fills in the English plural forms, Qt shows the source text's "(s)".
PREPARED_3 = re.compile(r"^3 system update(s|\(s\)) downloaded and ready to install\.$")


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("offline") / "appcenter.sqlite"
    return write_generated_catalog(path, 3, extra=(HTML_VIEWER, POWERTOP))


def test_update_all_downloads_then_restart_and_update_then_cancel(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, catalog, output_dir, offline_machine
) -> None:
    stack = packagekit_stack()
    center, finished = _ready_to_update(make_center, stack, catalog, qtbot, live=False)
    updates, offline = center.updates, center.updates.offline
    assert offline.available and offline.offline  # offline is the default
    updates.updateAll()
    center.navigation.showUpdates()
    qtbot.waitUntil(lambda: bool(finished), timeout=LONG)
    assert finished == [(True, 3)]
    assert updates.resultText == "The updates are downloaded and ready to install at restart."
    assert updates.restartText == ""  # nothing is installed yet
    qtbot.waitUntil(lambda: offline.prepared == 3 and not offline.busy, timeout=LONG)
    assert not offline.triggered and PREPARED_FILE.exists()
    assert offline.preparedNames == "gtkhtml2, kernel, powertop"
    qtbot.waitUntil(lambda: find(center, "offlinePrepared").isVisible(), timeout=5000)
    texts = visible_texts(center)
    assert any(PREPARED_3.match(text) for text in texts)
    assert find(center, "offlineRestartButton").isVisible()
    assert find(center, "offlineModeCheck").property("checked")
    center.save_screenshot(output_dir / "updates-offline-prepared.png")

    offline.restart("reboot")
    qtbot.waitUntil(lambda: offline.triggered and not offline.busy, timeout=LONG)
    assert offline.action == "reboot"
    assert os.readlink(TRIGGER_FILE) == str(PREPARED_FILE)
    qtbot.waitUntil(lambda: find(center, "offlineCancelButton").isVisible(), timeout=5000)
    assert not find(center, "offlineRestartButton").isVisible()
    assert "The updates will be installed the next time the computer restarts." in visible_texts(
        center
    )
    center.save_screenshot(output_dir / "updates-offline-triggered.png")

    offline.cancel()
    qtbot.waitUntil(lambda: not offline.triggered and not offline.busy, timeout=LONG)
    assert not os.path.lexists(TRIGGER_FILE)
    assert offline.prepared == 3  # the download stays
    qtbot.waitUntil(lambda: find(center, "offlineRestartButton").isVisible(), timeout=5000)


def test_the_last_restarts_result_is_shown_once(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, catalog, output_dir, offline_machine
) -> None:
    RESULTS_FILE.write_text(
        "[PackageKit Offline Update Results]\nSuccess=false\nErrorCode=no-network\n"
        f"ErrorDetails={HOSTILE}\nPackages={POWERTOP_ID}\n"
    )
    stack = packagekit_stack()
    center = _open(make_center, stack, catalog)
    offline = center.updates.offline
    qtbot.waitUntil(lambda: offline.hasResult and not offline.busy, timeout=LONG)
    assert not offline.resultSuccess
    assert offline.resultText.startswith(
        "The updates could not be installed while the computer restarted: "
    )
    assert offline.resultDetails == f"no-network: {HOSTILE}\npowertop"
    assert not RESULTS_FILE.exists()  # cleared at the source: shown once
    qtbot.waitUntil(lambda: find(center, "offlineResult").isVisible(), timeout=5000)
    # Untrusted details stay text: the markup is shown, not rendered.
    assert any(HOSTILE in text for text in visible_texts(center))
    center.save_screenshot(output_dir / "updates-offline-failed.png")
    offline.dismissResult()
    qtbot.waitUntil(lambda: not find(center, "offlineResult").isVisible(), timeout=5000)

    RESULTS_FILE.write_text(
        f"[PackageKit Offline Update Results]\nSuccess=true\nPackages={POWERTOP_ID}\n"
    )
    center.updates.refresh()
    qtbot.waitUntil(lambda: offline.hasResult and offline.resultSuccess, timeout=LONG)
    assert re.fullmatch(
        r"1 update(\(s\))? (was|were) installed while the computer restarted\.", offline.resultText
    )
    qtbot.waitUntil(lambda: find(center, "offlineResult").isVisible(), timeout=5000)
    center.save_screenshot(output_dir / "updates-offline-done.png")
    assert not RESULTS_FILE.exists()


def test_the_setting_chooses_live_and_is_remembered(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, qtbot, catalog
) -> None:
    from appcenter_qt.backends.packagekit import PackageKitBackend

    center = make_center(
        backend=PackageKitBackend(packagekit_bus), reason="", catalog=str(catalog), page="updates"
    )
    check = find(center, "offlineModeCheck")
    assert check.isVisible() and check.property("checked")
    assert not find(center, "offlineModeLockedHint").isVisible()  # the person's to choose
    center.updates.offline.offline = False
    qtbot.waitUntil(lambda: not check.property("checked"), timeout=5000)
    center.settings.sync()
    assert QSettings(ORGANIZATION, "appcenter-qt").value(SYSTEM_UPDATES_KEY) == "live"
    again = make_center(
        backend=PackageKitBackend(packagekit_bus), reason="", catalog=str(catalog), page="updates"
    )
    assert not again.updates.offline.offline
    assert str(again.updates.offline.mode) == "live"
