"""The Flatpak source against the real libflatpak and a local repo built with the real tools
(tests/flatpak_fixtures.py): install, list, remove, cancel, and the failures a user meets."""

from __future__ import annotations

import asyncio
import time

import pytest

from appcenter_qt import backends
from appcenter_qt.domain.backend import (
    ErrorEvent,
    ErrorKind,
    FinishedEvent,
    Outcome,
    PackageEvent,
    PackageState,
    ProgressEvent,
    Status,
    Transaction,
    TransactionEvent,
)
from appcenter_qt.domain.errors import BackendError
from tests.flatpak_fixtures import FlatpakWorld


def run(transaction: Transaction) -> list[TransactionEvent]:
    async def collect() -> list[TransactionEvent]:
        return [event async for event in transaction]

    return asyncio.run(collect())


def test_sources_lists_every_remote_and_its_catalog(flatpak_world: FlatpakWorld) -> None:
    names = [s.name for s in backends.available() if s.available]
    assert names[0] == "packagekit"
    assert {f"flatpak:{flatpak_world.remote}", f"flatpak:{flatpak_world.gone}"} <= set(names)
    catalogs = {c.source: c for c in backends.catalogs()}
    mine = catalogs[f"flatpak:{flatpak_world.remote}"]
    assert mine.path.endswith("appstream.xml.gz") and mine.format == "appstream-xml"
    # The vanished remote's AppStream was never pulled: it offers no catalog.
    assert f"flatpak:{flatpak_world.gone}" not in catalogs


def test_install_list_and_remove_leave_the_runtime(flatpak_world: FlatpakWorld) -> None:
    backend = backends.make(f"flatpak:{flatpak_world.remote}")
    hello = flatpak_world.ref("org.test.Hello")
    resolved = run(backend.resolve(["org.test.Hello"]))
    assert [e.package_id for e in resolved if isinstance(e, PackageEvent)] == [hello]
    assert resolved[-1] == FinishedEvent(Outcome.SUCCESS, resolved[-1].runtime_ms)
    events = run(backend.install([hello]))
    assert isinstance(events[-1], FinishedEvent) and events[-1].success, events
    # The runtime came along as a dependency, and progress spoke the neutral words.
    runtime = f"runtime/org.test.Platform/{flatpak_world.arch}/master"
    planned = [e.package_id for e in events if isinstance(e, PackageEvent)]
    assert runtime in planned and hello in planned
    assert any(isinstance(e, ProgressEvent) and e.status is Status.INSTALLING for e in events)
    assert {hello, runtime} <= flatpak_world.installed()
    try:
        listed = run(backend.get_packages(installed_only=True))
        installed = [e for e in listed if isinstance(e, PackageEvent)]
        assert [(e.state, e.package_id, e.summary) for e in installed] == [
            (PackageState.INSTALLED, hello, "Says hello")
        ]
        again = run(backend.resolve(["org.test.Hello"]))
        assert [e.state for e in again if isinstance(e, PackageEvent)] == [PackageState.INSTALLED]
    finally:
        removed = run(backend.remove([hello]))
    assert isinstance(removed[-1], FinishedEvent) and removed[-1].success, removed
    left = flatpak_world.installed()
    assert hello not in left and runtime in left  # as `flatpak uninstall` does


def test_cancel_mid_install_leaves_the_app_uninstalled(flatpak_world: FlatpakWorld) -> None:
    backend = backends.make(f"flatpak:{flatpak_world.remote}")
    notes = flatpak_world.ref("org.test.Notes")  # 24 MiB of payload to pull

    async def install_and_cancel() -> list[TransactionEvent]:
        transaction = backend.install([notes])
        seen: list[TransactionEvent] = []
        async for event in transaction:
            seen.append(event)
            if isinstance(event, ProgressEvent) and event.item == notes:
                await transaction.cancel()
        return seen

    events = asyncio.run(install_and_cancel())
    finished = events[-1]
    assert isinstance(finished, FinishedEvent) and finished.exit is Outcome.CANCELLED, events
    assert not any(isinstance(e, ErrorEvent) for e in events)
    assert notes not in flatpak_world.installed()


@pytest.mark.parametrize("gone", [True, False], ids=["vanished-remote", "unknown-id"])
def test_a_vanished_remote_and_an_unknown_id_say_which(
    flatpak_world: FlatpakWorld, gone: bool
) -> None:
    remote = flatpak_world.gone if gone else flatpak_world.remote
    backend = backends.make(f"flatpak:{remote}", inactivity_timeout=30)
    started = time.monotonic()
    events = run(backend.install([flatpak_world.ref("org.test.Nothing")]))
    assert time.monotonic() - started < 30
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert len(errors) == 1 and events[-1].exit is Outcome.FAILED  # type: ignore[union-attr]
    if gone:  # not "ref not found": the remote itself is the problem, and it is named
        assert errors[0].kind is ErrorKind.NETWORK
        assert f"“{remote}”" in errors[0].message and "cannot be reached" in errors[0].message
    else:
        assert errors[0].kind is ErrorKind.NOT_FOUND
        assert "org.test.Nothing" in errors[0].message and f"“{remote}”" in errors[0].message


def test_bad_input_is_refused_before_libflatpak(flatpak_world: FlatpakWorld) -> None:
    backend = backends.make(f"flatpak:{flatpak_world.remote}")
    with pytest.raises(BackendError, match="not a valid Flatpak ref"):
        backend.install(["app/../x86_64/stable"])
    with pytest.raises(BackendError, match="not a Flatpak remote name"):
        backends.make("flatpak:../etc")
