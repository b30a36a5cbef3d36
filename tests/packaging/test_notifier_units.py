"""The background update check's systemd user units and the tray notifier's autostart entry
pass the reference validators (``systemd-analyze --user verify``, ``desktop-file-validate``)
and say what docs/updater.md promises."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTIFIER = ROOT / "data" / "notifier"
SERVICE = "appcenter-qt-update-check.service"
TIMER = "appcenter-qt-update-check.timer"
AUTOSTART = "org.appcenter_qt.AppCenter.Notifier.desktop"
APPCENTER_QT = str(Path(sys.executable).with_name("appcenter-qt"))


def _unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read_string((NOTIFIER / name).read_text())
    return parser


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_user_units_verify(tmp_path: Path) -> None:
    units = tmp_path / "units"
    units.mkdir()
    # The service runs the appcenter-qt on systemd's search path; here, the test's own.
    text = (
        (NOTIFIER / SERVICE)
        .read_text()
        .replace("ExecStart=appcenter-qt ", f"ExecStart={APPCENTER_QT} ")
    )
    (units / SERVICE).write_text(text)
    shutil.copy(NOTIFIER / TIMER, units / TIMER)
    runtime = tmp_path / "runtime"  # a user manager needs a runtime directory, even to verify
    runtime.mkdir(mode=0o700)
    done = subprocess.run(
        ["systemd-analyze", "--user", "verify", *(str(p) for p in sorted(units.iterdir()))],
        capture_output=True,
        text=True,
        env={**os.environ, "XDG_RUNTIME_DIR": str(runtime)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "", done.stderr


def test_units_say_what_the_docs_promise() -> None:
    service = _unit(SERVICE)
    assert service["Unit"]["ConditionACPower"] == "true"
    assert service["Service"]["ExecStart"] == "appcenter-qt --check-updates"
    assert service["Service"]["Type"] == "oneshot"
    timer = _unit(TIMER)
    assert timer["Timer"]["Persistent"] == "true"
    assert timer["Timer"]["RandomizedDelaySec"]
    assert timer["Install"]["WantedBy"] == "timers.target"
    docs = (ROOT / "docs" / "updater.md").read_text()
    assert f"systemctl --user enable --now {TIMER}" in docs


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_timer_calendar_is_valid() -> None:
    calendar = _unit(TIMER)["Timer"]["OnCalendar"]
    done = subprocess.run(
        ["systemd-analyze", "calendar", calendar], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_autostart_entry_validates() -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        if os.environ.get("CI"):
            pytest.fail("desktop-file-validate is missing; it is in .ci/apt-packages")
        pytest.skip("desktop-file-validate not installed")
    done = subprocess.run([tool, str(NOTIFIER / AUTOSTART)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "", done.stdout
    entry = _unit(AUTOSTART)["Desktop Entry"]
    assert entry["Exec"] == "appcenter-qt --notifier"
    assert entry["NoDisplay"] == "true"


def test_packaging_installs_them() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    install = (ROOT / "debian" / "appcenter-qt.install").read_text()
    spec = (ROOT / "packaging" / "appcenter-qt.spec").read_text()
    for name in (SERVICE, TIMER):
        assert f'"data/notifier/{name}" = "share/systemd/user/{name}"' in pyproject
        assert f"data/notifier/{name} usr/lib/systemd/user/" in install
        assert f"%{{_userunitdir}}/{name}" in spec
    assert f"data/notifier/{AUTOSTART} etc/xdg/autostart/" in install
    assert f"%{{_sysconfdir}}/xdg/autostart/{AUTOSTART}" in spec
