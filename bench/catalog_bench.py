#!/usr/bin/env python3
"""Catalog benchmark: build, size and search latency of a synthetic catalog.

3,000 applications × 40 locales (≈120k localized rows). Prints build time, file size per
application, and search latency percentiles over 1,000 queries (1-4 letter prefixes and whole
words) through :class:`appcenter_qt.catalog.queries.Catalog`, next to a reference measured in
the same run on the same file: a plain ``LIKE '%x%'`` scan over the same localized columns.

Run by hand: ``.venv/bin/python bench/catalog_bench.py [--apps N] [--locales N]``.
Targets (issue 4): search p95 < 10 ms, < 2 KiB per application without icons.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from appcenter_qt.catalog.queries import AppQuery, Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import (
    Application,
    LocalizedList,
    LocalizedText,
    Package,
    Rating,
)
from appcenter_qt.domain.categories import MAIN_CATEGORIES

LOCALES = [
    "ar",
    "bg",
    "ca",
    "cs",
    "da",
    "de",
    "el",
    "en_GB",
    "es",
    "et",
    "eu",
    "fi",
    "fr",
    "gl",
    "he",
    "hu",
    "id",
    "it",
    "ja",
    "ko",
    "lt",
    "lv",
    "nb",
    "nl",
    "pl",
    "pt",
    "pt_BR",
    "ro",
    "ru",
    "sk",
    "sl",
    "sr",
    "sr@latin",
    "sv",
    "tr",
    "uk",
    "vi",
    "zh_CN",
    "zh_TW",
    "hr",
]
SYLLABLES = [
    "ka",
    "ri",
    "to",
    "mi",
    "ne",
    "sa",
    "lo",
    "ve",
    "du",
    "pe",
    "gra",
    "fi",
    "lu",
    "mon",
    "tek",
    "zor",
    "bel",
    "cha",
    "qui",
    "vox",
    "ly",
    "ster",
    "nix",
    "ar",
]
WORDS = [
    "editor",
    "player",
    "viewer",
    "manager",
    "game",
    "puzzle",
    "music",
    "video",
    "photo",
    "office",
    "terminal",
    "calculator",
    "browser",
    "mail",
    "chat",
    "notes",
    "maps",
    "paint",
    "draw",
    "scan",
    "backup",
    "files",
    "disk",
    "weather",
    "clock",
    "chess",
    "cards",
]


def word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3)))


def localize(rng: random.Random, text: str, locale: str) -> str:
    # Vary each locale's text a little, as translations do, with some accented letters.
    accents = str.maketrans("aeiou", "áéîõü") if rng.random() < 0.3 else {}
    return f"{text.translate(accents)} {locale}" if rng.random() < 0.5 else text.translate(accents)


def synthetic_apps(count: int, locales: list[str], seed: int = 7) -> list[Application]:
    rng = random.Random(seed)
    apps = []
    for n in range(count):
        name = word(rng).capitalize()
        summary = f"{rng.choice(WORDS).capitalize()} {rng.choice(WORDS)} for {word(rng)}"
        keywords = tuple(rng.sample(WORDS, 3))
        names = {"C": name} | {loc: localize(rng, name, loc) for loc in locales}
        summaries = {"C": summary} | {loc: localize(rng, summary, loc) for loc in locales}
        apps.append(
            Application(
                id=f"org.example.{name}{n}",
                name=LocalizedText(names),
                summary=LocalizedText(summaries),
                keywords=LocalizedList(
                    {"C": keywords}
                    | {
                        loc: tuple(localize(rng, k, loc) for k in keywords)
                        for loc in locales[: len(locales) // 2]
                    }
                ),
                categories=(rng.choice(MAIN_CATEGORIES),),
                packages=(Package(f"{name.lower()}{n}", "1.0-1", "amd64", "bench"),),
                rating=Rating(tuple(rng.randint(0, 50) for _ in range(5))),  # type: ignore[arg-type]
            )
        )
    return apps


def queries(rng: random.Random, apps: list[Application], count: int) -> list[str]:
    out = []
    for n in range(count):
        source = rng.choice(apps).name.get(("C",)).lower()
        if n % 2:
            out.append(rng.choice(WORDS) if n % 4 == 1 else source)
        else:
            out.append(source[: rng.randint(1, 4)])
    return out


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def timed(function, items: list[str]) -> list[float]:  # type: ignore[no-untyped-def]
    samples = []
    for item in items:
        start = time.perf_counter()
        function(item)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False)
    parser.add_argument("--apps", type=int, default=3000)
    parser.add_argument("--locales", type=int, default=40)
    parser.add_argument("--queries", type=int, default=1000)
    args = parser.parse_args()
    locales = LOCALES[: args.locales]
    apps = synthetic_apps(args.apps, locales)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "appcenter.sqlite"
        start = time.perf_counter()
        with CatalogWriter(path, origin="bench") as writer:
            writer.add_all(apps)
        build = time.perf_counter() - start
        size = path.stat().st_size
        facts = sqlite3.connect(path)
        rows = facts.execute("SELECT count(*) FROM texts").fetchone()[0]
        raw_text = facts.execute(
            "SELECT sum(length(CAST(coalesce(name, '') || coalesce(summary, '') || "
            "coalesce(keywords, '') AS BLOB))) FROM texts"
        ).fetchone()[0]
        facts.close()
        rng = random.Random(11)
        texts = queries(rng, apps, args.queries)

        catalog = Catalog(path, "de_AT.UTF-8")
        chain = catalog.chain
        catalog.search(texts[0])  # warm the page cache, as a running app has
        ours = timed(lambda t: catalog.search(t, limit=50), texts)
        counts = [catalog.count(AppQuery(text=t)) for t in texts[:50]]

        # Reference: the obvious implementation, a LIKE scan over the same rows and locales.
        reference_db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        placeholders = ",".join("?" * len(chain))
        like_sql = (
            "SELECT DISTINCT a.app_id FROM applications a JOIN texts t ON t.application_id = a.id "
            f"WHERE t.locale IN ({placeholders}) AND (t.name LIKE ?1 OR t.summary LIKE ?1 "
            "OR t.keywords LIKE ?1) LIMIT 50"
        ).replace("?1", f"?{len(chain) + 1}")
        reference = timed(
            lambda t: reference_db.execute(like_sql, (*chain, f"%{t}%")).fetchall(), texts
        )

    print(f"catalog: {args.apps} apps x {args.locales} locales = {rows} localized rows")
    print(f"build:   {build:.2f} s ({args.apps / build:.0f} apps/s)")
    print(
        f"size:    {size / 1024:.0f} KiB = {size / args.apps / 1024:.2f} KiB per app "
        "(target < 2 KiB)"
    )
    print(
        f"         of which raw UTF-8 text (name+summary+keywords): "
        f"{raw_text / args.apps / 1024:.2f} KiB per app, the floor for any format"
    )
    print(f"search hits per query (first 50): median {statistics.median(counts):.0f}")
    for label, samples in (("FTS5 (ours)", ours), ("LIKE scan (reference)", reference)):
        print(
            f"{label:<22} p50 {percentile(samples, 50):6.2f} ms  "
            f"p95 {percentile(samples, 95):6.2f} ms  p99 {percentile(samples, 99):6.2f} ms"
        )
    ratio = percentile(reference, 95) / percentile(ours, 95)
    print(f"p95 ratio reference/ours: {ratio:.1f}x  (target p95 < 10 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
