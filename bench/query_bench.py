#!/usr/bin/env python3
"""``appcenter-query`` from the first millisecond, next to ``appstreamcli`` (run by hand).

    .venv/bin/python bench/query_bench.py --catalog CAT.sqlite [--runs 7] [--query TEXT]…

Measures, in one run on one machine, each figure with the load average beside it (other
jobs share the cores; ``/proc/loadavg`` before each block):

* whole process: ``appcenter-query --catalog CAT --json search QUERY`` (the console
  script's module, this tree first on the path) and ``appcenter-query --help``, median of
  ``--runs`` interleaved with ``appstreamcli search QUERY`` on the machine's own pool, the
  reference; each figure's ratio to the reference;
* in process: ``Catalog.list(AppQuery(text=QUERY, limit=50))`` for every query of
  ``bench/search_quality.py`` in its language (the order cache cleared before each run, as
  the GUI meets a new search text), p50 and p95;
* what reading imports: the modules of ``sqlalchemy``, ``rich``, ``appcenter_qt.backends``
  and ``appcenter_qt.extract`` that one search loads (should be none).

Targets (issue 31): whole process ≤ 150 ms median, ``--help`` ≤ 60 ms, in-process p95 ≤ 5 ms.
Build the catalog from this machine's pool first::

    APPCENTER_SYSTEM_ROOT=/ .venv/bin/appcenter-generate --system --output /tmp/cat
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

TREE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TREE))
sys.path.insert(0, str(TREE / "bench"))

from search_quality import LOCALES, QUERIES  # noqa: E402

HEAVY = ("sqlalchemy", "rich", "appcenter_qt.backends", "appcenter_qt.extract")


def load() -> str:
    return Path("/proc/loadavg").read_text(encoding="ascii").split(" ", 1)[0]


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, capture_output=True, check=False)
    return time.perf_counter() - start


def whole_process(catalog: Path, queries: list[str], runs: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(TREE), "LC_ALL": "C.UTF-8"}
    ours = [sys.executable, "-m", "appcenter_qt.cli.query"]
    print(f"whole process, median of {runs} (load {load()} before)")
    has_reference = shutil.which("appstreamcli") is not None
    if not has_reference:
        print("  appstreamcli not installed: no reference")
    rows: list[tuple[str, float, float | None]] = []
    for query in queries:
        search = [*ours, "--catalog", str(catalog), "--json", "search", query]
        reference = ["appstreamcli", "search", query]
        mine, theirs = [], []
        timed(search, env)  # first run: bytecode and page cache, not counted
        for _ in range(runs):
            mine.append(timed(search, env))
            if has_reference:
                theirs.append(timed(reference, env))
        rows.append(
            (
                f"search {query!r}",
                statistics.median(mine),
                statistics.median(theirs) if theirs else None,
            )
        )
    helps = [timed([*ours, "--help"], env) for _ in range(runs)]
    rows.append(("--help", statistics.median(helps), rows[0][2]))
    for label, mine_s, theirs_s in rows:
        ratio = f"  {mine_s / theirs_s:.2f}× appstreamcli search" if theirs_s else ""
        reference_text = f"  appstreamcli {theirs_s * 1000:6.1f} ms" if theirs_s else ""
        print(f"  {label:<28} {mine_s * 1000:6.1f} ms{reference_text}{ratio}")
    print(f"  (load {load()} after)")


def in_process(catalog: Path, runs: int) -> None:
    from appcenter_qt.catalog.queries import AppQuery, Catalog

    print(f"in process, {len(QUERIES)} queries × {runs} runs (load {load()} before)")
    catalogs: dict[str, Catalog] = {}
    times: list[float] = []
    worst: list[tuple[float, str]] = []
    for lang, query, _kind, _accepted in QUERIES:
        locale = LOCALES[lang].split(".")[0]
        reader = catalogs.get(locale) or catalogs.setdefault(locale, Catalog(catalog, locale))
        reader.list(AppQuery(text=query, limit=50))  # as the GUI: a warm reader
        mine = []
        for _ in range(runs):
            reader._order_cache.clear()
            start = time.perf_counter()
            reader.list(AppQuery(text=query, limit=50))
            mine.append(time.perf_counter() - start)
        times += mine
        worst.append((statistics.median(mine), query))
    times.sort()
    p50, p95 = times[len(times) // 2], times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"  p50 {p50 * 1000:.2f} ms  p95 {p95 * 1000:.2f} ms  (load {load()} after)")
    print("  slowest:", ", ".join(f"{q!r} {t * 1000:.1f} ms" for t, q in sorted(worst)[-4:]))


def imports(catalog: Path) -> None:
    script = (
        "import sys\n"
        "from appcenter_qt.cli.query import main\n"
        f"main(['--catalog', {str(catalog)!r}, '--json', 'search', 'gimp'])\n"
        f"heavy = {HEAVY!r}\n"
        "found = {h: sum(m == h or m.startswith(h + '.') for m in sys.modules) for h in heavy}\n"
        "print({h: n for h, n in found.items() if n}, file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "PYTHONPATH": str(TREE)},
        capture_output=True,
        text=True,
        check=False,
    )
    found = result.stderr.strip().splitlines()[-1]
    print(f"heavy modules a search imports (count per package): {found}")


def main() -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--query", action="append", help="default: video editor, gimp, jeux")
    parser.add_argument("--skip-process", action="store_true")
    args = parser.parse_args()
    if not args.skip_process:
        whole_process(args.catalog, args.query or ["video editor", "gimp", "jeux"], args.runs)
    in_process(args.catalog, max(3, args.runs))
    imports(args.catalog)
    return 0


if __name__ == "__main__":
    sys.exit(main())
