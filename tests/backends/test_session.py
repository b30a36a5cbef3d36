"""Restarting through systemd-logind (``backends/session``), and "Restart and update" through
the updater: the offline update set by the real packagekitd (dummy backend), then the restart
asked of logind. A real restart cannot be tested, so python-dbusmock's logind template stands
in for logind on the same private system bus (fault injection of a system we cannot run), and
the test reads back which calls it received."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.backends.packagekit.offline import PREPARED_FILE, TRIGGER_FILE
from appcenter_qt.backends.session import LOGIND_NAME, LOGIND_PATH, MANAGER_IFACE, restart
from appcenter_qt.domain.backend import ErrorKind, OfflineAction
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.updates import SystemUpdateMode
from appcenter_qt.services.updater import (
    apply_ids,
    fetch_updates,
    offline_status,
    restart_and_update,
)
from tests.packagekit_fixtures import PackageKitStack, mock_call, start_bus, wait_for_name

pytestmark = pytest.mark.skipif(
    not os.access("/usr/bin/dbus-daemon", os.X_OK), reason="needs dbus-daemon"
)


def _start_logind(stack: PackageKitStack) -> None:
    log = stack.directory / "logind.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "dbusmock", "--system", "--template", "logind"],
            env=stack.env,
            stdout=out,
            stderr=out,
        )
    stack.extra.append(process)
    wait_for_name(stack.address, LOGIND_NAME, process, log)


@pytest.fixture(scope="module")
def logind_bus() -> Iterator[PackageKitStack]:
    stack = start_bus()
    try:
        _start_logind(stack)
        yield stack
    finally:
        stack.stop()


def _answer(stack: PackageKitStack, question: str, answer: str) -> None:
    code = f'ret = "{answer}"'
    mock_call(stack.address, LOGIND_NAME, LOGIND_PATH, "AddMethod", "sssss",
              [MANAGER_IFACE, question, "", "s", code])  # fmt: skip
    mock_call(stack.address, LOGIND_NAME, LOGIND_PATH, "ClearCalls")


def _calls(stack: PackageKitStack) -> list[tuple[str, list[object]]]:
    (calls,) = mock_call(stack.address, LOGIND_NAME, LOGIND_PATH, "GetCalls")
    return [(str(name), [arg.value if hasattr(arg, "value") else arg for arg in args])
            for _, name, args in calls]  # fmt: skip


def _ours(stack: PackageKitStack) -> list[tuple[str, list[object]]]:
    return [call for call in _calls(stack) if call[0] != "Inhibit"]


@pytest.mark.parametrize(
    ("action", "question", "answer", "expected"),
    [
        ("reboot", "CanReboot", "yes", ("Reboot", [False])),
        ("reboot", "CanReboot", "challenge", ("Reboot", [True])),  # polkit asks the person
        ("power-off", "CanPowerOff", "yes", ("PowerOff", [False])),
    ],
)
def test_logind_is_asked_first_then_told(logind_bus, action, question, answer, expected) -> None:  # type: ignore[no-untyped-def]
    _answer(logind_bus, question, answer)
    assert asyncio.run(restart(action, bus_address=logind_bus.address)) == answer
    assert _calls(logind_bus) == [(question, []), expected]


@pytest.mark.parametrize("answer", ["na", "no"])
def test_a_refusal_is_one_line_and_no_restart(logind_bus, answer) -> None:  # type: ignore[no-untyped-def]
    _answer(logind_bus, "CanReboot", answer)
    with pytest.raises(BackendError) as refused:
        asyncio.run(restart("reboot", bus_address=logind_bus.address))
    assert refused.value.code == ErrorKind.NOT_AUTHORIZED.value
    assert f"logind CanReboot: {answer}" in str(refused.value)
    assert _calls(logind_bus) == [("CanReboot", [])]


def test_no_logind_is_daemon_missing() -> None:
    stack = start_bus()
    try:
        with pytest.raises(BackendError) as missing:
            asyncio.run(restart("reboot", bus_address=stack.address))
    finally:
        stack.stop()
    assert missing.value.code == ErrorKind.DAEMON_MISSING.value
    assert "systemd-logind is not running" in str(missing.value)


def test_restart_and_update_triggers_then_reboots(  # type: ignore[no-untyped-def]
    packagekit_stack, offline_machine
) -> None:
    stack = packagekit_stack()
    _start_logind(stack)
    backend = PackageKitBackend(stack.address)

    async def run(prepare: bool):  # type: ignore[no-untyped-def]
        try:
            if prepare:
                ids = [update.package_id for update in await fetch_updates(backend)]
                await apply_ids(backend, ids, SystemUpdateMode.OFFLINE)
            reason = await restart_and_update(
                backend, OfflineAction.REBOOT, bus_address=stack.address
            )
            return reason, await offline_status(backend)
        finally:
            await backend.aclose()

    _answer(stack, "CanReboot", "na")
    refused, status = asyncio.run(run(prepare=True))
    # logind said no: the update stays set for the next restart, and the caller hears why.
    assert "logind CanReboot: na" in refused
    assert status is not None and status.triggered
    # packagekitd itself holds a logind inhibitor while it downloads: not ours to check.
    assert _ours(stack) == [("CanReboot", [])]

    _answer(stack, "CanReboot", "yes")
    # (no new check: the dummy daemon drops a preparation when asked for updates again)
    reason, status = asyncio.run(run(prepare=False))
    assert reason == "" and status is not None and status.triggered
    assert os.readlink(TRIGGER_FILE) == str(PREPARED_FILE)
    assert _ours(stack) == [("CanReboot", []), ("Reboot", [False])]
