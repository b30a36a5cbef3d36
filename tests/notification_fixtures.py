"""Fixtures for a real notification server: dunst on a private session bus under Xvfb.

Registered for the whole suite from the root ``tests/conftest.py``:

``session_bus``  a private session bus that auto-activates nothing; yields its address.
``dunst``        dunst running on ``session_bus`` (with its own Xvfb); yields the env dict
                 (``DISPLAY``, ``DBUS_SESSION_BUS_ADDRESS``) to run ``dunstctl`` with.
``notification_history(env)``  what dunst has shown, as dicts of strings.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


def notification_tools_missing() -> str:
    if shutil.which("dunst") and shutil.which("Xvfb") and shutil.which("dbus-daemon"):
        return ""
    return "needs dunst, Xvfb and dbus-daemon (installed by scripts/system-packages)"


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


def notification_history(env: dict[str, str]) -> list[dict[str, str]]:
    raw = subprocess.run(
        ["dunstctl", "history"], env=env, capture_output=True, text=True, check=True
    ).stdout
    entries = json.loads(raw)["data"][0]
    return [{key: value["data"] for key, value in entry.items()} for entry in entries]


def wait_for_history_entry(
    env: dict[str, str], notification_id: int, timeout: float = 10.0
) -> dict[str, str]:
    """The history entry of a closed notification, once dunst has moved it there."""
    deadline = time.monotonic() + timeout
    while True:
        found = [e for e in notification_history(env) if int(e["id"]) == notification_id]
        if found or time.monotonic() > deadline:
            assert len(found) == 1, f"notification {notification_id} not in dunst's history"
            return found[0]
        time.sleep(0.05)
