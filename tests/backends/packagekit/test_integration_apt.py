"""The one end-to-end tier: PackageKit's apt backend on the private bus, changing this machine.

Runs in CI (root, throwaway machine) and here: installs Debian's ``hello`` through our client,
checks ``/usr/bin/hello``, removes it and checks it is gone; ``GetUpdates`` returns this
machine's real updates. Skips (with the reason) where the apt backend or ``hello`` is not
available, and never touches a ``hello`` that was installed before the test.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.backends.packagekit.package_id import parse_package_id
from appcenter_qt.domain.backend import (
    ErrorEvent,
    ErrorKind,
    Outcome,
    PackageState,
    ProgressEvent,
    Status,
)
from tests.packagekit_fixtures import backend_available

from .helpers import collect, errors, finished, packages

pytestmark = pytest.mark.integration
HELLO = Path("/usr/bin/hello")


def _hello_candidate() -> bool:
    if not shutil.which("apt-cache"):
        return False
    policy = subprocess.run(
        ["apt-cache", "policy", "hello"], capture_output=True, text=True, check=False
    ).stdout
    return "Candidate:" in policy and "Candidate: (none)" not in policy


@pytest.fixture
def apt_stack(packagekit_stack):
    if not backend_available("apt"):
        pytest.skip("PackageKit's apt backend (libpk_backend_apt.so) is not installed")
    return packagekit_stack("apt")


def test_install_and_remove_hello_with_the_apt_backend(apt_stack) -> None:
    if HELLO.exists():
        pytest.skip(f"{HELLO} is already installed; the test will not remove it")
    if not _hello_candidate():
        pytest.skip("apt has no candidate for 'hello' (run apt-get update)")
    backend = PackageKitBackend(apt_stack.address, inactivity_timeout=300)

    async def go():
        resolved = await collect(backend.resolve(["hello"]), timeout=300)
        available = [p for p in packages(resolved) if p.state is PackageState.AVAILABLE]
        assert available, resolved
        package_id = available[0].package_id
        simulated = await collect(backend.install([package_id], simulate=True), timeout=300)
        installed = await collect(backend.install([package_id]), timeout=600)
        present = HELLO.exists()
        removed = await collect(backend.remove([package_id]), timeout=600)
        return package_id, simulated, installed, present, removed

    try:
        package_id, simulated, installed, present, removed = asyncio.run(go())
    finally:
        if HELLO.exists():  # leave the machine as it was even if an assertion failed
            subprocess.run(["dpkg", "--purge", "hello"], capture_output=True, check=False)
    assert parse_package_id(package_id).name == "hello"
    assert finished(simulated).success
    # The simulation names what would be installed (apt marks the data "+manual:…").
    assert ("hello", PackageState.INSTALLING) in {
        (parse_package_id(p.package_id).name, p.state) for p in packages(simulated)
    }
    assert finished(installed).success, errors(installed)
    assert present, f"{HELLO} missing after a successful install"
    assert finished(removed).success, errors(removed)
    assert not HELLO.exists()


def test_another_package_manager_holding_the_lock_shows_waiting(apt_stack) -> None:
    if HELLO.exists():
        pytest.skip(f"{HELLO} is already installed; the test will not touch it")
    if not _hello_candidate():
        pytest.skip("apt has no candidate for 'hello' (run apt-get update)")
    backend = PackageKitBackend(apt_stack.address, inactivity_timeout=300)
    # Hold dpkg's locks the way apt-get does (fcntl), as if another package manager ran.
    locks = []
    for path in ("/var/lib/dpkg/lock-frontend", "/var/lib/dpkg/lock"):
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o640)
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        locks.append(fd)
    waits: list[int] = []
    errors_while_waiting: list = []

    async def go():
        resolved = await collect(backend.resolve(["hello"]), timeout=300)
        (package_id,) = [p.package_id for p in packages(resolved)]
        transaction = backend.install([package_id])

        async def on_event(event) -> None:
            if isinstance(event, ProgressEvent) and event.status is Status.WAITING:
                waits.append(1)
                if len(waits) == 3:  # it kept waiting, without an error, then we give up
                    await transaction.cancel()
            elif isinstance(event, ErrorEvent) and len(waits) < 3:
                errors_while_waiting.append(event)

        return await collect(transaction, on_event, timeout=120)

    try:
        events = asyncio.run(go())
    finally:
        for fd in locks:
            os.close(fd)
        if HELLO.exists():
            subprocess.run(["dpkg", "--purge", "hello"], capture_output=True, check=False)
    assert len(waits) >= 3
    assert not errors_while_waiting
    assert finished(events).exit is Outcome.CANCELLED
    assert {e.kind for e in errors(events)} <= {ErrorKind.LOCKED, ErrorKind.CANCELLED}
    assert not HELLO.exists()


def test_installing_a_package_apt_does_not_know_is_not_found(apt_stack) -> None:
    backend = PackageKitBackend(apt_stack.address, inactivity_timeout=300)
    missing = "appcenter-no-such-package;1.0-1;amd64;debian-stable-main"
    events = asyncio.run(collect(backend.install([missing]), timeout=300))
    assert finished(events).exit is Outcome.FAILED
    kinds = {e.kind for e in errors(events)}
    assert kinds == {ErrorKind.NOT_FOUND}, errors(events)


def test_get_updates_returns_this_machines_updates(apt_stack) -> None:
    events = asyncio.run(collect(PackageKitBackend(apt_stack.address).get_updates(), timeout=300))
    assert finished(events).success, errors(events)
    # Whatever the machine has pending: each is a valid id of an installed package's update.
    for package in packages(events):
        name = parse_package_id(package.package_id).name
        listed = subprocess.run(
            ["dpkg-query", "-W", "-f=${Status}", name], capture_output=True, text=True
        )
        assert "installed" in listed.stdout, name
        assert package.state is PackageState.UPDATE
