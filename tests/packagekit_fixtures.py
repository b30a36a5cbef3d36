"""Fixtures that run the real PackageKit daemon on a private system bus.

Registered for the whole suite by ``pytest_plugins = ["tests.packagekit_fixtures"]`` in the
root ``tests/conftest.py``. Other test packages (UI, updater) use them by name:

``packagekit_bus`` (session scope)
    A private system bus (``tests/dbus/system-bus.conf``) with a real ``polkitd`` and a
    real ``packagekitd --backend=dummy``. Yields the bus address and sets
    ``DBUS_SYSTEM_BUS_ADDRESS`` for the session, so ``PackageKitBackend()`` with no
    arguments talks to it. Do not kill this daemon; ask ``packagekit_stack`` for your own.

``packagekit_stack`` (function scope)
    A factory: ``packagekit_stack(backend="test_fail", polkit="real"|"mock"|"none",
    daemon=True)`` starts a fresh bus (+ polkit + daemon) for one test and returns a
    :class:`PackageKitStack` (``address``, ``daemon`` Popen, ``polkit`` Popen…). Everything it
    started is stopped by pid when the test ends. ``daemon=False`` gives a bus where
    PackageKit is not available (the "daemon missing" fault).

``start_mock(stack, name, path, interface)`` and ``mock_call(address, name, path, member,
signature, body)`` put and drive a python-dbusmock object on such a bus.

The dummy backend is deterministic (fake Fedora packages such as ``glib2``, ``powertop``,
``foobar``; an install takes ~10 s and can be cancelled in its first 3 s). The daemon runs
as root here and in CI; polkit authorizes root for everything, so a *denial* needs the
mock polkit (python-dbusmock), which is the only mock used.

``offline_machine`` (function scope)
    For tests that prepare, trigger or clear offline updates: the daemon on a private bus
    still writes the machine's real ``/system-update`` and ``/var/lib/PackageKit`` files.
    Skips when the machine has offline-update state of its own (not ours to touch; a machine
    that had some when the run started skips every daemon test, see packagekit_missing_reason);
    afterwards removes whatever the test left. ``pytest_sessionfinish`` below checks again
    at the end of the run and fails the session if such a file appeared during it.

Why the daemons are started by the fixture instead of bus-activated: activation would start
packagekitd with the distribution's default backend and a cleared environment.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

PACKAGEKITD = "/usr/libexec/packagekitd"
POLKITD = "/usr/lib/polkit-1/polkitd"
BACKEND_DIR = Path("/usr/lib/x86_64-linux-gnu/packagekit-backend")
BUS_CONFIG = Path(__file__).parent / "dbus" / "system-bus.conf"
START_TIMEOUT = 20.0


#: What PackageKit's offline updates leave on the machine (lib/pk-offline-private.h).
OFFLINE_STATE = (
    Path("/system-update"),
    Path("/var/lib/PackageKit/prepared-update"),
    Path("/var/lib/PackageKit/offline-update-action"),
    Path("/var/lib/PackageKit/offline-update-competed"),
)


def offline_state() -> dict[Path, tuple[int, int]]:
    """The offline-update files present now, with (inode, mtime) to tell a new one."""
    found = {}
    for path in OFFLINE_STATE:
        with contextlib.suppress(FileNotFoundError):
            info = path.lstat()
            found[path] = (info.st_ino, info.st_mtime_ns)
    return found


#: Taken when the test tooling is loaded, before any test runs.
_OFFLINE_AT_START = offline_state()


def _remove_new_offline_state(before: dict[Path, tuple[int, int]]) -> list[Path]:
    """Remove the offline-update files that are not as they were in ``before``."""
    removed = []
    for path, stamp in offline_state().items():
        if before.get(path) != stamp:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            removed.append(path)
    return removed


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if it left an offline update on the machine (a ``/system-update`` link
    would install updates at the next boot): removed, named, and the exit status set."""
    left = _remove_new_offline_state(_OFFLINE_AT_START)
    if left:
        names = ", ".join(str(path) for path in left)
        sys.stderr.write(f"\nERROR: the tests left offline-update state (now removed): {names}\n")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def packagekit_missing_reason() -> str | None:
    """Why the real-daemon tests cannot run here, or ``None`` if they can."""
    if not shutil.which("dbus-daemon"):
        return "needs dbus-daemon (apt package dbus-daemon, installed by scripts/system-packages)"
    if not os.access(PACKAGEKITD, os.X_OK):
        return f"needs {PACKAGEKITD} (apt package packagekit, installed by scripts/system-packages)"
    if not os.access(POLKITD, os.X_OK):
        return f"needs {POLKITD} (apt package polkitd, installed by scripts/system-packages)"
    if os.geteuid() != 0:
        return "packagekitd must run as root"
    if _OFFLINE_AT_START:
        # Even on a private bus the daemon works on these real files (a refresh drops a
        # prepared update, the Updates page clears a result): never on a machine that has some.
        names = ", ".join(str(path) for path in _OFFLINE_AT_START)
        return f"this machine has offline-update state of its own ({names}): the daemon changes it"
    return None


def backend_available(name: str) -> bool:
    return any(BACKEND_DIR.glob(f"libpk_backend_{name}.so")) or any(
        Path("/usr/lib").glob(f"*/packagekit-backend/libpk_backend_{name}.so")
    )


def _stop(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def _name_owner(address: str, name: str) -> str:
    # The project's own client, so the fixtures need no second D-Bus library.
    from appcenter_qt.backends.packagekit.client import DBUS_NAME, DBUS_PATH, PackageKitClient
    from appcenter_qt.domain.errors import BackendError

    client = PackageKitClient(address, call_timeout=5)
    try:
        (owner,) = await client.call(
            DBUS_PATH, DBUS_NAME, "GetNameOwner", "s", [name], destination=DBUS_NAME
        )
        return str(owner)
    except BackendError:
        return ""
    finally:
        await client.close()


def wait_for_name(address: str, name: str, process: subprocess.Popen, log: Path) -> str:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"{process.args[0]} exited with {process.returncode} before owning {name}:\n"
                + log.read_text(errors="replace")[-2000:]
            )
        owner = asyncio.run(_name_owner(address, name))
        if owner:
            return owner
        time.sleep(0.05)
    raise RuntimeError(f"{name} did not appear on {address} within {START_TIMEOUT:g} s")


@dataclass
class PackageKitStack:
    """Everything one private bus runs; ``stop()`` ends it all by pid."""

    directory: Path
    address: str
    bus_pid: int
    backend: str = ""
    polkit: subprocess.Popen | None = None
    daemon: subprocess.Popen | None = None
    extra: list[subprocess.Popen] = field(default_factory=list)

    @property
    def env(self) -> dict[str, str]:
        return {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": self.address}

    def daemon_log(self) -> str:
        path = self.directory / "packagekitd.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        _stop(self.daemon)
        for process in self.extra:
            _stop(process)
        _stop(self.polkit)
        if _pid_alive(self.bus_pid):
            os.kill(self.bus_pid, signal.SIGTERM)
        shutil.rmtree(self.directory, ignore_errors=True)


def start_bus() -> PackageKitStack:
    # polkitd drops to its own user and must reach the socket: a 0755 directory under
    # /tmp, not pytest's 0700 tmp_path.
    directory = Path(tempfile.mkdtemp(prefix="appcenter-pk-bus-"))
    directory.chmod(0o755)
    socket = directory / "system_bus_socket"
    out = subprocess.run(
        [
            "dbus-daemon",
            f"--config-file={BUS_CONFIG}",
            f"--address=unix:path={socket}",
            "--print-address=1",
            "--print-pid=1",
            "--fork",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=20,
    ).stdout.split()
    return PackageKitStack(directory=directory, address=out[0], bus_pid=int(out[1]))


def start_polkit(stack: PackageKitStack, kind: str = "real") -> None:
    log = stack.directory / f"polkit-{kind}.log"
    if kind == "real":
        command = [POLKITD, "--no-debug"]
    elif kind == "mock":
        command = [sys.executable, "-m", "dbusmock", "--system", "--template", "polkitd"]
    else:
        raise ValueError(f"unknown polkit kind {kind!r}")
    with log.open("wb") as out:
        stack.polkit = subprocess.Popen(command, env=stack.env, stdout=out, stderr=out)
    wait_for_name(stack.address, "org.freedesktop.PolicyKit1", stack.polkit, log)


def start_packagekitd(stack: PackageKitStack, backend: str = "dummy") -> None:
    log = stack.directory / "packagekitd.log"
    # No -v: the apt backend misbehaves with verbose logging. --disable-timer keeps an
    # idle daemon from quitting in the middle of a test session.
    command = [PACKAGEKITD, f"--backend={backend}", "--keep-environment", "--disable-timer"]
    stack.backend = backend
    for attempt in range(5):
        with log.open("wb") as out:
            stack.daemon = subprocess.Popen(command, env=stack.env, stdout=out, stderr=out)
        try:
            wait_for_name(stack.address, "org.freedesktop.PackageKit", stack.daemon, log)
            return
        except RuntimeError:
            # Every packagekitd shares /var/lib/PackageKit/transactions.db; one that is
            # starting or stopping on another test bus can hold its lock for a moment.
            if "database is locked" not in log.read_text(errors="replace") or attempt == 4:
                raise
            time.sleep(0.5 * (attempt + 1))


def start_mock(stack: PackageKitStack, name: str, path: str, interface: str) -> None:
    """A python-dbusmock object on the stack's bus (fault injection only); configure it with
    :func:`mock_call` and ``org.freedesktop.DBus.Mock`` methods such as ``AddMethod``."""
    log = stack.directory / f"mock-{name}.log"
    command = [sys.executable, "-m", "dbusmock", "--system", name, path, interface]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=stack.env, stdout=out, stderr=out)
    stack.extra.append(process)
    wait_for_name(stack.address, name, process, log)


def mock_call(
    address: str, name: str, path: str, member: str, signature: str = "", body: list | None = None
) -> list:
    """Call a method on the bus synchronously (to drive python-dbusmock from a test)."""
    from appcenter_qt.backends.packagekit.client import PackageKitClient

    async def call() -> list:
        client = PackageKitClient(address, call_timeout=10)
        try:
            return await client.call(
                path, "org.freedesktop.DBus.Mock", member, signature, body or [], destination=name
            )
        finally:
            await client.close()

    return asyncio.run(call())


def start_stack(
    backend: str = "dummy", polkit: str = "real", daemon: bool = True
) -> PackageKitStack:
    stack = start_bus()
    try:
        if polkit != "none":
            start_polkit(stack, polkit)
        if daemon:
            start_packagekitd(stack, backend)
    except BaseException:
        stack.stop()
        raise
    return stack


@pytest.fixture(scope="session")
def packagekit_bus() -> Iterator[str]:
    """The session's private system bus with real polkitd + packagekitd (dummy backend)."""
    reason = packagekit_missing_reason()
    if reason:
        pytest.skip(reason)
    stack = start_stack("dummy")
    previous = os.environ.get("DBUS_SYSTEM_BUS_ADDRESS")
    os.environ["DBUS_SYSTEM_BUS_ADDRESS"] = stack.address
    try:
        yield stack.address
    finally:
        if previous is None:
            os.environ.pop("DBUS_SYSTEM_BUS_ADDRESS", None)
        else:
            os.environ["DBUS_SYSTEM_BUS_ADDRESS"] = previous
        stack.stop()


@pytest.fixture
def packagekit_stack() -> Iterator[Callable[..., PackageKitStack]]:
    """A factory for per-test buses and daemons (see the module docstring)."""
    reason = packagekit_missing_reason()
    if reason:
        pytest.skip(reason)
    stacks: list[PackageKitStack] = []

    def make(backend: str = "dummy", polkit: str = "real", daemon: bool = True) -> PackageKitStack:
        if daemon and not backend_available(backend):
            pytest.skip(f"PackageKit backend {backend!r} is not installed")
        stack = start_stack(backend, polkit, daemon)
        stacks.append(stack)
        return stack

    yield make
    for stack in stacks:
        with contextlib.suppress(Exception):
            stack.stop()


@pytest.fixture
def offline_machine() -> Iterator[None]:
    """A machine without offline-update state, and without any once the test ends."""
    present = offline_state()
    if present:
        names = ", ".join(str(path) for path in present)
        pytest.skip(f"this machine has offline-update state of its own: {names}")
    try:
        yield
    finally:
        _remove_new_offline_state({})
