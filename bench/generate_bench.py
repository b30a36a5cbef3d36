"""Benchmark appcenter-generate on real Debian packages against the physical floor.

    .venv/bin/python bench/generate_bench.py [--count 60] [--cache DIR] [--skip-asgen]
    .venv/bin/python bench/generate_bench.py --count 39 --repo [--html-report]
    .venv/bin/python bench/generate_bench.py --remote-indexes

Downloads (once, into ``$APPCENTER_TEST_CACHE`` or ``~/.cache/appcenter-qt-tests/bench``) the
first ``--count`` desktop application packages of :data:`APPLICATIONS` plus the icon themes,
then measures in one run:

(a) the floor: ``dpkg-deb --fsys-tarfile X > /dev/null`` over every file (decompression only);
(b) ``appcenter-generate`` with ``--jobs 1`` and ``--jobs $(nproc)``, with the peak RSS of the
    largest process, and (linearity) ``--jobs 1`` on half and on all application packages;
(c) if installed, ``appstream-generator`` on the same files in a local repository.

With ``--repo``: a local repository of the same files (plus an older duplicate) read with
``--repo`` and a fresh ``--cache``, then re-run twice (outputs reused; units reused and the
outputs assembled), the three outputs compared byte for byte; ``--index-rates`` adds the
index reading rates of a synthetic Debian-sized index; ``--repo --html-report`` what
``--html-report DIR`` adds to the fresh and the cached runs.

With ``--remote-indexes`` (no package download): a synthetic Debian-sized suite's indexes
fetched over a local ``http.server`` without ``--cache``, with an empty one, and with the
copies it kept (only the Release file requested).

Prints MB/s, packages/s and ratios. Targets (issue #5): ``--jobs 1`` within 1.5× of the floor,
peak RSS < 500 MiB, time linear in the number of packages.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

APPLICATIONS = """
gnome-mines gnome-sudoku gnome-chess aisleriot gnome-2048 quadrapassel iagno five-or-more
four-in-a-row gnome-klotski gnome-mahjongg gnome-nibbles gnome-robots gnome-tetravex hitori
lightsoff swell-foop tali gnome-calculator gnome-clocks gnome-characters gnome-font-viewer
gnome-logs baobab gnome-system-monitor gnome-disk-utility eog gedit gucharmap simple-scan
kcalc kolourpaint kmines kpat ksudoku kbounce kblocks kbreakout kfourinline kjumpingcube
klines konquest kreversi ksnakeduel kspaceduel ksquares bovo granatier killbots kiriki
knetwalk kollision lskat picmi knavalbattle kshisen klickety kapman blinken kgeography
kwordquiz kcharselect kruler kcolorchooser ktimer kteatime kmag kmousetool kalgebra kturtle
kig kwrite ark filelight sweeper kfind xterm mousepad ristretto galculator geany meld gitk
gnumeric abiword xournal dia mypaint xpaint tuxpaint supertux frozen-bubble pingus neverball
lbreakout2 xboard atomix gbrainy tuxmath xpdf zathura qpdfview evince transmission-gtk
deluge-gtk filezilla hexchat pidgin quassel konversation audacious parole totem rhythmbox
quodlibet smplayer mpv vlc shotwell hello
""".split()  # noqa: SIM905 (a word list is easier to edit)
THEMES = ["adwaita-icon-theme", "breeze-icon-theme", "hicolor-icon-theme"]
#: appstream-generator is ~10× slower; stop it so the benchmark stays under three minutes.
ASGEN_TIMEOUT = 90.0


def cache_dir(explicit: str | None) -> Path:
    base = os.environ.get("APPCENTER_TEST_CACHE")
    path = Path(explicit) if explicit else Path(base or Path.home() / ".cache/appcenter-qt-tests")
    path = path / "bench" if not explicit else path
    path.mkdir(parents=True, exist_ok=True)
    return path


def find(directory: Path, name: str) -> Path | None:
    found = sorted(directory.glob(f"{name}_*.deb"))
    return found[-1] if found else None


def download(directory: Path, names: list[str]) -> list[Path]:
    missing = [name for name in names if find(directory, name) is None]
    if missing:
        print(f"downloading {len(missing)} packages into {directory} …", flush=True)
        result = subprocess.run(
            ["apt-get", "download", *missing], cwd=directory, capture_output=True, text=True
        )
        if result.returncode != 0:
            # One unknown name fails the whole call: retry one by one, keep what works.
            for name in missing:
                subprocess.run(["apt-get", "download", name], cwd=directory, capture_output=True)
    return [path for name in names if (path := find(directory, name)) is not None]


def run_measured(
    command: list[str], timeout: float | None = None, **kwargs
) -> tuple[float, int, int]:
    """Wall seconds, peak RSS in KiB of the largest process of the tree, exit status
    (-9 if it was stopped after ``timeout`` seconds)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, **kwargs)
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if timeout is not None and time.perf_counter() - started > timeout:
            process.kill()
            _pid, status, usage = os.wait4(process.pid, 0)
            break
        time.sleep(0.05)
    process.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - started, usage.ru_maxrss, process.returncode


def floor(files: list[Path]) -> float:
    started = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        for path in files:
            subprocess.run(["dpkg-deb", "--fsys-tarfile", str(path)], stdout=sink, check=True)
    return time.perf_counter() - started


def generate(files: list[Path], jobs: int, output: Path) -> tuple[float, int, dict]:
    listing = output.parent / f"{output.name}.inputs"
    listing.mkdir(parents=True, exist_ok=True)
    for path in files:  # one directory input, so the command line stays short
        link = listing / path.name
        if not link.exists():
            link.symlink_to(path)
    seconds, rss, status = run_measured(
        [
            sys.executable,
            "-m",
            "appcenter_qt.cli.generate",
            "-q",
            "--jobs",
            str(jobs),
            "--output",
            str(output),
            str(listing),
        ],
        env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"},
    )
    if status != 0:
        raise SystemExit(f"appcenter-generate failed with status {status}")
    report = json.loads((output / "report.json").read_text())
    return seconds, rss, report


def appstream_generator(files: list[Path], work: Path) -> tuple[float, int, int] | None:
    """appstream-generator on a throwaway local repository of the same files."""
    binary = shutil.which("appstream-generator")
    if binary is None or shutil.which("dpkg-scanpackages") is None:
        return None
    root = work / "repo"
    pool = root / "pool" / "main"
    pool.mkdir(parents=True)
    for path in files:
        (pool / path.name).symlink_to(path)
    for arch in ("amd64", "all"):
        index = root / "dists" / "bench" / "main" / f"binary-{arch}"
        index.mkdir(parents=True)
    scan = subprocess.run(
        ["dpkg-scanpackages", "--multiversion", "pool"], cwd=root, capture_output=True, check=True
    )
    import gzip

    (root / "dists/bench/main/binary-amd64/Packages.gz").write_bytes(gzip.compress(scan.stdout))
    (root / "dists/bench/main/binary-all/Packages.gz").write_bytes(gzip.compress(b""))
    config = {
        "ProjectName": "Bench",
        "ArchiveRoot": str(root),
        "Backend": "debian",
        "Features": {"validateMetainfo": False, "screenshotVideos": False},
        "Suites": {"bench": {"sections": ["main"], "architectures": ["amd64"]}},
    }
    workspace = work / "asgen"
    workspace.mkdir()
    (workspace / "asgen-config.json").write_text(json.dumps(config))
    return run_measured(
        [binary, "-w", str(workspace), "process", "bench"],
        timeout=ASGEN_TIMEOUT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def local_repository(files: list[Path], work: Path) -> Path:
    """A Debian repository of ``files`` plus an older duplicate of the first one (rebuilt
    with version ``0~bench-1``), indexed with dpkg-scanpackages and apt-ftparchive."""
    root = work / "repo"
    pool = root / "pool" / "main"
    pool.mkdir(parents=True)
    for path in files:
        (pool / path.name).symlink_to(path)
    unpacked = work / "older"
    subprocess.run(["dpkg-deb", "-R", str(files[0]), str(unpacked)], check=True)
    control = unpacked / "DEBIAN" / "control"
    lines = control.read_text().splitlines()
    control.write_text(
        "\n".join("Version: 0~bench-1" if x.startswith("Version:") else x for x in lines) + "\n"
    )
    older = pool / f"{files[0].name.split('_')[0]}_0~bench-1_all.deb"
    subprocess.run(["dpkg-deb", "-b", str(unpacked), str(older)], check=True, capture_output=True)
    binary = root / "dists" / "bench" / "main" / "binary-amd64"
    binary.mkdir(parents=True)
    with (binary / "Packages").open("wb") as out:
        subprocess.run(["dpkg-scanpackages", "-m", "pool"], cwd=root, stdout=out, check=True)
    with (root / "dists" / "bench" / "main" / "Contents-amd64").open("wb") as out:
        subprocess.run(["apt-ftparchive", "contents", "pool"], cwd=root, stdout=out, check=True)
    release = subprocess.run(
        ["apt-ftparchive", "release", "dists/bench"], cwd=root, capture_output=True, check=True
    ).stdout
    (root / "dists" / "bench" / "Release").write_bytes(release)  # every index is checked
    return root


def repository_runs(
    files: list[Path], work: Path, jobs: int
) -> tuple[dict[str, float], float, str]:
    """``--repo`` with a fresh ``--cache``, then again with it twice: reusing the outputs
    (the default) and assembling them from the cached units (``--no-output-reuse``).
    Seconds of each run, the indexing time (not part of any), the last cache line."""
    if not (shutil.which("dpkg-scanpackages") and shutil.which("apt-ftparchive")):
        raise SystemExit("--repo needs dpkg-scanpackages (dpkg-dev) and apt-ftparchive (apt-utils)")
    started = time.perf_counter()
    root = local_repository(files, work)
    indexing = time.perf_counter() - started
    command = [
        *(sys.executable, "-m", "appcenter_qt.cli.generate", "--jobs", str(jobs)),
        *("--repo", str(root), "--suite", "bench", "--component", "main", "--arch", "amd64"),
        *("--cache", str(work / "cache")),
    ]
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    timings = {}
    lines = []
    runs = {"first": [], "reused": [], "units": ["--no-output-reuse"]}
    for run, extra in runs.items():
        log = work / f"{run}.log"
        with log.open("w") as sink:
            seconds, rss, status = run_measured(
                [*command, *extra, "-o", str(work / f"repo-{run}")],
                env=environment,
                stdout=sink,
                stderr=subprocess.STDOUT,
            )
        if status != 0:
            raise SystemExit(f"{run} run failed: {log.read_text()[-2000:]}")
        timings[run] = seconds
        timings[f"{run}-rss"] = rss / 1024
        lines.append(f"{run}: {log.read_text().strip().splitlines()[-1]}")
    for name in ("appcenter.sqlite", "icons.tar", "report.json"):
        outputs = {(work / f"repo-{run}" / name).read_bytes() for run in runs}
        if len(outputs) != 1:
            raise SystemExit(f"{name} differs between the runs")
    return timings, indexing, "\n".join(lines)


_INDEX_PROBE = """
import resource, sys, time
from appcenter_qt.extract.repository import locate_indexes
started = time.perf_counter()
indexes = locate_indexes(sys.argv[1], suites=["big"], components=["main"], arches=["amd64"])
checked = time.perf_counter() - started
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
started = time.perf_counter()
repository = indexes.parse()
parsed = time.perf_counter() - started
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(checked, parsed, before, after, len(repository.candidates or ()), len(repository.icons))
"""


def synthetic_repository(work: Path, packages: int = 63000, lines: int = 3_000_000) -> Path:
    """A Debian-sized suite ``big``: a ``Packages`` of ``packages`` stanzas and a
    ``Contents`` of ``lines`` lines (a tenth under usr/share/icons, 1 % desktop files) and
    their Release file; no package bodies."""
    import gzip
    import hashlib
    import lzma

    root = work / "synthetic"
    binary = root / "dists/big/main/binary-amd64"
    binary.mkdir(parents=True)
    with lzma.open(binary / "Packages.xz", "wt", preset=1) as out:
        for n in range(packages):
            out.write(
                f"Package: pkg{n}\nVersion: 1.{n % 7}-1\nArchitecture: amd64\n"
                f"Filename: pool/main/p/pkg{n}/pkg{n}_1.0-1_amd64.deb\nSource: src{n // 3}\n"
                f"Size: {1000 + n}\nSHA256: {hashlib.sha256(str(n).encode()).hexdigest()}\n"
                "Description: a package\n a longer description line\n\n"
            )
    contents = root / "dists/big/main/Contents-amd64.gz"
    with gzip.open(contents, "wt", compresslevel=1) as out:
        for n in range(lines):
            owner = f"misc/pkg{n % packages}"
            if n % 100 == 0:
                out.write(f"usr/share/applications/app{n}.desktop {owner}\n")
            elif n % 10 == 0:
                out.write(f"usr/share/icons/hicolor/48x48/apps/icon{n % 200000}.png {owner}\n")
            elif n % 3 == 0:
                out.write(f"usr/share/doc/pkg{n}/changelog.Debian.gz {owner}\n")
            else:
                out.write(f"usr/lib/x86_64-linux-gnu/lib{n}.so.1 {owner}\n")
    release = subprocess.run(
        ["apt-ftparchive", "release", "dists/big"], cwd=root, capture_output=True, check=True
    ).stdout
    (root / "dists/big/Release").write_bytes(release)
    return root


def index_rates(work: Path, packages: int = 63000, lines: int = 3_000_000) -> None:
    """How fast the Debian indexes are read, and in how much memory: the
    :func:`synthetic_repository` checked against its Release file and parsed in a fresh
    process; the rates the projection in docs/generator.md uses."""
    root = synthetic_repository(work, packages, lines)
    contents = root / "dists/big/main/Contents-amd64.gz"
    probe = subprocess.run(
        [sys.executable, "-c", _INDEX_PROBE, str(root)], capture_output=True, text=True, check=True
    )
    checked, parsed, before, after, candidates, icons = map(float, probe.stdout.split())
    size = contents.stat().st_size / 1e6
    print(
        f"indexes: {packages} stanzas + {lines} Contents lines ({size:.1f} MB gz): "
        f"checked (SHA256 vs Release) in {checked:.2f} s, parsed in {parsed:.2f} s "
        f"({parsed / lines * 1e6:.2f} µs per Contents line, {candidates:.0f} candidates); "
        f"peak RSS {before:.0f} MiB before the parse, {after:.0f} MiB with the parsed "
        f"indexes ({packages} packages, {icons:.0f} icon names)"
    )


_REMOTE_PROBE = """
import sys, tempfile, time
from pathlib import Path
from appcenter_qt.extract.download import FetchLimits
from appcenter_qt.extract.repository import locate_indexes
from appcenter_qt.generator.scan_cache import ScanCache
cache = ScanCache(Path(sys.argv[2]), "bench") if sys.argv[2] else None
with tempfile.TemporaryDirectory() as temp:
    limits = FetchLimits.starting_now(600, 2**31, Path(temp))
    started = time.perf_counter()
    if cache is None:
        indexes = locate_indexes(sys.argv[1], suites=["big"], components=["main"],
                                 arches=["amd64"], limits=limits)
    else:
        with cache:
            indexes = locate_indexes(sys.argv[1], suites=["big"], components=["main"],
                                     arches=["amd64"], limits=limits, index_store=cache)
    print(time.perf_counter() - started, indexes.files.reused, indexes.files.downloaded)
"""


def remote_indexes(work: Path, rounds: int = 3) -> None:
    """Locating (fetching and checking) the :func:`synthetic_repository`'s indexes over a
    local ``http.server``: without ``--cache``, with an empty one (first run) and with the
    copies it kept (next runs: only the Release file is requested); medians of ``rounds``,
    at loopback speed and throttled to 100 Mbit/s (a mirror seen from a build machine)."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    root = synthetic_repository(work)
    size = sum(p.stat().st_size for p in (root / "dists/big/main").rglob("*") if p.is_file())

    class Throttled(SimpleHTTPRequestHandler):
        """Serves at most ``rate`` bytes per second (0: as fast as loopback goes)."""

        rate = 0

        def log_message(self, *_args) -> None:
            pass

        def copyfile(self, source, outputfile) -> None:
            while chunk := source.read(256 * 1024):
                outputfile.write(chunk)
                if self.rate:
                    time.sleep(len(chunk) / self.rate)

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Throttled, directory=root))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        for rate in (0, 100 * 1000**2 // 8):
            Throttled.rate = rate
            speed = f"{rate * 8 / 1e6:.0f} Mbit/s" if rate else "loopback speed"
            runs: dict[str, list[float]] = {"no cache": [], "first": [], "cached": []}
            for number in range(rounds):
                cache = work / f"index-cache-{rate}-{number}"
                for run, directory in (("no cache", ""), ("first", cache), ("cached", cache)):
                    probe = subprocess.run(
                        [sys.executable, "-c", _REMOTE_PROBE, url, str(directory)],
                        capture_output=True,
                        text=True,
                        check=True,
                    )
                    seconds, reused, downloaded = probe.stdout.split()
                    if run == "cached" and (reused, downloaded) != ("2", "0"):
                        raise SystemExit(f"cached run reused {reused}, downloaded {downloaded}")
                    runs[run].append(float(seconds))
            first = _median(runs["first"])
            print(
                f"remote indexes ({size / 1e6:.1f} MB Packages.xz + Contents-amd64.gz, http at "
                f"{speed}, medians of {rounds}):"
            )
            for run in ("no cache", "first", "cached"):
                value = _median(runs[run])
                print(f"  {run:8}: {value:.2f} s ({value / first:.2f}× the first cached run)")
    finally:
        server.shutdown()
        server.server_close()


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def report_cost(files: list[Path], work: Path, jobs: int, rounds: int = 3) -> None:
    """What ``--html-report`` adds to a ``--repo`` run, fresh and cached: whole runs with
    and without it, alternated (medians of ``rounds``), and the report's own time as the
    run prints it ("html report: … in X s", rendering and publishing the site)."""
    root = local_repository(files, work)
    command = [
        *(sys.executable, "-m", "appcenter_qt.cli.generate", "--jobs", str(jobs)),
        *("--repo", str(root), "--suite", "bench", "--component", "main", "--arch", "amd64"),
    ]
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    runs: dict[tuple[str, bool], list[float]] = {}
    own: dict[str, list[float]] = {"first": [], "cached": []}
    pages = ""
    for number in range(rounds):
        for with_report in (False, True):
            cache = work / f"cache-{number}-{with_report}"
            for run in ("first", "cached"):
                extra = ["--html-report", str(work / f"site-{number}")] if with_report else []
                output = work / f"out-{number}-{with_report}-{run}"
                started = time.perf_counter()
                result = subprocess.run(
                    [*command, "--cache", str(cache), "-o", str(output), *extra],
                    env=environment,
                    capture_output=True,
                    text=True,
                    check=True,
                )
                runs.setdefault((run, with_report), []).append(time.perf_counter() - started)
                line = next(
                    (x for x in result.stdout.splitlines() if x.startswith("html report:")), ""
                )
                if line:
                    own[run].append(float(line.rsplit(" in ", 1)[1].removesuffix(" s")))
                    pages = line.split(" (", 1)[1].split(")", 1)[0]
    print(f"--html-report on the --repo runs ({pages}; medians of {rounds}, --jobs {jobs}):")
    for run in ("first", "cached"):
        plain, with_report = _median(runs[(run, False)]), _median(runs[(run, True)])
        print(
            f"  {run:6} run: {plain:.2f} s without, {with_report:.2f} s with "
            f"({with_report - plain:+.2f} s, {with_report / plain - 1:+.0%}); "
            f"the report's own time {_median(own[run]):.2f} s "
            f"({_median(own[run]) / plain:.0%} of the run without it)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=60, help="application packages (default 60)")
    parser.add_argument("--cache", help="download directory")
    parser.add_argument("--skip-asgen", action="store_true", help="do not run appstream-generator")
    parser.add_argument(
        "--repo",
        action="store_true",
        help="only: a local repository of the files plus an older duplicate, read with --repo "
        "and a fresh --cache, then again (cached), against the floor",
    )
    parser.add_argument(
        "--index-rates",
        action="store_true",
        help="with --repo: also time checking and parsing a synthetic 63,000-package "
        "Packages and 3,000,000-line Contents index",
    )
    parser.add_argument(
        "--html-report",
        action="store_true",
        help="with --repo: what --html-report adds to the fresh and the cached run",
    )
    parser.add_argument(
        "--remote-indexes",
        action="store_true",
        help="only: fetch a synthetic Debian-sized suite's indexes over a local http.server "
        "without --cache, with an empty one and with the kept copies (no package downloads)",
    )
    args = parser.parse_args()
    if args.remote_indexes:
        with tempfile.TemporaryDirectory(prefix="appcenter-bench-") as temp:
            remote_indexes(Path(temp))
        return 0
    directory = cache_dir(args.cache)
    apps = download(directory, APPLICATIONS[: args.count])
    themes = download(directory, THEMES)
    files = sorted(apps + themes)
    # Linearity: the same kind of input at two sizes (apps only; the themes' many small files
    # cost more per MB and would blur the comparison).
    half = sorted(apps[: len(apps) // 2])
    megabytes = sum(path.stat().st_size for path in files) / 1e6
    half_mb = sum(path.stat().st_size for path in half) / 1e6
    cores = len(os.sched_getaffinity(0))
    print(f"{len(apps)} application packages + {len(themes)} icon themes, {megabytes:.1f} MB")

    if args.repo and args.html_report:
        with tempfile.TemporaryDirectory(prefix="appcenter-bench-") as temp:
            report_cost(files, Path(temp), cores)
        return 0
    if args.repo:
        print(f"load before: {os.getloadavg()[0]:.2f} (uptime, 1 min)")
        with tempfile.TemporaryDirectory(prefix="appcenter-bench-") as temp:
            floor_s = floor(files)
            timings, indexing, cache_lines = repository_runs(files, Path(temp), cores)
            if args.index_rates:
                index_rates(Path(temp))
        first = timings["first"]
        print(
            f"floor: {floor_s:.2f} s; indexing (dpkg-scanpackages, apt-ftparchive): "
            f"{indexing:.1f} s"
        )
        print(
            f"--repo, --jobs {cores}, fresh cache: {first:.2f} s ({first / floor_s:.2f}× floor), "
            f"peak RSS {timings['first-rss']:.0f} MiB (largest process)"
        )
        print(
            f"--repo, cached re-run (outputs reused): {timings['reused']:.2f} s "
            f"({timings['reused'] / first:.3f}× the first run), peak RSS "
            f"{timings['reused-rss']:.0f} MiB"
        )
        print(
            f"--repo, cached re-run --no-output-reuse (units reused, outputs assembled): "
            f"{timings['units']:.2f} s ({timings['units'] / first:.3f}× the first run), peak RSS "
            f"{timings['units-rss']:.0f} MiB"
        )
        print(cache_lines)
        print(f"load after: {os.getloadavg()[0]:.2f}")
        return 0
    with tempfile.TemporaryDirectory(prefix="appcenter-bench-") as temp:
        work = Path(temp)
        floor_s = floor(files)
        one_s, one_rss, report = generate(files, 1, work / "one")
        many_s, many_rss, _ = generate(files, cores, work / "many")
        half_s, _, _ = generate(half, 1, work / "half")
        apps_s, _, _ = generate(sorted(apps), 1, work / "apps")
        asgen = None if args.skip_asgen else appstream_generator(files, work)

    count = len(files)
    totals = report["totals"]
    print(
        f"applications found: {totals['applications']}, icons: {totals['icons']}, "
        f"reasons: {report['reasons']}"
    )
    print(f"{'run':34} {'seconds':>8} {'MB/s':>8} {'pkgs/s':>8} {'vs floor':>9} {'peak RSS':>10}")

    def line(
        label: str, seconds: float, rss_kib: int | None, mb: float = megabytes, n: int = count
    ) -> None:
        rss = f"{rss_kib / 1024:.0f} MiB" if rss_kib else "-"
        print(
            f"{label:34} {seconds:8.2f} {mb / seconds:8.1f} {n / seconds:8.1f} "
            f"{seconds / floor_s:8.2f}× {rss:>10}"
        )

    line("floor: dpkg-deb --fsys-tarfile", floor_s, None)
    line("appcenter-generate --jobs 1", one_s, one_rss)
    line(f"appcenter-generate --jobs {cores}", many_s, many_rss)
    apps_mb = sum(path.stat().st_size for path in apps) / 1e6
    line("--jobs 1, half of the apps", half_s, None, half_mb, len(half))
    line("--jobs 1, all apps, no themes", apps_s, None, apps_mb, len(apps))
    if asgen is not None:
        seconds, rss, status = asgen
        note = "" if status == 0 else f" (exit {status})"
        if status == -9:
            note = f" (stopped after {ASGEN_TIMEOUT:.0f} s)"
        line(f"appstream-generator{note}", seconds, rss)
    else:
        print("appstream-generator: not run (not installed or --skip-asgen)")
    print(
        f"ratios: jobs 1 / floor = {one_s / floor_s:.2f} (target ≤ 1.5), "
        f"jobs 1 / jobs {cores} = {one_s / many_s:.2f}, "
        f"apps only all/half: {apps_s / half_s:.2f}× the time for {apps_mb / half_mb:.2f}× "
        f"the MB and {len(apps) / len(half):.2f}× the packages (linear: equal)"
    )
    if asgen is not None:
        print(f"appstream-generator / appcenter-generate --jobs {cores} = {asgen[0] / many_s:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
