"""Benchmark: importing a large DEP-11 catalog, next to the reference tools, in one run.

Synthesizes ``Components-amd64.yml.gz`` with N components × 20 locales (Name, Summary,
Description and Keywords translated, cached + stock icons, a screenshot). The default of
10,000 keeps a run near three minutes on two busy cores; the issue's target size is
``--components 50000``. Then it measures, each in a fresh child process so peak RSS is per
task (``wait4`` rusage):

* ``floor``: ``yaml.load_all(CSafeLoader)`` over the same stream, building nothing: the
  fastest a PyYAML-based reader can be;
* ``import``: :func:`appcenter_qt.extract.catalog_import.import_catalog` (full validation,
  markup to paragraphs, Application objects held in memory), in one process and with two
  worker processes;
* ``import+write``: the same plus merging and writing the SQLite catalog with
  :class:`~appcenter_qt.catalog.writer.CatalogWriter`;
* ``appstreamcli``: libappstream parsing the same file (``appstreamcli convert`` to XML), the
  reference, if installed, and then our XML reader on that XML.

Prints seconds, components/s, peak RSS and each time's ratio to ours. Run by hand::

    .venv/bin/python bench/import_bench.py [--components 10000] [--locales 20] [--no-write]
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOCALES = [
    "de",
    "fr",
    "es",
    "it",
    "pt_BR",
    "ru",
    "ja",
    "zh_CN",
    "ko",
    "nl",
    "pl",
    "sv",
    "fi",
    "da",
    "nb",
    "cs",
    "hu",
    "tr",
    "uk",
    "ca",
    "el",
    "he",
    "ar",
    "sr@latin",
    "id",
]

FLOOR = """
import gzip, sys, yaml
count = 0
with gzip.open(sys.argv[1], "rb") as stream:
    for document in yaml.load_all(stream, Loader=yaml.CSafeLoader):
        count += 1
print(count - 1)
"""

IMPORT = """
import sys
from appcenter_qt.extract.catalog_import import import_catalog
result = import_catalog(sys.argv[1], workers=int(sys.argv[2]))
print(len(result.apps))
"""

IMPORT_WRITE = """
import sys
from pathlib import Path
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.extract.catalog_import import import_catalog
from appcenter_qt.extract.merge import merge
merged = merge([import_catalog(sys.argv[1])])
with CatalogWriter(Path(sys.argv[2]) / "bench.sqlite", origin="bench") as writer:
    merged.write_to(writer)
print(len(merged.apps))
"""


def component(n: int, locales: list[str]) -> str:
    app_id = f"org.bench.App{n:06d}"
    lines = [
        "---",
        "Type: desktop-application",
        f"ID: {app_id}",
        f"Package: bench-app-{n}",
        "Name:",
        f"  C: Bench App {n}",
    ]
    lines += [f"  {loc}: Bench App {n} ({loc})" for loc in locales]
    lines += ["Summary:", f"  C: Does benchmark thing number {n} quickly and well"]
    lines += [f"  {loc}: Does benchmark thing {n} ({loc}) quickly" for loc in locales]
    text = f"Bench App {n} is a synthetic application used to measure catalog imports"
    lines += ["Description:", f"  C: <p>{text}.</p><p>It has a second paragraph.</p>"]
    lines += [f"  {loc}: <p>{text} ({loc}).</p><p>Second ({loc}).</p>" for loc in locales]
    lines += ["Keywords:", "  C:", "  - bench", f"  - app{n}"]
    for loc in locales:
        lines += [f"  {loc}:", f"  - bench-{loc}"]
    lines += [
        "Categories:",
        "- Utility",
        "- Development" if n % 2 else "- Game",
        "Icon:",
        "  cached:",
        f"  - name: bench-app-{n}_{app_id}.png",
        "    width: 64",
        "    height: 64",
        f"  stock: {app_id}",
        "Launchable:",
        "  desktop-id:",
        f"  - {app_id}.desktop",
        "Url:",
        f"  homepage: https://bench.example.org/{n}",
        "ProjectLicense: GPL-3.0-or-later",
        "Screenshots:",
        "- default: true",
        "  caption:",
        "    C: The main window",
        "  source-image:",
        f"    url: org/bench/App{n}/shot.png",
        "    width: 1280",
        "    height: 720",
    ]
    return "\n".join(lines) + "\n"


def synthesize(path: Path, count: int, locales: list[str]) -> int:
    header = (
        "---\nFile: DEP-11\nVersion: '0.16'\nOrigin: bench-main\n"
        "MediaBaseUrl: https://media.example.org/bench\nPriority: 0\n"
    )
    with gzip.open(path, "wt", compresslevel=1, encoding="utf-8") as out:
        out.write(header)
        for n in range(count):
            out.write(component(n, locales))
    return path.stat().st_size


def measure(argv: list[str]) -> tuple[float, int, str]:
    """Wall seconds, peak RSS (KiB) and stdout of one child process."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stdout = process.stdout.read() if process.stdout else b""
    stderr = process.stderr.read() if process.stderr else b""
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{argv[:3]} failed: {stderr.decode(errors='replace')[-2000:]}")
    return seconds, usage.ru_maxrss, stdout.decode().strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--components", type=int, default=10_000)
    parser.add_argument("--locales", type=int, default=20)
    parser.add_argument("--no-write", action="store_true", help="skip the import+write run")
    args = parser.parse_args()
    locales = LOCALES[: args.locales]
    with tempfile.TemporaryDirectory(prefix="import-bench-") as scratch:
        work = Path(scratch)
        catalog = work / "Components-amd64.yml.gz"
        started = time.perf_counter()
        size = synthesize(catalog, args.components, locales)
        print(
            f"synthesized {args.components} components x {len(locales)} locales: "
            f"{size / 2**20:.1f} MiB gzipped in {time.perf_counter() - started:.1f} s"
        )
        python = sys.executable
        runs: dict[str, tuple[float, int, str]] = {
            "floor (yaml.load_all CSafeLoader)": measure([python, "-c", FLOOR, str(catalog)]),
            "import (import_catalog)": measure([python, "-c", IMPORT, str(catalog), "1"]),
            "import, 2 worker processes": measure([python, "-c", IMPORT, str(catalog), "2"]),
        }
        if not args.no_write:
            runs["import+write (SQLite catalog)"] = measure(
                [python, "-c", IMPORT_WRITE, str(catalog), str(work)]
            )
        if shutil.which("appstreamcli"):
            runs["appstreamcli convert (reference)"] = measure(
                ["appstreamcli", "convert", str(catalog), str(work / "out.xml")]
            )
            runs["import of that XML (iterparse)"] = measure(
                [python, "-c", IMPORT, str(work / "out.xml"), "1"]
            )
        else:
            print("appstreamcli not installed: no reference run")
        ours = runs["import (import_catalog)"][0]
        print(f"{'run':36} {'seconds':>8} {'comp/s':>9} {'peak RSS':>10} {'vs import':>10}")
        for name, (seconds, rss_kib, _) in runs.items():
            print(
                f"{name:36} {seconds:8.2f} {args.components / seconds:9.0f} "
                f"{rss_kib / 1024:7.0f} MiB {seconds / ours:9.2f}x"
            )
        counts = {name: out for name, (_, _, out) in runs.items() if out}
        print(f"components seen: {counts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
