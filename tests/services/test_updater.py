"""The updater end to end against the real PackageKit daemon (dummy backend, private bus).

The dummy backend offers three updates (powertop, a bugfix kernel that needs a system
restart, a security gtkhtml2). It keeps state across jobs and ignores the ``simulate`` flag
(every update job "updates" its fake packages), so each test that runs an update job gets a
fresh daemon from ``packagekit_stack``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain.backend import ProgressEvent
from appcenter_qt.domain.updates import (
    CheckState,
    Selection,
    UpdateKind,
    group_check_state,
    packages_to_update,
    pulled_in,
)
from appcenter_qt.services.updater import (
    apply_selection,
    fetch_updates,
    plan_updates,
    simulate_requirements,
)
from tests.catalog.conftest import simple_app, write_catalog

POWERTOP = "powertop;1.8-1.fc8;i386;fedora"
KERNEL = "kernel;2.6.23-0.115.rc3.git1.fc8;i386;installed"
GTKHTML = "gtkhtml2;2.19.1-4.fc8;i386;fedora"


@pytest.fixture
def catalog(tmp_path: Path):
    path = write_catalog(
        tmp_path / "appcenter.sqlite",
        [
            simple_app(
                "org.example.Powertop",
                "Powertop",
                package="powertop",
                names={"de": "Stromzähler"},
            ),
            simple_app("org.example.Unrelated", "Unrelated", package="unrelated"),
        ],
    )
    with Catalog(path, "de_DE.UTF-8") as opened:
        yield opened


def _run(coroutine):
    return asyncio.run(coroutine)


async def _with_backend(address: str, body):
    backend = PackageKitBackend(address, locale="de_DE.UTF-8")
    try:
        return await body(backend)
    finally:
        await backend.aclose()


def test_real_updates_are_grouped_as_applications_and_infrastructure(
    packagekit_bus: str, catalog: Catalog
) -> None:
    updates = _run(_with_backend(packagekit_bus, fetch_updates))
    by_id = {update.package_id: update for update in updates}
    assert set(by_id) == {POWERTOP, KERNEL, GTKHTML}
    assert by_id[GTKHTML].kind is UpdateKind.SECURITY
    assert by_id[KERNEL].kind is UpdateKind.BUGFIX
    assert by_id[KERNEL].restart == "system"
    assert by_id[POWERTOP].installed_version == "1.7-1.fc8"
    assert by_id[POWERTOP].size == 103424  # GetDetails: the size of the new version
    assert by_id[POWERTOP].whats_new  # GetUpdateDetail's update text

    plan = plan_updates(updates, catalog.app_ids_for_packages, catalog.names)
    assert [(row.app_id, row.name) for row in plan.apps] == [
        ("org.example.Powertop", "Stromzähler")
    ]
    # Security first inside the group too.
    assert plan.infrastructure.package_ids == (GTKHTML, KERNEL)
    assert plan.infrastructure.has_security
    assert plan.count == 2


def test_pull_in_comes_from_a_simulated_update_and_apply_sends_exactly_the_selection(
    packagekit_stack, catalog: Catalog
) -> None:
    stack = packagekit_stack()

    async def simulate(backend):
        plan = plan_updates(await fetch_updates(backend), catalog.app_ids_for_packages)
        return await simulate_requirements(backend, plan)

    plan = _run(_with_backend(stack.address, simulate))
    # The dummy backend reports the kernel and gtkhtml2 as changing alongside powertop.
    assert plan.requires["org.example.Powertop"] == {KERNEL, GTKHTML}
    selection = Selection(frozenset({"org.example.Powertop"}))
    assert set(pulled_in(plan, selection)) == {KERNEL, GTKHTML}
    assert group_check_state(plan, selection) is CheckState.UNCHECKED

    # Only the security package of the group picked by hand: no pull-in, kernel stays.
    fresh = packagekit_stack()
    progress: list[ProgressEvent] = []
    only_gtkhtml = Selection(infrastructure=frozenset({GTKHTML}))

    async def apply(backend):
        return await apply_selection(
            backend,
            plan,
            only_gtkhtml,
            lambda e: progress.append(e) if isinstance(e, ProgressEvent) else None,
        )

    result = _run(_with_backend(fresh.address, apply))
    assert result.requested == (GTKHTML,)
    assert result.requested == packages_to_update(plan, only_gtkhtml)
    assert any(event.percent == 100 for event in progress)
    assert any(event.item for event in progress)  # per-package progress reached us


def test_slow_update_details_are_dropped_not_waited_for(packagekit_bus: str) -> None:
    async def fetch(backend):
        return await fetch_updates(backend, details_timeout=0)

    updates = _run(_with_backend(packagekit_bus, fetch))
    assert {update.package_id for update in updates} == {POWERTOP, KERNEL, GTKHTML}
    assert all(
        (update.installed_version, update.whats_new, update.size) == ("", "", 0)
        for update in updates
    )
    kinds = {update.package_id: update.kind for update in updates}
    assert kinds[GTKHTML] is UpdateKind.SECURITY  # from GetUpdates itself
