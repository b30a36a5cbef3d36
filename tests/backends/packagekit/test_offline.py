"""Offline updates against the real PackageKit daemon (dummy backend, private bus).

The daemon's Offline interface works on the machine's real files even on a private bus
(``/system-update``, ``/var/lib/PackageKit/prepared-update``…), so every test that prepares or
triggers uses ``offline_machine``: it skips on a machine with offline state of its own and
removes whatever the test left, and the session fails if anything is left at the end.

What a restart would do (``pk-offline-update`` in ``system-update.target``) cannot run here;
its outcome is the results key file, written below exactly as PackageKit documents it
(``docs/offline-updates.txt``), then read and cleared through the daemon.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path

import pytest

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.backends.packagekit.offline import (
    ACTION_FILE,
    PREPARED_FILE,
    RESULTS_FILE,
    TRIGGER_FILE,
    parse_results,
)
from appcenter_qt.domain.backend import (
    ErrorKind,
    OfflineAction,
    OfflineUpdates,
    PackageEvent,
    PackageState,
    TransactionEvent,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.updates import SystemUpdateMode
from appcenter_qt.services.updater import (
    apply_ids,
    cancel_offline,
    clear_offline_results,
    fetch_updates,
    offline_results,
    offline_status,
    trigger_offline,
)

POWERTOP = "powertop;1.8-1.fc8;i386;fedora"
KERNEL = "kernel;2.6.23-0.115.rc3.git1.fc8;i386;installed"


def write_results(text: str) -> None:
    """What pk-offline-update writes after the restart (a GKeyFile)."""
    RESULTS_FILE.write_text("[PackageKit Offline Update Results]\n" + text)


def test_results_file_parsing() -> None:
    ok = parse_results(
        b"[PackageKit Offline Update Results]\nSuccess=true\n"
        b"Packages=upower;0.9.16-1.fc17;x86_64;updates,zif;0.3.0-1.fc17;x86_64;updates\n",
        12.0,
    )
    assert ok is not None and ok.success and ok.finished_at == 12.0
    assert ok.packages == ("upower;0.9.16-1.fc17;x86_64;updates", "zif;0.3.0-1.fc17;x86_64;updates")
    failed = parse_results(
        b"[PackageKit Offline Update Results]\nSuccess=false\nErrorCode=no-network\n"
        b"ErrorDetails=mirror\\sdown\\nretry\nPackages=bad id,zif;1;x86_64;u\n"
    )
    assert failed is not None and not failed.success
    assert failed.error is ErrorKind.NETWORK and failed.code == "no-network"
    assert failed.details == "mirror down\nretry"
    assert failed.packages == ("zif;1;x86_64;u",)  # an invalid id is dropped
    assert parse_results(b"[Other]\nSuccess=true\n") is None
    odd = parse_results(b"[PackageKit Offline Update Results]\nSuccess=false\nErrorCode=??\n")
    assert odd is not None and odd.error is ErrorKind.FAILED


def test_full_offline_cycle_against_the_daemon(packagekit_stack, offline_machine) -> None:  # type: ignore[no-untyped-def]
    stack = packagekit_stack()
    backend = PackageKitBackend(stack.address)
    assert isinstance(backend, OfflineUpdates)

    async def cycle() -> None:
        try:
            # check
            updates = await fetch_updates(backend)
            assert {POWERTOP, KERNEL} <= {u.package_id for u in updates}
            status = await offline_status(backend)
            assert status is not None and not status.is_prepared and not status.triggered
            with pytest.raises(BackendError):  # nothing prepared: the daemon refuses
                await trigger_offline(backend)
            assert not os.path.lexists(TRIGGER_FILE)

            # download only: prepared, nothing installed
            result = await apply_ids(backend, [POWERTOP, KERNEL], SystemUpdateMode.OFFLINE)
            assert result.prepared == (POWERTOP, KERNEL)
            assert result.finished == [] and result.restart == []
            status = await offline_status(backend)
            assert status is not None and set(status.prepared) == {POWERTOP, KERNEL}
            assert not status.triggered and PREPARED_FILE.exists()

            # trigger: reboot, then power-off
            await trigger_offline(backend, OfflineAction.REBOOT)
            status = await offline_status(backend)
            assert status is not None and status.triggered
            assert status.action is OfflineAction.REBOOT
            assert os.readlink(TRIGGER_FILE) == str(PREPARED_FILE)
            assert ACTION_FILE.read_text() == "reboot"
            await trigger_offline(backend, OfflineAction.POWER_OFF)
            status = await offline_status(backend)
            assert status is not None and status.action is OfflineAction.POWER_OFF

            # cancel: no trigger left; the download stays prepared
            await cancel_offline(backend)
            status = await offline_status(backend)
            assert status is not None and not status.triggered and status.action is None
            assert not os.path.lexists(TRIGGER_FILE) and not ACTION_FILE.exists()
            assert status.is_prepared

            # results of "the last boot": shown, then cleared through the daemon
            write_results("Success=false\nErrorCode=gpg-failure\nErrorDetails=bad key\n")
            found = await offline_results(backend)
            assert found is not None and not found.success
            assert found.error is ErrorKind.FAILED and found.code == "gpg-failure"
            assert found.details == "bad key" and found.finished_at > 0
            await clear_offline_results(backend)
            assert not RESULTS_FILE.exists()
            assert await offline_results(backend) is None

            # a new trigger clears the results of an older one (PackageKit's rule)
            write_results(f"Success=true\nPackages={POWERTOP}\n")
            done = await offline_results(backend)
            assert done is not None and done.success and done.packages == (POWERTOP,)
            await trigger_offline(backend)
            assert not RESULTS_FILE.exists()
            await cancel_offline(backend)
        finally:
            with contextlib.suppress(BackendError):
                await backend.cancel_offline()
            await backend.aclose()

    asyncio.run(cycle())
    assert not os.path.lexists(TRIGGER_FILE)


def test_live_mode_and_sources_without_offline_updates_update_at_once(
    packagekit_stack, offline_machine
) -> None:  # type: ignore[no-untyped-def]
    stack = packagekit_stack()
    backend = PackageKitBackend(stack.address)

    async def run() -> None:
        try:
            seen: list[TransactionEvent] = []
            result = await apply_ids(backend, [POWERTOP], SystemUpdateMode.LIVE, seen.append)
            assert result.prepared == ()
            states = {e.state for e in seen if isinstance(e, PackageEvent)}
            assert PackageState.UPDATING in states  # UpdatePackages ran for real
            status = await backend.offline_status()
            assert not status.is_prepared  # a live update prepares nothing
        finally:
            await backend.aclose()

    asyncio.run(run())
    assert not Path(PREPARED_FILE).exists()
