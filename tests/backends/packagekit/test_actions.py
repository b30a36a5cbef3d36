"""Install, remove, refresh, updates, progress and cancel against the real packagekitd.

The dummy backend's fake packages: ``foobar;1.1.0;i386;debian`` installs in ~10 s (cancel
allowed for the first 3 s), updates take ~20 s, ``RemovePackages`` always fails with
``no-network``. Tests that change the daemon's state (updating) get their own daemon from
``packagekit_stack`` so the shared session daemon keeps its three pending updates.
"""

from __future__ import annotations

import asyncio

import pytest

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.domain.backend import (
    ErrorKind,
    Outcome,
    PackageState,
    ProgressEvent,
    RestartHint,
    Status,
    UpdateDetailEvent,
    UpdateKind,
)
from appcenter_qt.domain.errors import BackendError

from .helpers import collect, errors, finished, packages, progress

FOOBAR = "foobar;1.1.0;i386;debian"
UPDATES = {
    "powertop;1.8-1.fc8;i386;fedora": UpdateKind.NORMAL,
    "kernel;2.6.23-0.115.rc3.git1.fc8;i386;installed": UpdateKind.BUGFIX,
    "gtkhtml2;2.19.1-4.fc8;i386;fedora": UpdateKind.SECURITY,
}


def run(coro):
    return asyncio.run(coro)


def test_simulated_install_lists_what_would_change_and_changes_nothing(packagekit_bus) -> None:
    events = run(collect(PackageKitBackend().install([FOOBAR], simulate=True)))
    assert finished(events).success
    states = {p.package_id.split(";")[0]: p.state for p in packages(events)}
    assert states["powertop"] is PackageState.REMOVING
    assert states["gtk2"] is PackageState.INSTALLING
    assert states["kernel"] is PackageState.DOWNGRADING
    # A real install reports progress; a simulation answers at once, with no percentages.
    assert all(e.percent in (None, 0, 100) for e in progress(events))


def test_install_reports_progress_and_whether_it_can_be_cancelled(packagekit_bus) -> None:
    transaction = PackageKitBackend().install([FOOBAR])
    allow_cancel: dict[int, bool] = {}

    def on_event(event) -> None:
        if isinstance(event, ProgressEvent) and event.percent is not None:
            allow_cancel[event.percent] = transaction.allow_cancel

    events = run(collect(transaction, on_event))
    assert finished(events).success
    # Past 30 % the dummy backend says it is changing the system: AllowCancel goes false.
    assert {allow_cancel[p] for p in allow_cancel if 5 <= p <= 25} == {True}
    assert {allow_cancel[p] for p in allow_cancel if 40 <= p <= 90} == {False}
    percents = [e.percent for e in progress(events) if e.percent is not None]
    assert percents == sorted(percents) and percents[-1] == 100 and len(set(percents)) > 50
    assert Status.INSTALLING in {e.status for e in progress(events)}
    assert {p.package_id for p in packages(events) if p.state is PackageState.INSTALLING} >= {
        "gtkhtml2;2.19.1-4.fc8;i386;fedora"
    }
    assert not errors(events)


def test_cancel_during_download_ends_cancelled(packagekit_bus) -> None:
    transaction = PackageKitBackend().install([FOOBAR])
    sent: list[int] = []

    async def on_event(event) -> None:
        if isinstance(event, ProgressEvent) and (event.percent or 0) >= 5 and not sent:
            sent.append(event.percent or 0)
            await transaction.cancel()

    events = run(collect(transaction, on_event))
    assert sent and sent[0] < 30
    assert finished(events).exit is Outcome.CANCELLED
    (error,) = errors(events)
    assert error.kind is ErrorKind.CANCELLED and error.code == "transaction-cancelled"
    assert max(e.percent or 0 for e in progress(events)) < 30


def test_cancel_before_start_never_calls_the_method(packagekit_bus) -> None:
    async def go():
        transaction = PackageKitBackend().install([FOOBAR])
        await transaction.cancel()
        return await collect(transaction)

    events = run(go())
    assert finished(events).exit is Outcome.CANCELLED
    assert [e.kind for e in errors(events)] == [ErrorKind.CANCELLED]
    assert not packages(events)


def test_a_second_install_waits_in_the_queue_instead_of_failing(packagekit_bus) -> None:
    backend = PackageKitBackend()

    async def go():
        first = backend.install([FOOBAR])
        second = backend.install(["libawesome;42;i386;debian"])
        started = asyncio.Event()
        first_events: list = []

        async def drive_first():
            async for event in first:
                first_events.append(event)
                if isinstance(event, ProgressEvent) and (event.percent or 0) >= 2:
                    started.set()

        first_task = asyncio.create_task(drive_first())
        await asyncio.wait_for(started.wait(), 20)
        second_events: list = []

        async def drive_second():
            async for event in second:
                second_events.append(event)
                if isinstance(event, ProgressEvent) and event.status is Status.WAITING:
                    await second.cancel()

        await asyncio.wait_for(drive_second(), 30)
        await first.cancel()
        await asyncio.wait_for(first_task, 30)
        return first_events, second_events

    first_events, second_events = run(go())
    assert Status.WAITING in {e.status for e in progress(second_events)}
    assert ErrorKind.LOCKED not in {e.kind for e in errors(second_events)}
    assert finished(second_events).exit is Outcome.CANCELLED
    assert finished(first_events).exit is Outcome.CANCELLED


def test_remove_reports_the_backends_network_error(packagekit_bus) -> None:
    events = run(collect(PackageKitBackend().remove(["glib2;2.14.0;i386;fedora"])))
    assert finished(events).exit is Outcome.FAILED
    (error,) = errors(events)
    assert error.kind is ErrorKind.NETWORK
    assert error.code == "no-network"
    assert error.details == "No network connection available"
    assert "network" in error.message


def test_remove_succeeds_on_a_backend_that_allows_it(packagekit_stack) -> None:
    stack = packagekit_stack("test_succeed")
    backend = PackageKitBackend(stack.address)
    events = run(
        collect(backend.remove(["glib2;2.14.0;i386;fedora"], allow_deps=False, autoremove=True))
    )
    assert finished(events).success
    assert not errors(events)


def test_refresh_cache_reports_percentages(packagekit_bus) -> None:
    events = run(collect(PackageKitBackend().refresh_cache(force=True)))
    assert finished(events).success
    percents = [e.percent for e in progress(events) if e.percent is not None]
    assert percents[-1] == 100 and {10, 50, 90} <= set(percents)


def test_get_updates_lists_pending_updates_with_unknown_percentage(packagekit_bus) -> None:
    events = run(collect(PackageKitBackend().get_updates()))
    assert finished(events).success
    assert {p.package_id: p.update_kind for p in packages(events)} == UPDATES
    assert {p.state for p in packages(events)} == {PackageState.UPDATE}
    # The dummy backend sets percentage 101 ("unknown") for GetUpdates: never shown as 101.
    assert None in {e.percent for e in progress(events)}
    assert all(e.percent is None or 0 <= e.percent <= 100 for e in progress(events))


def test_get_update_details(packagekit_bus) -> None:
    events = run(collect(PackageKitBackend().get_update_details(list(UPDATES))))
    assert finished(events).success
    details = {e.package_id: e for e in events if isinstance(e, UpdateDetailEvent)}
    assert set(details) == set(UPDATES)
    kernel = details["kernel;2.6.23-0.115.rc3.git1.fc8;i386;installed"]
    assert kernel.restart is RestartHint.SYSTEM
    assert kernel.updates == (
        "kernel;2.6.22-0.104.rc3.git6.fc8;i386;installed",
        "kernel;2.6.22-0.105.rc3.git7.fc8;i386;installed",
    )
    assert kernel.cve_urls and "CVE-2007-3381" in kernel.cve_urls[0]
    assert kernel.issued.startswith("2008-06-28")
    assert details["powertop;1.8-1.fc8;i386;fedora"].update_text == (
        "Update to newest upstream source"
    )


def test_update_reports_item_progress_and_clears_the_updates(packagekit_stack) -> None:
    stack = packagekit_stack("dummy")
    backend = PackageKitBackend(stack.address)

    async def go():
        events = await collect(backend.update(list(UPDATES)), timeout=90)
        after = await collect(backend.get_updates())
        return events, after

    events, after = run(go())
    assert finished(events).success
    items = [e for e in progress(events) if e.item_percent is not None]
    assert {e.item for e in items} >= set(UPDATES)
    assert all(e.status is Status.DOWNLOADING and e.item_percent == 0 for e in items)
    assert PackageState.UPDATING in {p.state for p in packages(events)}
    assert finished(after).success
    assert not packages(after)


@pytest.mark.parametrize(
    "bad",
    [
        "foobar;1.1.0;i386;debian; rm -rf /",
        "foo bar;1;x86_64;repo",
        "<b>foo</b>;1;x86_64;repo",
        "foobar",
        "foo;1;x86_64;repo\nbar;2;x86_64;repo",
        "x" * 2000,
        "",
    ],
)
def test_invalid_package_ids_are_refused_before_any_dbus_call(bad: str) -> None:
    # An address nobody listens on: reaching the bus would be DAEMON_MISSING, not this.
    backend = PackageKitBackend("unix:path=/nonexistent/appcenter-test-socket")
    for operation in (backend.install, backend.remove, backend.update, backend.get_details):
        with pytest.raises(BackendError) as raised:
            operation([FOOBAR, bad])
        assert raised.value.code == ErrorKind.INVALID_INPUT
    assert backend.client._bus is None


@pytest.mark.parametrize("bad", ["foo;bar", "-rf", "a b", "", "pkg\x00", ["nested"]])
def test_invalid_names_are_refused(bad) -> None:
    backend = PackageKitBackend("unix:path=/nonexistent/appcenter-test-socket")
    with pytest.raises(BackendError) as raised:
        backend.resolve(["glib2", bad])
    assert raised.value.code == ErrorKind.INVALID_INPUT


def test_a_single_string_is_not_taken_for_a_list_of_names() -> None:
    with pytest.raises(BackendError):
        PackageKitBackend().resolve("glib2")
