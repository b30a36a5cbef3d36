#!/usr/bin/env python3
"""PackageKit client benchmark: our dbus-next client vs ``pkcon`` on the same daemon.

Starts a private system bus with real polkitd + packagekitd (the test fixtures' code), then
times, alternately and ``--rounds`` times each:

* ``Resolve`` of 500 package names (installed packages from ``dpkg-query``, so every name
  resolves on the apt backend), and
* ``GetUpdates``,

through :class:`appcenter_qt.backends.packagekit.PackageKitBackend` (one process, one
connection, as the UI uses it) and through ``pkcon`` (a process per call, its usual use).
Prints the median wall time of each, the ratio pkcon / ours (> 1 means we are faster), and
the client's own CPU time (ours: this process; pkcon: the child's rusage). The daemon's work
(apt cache loading) is in both wall times and makes them noisy on a shared machine; the
client CPU time is the part that is the client's alone.

Run by hand as root: ``.venv/bin/python bench/pk_bench.py [--backend apt|dummy] [--rounds N]``.
Target (issue 7): our client is not slower than pkcon.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.domain.backend import FinishedEvent, PackageEvent
from tests.packagekit_fixtures import backend_available, packagekit_missing_reason, start_stack

DUMMY_NAMES = ["glib2", "powertop", "kernel", "gtkhtml2", "foobar", "libawesome", "vips-doc"]


def package_names(count: int, backend: str) -> list[str]:
    if backend == "dummy":
        return [DUMMY_NAMES[i % len(DUMMY_NAMES)] for i in range(count)]
    out = subprocess.run(
        ["dpkg-query", "-W", "-f=${Package}\n"], capture_output=True, text=True, check=True
    ).stdout.split()
    names = sorted(set(out))
    return [names[i % len(names)] for i in range(count)]


async def ours(backend: PackageKitBackend, what: str, names: list[str]) -> tuple[float, float, int]:
    start, cpu = time.perf_counter(), time.process_time()
    transaction = backend.resolve(names) if what == "resolve" else backend.get_updates()
    found = 0
    async for event in transaction:
        if isinstance(event, PackageEvent):
            found += 1
        elif isinstance(event, FinishedEvent) and not event.success:
            raise SystemExit(f"{what} failed: {event.exit}")
    return time.perf_counter() - start, time.process_time() - cpu, found


def theirs(env: dict[str, str], what: str, names: list[str]) -> tuple[float, float]:
    command = (
        ["pkcon", "-p", "resolve", *names] if what == "resolve" else ["pkcon", "-p", "get-updates"]
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    # pkcon exits 5 for "nothing to do" (e.g. no updates); anything else non-zero is a failure.
    if result.returncode not in (0, 5):
        raise SystemExit(f"pkcon {what} failed ({result.returncode}): {result.stderr[-500:]}")
    return elapsed, cpu


def main() -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="apt" if backend_available("apt") else "dummy")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--names", type=int, default=500)
    args = parser.parse_args()
    reason = packagekit_missing_reason()
    if reason or not shutil.which("pkcon"):
        print(f"cannot run: {reason or 'needs pkcon (apt package packagekit-tools)'}")
        return 2
    names = package_names(args.names, args.backend)
    stack = start_stack(args.backend)
    env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": stack.address}
    try:
        backend = PackageKitBackend(stack.address, inactivity_timeout=300)

        async def run_ours(what: str) -> tuple[float, int]:
            return await ours(backend, what, names)

        loop = asyncio.new_event_loop()
        loop.run_until_complete(run_ours("resolve"))  # warm the daemon's cache once
        theirs(env, "resolve", names)
        print(f"backend={args.backend} names={len(names)} rounds={args.rounds}")
        for what in ("resolve", "get-updates"):
            mine, mine_cpu, other, other_cpu, found = [], [], [], [], 0
            for round_number in range(args.rounds):
                # Alternate who goes first: the daemon's caches favour the second caller.
                order = ("ours", "pkcon") if round_number % 2 == 0 else ("pkcon", "ours")
                for who in order:
                    if who == "ours":
                        elapsed, cpu, found = loop.run_until_complete(run_ours(what))
                        mine.append(elapsed)
                        mine_cpu.append(cpu)
                    else:
                        elapsed, cpu = theirs(env, what, names)
                        other.append(elapsed)
                        other_cpu.append(cpu)
            m, o = statistics.median(mine), statistics.median(other)
            mc, oc = statistics.median(mine_cpu), statistics.median(other_cpu)
            print(
                f"{what:<12} wall: ours {m * 1000:8.1f} ms  pkcon {o * 1000:8.1f} ms  "
                f"pkcon/ours {o / m:5.2f}x | client CPU: ours {mc * 1000:6.1f} ms  "
                f"pkcon {oc * 1000:6.1f} ms  ({found} packages)"
            )
        loop.run_until_complete(backend.aclose())
        loop.close()
    finally:
        stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
