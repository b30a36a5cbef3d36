"""appcenter-pk as an admin runs it: a real process against the real daemon (dummy backend)."""

from __future__ import annotations

import asyncio
import json
import os
import pty
import signal
import subprocess
import sys
import time

from appcenter_qt.backends.packagekit.client import PK_IFACE, PK_PATH, PackageKitClient
from appcenter_qt.backends.packagekit.errors import message_for
from appcenter_qt.domain.backend import ErrorKind


def pk(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.pk", *args],
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
        env=env,
    )


def test_resolve_prints_one_line_per_package(packagekit_bus) -> None:
    result = pk("resolve", "glib2", "foobar")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split()[:2] == ["installed", "glib2-2.14.0.i386"]
    assert lines[1].split()[:2] == ["available", "foobar-1.1.0.i386"]
    assert result.stderr == ""  # queries draw no progress lines off a terminal


def test_resolve_json_and_unknown_name_exit_1(packagekit_bus) -> None:
    result = pk("--json", "resolve", "powertop", "no-such-thing")
    assert result.returncode == 1
    assert json.loads(result.stdout) == [
        {
            "id": "powertop;1.8-1.fc8;i386;fedora",
            "name": "powertop",
            "info": "installed",
            "summary": "Power consumption monitor",
        }
    ]
    assert "package not found: no-such-thing" in result.stderr


def test_invalid_name_is_a_usage_error(packagekit_bus) -> None:
    result = pk("resolve", "glib2; rm -rf /")
    assert result.returncode == 2
    assert "not a valid package name" in result.stderr
    assert "Traceback" not in result.stderr


def test_updates_json(packagekit_bus) -> None:
    result = pk("--json", "updates")
    assert result.returncode == 0, result.stderr
    assert {(p["name"], p["info"]) for p in json.loads(result.stdout)} == {
        ("powertop", "normal"),
        ("kernel", "bugfix"),
        ("gtkhtml2", "security"),
    }


def test_install_simulate_lists_changes(packagekit_bus) -> None:
    result = pk("install", "--simulate", "foobar")
    assert result.returncode == 0, result.stderr
    first = [line.split()[0] for line in result.stdout.splitlines()]
    assert {"removing", "installing", "downgrading"} <= set(first)


def test_install_prints_plain_progress_lines_off_a_terminal(packagekit_bus) -> None:
    result = pk("install", "foobar")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "installed foobar-1.1.0.i386\n"
    lines = result.stderr.splitlines()
    assert "\r" not in result.stderr
    # One line per status change or 10 % step (the daemon may skip a percentage under load).
    installing = [line for line in lines if line.endswith("% installing")]
    assert 3 <= len(installing) <= 12, lines
    assert "100% finished" in lines


def test_install_of_an_installed_package_is_refused(packagekit_bus) -> None:
    result = pk("install", "glib2")
    assert result.returncode == 1
    assert "glib2: already installed" in result.stderr


def test_remove_failure_shows_the_user_message(packagekit_bus) -> None:
    result = pk("remove", "glib2")
    assert result.returncode == 1
    assert message_for(ErrorKind.NETWORK) in result.stderr


def test_no_daemon_exits_1_with_the_user_message(packagekit_stack) -> None:
    stack = packagekit_stack(daemon=False, polkit="none")
    result = pk("updates", env=stack.env)
    assert result.returncode == 1
    assert message_for(ErrorKind.DAEMON_MISSING) in result.stderr


def test_progress_bar_on_a_terminal(packagekit_bus) -> None:
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "appcenter_qt.cli.pk", "install", "libawesome"],
        stdout=subprocess.PIPE,
        stderr=follower,
        stdin=subprocess.DEVNULL,
    )
    os.close(follower)
    chunks: list[bytes] = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 0
    assert out.decode() == "installed libawesome-42.i386\n"
    drawn = b"".join(chunks).decode()
    assert drawn.count("\r[") > 20  # redrawn in place, not one line per step
    assert "] 100%" in drawn and "#" * 10 in drawn


def test_ctrl_c_cancels_the_daemons_transaction(packagekit_bus) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "appcenter_qt.cli.pk", "install", "foobar"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    for line in process.stderr:
        if "download" in line:  # the install is running on the daemon
            break
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert "interrupted" in err

    async def running() -> list:
        client = PackageKitClient(packagekit_bus)
        try:
            (paths,) = await client.call(PK_PATH, PK_IFACE, "GetTransactionList")
            return paths
        finally:
            await client.close()

    # Uncancelled, the dummy install would run for ~9 more seconds.
    deadline = time.monotonic() + 5
    while asyncio.run(running()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert asyncio.run(running()) == []
