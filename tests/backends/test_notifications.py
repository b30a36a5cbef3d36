"""Desktop notifications against a real notification server (dunst) on a private session bus."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from appcenter_qt.backends.notifications import (
    Notification,
    close_notification,
    send_notification,
)
from appcenter_qt.errors import BackendError

pytestmark = pytest.mark.skipif(
    not (shutil.which("dunst") and shutil.which("Xvfb") and shutil.which("dbus-daemon")),
    reason="needs dunst, Xvfb and dbus-daemon (installed by .ci/run)",
)


# A session bus with no service directories: the stock session config would auto-activate
# any installed notification server (dunst ships a .service file), which hides the
# "no server" case and lets tests reach a server they did not start.
_BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def _start_session_bus(config: Path) -> tuple[str, int]:
    config.write_text(_BUS_CONFIG)
    out = subprocess.run(
        ["dbus-daemon", f"--config-file={config}", "--print-address=1", "--print-pid=1", "--fork"],
        capture_output=True,
        text=True,
        check=True,
        timeout=20,
    ).stdout.split()
    return out[0], int(out[1])


@pytest.fixture(scope="module")
def xdisplay() -> Iterator[str]:
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "640x480x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        display = ":" + pipe.readline().strip()
    yield display
    xvfb.terminate()
    xvfb.wait(timeout=10)


@pytest.fixture
def session_bus(tmp_path: Path) -> Iterator[str]:
    address, pid = _start_session_bus(tmp_path / "session-bus.conf")
    yield address
    os.kill(pid, 15)


@pytest.fixture
def dunst(xdisplay: str, session_bus: str, tmp_path: Path) -> Iterator[dict[str, str]]:
    config = tmp_path / "dunstrc"
    config.write_text("[global]\n    markup = full\n")
    env = {**os.environ, "DISPLAY": xdisplay, "DBUS_SESSION_BUS_ADDRESS": session_bus}
    proc = subprocess.Popen(
        ["dunst", "-config", str(config)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        probe = subprocess.run(
            ["dunstctl", "is-paused"], env=env, capture_output=True, text=True, check=False
        )
        if probe.returncode == 0:
            break
        time.sleep(0.1)
    else:
        proc.kill()
        pytest.fail("dunst did not come up on the private session bus")
    yield env
    proc.terminate()
    proc.wait(timeout=10)


def _history(env: dict[str, str]) -> list[dict[str, str]]:
    raw = subprocess.run(
        ["dunstctl", "history"], env=env, capture_output=True, text=True, check=True
    ).stdout
    entries = json.loads(raw)["data"][0]
    return [{key: value["data"] for key, value in entry.items()} for entry in entries]


def test_notification_reaches_the_server_with_untrusted_text_escaped(
    dunst: dict[str, str],
) -> None:
    bus = dunst["DBUS_SESSION_BUS_ADDRESS"]
    body = "Updates for <b>Mines</b> & KCalc"
    notification = Notification(summary="3 updates available", body=body)
    notification_id = asyncio.run(send_notification(notification, bus_address=bus))
    assert notification_id > 0
    asyncio.run(close_notification(notification_id, bus_address=bus))
    time.sleep(0.3)
    (entry,) = [e for e in _history(dunst) if int(e["id"]) == notification_id]
    assert entry["summary"] == "3 updates available"
    assert entry["appname"] == "appcenter-qt"
    # dunst advertises body-markup, so the body went over the bus escaped: the server's
    # rendered message shows the literal tags instead of bold text.
    assert entry["body"] == "Updates for &lt;b&gt;Mines&lt;/b&gt; &amp; KCalc"


def test_bus_without_a_notification_server_is_a_clear_error(session_bus: str) -> None:
    with pytest.raises(BackendError) as excinfo:
        asyncio.run(
            send_notification(Notification(summary="x"), bus_address=session_bus, timeout_s=5)
        )
    assert excinfo.value.code == "no-notification-server"


def test_missing_session_bus_is_a_clear_error(tmp_path: Path) -> None:
    address = f"unix:path={tmp_path / 'no-such-bus'}"
    with pytest.raises(BackendError) as excinfo:
        asyncio.run(send_notification(Notification(summary="x"), bus_address=address))
    assert excinfo.value.code == "no-session-bus"
    assert "session bus" in str(excinfo.value)
