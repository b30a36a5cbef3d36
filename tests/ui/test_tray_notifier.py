"""``appcenter-qt --notifier``: the tray notifier's state, timer and fallback, offscreen.

The offscreen platform has no tray host, so there the notifier takes the fallback (one
desktop notification per check, sent to a real dunst); the tray path's state (visible only
while updates wait, the texts, the menu) is read from the notifier object, which holds it
whether or not a host shows it. One test asks the real dummy packagekitd."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtNetwork import QLocalSocket
from PySide6.QtWidgets import QSystemTrayIcon

from appcenter_qt.domain.backend import OfflineAction, OfflineStatus
from appcenter_qt.domain.updates import (
    AppUpdate,
    InfrastructureGroup,
    PackageUpdate,
    UpdateKind,
    UpdatePlan,
)
from appcenter_qt.services.update_check import Findings, record_check
from appcenter_qt.ui.single_instance import SingleInstance
from appcenter_qt.ui.tray_notifier import RETRY_S, TrayNotifier
from tests.catalog.conftest import simple_app, write_catalog
from tests.notification_fixtures import notification_history, notification_tools_missing

DAY = 24 * 3600.0


def _update(name: str, kind: UpdateKind = UpdateKind.NORMAL) -> PackageUpdate:
    return PackageUpdate(f"{name};2.0;x86_64;fedora", kind, name=name, new_version="2.0")


def _plan(*, security_app: bool = True, infrastructure: bool = True) -> UpdatePlan:
    apps = (
        AppUpdate("org.example.Mines", "Mines", (_update("mines"),)),
        AppUpdate(
            "org.example.Browser",
            "Browser",
            (_update("browser", UpdateKind.SECURITY if security_app else UpdateKind.BUGFIX),),
        ),
    )
    packages = (_update("glibc"), _update("openssl")) if infrastructure else ()
    return UpdatePlan(apps=apps, infrastructure=InfrastructureGroup(packages))


def _notifier(tmp_path: Path, *, tray: bool) -> TrayNotifier:
    return TrayNotifier(
        None, "C", "packagekit", tray_available=tray, stamp=tmp_path / "stamp", interval_s=DAY
    )


def test_offscreen_has_no_tray_so_the_fallback_is_taken(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert not QSystemTrayIcon.isSystemTrayAvailable()
    notifier = TrayNotifier(None, "C", stamp=tmp_path / "stamp", interval_s=DAY)
    assert notifier.tray is None
    assert notifier.property("visible") is False and notifier.property("toolTip") == ""


def test_the_tray_shows_only_while_updates_wait(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notifier = _notifier(tmp_path, tray=True)
    assert notifier.tray is not None
    assert notifier.tray.contextMenu() is notifier.menu
    assert not notifier.tray.icon().isNull()  # a theme's icon, else a drawn one
    notifier.show_findings(Findings(_plan()))
    assert notifier.property("visible") is True and notifier.tray.isVisible()
    assert notifier.property("count") == 3  # two applications and the infrastructure group
    assert notifier.property("securityCount") == 1
    assert notifier.property("title") == "3 update(s), 1 security"
    lines = notifier.property("toolTip").splitlines()
    # the security fix named first, then the rest, then the group
    assert lines == [
        "3 update(s), 1 security",
        "Browser",
        "Mines",
        "System infrastructure: 2 package(s)",
    ]
    assert notifier.tray.toolTip() == notifier.property("toolTip")

    notifier.show_findings(Findings(UpdatePlan()))
    assert notifier.property("visible") is False and not notifier.tray.isVisible()
    assert notifier.property("count") == 0 and notifier.property("toolTip") == ""


def test_without_security_fixes_the_title_is_the_count(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notifier = _notifier(tmp_path, tray=True)
    notifier.show_findings(Findings(_plan(security_app=False, infrastructure=False)))
    assert notifier.property("title") == "2 update(s)"
    assert notifier.property("securityCount") == 0


def test_menu_offers_restart_only_when_an_offline_update_is_prepared(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notifier = _notifier(tmp_path, tray=True)
    texts = [action.text() for action in notifier.menu.actions()]
    assert texts == ["Show updates", "Check now", "Restart and update"]
    assert notifier.check_action.isEnabled()
    assert not notifier.restart_action.isVisible()

    prepared = OfflineStatus(prepared=("glibc;2.0;x86_64;fedora",))
    notifier.show_findings(Findings(_plan(), prepared))
    assert notifier.property("restartReady") is True
    assert notifier.restart_action.isVisible() and notifier.restart_action.isEnabled()
    assert "Downloaded: installs at the next restart" in notifier.property("toolTip")

    triggered = OfflineStatus(
        prepared=prepared.prepared, triggered=True, action=OfflineAction.REBOOT
    )
    notifier.show_findings(Findings(_plan(), triggered))
    assert notifier.property("restartReady") is False
    assert not notifier.restart_action.isVisible()


def test_the_timer_is_armed_for_when_the_check_is_due(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notifier = _notifier(tmp_path, tray=True)
    notifier.start()
    assert 0 <= notifier.next_check_in_s() < 1  # never checked: due now
    record_check(tmp_path / "stamp", time.time() - 3600)
    notifier.start()
    assert DAY - 3600 - 60 < notifier.next_check_in_s() <= DAY - 3600 + 1  # whole seconds


def test_a_check_made_meanwhile_rearms_without_checking(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    notifier = _notifier(tmp_path, tray=True)
    outcomes: list[str] = []
    notifier.checked.connect(outcomes.append)
    record_check(tmp_path / "stamp")  # the systemd timer's --check-updates ran just now
    notifier._due()
    assert notifier.timer_firings == 1
    assert outcomes == [] and not notifier.property("checking")
    assert DAY - 60 < notifier.next_check_in_s() <= DAY + 1
    assert RETRY_S < DAY


def test_the_page_key_hands_the_updates_page_to_the_window(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = str(tmp_path / "appcenter-qt.sock")
    primary = SingleInstance(path)
    assert primary.listen()
    answers: list[str] = []
    for page, signal in (
        ("updates", primary.openRequested),
        ("app:org.example.A", primary.rejected),
        ("nowhere", primary.rejected),
        (7, primary.rejected),
    ):
        peer = QLocalSocket()
        peer.connectToServer(path)
        assert peer.waitForConnected(2000)
        with qtbot.waitSignal(signal, timeout=5000) as blocker:
            peer.write((json.dumps({"page": page}) + "\n").encode())
            peer.flush()
        qtbot.waitUntil(lambda p=peer: p.bytesAvailable() > 0, timeout=5000)
        answers.append(bytes(peer.readAll().data()).decode().strip())
        if page == "updates":
            assert blocker.args == ["updates"]
        peer.disconnectFromServer()
        qtbot.waitUntil(lambda p=peer: p.state() == QLocalSocket.LocalSocketState.UnconnectedState)
    assert answers == ["ok", "error", "error", "error"]
    qtbot.waitUntil(lambda: not primary._buffers)  # it dropped the peers that went away
    primary.close()


@pytest.mark.skipif(bool(notification_tools_missing()), reason=notification_tools_missing() or "ok")
def test_without_a_tray_each_check_sends_one_notification(  # type: ignore[no-untyped-def]
    qapp, dunst: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", dunst["DBUS_SESSION_BUS_ADDRESS"])
    notifier = _notifier(tmp_path, tray=False)
    notifier.show_findings(Findings(_plan()))
    notifier.show_findings(Findings(UpdatePlan()))  # nothing waits: nothing sent
    deadline = time.monotonic() + 10
    while True:
        subprocess.run(["dunstctl", "close-all"], env=dunst, check=True)
        ours = [e for e in notification_history(dunst) if e["appname"] == "appcenter-qt"]
        if ours or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    (entry,) = ours
    assert entry["summary"] == "3 update(s) available, including security fixes"
    assert "Mines, Browser" in entry["body"]


def test_check_now_asks_the_real_daemon(
    qtbot, packagekit_stack, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    # A daemon of its own: the session's shared dummy daemon keeps what earlier tests did to
    # its updates, and this test counts them.
    address = packagekit_stack().address
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)
    catalog = write_catalog(
        tmp_path / "appcenter.sqlite",
        [simple_app("org.example.Powertop", "Powertop", package="powertop")],
    )
    notifier = TrayNotifier(
        str(catalog),
        "C",
        "packagekit",
        tray_available=True,
        stamp=tmp_path / "stamp",
        interval_s=DAY,
    )
    with qtbot.waitSignal(notifier.checked, timeout=120_000) as blocker:
        notifier.check_now()
        assert notifier.property("checking") is True
        assert not notifier.check_action.isEnabled()
    assert blocker.args == ["found"]
    # powertop is an application; kernel and gtkhtml2 (security) are System infrastructure.
    assert notifier.property("count") == 2
    assert notifier.property("securityCount") == 1
    assert notifier.property("toolTip").splitlines()[:2] == ["2 update(s), 1 security", "Powertop"]
    assert notifier.check_action.isEnabled() and not notifier.property("checking")
    assert (tmp_path / "stamp").is_file()  # recorded: the next check is a day away
    assert DAY - 60 < notifier.next_check_in_s() <= DAY + 1
    assert os.environ.get("DBUS_SYSTEM_BUS_ADDRESS") == address


def test_one_notifier_per_user(tmp_path: Path) -> None:
    """``appcenter-qt --notifier`` itself: a second one (autostart and a manual start) exits."""
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "appcenter_qt.app", "--notifier", "--backend", "none"]
    first = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True)
    try:
        lock = runtime / "appcenter-qt-notifier.lock"
        deadline = time.monotonic() + 30
        while not lock.exists() and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert lock.exists() and first.poll() is None
        second = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
        assert second.returncode == 0
        assert second.stderr.strip() == "appcenter-qt: the update notifier is already running"
        assert first.poll() is None  # the first one keeps waiting
    finally:
        first.terminate()
        first.wait(timeout=10)


def test_restart_and_update_triggers_the_prepared_update(  # type: ignore[no-untyped-def]
    qtbot, packagekit_stack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, offline_machine
) -> None:
    """A prepared offline update (appcenter-update --offline, then --offline-cancel: downloaded,
    not set) offers "Restart and update", which sets it for the next restart through the
    real daemon (which writes the machine's real files; ``offline_machine`` removes them).

    The status is read here rather than by a check: the dummy backend reports no updates
    once they are prepared, so a check's GetUpdates makes the daemon drop the preparation
    (a real backend still lists prepared updates)."""
    import asyncio

    from appcenter_qt.backends.packagekit.offline import PREPARED_FILE, TRIGGER_FILE
    from appcenter_qt.services.source_set import SourceSet
    from appcenter_qt.services.updater import offline_status
    from tests.cli.test_update_cli import _cli

    address = packagekit_stack().address
    catalog = write_catalog(
        tmp_path / "appcenter.sqlite",
        [simple_app("org.example.Powertop", "Powertop", package="powertop")],
    )
    own = ("--source", "packagekit")
    prepared = _cli(address, "--catalog", str(catalog), *own, "--offline")
    assert prepared.returncode == 0, prepared.stderr
    assert _cli(address, *own, "--offline-cancel").returncode == 0
    assert not os.path.lexists(TRIGGER_FILE)
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", address)

    async def status() -> OfflineStatus | None:
        sources = SourceSet.choose("packagekit")
        try:
            return await offline_status(sources.combined())
        finally:
            await sources.aclose()

    found = asyncio.run(status())
    assert found is not None and len(found.prepared) == 3 and not found.triggered

    notifier = _notifier(tmp_path, tray=True)
    notifier.show_findings(Findings(_plan(), found))
    assert notifier.property("restartReady") is True
    assert notifier.restart_action.isVisible() and notifier.restart_action.isEnabled()
    with qtbot.waitSignal(notifier.checked, timeout=60_000) as blocker:
        notifier.restart_action.trigger()
    assert blocker.args == ["triggered"]
    assert os.readlink(TRIGGER_FILE) == str(PREPARED_FILE)
    assert notifier.property("restartReady") is False
    assert not notifier.restart_action.isVisible()


TRAY_HOST_RUN = """
import sys
from PySide6.QtWidgets import QApplication, QSystemTrayIcon
from pathlib import Path
app = QApplication([])
from tests.ui.test_tray_notifier import _plan
from appcenter_qt.ui.tray_notifier import TrayNotifier
from appcenter_qt.services.update_check import Findings
import time
deadline = time.monotonic() + 15  # the host may still be starting
while not QSystemTrayIcon.isSystemTrayAvailable() and time.monotonic() < deadline:
    app.processEvents()
    time.sleep(0.1)
print("available", QSystemTrayIcon.isSystemTrayAvailable())
notifier = TrayNotifier(None, "C", "packagekit", stamp=Path(sys.argv[1]), interval_s=86400.0)
notifier.show_findings(Findings(_plan()))
for _ in range(50):
    app.processEvents()
    if not notifier.tray.geometry().isEmpty():
        break
    time.sleep(0.1)
print("visible", notifier.tray.isVisible(), "embedded", not notifier.tray.geometry().isEmpty())
print("tooltip", notifier.tray.toolTip().splitlines()[0])
"""


@pytest.mark.skipif(not shutil.which("trayer"), reason="needs trayer (an X system tray host)")
def test_a_real_tray_host_shows_the_icon(xdisplay: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Under Xvfb with trayer (an XEmbed system tray) the notifier takes the tray path and
    the icon is embedded in the host."""
    env = {**os.environ, "DISPLAY": xdisplay, "QT_QPA_PLATFORM": "xcb"}
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)  # no StatusNotifierWatcher: XEmbed
    host = subprocess.Popen(["trayer", "--edge", "top"], env=env, stderr=subprocess.DEVNULL)
    try:
        done = subprocess.run(
            [sys.executable, "-c", TRAY_HOST_RUN, str(tmp_path / "stamp")],
            env={**env, "PYTHONPATH": os.pathsep.join(sys.path)},
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        host.terminate()
        host.wait(timeout=10)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "available True",
        "visible True embedded True",
        "tooltip 3 update(s), 1 security",
    ]
