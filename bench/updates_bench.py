#!/usr/bin/env python3
"""Updater benchmark: grouping 5,000 updates against a 60,000-package catalog.

Builds (once, cached in the temp dir) a catalog of 20,000 applications with three packages
each, then times the whole grouping step the Updates page runs: catalog lookup of the updated
package names, localized names of the affected apps, and :func:`build_plan`. As the reference
measured in the same run it times the step every updater does anyway, PackageKit's
``GetUpdates`` on the daemon reachable on the system bus (skipped, with a note, if none is;
``DBUS_SYSTEM_BUS_ADDRESS`` points it at another bus).

Run by hand: ``.venv/bin/python bench/updates_bench.py [--updates N] [--apps N]``.
Target (issue 9): grouping < 100 ms for 5,000 updates. It also times the Updates page's row
building, which runs on every tick and should fit in one frame.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Application, LocalizedText, Package
from appcenter_qt.domain.updates import PackageUpdate, Selection, UpdateKind, UpdatePlan, build_plan
from appcenter_qt.models.update_rows import build_rows
from appcenter_qt.services.updater import plan_updates

PACKAGES_PER_APP = 3


def build_catalog(path: Path, apps: int) -> None:
    if path.exists():
        return
    with CatalogWriter(path, origin="bench") as writer:
        for n in range(apps):
            writer.add(
                Application(
                    id=f"org.bench.App{n}",
                    name=LocalizedText({"C": f"App {n}", "de": f"Anwendung {n}"}),
                    summary=LocalizedText.untranslated("A benchmark application"),
                    packages=tuple(
                        Package(f"app{n}-part{k}", "1.0", "amd64") for k in range(PACKAGES_PER_APP)
                    ),
                )
            )


def synthetic_updates(count: int, apps: int, rng: random.Random) -> list[PackageUpdate]:
    """Half application packages, half infrastructure packages the catalog does not know."""
    kinds = list(UpdateKind)
    updates = []
    for n in range(count):
        if n % 2:
            name = f"app{rng.randrange(apps)}-part{rng.randrange(PACKAGES_PER_APP)}"
        else:
            name = f"lib{n}-infra"
        updates.append(
            PackageUpdate(
                f"{name};2.0-{n};amd64;bench", rng.choice(kinds), name=name, new_version=f"2.0-{n}"
            )
        )
    return updates


def time_grouping(catalog: Catalog, updates: list[PackageUpdate], rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        plan = plan_updates(updates, catalog.app_ids_for_packages, catalog.names)
        times.append((time.perf_counter() - start) * 1000)
    assert plan.count > 0
    return times


def time_build_plan_only(updates: list[PackageUpdate], lookup: dict, rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        build_plan(updates, lookup)
        times.append((time.perf_counter() - start) * 1000)
    return times


def time_rows(plan: UpdatePlan, rounds: int) -> tuple[list[float], list[float]]:
    """The Updates page rebuilds its rows on every tick: collapsed, and with the group open.
    Every app pulls in three infrastructure packages (as a simulation would report)."""
    infra = plan.infrastructure.package_ids
    requires = {app.app_id: infra[n % len(infra) :][:3] for n, app in enumerate(plan.apps)}
    plan = plan.with_requires(requires)
    # Half the apps ticked, the group unticked: the most notes to work out.
    selection = Selection(frozenset(app.app_id for app in plan.apps[::2]))
    collapsed, expanded = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        build_rows(plan, selection)
        collapsed.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        build_rows(plan, selection, expanded={plan.infrastructure.key})
        expanded.append((time.perf_counter() - start) * 1000)
    return collapsed, expanded


async def time_get_updates() -> tuple[float, int] | None:
    """PackageKit's own ``GetUpdates`` on the system bus's daemon: (ms, updates)."""
    try:
        from appcenter_qt import backends
        from appcenter_qt.domain.backend import PackageEvent

        backend = backends.make("packagekit")
        try:
            start = time.perf_counter()
            found = 0
            async with asyncio.timeout(120):
                async for event in backend.get_updates():
                    found += isinstance(event, PackageEvent)
            return (time.perf_counter() - start) * 1000, found
        finally:
            await backend.aclose()
    except Exception as error:  # any failure only means "no reference here"
        print(f"  (no PackageKit reference: {type(error).__name__}: {error})")
        return None


def main() -> None:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=5000)
    parser.add_argument("--apps", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    path = Path(tempfile.gettempdir()) / f"appcenter-updates-bench-{args.apps}.sqlite"
    start = time.perf_counter()
    build_catalog(path, args.apps)
    print(
        f"catalog: {args.apps} apps, {args.apps * PACKAGES_PER_APP} packages "
        f"({time.perf_counter() - start:.1f} s to build or open)"
    )
    rng = random.Random(9)
    updates = synthetic_updates(args.updates, args.apps, rng)
    with Catalog(path, "de") as catalog:
        lookup = catalog.app_ids_for_packages({u.name for u in updates})
        full = time_grouping(catalog, updates, args.rounds)
        plan = plan_updates(updates, catalog.app_ids_for_packages, catalog.names)
    pure = time_build_plan_only(updates, lookup, args.rounds)
    print(
        f"grouping {args.updates} updates, with catalog lookups: "
        f"median {statistics.median(full):.1f} ms, max {max(full):.1f} ms (target < 100 ms)"
    )
    print(f"  of which build_plan alone: median {statistics.median(pure):.1f} ms")
    collapsed, expanded = time_rows(plan, args.rounds)
    print(
        f"page rows for {len(plan.apps)} apps + {plan.infrastructure.count} system packages "
        f"(rebuilt on every tick): median {statistics.median(collapsed):.1f} ms collapsed, "
        f"{statistics.median(expanded):.1f} ms expanded (target < 16 ms: one frame)"
    )
    reference = asyncio.run(time_get_updates())
    if reference is not None:
        elapsed, found = reference
        print(
            f"reference, PackageKit GetUpdates on this machine ({found} updates): "
            f"{elapsed:.0f} ms; grouping 5,000 updates takes "
            f"{statistics.median(full) / elapsed:.1%} of that"
        )


if __name__ == "__main__":
    main()
