"""This machine's real updates, through the real ``apt`` PackageKit backend, grouped.

Marked ``integration``: it reads the real apt state (CI runs it on a throwaway machine). The
number of updates differs per machine, so the test prints the counts and checks only what
holds everywhere: every update is either on an application row or in the group, exactly once.
"""

from __future__ import annotations

import asyncio

import pytest

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.services.system_catalog import choose_catalog
from appcenter_qt.services.updater import fetch_updates, plan_updates

pytestmark = pytest.mark.integration


def test_real_updates_grouped(packagekit_stack) -> None:
    stack = packagekit_stack(backend="apt")

    async def fetch():
        backend = PackageKitBackend(stack.address, inactivity_timeout=300)
        try:
            return await asyncio.wait_for(fetch_updates(backend, details_timeout=30), 600)
        finally:
            await backend.aclose()

    updates = asyncio.run(fetch())
    with Catalog(choose_catalog(None).path, "C") as catalog:
        plan = plan_updates(updates, catalog.app_ids_for_packages, catalog.names)
    on_rows = {pid for app in plan.apps for pid in app.package_ids}
    in_group = set(plan.infrastructure.package_ids)
    assert not on_rows & in_group
    assert on_rows | in_group == {update.package_id for update in updates}
    print(
        f"\nreal updates: {len(updates)} packages -> {len(plan.apps)} application rows, "
        f"System infrastructure {plan.infrastructure.count} "
        f"(security: {plan.infrastructure.has_security})"
    )
