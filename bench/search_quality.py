"""Search quality and speed on a real catalog, against ``appstreamcli search`` (run by hand).

    .venv/bin/python bench/search_quality.py --catalog CAT.sqlite \\
        [--appstream-data DIR] [--baseline-tree TREE --baseline-catalog OLD.sqlite]

For each query of :data:`QUERIES` (English, German and French, typed the way people type into
a store: names, intents, typos, desktop names, category words), a hit is any accepted
application in the first five results. Reports recall@5 and MRR (reciprocal rank of the first
accepted result, 0 beyond five) for our search and for ``appstreamcli search`` on the same
machine in the same run, per query kind; in-process search latency p50/p95 (the result order
cache cleared before each run); and, with ``--baseline-*``, the same figures for another
checkout (main) on its own catalog, and the catalogs' sizes.

**The query set is judged from the metadata, not from any search output.** Accepted ids were
chosen by reading names, summaries and categories of the catalog's applications (Debian 12
main, 1,987 applications): for a specific intent, every application whose metadata says it
does that; for a bare category word ("Büro", "jeux"), any application in that category
(``category:Office``: the person asked for the category). Written before looking at our
results and not changed to fit them; a query our search misses stays in. Brand queries that
the shipped synonym table covers (``photoshop``) are marked ``synonym`` so their share is
visible. ``appstreamcli`` results are restricted to desktop applications, as both front ends
show only those (its raw output also lists add-ons first).

``--appstream-data DIR`` runs ``appstreamcli`` on that DEP-11 directory with a private cache
(``--datapath``/``--cachepath``) instead of the system pool; ``LOCPATH`` may point at
locales made with ``localedef`` when the machine has no de_DE/fr_FR locale.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The queries: language, text, kind (``name``, ``intent``, ``typo``…) and the accepted ids
#: (``category:X`` accepts any application of that category). Kept as data in
#: ``search_queries.json`` beside this script so translators and reviewers can add rows.
QUERIES: list[tuple[str, str, str, list[str]]] = [
    (row["lang"], row["query"], row["kind"], row["accepted"])
    for row in json.loads((Path(__file__).with_name("search_queries.json")).read_text("utf-8"))
]
LOCALES = {"en": "en_US.UTF-8", "de": "de_DE.UTF-8", "fr": "fr_FR.UTF-8"}
TOP = 5
RUNS = 15


def accepted_ids(catalog: Path) -> dict[str, set[str]]:
    """Query → the accepted ids, with ``category:`` entries expanded from the metadata."""
    connection = sqlite3.connect(f"file:{catalog}?mode=ro", uri=True)
    members: dict[str, set[str]] = {}
    for app_id, category in connection.execute(
        "SELECT a.app_id, c.category FROM categories c "
        "JOIN applications a ON a.id = c.application_id"
    ):
        members.setdefault(category, set()).add(app_id)
    known = {row[0] for row in connection.execute("SELECT app_id FROM applications")}
    connection.close()
    result = {}
    for _lang, query, _kind, accepted in QUERIES:
        ids: set[str] = set()
        for entry in accepted:
            if entry.startswith("category:"):
                ids |= members.get(entry.removeprefix("category:"), set())
            else:
                ids.add(entry)
        result[query] = ids & known
    return result


def score(results: dict[str, list[str]], accepted: dict[str, set[str]]) -> dict[str, dict]:
    """Per kind and overall: recall@5 and MRR."""
    by_kind: dict[str, list[tuple[int, float]]] = {}
    for _lang, query, kind, _ in QUERIES:
        top = results.get(query, [])[:TOP]
        rank = next((n for n, app in enumerate(top, 1) if app in accepted[query]), 0)
        entry = (1 if rank else 0, 1 / rank if rank else 0.0)
        by_kind.setdefault(kind, []).append(entry)
        by_kind.setdefault("all", []).append(entry)
    return {
        kind: {
            "queries": len(hits),
            "recall@5": sum(h for h, _ in hits) / len(hits),
            "mrr": sum(r for _, r in hits) / len(hits),
        }
        for kind, hits in by_kind.items()
    }


# -- our search, in this process or a child for another tree ------------------------------------
_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[4])  # before an editable install's own copy
from appcenter_qt.catalog.queries import AppQuery, Catalog
path, queries, runs = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
catalogs = {}
results, times = {}, []
for lang, locale, query in queries:
    catalog = catalogs.get(locale) or catalogs.setdefault(locale, Catalog(path, locale))
    results[query] = [a.id for a in catalog.list(AppQuery(text=query, limit=50))][:5]
    for _ in range(runs):
        catalog._order_cache.clear()
        start = time.perf_counter()
        catalog.list(AppQuery(text=query, limit=50))
        times.append(time.perf_counter() - start)
print(json.dumps({"results": results, "times": times}))
"""


def run_ours(python: str, tree: Path, catalog: Path) -> dict:
    queries = [(lang, LOCALES[lang].split(".")[0], query) for lang, query, _, _ in QUERIES]
    env = dict(os.environ)
    out = subprocess.run(
        [python, "-c", _CHILD, str(catalog), json.dumps(queries), str(RUNS), str(tree)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    return json.loads(out)


def run_appstreamcli(data: Path | None) -> tuple[dict[str, list[str]], list[float]]:
    results: dict[str, list[str]] = {}
    times: list[float] = []
    cache = Path(tempfile.mkdtemp(prefix="search-bench-as-"))
    for lang, query, _, _ in QUERIES:
        command = ["appstreamcli", "search"]
        if data is not None:
            (cache / lang).mkdir(exist_ok=True)
            command += [f"--datapath={data}", f"--cachepath={cache / lang}"]
        env = {**os.environ, "LANG": LOCALES[lang], "LC_ALL": LOCALES[lang]}
        env.pop("LANGUAGE", None)
        subprocess.run([*command, "warmup"], env=env, capture_output=True, check=False)
        start = time.perf_counter()
        out = subprocess.run(
            [*command, query], env=env, capture_output=True, text=True, check=False
        ).stdout
        times.append(time.perf_counter() - start)
        # The field labels are translated ("Bezeichner:"), the component line is not.
        results[query] = [
            line.split()[-2]
            for line in out.splitlines()
            if line.endswith(" [desktop-application]") and len(line.split()) >= 3
        ]
    return results, times


def _cli_times(tree: Path, python: str, catalog: Path, runs: int = 7) -> list[float]:
    """Whole-process time of ``appcenter-query search`` (the CLI prints the GUI's order)."""
    times = []
    env = {**os.environ, "PYTHONPATH": str(tree)}
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [python, "-m", "appcenter_qt.cli.query", "--catalog", str(catalog), "search", "gimp"],
            env=env,
            capture_output=True,
            check=False,
        )
        times.append(time.perf_counter() - start)
    return times


def misses(results: dict[str, list[str]], accepted: dict[str, set[str]]) -> list[str]:
    """The queries whose top five hold no accepted application, in the table's order."""
    return [
        query
        for _lang, query, _kind, _ in QUERIES
        if not set(results.get(query, [])[:TOP]) & accepted[query]
    ]


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", type=Path, required=True)
    parser.add_argument("--appstream-data", type=Path)
    parser.add_argument("--baseline-tree", type=Path)
    parser.add_argument("--baseline-catalog", type=Path)
    parser.add_argument("--baseline-python", default=sys.executable)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    tree = Path(__file__).resolve().parents[1]
    accepted = accepted_ids(args.catalog)
    empty = [q for q, ids in accepted.items() if not ids]
    if empty:
        print(f"queries with no accepted application in this catalog: {empty}")
    report: dict = {"queries": len(QUERIES)}
    ours = run_ours(sys.executable, tree, args.catalog)
    report["ours"] = score(ours["results"], accepted)
    report["ours_latency_ms"] = {"p50": _ms(ours["times"], 0.5), "p95": _ms(ours["times"], 0.95)}
    report["ours_cli_ms"] = statistics.median(_cli_times(tree, sys.executable, args.catalog)) * 1000
    appstream, as_times = run_appstreamcli(args.appstream_data)
    report["appstreamcli"] = score(appstream, accepted)
    report["appstreamcli_process_ms"] = {"p50": _ms(as_times, 0.5), "p95": _ms(as_times, 0.95)}
    if args.baseline_tree and args.baseline_catalog:
        base = run_ours(args.baseline_python, args.baseline_tree, args.baseline_catalog)
        report["baseline"] = score(base["results"], accepted)
        report["baseline_latency_ms"] = {
            "p50": _ms(base["times"], 0.5),
            "p95": _ms(base["times"], 0.95),
        }
        size, old = args.catalog.stat().st_size, args.baseline_catalog.stat().st_size
        report["catalog_bytes"] = {"ours": size, "baseline": old, "growth": size / old - 1}
    report["misses"] = {
        query: ours["results"].get(query, []) for query in misses(ours["results"], accepted)
    }
    report["appstreamcli_misses"] = misses(appstream, accepted)
    text = json.dumps(report, indent=2, ensure_ascii=False)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
