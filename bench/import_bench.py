"""Benchmark: importing a large DEP-11 catalog, next to the reference tools, in one run.

Synthesizes ``Components-amd64.yml.gz`` with N components × 20 locales (Name, Summary,
Description and Keywords translated, cached + stock icons, a screenshot). The default of
10,000 keeps a run near three minutes on two busy cores; the issue's target size is
``--components 50000``. Then it measures, each in a fresh child process so peak RSS is per
task (``wait4`` rusage):

* ``floor``: ``yaml.load_all(CSafeLoader)`` over the same stream, building nothing: the
  fastest a PyYAML-based reader can be;
* ``import``: :func:`appcenter_qt.extract.appstream.catalog_import.import_catalog` (full validation,
  markup to paragraphs, applications spooled to disk by ``extract/app_spool.py``), in one
  process and with two worker processes;
* ``import+write``: the same plus merging and writing the SQLite catalog with
  :class:`~appcenter_qt.catalog.writer.CatalogWriter`;
* ``appstreamcli``: libappstream parsing the same file (``appstreamcli convert`` to XML), the
  reference, if installed, and then our XML reader on that XML.

Prints seconds, components/s, peak RSS and each time's ratio to ours. Run by hand::

    .venv/bin/python bench/import_bench.py [--components 10000] [--locales 20] [--no-write]

``--pool [FILE]`` measures the machine's own AppStream pool instead (default: the first
``*Components-*.yml.gz`` in the pool directories, e.g. Debian 12 main): the plain import
``appcenter-generate -q -j N -o DIR FILE`` with one and with two jobs against
``appstreamcli refresh --force`` (libappstream rebuilding its cache from the same pool), each
``--repeat`` times in turn, keeping each command's fastest run (other jobs share the machine);
``--baseline DIR`` adds the same import run from another source tree (``git archive main``
unpacked there), so before and after are measured in one run. Peak RSS is the child's
``wait4`` rusage, which (like ``getrusage(RUSAGE_CHILDREN)``) includes the worker processes it
waited for. Skips with a message when the pool or ``appstreamcli`` is absent. ``appstreamcli
refresh --force`` rewrites the system cache, so run it as root, or it refreshes the user's::

    sudo .venv/bin/python bench/import_bench.py --pool [FILE] [--repeat 5] [--baseline DIR]
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
from appcenter_qt.extract.appstream.catalog_import import import_catalog
result = import_catalog(sys.argv[1], workers=int(sys.argv[2]))
print(len(result.apps))
"""

IMPORT_WRITE = """
import sys
from pathlib import Path
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.extract.appstream.catalog_import import import_catalog
from appcenter_qt.generator.merge import merge
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


def measure(
    argv: list[str], env: dict[str, str] | None = None, cwd: str | None = None
) -> tuple[float, int, str]:
    """Wall seconds, peak RSS (KiB) and stdout of one child process."""
    start = time.perf_counter()
    process = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd
    )
    stdout = process.stdout.read() if process.stdout else b""
    stderr = process.stderr.read() if process.stderr else b""
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{argv[:3]} failed: {stderr.decode(errors='replace')[-2000:]}")
    return seconds, usage.ru_maxrss, stdout.decode().strip()


#: Where AppStream pools keep DEP-11 files (libappstream's current and former directories).
POOL_DIRECTORIES = ("/var/lib/swcatalog/yaml", "/var/lib/app-info/yaml")
GENERATE = """
import sys
from appcenter_qt.cli.generate import main
sys.exit(main(sys.argv[1:]))
"""


def find_pool() -> Path | None:
    """The first DEP-11 file of the machine's pool (file names sort by repository)."""
    for directory in POOL_DIRECTORIES:
        found = sorted(Path(directory).glob("*Components-*.yml.gz"))
        existing = [path for path in found if path.exists()]  # symlinks into apt's lists
        if existing:
            return existing[0]
    return None


def pool_main(pool: str, repeat: int, baseline: str | None) -> int:
    """Time importing the machine's pool file against ``appstreamcli refresh --force``."""
    path = Path(pool) if pool else find_pool()
    if path is None or not path.is_file():
        print(f"no DEP-11 pool file ({pool or ', '.join(POOL_DIRECTORIES)}): nothing to measure")
        return 0
    appstreamcli = shutil.which("appstreamcli")
    if appstreamcli is None:
        print("appstreamcli not installed: no reference, nothing to measure")
        return 0
    python = sys.executable
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    commands: dict[str, tuple[list[str], dict[str, str]]] = {
        "appstreamcli refresh --force (reference)": ([appstreamcli, "refresh", "--force"], env),
    }
    this_tree = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = this_tree
    with tempfile.TemporaryDirectory(prefix="import-bench-") as scratch:
        for jobs in (1, 2):
            out = str(Path(scratch) / f"j{jobs}")
            command = [python, "-c", GENERATE, "-q", "-j", str(jobs), "-o", out, str(path)]
            commands[f"appcenter-generate -j {jobs}"] = (command, env)
            if baseline:
                old_out = str(Path(scratch) / f"baseline-j{jobs}")
                old_env = {**env, "PYTHONPATH": str(Path(baseline).resolve())}
                old_command = [*command[:-2], old_out, str(path)]
                commands[f"baseline -j {jobs} ({Path(baseline).name})"] = (old_command, old_env)
        best: dict[str, tuple[float, int]] = {}
        for _ in range(repeat):
            for name, (command, command_env) in commands.items():
                # cwd outside any checkout: "python -c" puts the cwd first on sys.path
                seconds, rss_kib, _ = measure(command, command_env, cwd=scratch)
                old = best.get(name)
                best[name] = (
                    min(seconds, old[0]) if old else seconds,
                    max(rss_kib, old[1] if old else 0),
                )
    print(f"{path.name}: {path.stat().st_size / 2**20:.1f} MiB; best of {repeat} runs each")
    reference = best["appstreamcli refresh --force (reference)"][0]
    print(f"{'run':42} {'seconds':>8} {'peak RSS':>10} {'vs appstreamcli':>16}")
    for name, (seconds, rss_kib) in best.items():
        print(f"{name:42} {seconds:8.2f} {rss_kib / 1024:6.0f} MiB {seconds / reference:15.2f}x")
    return 0


def curve_main(sizes: list[int], locales: list[str], jobs: int, repeat: int = 1) -> int:
    """The growth curve (issue 22): at each size, the parse floor and the whole
    ``appcenter-generate -j JOBS`` import (catalog, icons, report written), in one run.

    With ``repeat`` > 1 the two alternate that many times and each keeps its fastest run
    (other jobs share the machine); the load average is printed before and after each size,
    since a busy machine slows the two-process import more than the one-process floor."""
    python = sys.executable
    rows = []
    with tempfile.TemporaryDirectory(prefix="import-curve-") as scratch:
        work = Path(scratch)
        for count in sizes:
            catalog = work / f"Components-{count}.yml.gz"
            synthesize(catalog, count, locales)
            output = work / f"out-{count}"
            load_before = os.getloadavg()[0]
            floors, fulls = [], []
            for _ in range(repeat):
                floors.append(measure([python, "-c", FLOOR, str(catalog)]))
                command = [python, "-c", GENERATE, "-q", "-j", str(jobs), "-o", str(output)]
                fulls.append(measure([*command, str(catalog)]))
                shutil.rmtree(output)
            # the fastest time, the highest peak RSS
            floor = (min(run[0] for run in floors), max(run[1] for run in floors))
            full = (min(run[0] for run in fulls), max(run[1] for run in fulls))
            rows.append((count, floor, full, load_before, os.getloadavg()[0]))
            catalog.unlink()
    header = ("components", "floor s", "floor RSS", "ours s", "ours RSS", "ratio", "load")
    print("{:>10} {:>8} {:>10} {:>8} {:>9} {:>6} {:>11}".format(*header))
    for count, floor, full, before, after in rows:
        print(
            f"{count:10} {floor[0]:8.1f} {floor[1] / 1024:6.0f} MiB {full[0]:8.1f} "
            f"{full[1] / 1024:5.0f} MiB {full[0] / floor[0]:5.2f}x {before:5.1f}/{after:4.1f}"
        )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.split("\n\n")[0])
    parser.add_argument("--components", type=int, default=10_000)
    parser.add_argument("--locales", type=int, default=20)
    parser.add_argument("--no-write", action="store_true", help="skip the import+write run")
    parser.add_argument(
        "--pool",
        nargs="?",
        const="",
        metavar="FILE",
        help="measure the machine's DEP-11 pool file against appstreamcli refresh instead",
    )
    parser.add_argument(
        "--repeat", type=int, default=None, help="runs per command (--pool: 3, --curve: 1)"
    )
    parser.add_argument("--baseline", metavar="DIR", help="also import with this source tree")
    parser.add_argument(
        "--curve",
        metavar="N,N,…",
        help="growth curve: floor and appcenter-generate at each size (e.g. 20000,40000,60000)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="appcenter-generate -j (--curve)")
    args = parser.parse_args()
    if args.curve:
        sizes = [int(size) for size in args.curve.split(",")]
        return curve_main(sizes, LOCALES[: args.locales], args.jobs, max(1, args.repeat or 1))
    if args.pool is not None:
        return pool_main(args.pool, max(1, args.repeat or 3), args.baseline)
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
