"""Every fault ends in an ErrorEvent with a user-level message and a FinishedEvent, never a hang.

With the real daemon: daemon missing, daemon killed mid-transaction (SIGKILL of its pid),
backend errors (test_fail), network error (dummy remove), a silent transaction (inactivity
timeout). With python-dbusmock, only what the real daemon cannot be made to do: polkit
refusing (root is always authorized by the real polkitd), polkit hanging, a daemon that
never answers a call, a transaction destroyed before it finished.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.backends.packagekit.errors import message_for
from appcenter_qt.domain.backend import ErrorKind, Outcome, PackageState, ProgressEvent, Status
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
    assert finished(events).exit is Outcome.FAILED
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
    assert finished(events).exit is Outcome.FAILED
    assert finished(events).code == "killed"
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
    assert finished(events).exit is Outcome.FAILED
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
    assert finished(events).exit is Outcome.FAILED
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
    assert finished(events).exit is Outcome.FAILED
    assert only_error(events).kind is ErrorKind.NOT_AUTHORIZED
    # Queries need no authorization and still work under the same polkit.
    events = run(collect(backend.resolve(["glib2"])))
    assert [p.state for p in packages(events)] == [PackageState.INSTALLED]


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
    assert finished(events).exit is Outcome.CANCELLED
    assert {e.kind for e in errors(events)} == {ErrorKind.CANCELLED}


def test_polkit_hanging_times_out_while_waiting_for_auth(packagekit_stack) -> None:
    stack = packagekit_stack("dummy", polkit="mock")
    mock_call(stack.address, *POLKIT, "SimulateHang", "b", [True])
    backend = PackageKitBackend(stack.address, inactivity_timeout=1.0)
    events = run(collect(backend.install([FOOBAR]), timeout=20))
    assert Status.WAITING in {e.status for e in progress(events)}  # for authorization
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
    assert finished(events).exit is Outcome.FAILED
    error = only_error(events)
    assert error.kind is ErrorKind.DAEMON_CRASHED
    assert "dropped" in error.details


@contextlib.contextmanager
def stopped(pid: int):
    """The process frozen with SIGSTOP (alive, socket open, answering nothing), then resumed."""
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def test_a_stopped_system_bus_is_reported_within_seconds(packagekit_stack) -> None:
    stack = packagekit_stack(daemon=False, polkit="none")
    with stopped(stack.bus_pid):
        started = time.monotonic()
        events = run(collect(PackageKitBackend(stack.address).resolve(["glib2"]), timeout=30))
        elapsed = time.monotonic() - started
    error = only_error(events)
    assert error.kind is ErrorKind.DAEMON_MISSING
    assert "5 s" in error.details and stack.address in error.details
    assert elapsed < 10


def test_a_stopped_daemon_is_reported_within_seconds(packagekit_stack) -> None:
    stack = packagekit_stack("dummy", polkit="none")
    with stopped(stack.daemon.pid):
        started = time.monotonic()
        events = run(collect(PackageKitBackend(stack.address).resolve(["glib2"]), timeout=30))
        elapsed = time.monotonic() - started
    error = only_error(events)
    assert error.kind is ErrorKind.TIMEOUT
    assert "does not answer" in error.details
    assert elapsed < 10
    # Resumed, the same daemon serves the next transaction.
    events = run(collect(PackageKitBackend(stack.address).resolve(["glib2"]), timeout=30))
    assert finished(events).success


def test_update_cli_with_a_stopped_bus_says_one_thing_quickly(packagekit_stack, tmp_path) -> None:
    from tests.catalog.conftest import simple_app, write_catalog

    catalog = write_catalog(tmp_path / "c.sqlite", [simple_app("org.example.A", "A")])
    stack = packagekit_stack(daemon=False, polkit="none")
    with stopped(stack.bus_pid):
        started = time.monotonic()
        result = subprocess.run(
            [sys.executable, "-m", "appcenter_qt.cli.update", "--catalog", str(catalog)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env={**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": stack.address, "LC_ALL": "C.UTF-8"},
        )
        elapsed = time.monotonic() - started
    assert result.returncode in (1, 2), result.stderr
    assert elapsed < 15
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Task was destroyed" not in result.stderr and "Traceback" not in result.stderr
    assert "PackageKit" in lines[0]
    # the source is named as when another one answered, with its sentence and the cause
    assert lines[0].startswith("appcenter-update: packagekit could not be asked: "), lines[0]
    assert stack.address.split(",")[0] in lines[0]  # which bus did not answer
