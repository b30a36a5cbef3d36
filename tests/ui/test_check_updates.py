"""``appcenter-qt --check-updates`` end to end: the real dummy packagekitd on a private system
bus, a real notification server (dunst) on a private session bus, a real catalog."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.catalog.conftest import simple_app, write_catalog
from tests.notification_fixtures import notification_history, notification_tools_missing

pytestmark = pytest.mark.skipif(
    bool(notification_tools_missing()), reason=notification_tools_missing() or "ok"
)


@pytest.fixture
def catalog_file(tmp_path: Path) -> Path:
    return write_catalog(
        tmp_path / "appcenter.sqlite",
        [simple_app("org.example.Powertop", "Powertop", package="powertop", names={"de": "Strom"})],
    )


def _check(env: dict[str, str], catalog_file: Path, *extra: str) -> subprocess.CompletedProcess:
    # A state directory per run: a check recorded by an earlier test must not make this
    # one "not due" (docs/updater.md, "Checking in the background").
    env = {**env, "XDG_STATE_HOME": str(catalog_file.parent / "state")}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "appcenter_qt.app",
            "--check-updates",
            "--catalog",
            str(catalog_file),
            *extra,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def _our_notifications(dunst: dict[str, str], timeout: float = 10.0) -> list[dict[str, str]]:
    """appcenter-qt's notifications in dunst's history, once there: shown ones are closed
    (dunst keeps what is on screen out of its history) until one arrives or time is up."""
    deadline = time.monotonic() + timeout
    while True:
        subprocess.run(["dunstctl", "close-all"], env=dunst, check=True)
        entries = [e for e in notification_history(dunst) if e["appname"] == "appcenter-qt"]
        if entries or time.monotonic() > deadline:
            return entries
        time.sleep(0.05)


def test_notifies_with_the_grouping(packagekit_bus: str, dunst, catalog_file: Path) -> None:  # type: ignore[no-untyped-def]
    env = {**dunst, "DBUS_SYSTEM_BUS_ADDRESS": packagekit_bus}
    result = _check(env, catalog_file, "--locale", "C")
    assert result.returncode == 0, result.stderr
    (entry,) = _our_notifications(dunst)
    # powertop is an application; kernel and gtkhtml2 (security) are System infrastructure.
    assert entry["summary"] == "2 update(s) available, including security fixes"
    assert "Powertop" in entry["body"] and "System infrastructure: 2 package(s)" in entry["body"]
    assert "gtkhtml2" not in entry["body"]


def test_without_a_notification_server_the_notice_is_printed(
    packagekit_bus: str, session_bus: str, catalog_file: Path
) -> None:
    env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": packagekit_bus}
    env["DBUS_SESSION_BUS_ADDRESS"] = session_bus
    result = _check(env, catalog_file, "--locale", "de_DE.UTF-8")
    assert result.returncode == 0, result.stderr
    assert "Strom" in result.stdout
    assert "not shown as a notification" in result.stderr


def test_missing_daemon_exits_2(  # type: ignore[no-untyped-def]
    packagekit_stack, session_bus: str, catalog_file: Path, tmp_path: Path
) -> None:
    empty = packagekit_stack(daemon=False)
    # No Flatpak installation either (the session's test remotes would still answer).
    bare = {name: str(tmp_path / name) for name in ("FLATPAK_USER_DIR", "FLATPAK_SYSTEM_DIR")}
    env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": empty.address, **bare}
    result = _check(env, catalog_file)
    assert result.returncode == 2
    assert "PackageKit" in result.stderr and "Traceback" not in result.stderr


def test_with_packagekit_down_the_flatpak_remotes_still_answer(  # type: ignore[no-untyped-def]
    packagekit_stack, session_bus: str, catalog_file: Path, flatpak_world
) -> None:
    empty = packagekit_stack(daemon=False)
    env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": empty.address}
    result = _check(env, catalog_file)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_a_second_check_within_the_interval_does_nothing(
    packagekit_bus: str, session_bus: str, catalog_file: Path, tmp_path: Path
) -> None:
    env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": packagekit_bus}
    env["DBUS_SESSION_BUS_ADDRESS"] = session_bus
    first = _check(env, catalog_file, "--locale", "C")
    assert first.returncode == 0, first.stderr
    assert "update(s) available" in first.stdout
    stamp = catalog_file.parent / "state" / "appcenter-qt" / "last-update-check"
    recorded = stamp.read_text()
    second = _check(env, catalog_file, "--locale", "C")
    assert second.returncode == 0, second.stderr
    (line,) = second.stdout.splitlines()
    assert line.startswith("appcenter-qt: checked less than 24 h ago; next check in 14")
    assert stamp.read_text() == recorded
    # Asked for by a person: checked whatever the interval.
    forced = _check(env, catalog_file, "--locale", "C", "--force")
    assert forced.returncode == 0 and "update(s) available" in forced.stdout
