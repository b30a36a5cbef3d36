"""Benchmark: building the catalog from this machine's AppStream pool, next to AppStream's own
cache refresh, in one run.

Measures, each in a fresh child process so peak RSS is per task (``wait4`` rusage), the
median of ``--runs`` interleaved runs:

* ``appstreamcli refresh --force``: libappstream rebuilding its cache from the same pool
  (needs root to write ``/var/cache/swcatalog``), the reference;
* ``appcenter-generate --system``: our catalog from the same pool, the installed
  applications and the package database: cold (``--no-cache``) with ``--jobs`` 1 and with all
  cores; the rebuild after a package install (nothing but the installed state changed: the
  published catalog is copied with it); a warm full build (``--strict`` always builds in
  full: the parse cache and the colour memo are used, as after a new desktop file); and
  warm right after ``appstreamcli refresh --force`` (which re-extracts the pool's icon
  directories: a full build, with the parse cache still used);
* ``first start``: ``appcenter-qt --screenshot`` with an empty cache (so it builds the
  system-pool catalog first), until the cards are rendered.

Prints the median wall seconds, the median CPU seconds (user + system, the workers included),
peak RSS, each time's ratio to the reference's, and the load average (1 min) before each
run, since other work on the machine moves wall times. Run by hand on a machine with a pool
(``apt-get update`` with DEP-11 enabled on Debian)::

    .venv/bin/python bench/system_bench.py [--runs 3] [--root /]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent


def load() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


Run = tuple[float, float, int, float]


def timed(command: list[str], env: dict[str, str] | None = None) -> Run:
    """Wall seconds, CPU seconds, peak RSS (KiB) of one child process and the load average
    before it; fails loudly if it fails."""
    before = load()
    started = time.perf_counter()
    child = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env or os.environ
    )
    assert child.stderr is not None
    _pid, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - started
    errors = child.stderr.read().decode(errors="replace")
    child.stderr.close()
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({child.returncode}): {errors.strip()[-500:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, before


def main() -> None:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", default="/")
    parser.add_argument("--no-ui", action="store_true", help="skip the first-start measurement")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from appcenter_qt.extract.pool.system_pool import discover

    pool = discover(args.root)
    if not pool.has_catalogs:
        sys.exit("no AppStream pool here (Debian: apt-get update with DEP-11 enabled)")
    size = sum(c.size for c in pool.catalogs) / 1e6
    print(f"pool: {len(pool.catalogs)} catalog file(s), {size:.1f} MB compressed:")
    for catalog in pool.catalogs:
        print(f"  {catalog.logical}")
    appstreamcli = shutil.which("appstreamcli")
    reference = os.geteuid() == 0 and appstreamcli is not None and args.root == "/"
    cores = len(os.sched_getaffinity(0))
    tasks: dict[str, list[str]] = {}
    if reference:
        tasks["appstreamcli refresh --force"] = [str(appstreamcli), "refresh", "--force"]
    work = Path(tempfile.mkdtemp(prefix="system-bench-"))
    generate = [str(BIN / "appcenter-generate"), "--system", "--quiet", "--root", args.root]
    cold = [*generate, "--no-cache"]
    tasks["--system, cold, -j 1"] = [*cold, "-j", "1", "-o", str(work / "j1")]
    tasks[f"--system, cold, -j {cores}"] = [*cold, "-j", str(cores), "-o", str(work / "jn")]
    # warm: the pool is unchanged since the last run (a rebuild after a package install).
    # Primed right before each measurement: appstreamcli refresh re-extracts apt's icon
    # tarballs into the pool's icon directories, which (rightly) invalidates the parse cache.
    # The short way (only the installed state is written again) is what the hook runs after
    # an install; --strict always builds in full, which is the rebuild after a changed desktop
    # file or icon theme, with the parse cache and the colour memo.
    warm = [*generate, "-j", str(cores), "-o", str(work / "warm")]
    installed_name = "--system, only the installed state changed"
    tasks[installed_name] = warm
    warm_name = f"--system, warm full build (parse cache), -j {cores}"
    tasks[warm_name] = [*warm, "--strict"]
    after_name = f"--system, warm after refresh --force, -j {cores}"
    if reference:
        tasks[after_name] = warm
    results: dict[str, list[Run]] = {name: [] for name in tasks}
    for _ in range(args.runs):
        for name, command in tasks.items():  # interleaved: drift hits every task alike
            if name in (warm_name, installed_name):
                timed(command)
            if name == after_name:
                timed(command)  # the cache is current, then the icons are re-extracted
                timed(tasks["appstreamcli refresh --force"])
            results[name].append(timed(command))
    if not args.no_ui:
        name = "first start (empty cache) to cards"
        results[name] = []
        for run in range(args.runs):
            env = {
                **os.environ,
                "XDG_CACHE_HOME": str(work / f"ui-cache-{run}"),
                "QT_QPA_PLATFORM": "offscreen",
                "APPCENTER_SYSTEM_ROOT": args.root,
            }
            shot = work / f"first-{run}.png"
            command = [str(BIN / "appcenter-qt"), "--backend", "none", "--screenshot", str(shot)]
            results[name].append(timed(command, env))
    shutil.rmtree(work, ignore_errors=True)

    first = results[next(iter(results))]
    base = statistics.median(r[0] for r in first)
    base_cpu = statistics.median(r[1] for r in first)
    label = "reference" if reference else "first task"
    print(f"\nmedian of {args.runs} run(s); ratio = time / {label}'s time")
    print(f"{'task':48} {'wall s':>7} {'ratio':>6} {'CPU s':>6} {'ratio':>6} {'peak RSS':>9}  load")
    for name, runs in results.items():
        seconds = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        rss = max(r[2] for r in runs) / 1024
        loads = " ".join(f"{r[3]:.1f}" for r in runs)
        print(
            f"{name:48} {seconds:7.2f} {seconds / base:6.2f} {cpu:6.2f} {cpu / base_cpu:6.2f} "
            f"{rss:5.0f} MiB  {loads}"
        )
    if not reference:
        print("(no appstreamcli reference: needs root, appstreamcli and --root /)")


if __name__ == "__main__":
    main()
