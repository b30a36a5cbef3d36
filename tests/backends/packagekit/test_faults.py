"""Every fault ends in an ErrorEvent with a user-level message and a FinishedEvent, never a hang.

With the real daemon: daemon missing, daemon killed mid-transaction (SIGKILL of its pid),
backend errors (test_fail), network error (dummy remove), a silent transaction (inactivity
timeout). With python-dbusmock, only what the real daemon cannot be made to do: polkit
refusing (root is always authorized by the real polkitd), polkit hanging, a daemon that
never answers a call, a transaction destroyed before it finished.
"""

from __future__ import annotations

import asyncio
import os
import signal

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.backends.packagekit.errors import message_for
from appcenter_qt.domain.backend import ErrorKind, PackageInfo, ProgressEvent
from tests.packagekit_fixtures import mock_call, start_mock

from .helpers import collect, errors, finished, packages, progress

FOOBAR = "foobar;1.1.0;i386;debian"
POLKIT = ("org.freedesktop.PolicyKit1", "/org/freedesktop/PolicyKit1/Authority")
PK = ("org.freedesktop.PackageKit", "/org/freedesktop/PackageKit", "org.freedesktop.PackageKit")


def run(coro):
    return asyncio.run(coro)


def only_error(events):
    (error,) = errors(events)
    assert error.message == message_for(error.kind)
    return error


def test_no_packagekit_on_the_bus_is_daemon_missing(packagekit_stack) -> None:
    stack = packagekit_stack(daemon=False, polkit="none")
    events = run(collect(PackageKitBackend(stack.address).resolve(["glib2"]), timeout=10))
    assert finished(events).exit == "failed"
    error = only_error(events)
    assert error.kind is ErrorKind.DAEMON_MISSING
    assert "ServiceUnknown" in error.details


def test_no_system_bus_at_all_is_daemon_missing(tmp_path) -> None:
    address = f"unix:path={tmp_path}/no-bus-here"
    events = run(collect(PackageKitBackend(address).get_updates(), timeout=10))
    error = only_error(events)
    assert error.kind is ErrorKind.DAEMON_MISSING
    assert str(tmp_path) in error.details


def test_daemon_killed_mid_install_is_daemon_crashed(packagekit_stack) -> None:
    stack = packagekit_stack("dummy")
    killed: list[int] = []

    def on_event(event) -> None:
        if isinstance(event, ProgressEvent) and (event.percent or 0) >= 3 and not killed:
            os.kill(stack.daemon.pid, signal.SIGKILL)
            killed.append(stack.daemon.pid)

    events = run(collect(PackageKitBackend(stack.address).install([FOOBAR]), on_event, 30))
    assert killed
    assert finished(events).exit == "killed"
    error = only_error(events)
    assert error.kind is ErrorKind.DAEMON_CRASHED
    assert max(e.percent or 0 for e in progress(events)) < 100


def test_the_bus_dying_mid_install_is_daemon_crashed(packagekit_stack) -> None:
    stack = packagekit_stack("dummy")
    killed: list[int] = []

    def on_event(event) -> None:
        if isinstance(event, ProgressEvent) and (event.percent or 0) >= 3 and not killed:
            os.kill(stack.bus_pid, signal.SIGKILL)
            killed.append(stack.bus_pid)

    events = run(collect(PackageKitBackend(stack.address).install([FOOBAR]), on_event, 30))
    assert killed
    error = only_error(events)
    assert error.kind is ErrorKind.DAEMON_CRASHED
    assert "connection was lost" in error.details


def test_backend_error_codes_arrive_as_events(packagekit_stack) -> None:
    stack = packagekit_stack("test_fail")
    events = run(collect(PackageKitBackend(stack.address).search_names(["anything"])))
    assert finished(events).exit == "failed"
    error = only_error(events)
    assert (error.kind, error.code, error.details) == (
        ErrorKind.FAILED,
        "internal-error",
        "Error number 1",
    )


def test_a_silent_transaction_times_out(packagekit_bus) -> None:
    # The dummy GetUpdates says nothing for a second; a 0.3 s limit makes that a hang.
    backend = PackageKitBackend(inactivity_timeout=0.3)
    events = run(collect(backend.get_updates(), timeout=10))
    assert finished(events).exit == "failed"
    error = only_error(events)
    assert error.kind is ErrorKind.TIMEOUT
    assert "0.3 s" in error.details
    # ...and the daemon is fine afterwards.
    events = run(collect(PackageKitBackend().get_updates()))
    assert finished(events).success and len(packages(events)) == 3


def test_polkit_refusal_is_not_authorized(packagekit_stack) -> None:
    stack = packagekit_stack("dummy", polkit="mock")  # the mock allows nothing by default
    backend = PackageKitBackend(stack.address)
    events = run(collect(backend.install([FOOBAR]), timeout=20))
    assert finished(events).exit == "failed"
    assert only_error(events).kind is ErrorKind.NOT_AUTHORIZED
    # Queries need no authorization and still work under the same polkit.
    events = run(collect(backend.resolve(["glib2"])))
    assert [p.info for p in packages(events)] == [PackageInfo.INSTALLED]


def test_polkit_allowing_the_action_lets_the_install_start(packagekit_stack) -> None:
    stack = packagekit_stack("dummy", polkit="mock")
    mock_call(
        stack.address,
        *POLKIT,
        "SetAllowed",
        "as",
        [["org.freedesktop.packagekit.package-install"]],
    )
    transaction = PackageKitBackend(stack.address).install([FOOBAR])

    async def on_event(event) -> None:
        if isinstance(event, ProgressEvent) and (event.percent or 0) >= 2:
            await transaction.cancel()

    events = run(collect(transaction, on_event, 30))
    assert finished(events).exit == "cancelled"
    assert {e.kind for e in errors(events)} == {ErrorKind.CANCELLED}


def test_polkit_hanging_times_out_while_waiting_for_auth(packagekit_stack) -> None:
    stack = packagekit_stack("dummy", polkit="mock")
    mock_call(stack.address, *POLKIT, "SimulateHang", "b", [True])
    backend = PackageKitBackend(stack.address, inactivity_timeout=1.0)
    events = run(collect(backend.install([FOOBAR]), timeout=20))
    assert "waiting-for-auth" in {e.status for e in progress(events)}
    assert only_error(events).kind is ErrorKind.TIMEOUT


def test_a_daemon_that_never_answers_times_out(packagekit_stack) -> None:
    stack = packagekit_stack(daemon=False, polkit="none")
    start_mock(stack, *PK)
    mock_call(
        stack.address,
        PK[0],
        PK[1],
        "AddMethod",
        "sssss",
        [PK[2], "CreateTransaction", "", "o", "__import__('time').sleep(30); ret = '/1'"],
    )
    backend = PackageKitBackend(stack.address, call_timeout=1.0)
    events = run(collect(backend.resolve(["glib2"]), timeout=10))
    error = only_error(events)
    assert error.kind is ErrorKind.TIMEOUT
    assert "CreateTransaction" in error.details


def test_a_transaction_destroyed_before_finishing_is_reported(packagekit_stack) -> None:
    stack = packagekit_stack(daemon=False, polkit="none")
    start_mock(stack, *PK)
    tx_iface = "org.freedesktop.PackageKit.Transaction"
    mock_call(
        stack.address, PK[0], PK[1], "AddMethod", "sssss",
        [PK[2], "CreateTransaction", "", "o", "ret = '/tx1'"],
    )  # fmt: skip
    destroy = f"self.EmitSignal('{tx_iface}', 'Destroy', '', [])"
    mock_call(
        stack.address, PK[0], PK[1], "AddObject", "ssa{sv}a(ssss)",
        ["/tx1", tx_iface, {}, [["SetHints", "as", "", ""], ["Resolve", "tas", "", destroy]]],
    )  # fmt: skip
    events = run(collect(PackageKitBackend(stack.address).resolve(["glib2"]), timeout=10))
    assert finished(events).exit == "failed"
    error = only_error(events)
    assert error.kind is ErrorKind.DAEMON_CRASHED
    assert "dropped" in error.details
