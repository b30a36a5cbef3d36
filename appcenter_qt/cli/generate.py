"""``appcenter-generate``: arguments → :class:`~appcenter_qt.generator.options.GenerateOptions`
→ the engine (:mod:`appcenter_qt.generator.engine`) → its exit status.

    appcenter-generate --output DIR [--jobs N] [--origin NAME] [--report FILE]
                       [--icon-size 64 …] [--tree] [--strict] INPUT…
    appcenter-generate --system [--root DIR] [--output DIR] [--jobs N]
    appcenter-generate --repo DIR [--suite S --component C --arch A …] [--cache DIR]
                       [--shard K/N] --output DIR
    appcenter-generate merge -o OUT DIR…

Each INPUT is a package (``.deb``, ``.rpm``, Arch ``.pkg.tar.zst``: every format of
:mod:`~appcenter_qt.extract.readers`), an AppStream catalog file, a directory searched
recursively for packages, or with ``--tree`` an unpacked root. Writes
``DIR/appcenter.sqlite``, ``DIR/icons.tar`` and ``DIR/report.json`` (or ``--report FILE``),
each atomically. Exit status: 0 when the run completed (even if inputs were bad: the report
says why), 1 with ``--strict`` when any input failed, 2 on usage errors. Everything past the
parsing is the engine's (docs/generator.md).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

from appcenter_qt.cli.common import run_cli
from appcenter_qt.extract import deadline
from appcenter_qt.extract.appstream.pool_paths import FORMATS
from appcenter_qt.extract.download import DEFAULT_FETCH_MAX_BYTES, DEFAULT_FETCH_TIMEOUT
from appcenter_qt.extract.readers import package_names
from appcenter_qt.generator.composition import DEFAULT_ICON_SIZES
from appcenter_qt.generator.options import (
    PROGRAM,
    REPORT_NAME,
    GenerateOptions,
    available_cores,
)
from appcenter_qt.generator.scan_cache import DEFAULT_MAX_BYTES
from appcenter_qt.generator.screenshot_service import (
    ENVIRONMENT_VARIABLE as SCREENSHOT_SERVICE_VARIABLE,
)
from appcenter_qt.support.batch_process import batch_gc, exit_now

_SHARD = re.compile(r"([1-9][0-9]*)/([1-9][0-9]*)")

# The engine (the composer, the catalog writer, the report) is imported when a run starts,
# so --help and a usage error stay quick.


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        allow_abbrev=False,
        prog=PROGRAM,
        description="Generate an appcenter-qt catalog and icon archive from packages.",
    )
    parser.add_argument(
        "inputs",
        nargs="*",
        metavar="INPUT",
        help=f"{package_names()} package, catalog file or directory",
    )
    parser.add_argument(
        "--output",
        "-o",
        metavar="DIR",
        help="output directory (with --system: /var/cache/appcenter-qt as root, else "
        "$XDG_CACHE_HOME/appcenter-qt/system)",
    )
    parser.add_argument(
        "--system",
        action="store_true",
        help="build from this machine's AppStream pool, installed applications and package "
        "database instead of INPUTs",
    )
    parser.add_argument(
        "--root",
        default="/",
        metavar="DIR",
        help="with --system: read the system below DIR (image builders, tests)",
    )
    parser.add_argument(
        "--source-catalogs",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="with --system: also read the AppStream data the software sources keep (each "
        "remote's catalog, found through the source itself); default: only when --root is /",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="with --system: parse every catalog file again (default: reuse the parse of "
        "files unchanged since the last run, kept in DIR/.parse-cache)",
    )
    parser.add_argument(
        "--progress",
        choices=("auto", "json"),
        default="auto",
        help="json: one JSON object per progress step on stderr, for front ends",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=available_cores(),
        metavar="N",
        help="worker processes (default: the number of cores)",
    )
    parser.add_argument("--origin", default="", metavar="NAME", help="repository/origin id")
    parser.add_argument(
        "--report", metavar="FILE", help=f"JSON report (default: DIR/{REPORT_NAME})"
    )
    parser.add_argument(
        "--icon-size",
        type=int,
        action="append",
        dest="icon_sizes",
        metavar="PX",
        help=f"icon size to render, repeatable (default: {' '.join(map(str, DEFAULT_ICON_SIZES))})",
    )
    parser.add_argument("--tree", action="store_true", help="directories are unpacked roots")
    parser.add_argument(
        "--format",
        choices=FORMATS,
        help="file INPUTs that are not packages are AppStream catalogs of this format "
        "(default: recognized by content: DEP-11 YAML or catalog XML, plain/gz/xz/zstd)",
    )
    parser.add_argument(
        "--icons",
        action="append",
        type=Path,
        default=[],
        metavar="FILE",
        help="icon tarball of a catalog INPUT (icons-64x64.tar.gz …); repeatable",
    )
    parser.add_argument(
        "--ratings", type=Path, metavar="FILE", help="ODRS ratings JSON to attach to the apps"
    )
    parser.add_argument(
        "--screenshot-service",
        default=os.environ.get(SCREENSHOT_SERVICE_VARIABLE, ""),
        metavar="URL",
        help="https URL template with {package}: a screenshot for applications that have "
        f"none (off by default, for privacy; ${SCREENSHOT_SERVICE_VARIABLE})",
    )
    parser.add_argument(
        "--input-timeout",
        type=float,
        default=deadline.DEFAULT_INPUT_TIMEOUT,
        metavar="SECONDS",
        help=f"time limit per input, 0 for none (default: {deadline.DEFAULT_INPUT_TIMEOUT:g})",
    )
    _repository_arguments(parser)
    parser.add_argument(
        "--shard",
        type=parse_shard,
        metavar="K/N",
        help="read only the K-th of N slices of the packages (by source package) and write "
        "DIR/shard-K-of-N.scans; join the N outputs with: appcenter-generate merge -o OUT DIR…",
    )
    parser.add_argument(
        "--html-report",
        type=Path,
        metavar="DIR",
        help="also write a static HTML report (per origin: applications, hints by tag and "
        "severity, changes since the previous report in DIR; a page per package; the "
        "slowest packages)",
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 if any input failed")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress output")
    parser.add_argument(
        "--upgrade",
        type=Path,
        metavar="CATALOG",
        help="bring an older catalog file to the current schema version in place, and stop",
    )
    return parser


def _repository_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("repository input")
    group.add_argument(
        "--repo",
        metavar="DIR_OR_URL",
        help="a Debian (dists/) or RPM (repodata/repomd.xml) repository to read through its "
        "indexes: newest version of each package, only those the file lists show can matter; "
        "a directory, a file:// URL, or an http(s):// URL (indexes and packages downloaded)",
    )
    for option, what in (("--suite", "suite"), ("--component", "component"), ("--arch", "arch")):
        group.add_argument(
            option,
            action="append",
            dest=f"{what}s" if what != "arch" else "arches",
            default=[],
            metavar=what.upper(),
            help=f"with a Debian --repo: {what} to read, repeatable",
        )

    group.add_argument(
        "--fetch-timeout",
        type=float,
        default=DEFAULT_FETCH_TIMEOUT,
        metavar="SECONDS",
        help="with an http(s) --repo: time for all downloads of the run together, 0 for none "
        f"(default {DEFAULT_FETCH_TIMEOUT:g})",
    )
    group.add_argument(
        "--fetch-max-size",
        type=_size,
        default=DEFAULT_FETCH_MAX_BYTES,
        metavar="SIZE",
        help="with an http(s) --repo: refuse a file larger than SIZE (default 2G)",
    )

    cache = parser.add_argument_group("incremental cache")
    cache.add_argument(
        "--cache",
        type=Path,
        metavar="DIR",
        help="keep each package's extraction in DIR (private to this user) and reuse it while "
        "the package, the generator and the options are unchanged; also an http(s) --repo's "
        "indexes, reused while its Release file or repomd.xml lists them unchanged",
    )
    cache.add_argument(
        "--cache-max-size",
        type=_size,
        default=DEFAULT_MAX_BYTES,
        metavar="SIZE",
        help="prune the least recently used entries above SIZE (bytes, or with K, M, G; "
        "default 2G)",
    )
    cache.add_argument(
        "--no-output-reuse",
        action="store_true",
        help="with --repo and --cache: assemble the outputs even when every index and option "
        "is unchanged (by default the previous run's outputs are reused then)",
    )


def _size(text: str) -> int:
    units = {"K": 1024, "M": 1024**2, "G": 1024**3}
    number, unit = (text[:-1], units[text[-1].upper()]) if text[-1:].upper() in units else (text, 1)
    try:
        value = int(float(number) * unit)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: not a size (e.g. 500M)") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: negative")
    return value


def parse_shard(text: str) -> tuple[int, int]:
    """``K/N`` with 1 ≤ K ≤ N (argparse type)."""
    match = _SHARD.fullmatch(text)
    if not match or int(match[1]) > int(match[2]):
        raise argparse.ArgumentTypeError(f"{text!r}: expected K/N with 1 <= K <= N")
    return int(match[1]), int(match[2])


def _merge_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="appcenter-generate merge",
        description="Join the outputs of appcenter-generate --shard K/N runs into one catalog.",
        allow_abbrev=False,
    )
    parser.add_argument("shards", nargs="+", type=Path, metavar="DIR", help="shard outputs")
    parser.add_argument("--output", "-o", required=True, metavar="DIR", help="output directory")
    parser.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="for the icons")
    parser.add_argument("--report", metavar="FILE", help="JSON report (default: DIR/report.json)")
    parser.add_argument("--cache", type=Path, metavar="DIR", help="the shards' --cache")
    parser.add_argument("--html-report", type=Path, metavar="DIR", help="static HTML report")
    parser.add_argument("--strict", action="store_true", help="exit 1 if any input failed")
    parser.add_argument("--quiet", "-q", action="store_true", help="no summary")
    return parser


def options_from(args: argparse.Namespace) -> GenerateOptions:
    """The parsed arguments as the engine's options (lists become tuples)."""
    values: dict[str, Any] = {
        name: tuple(value) if isinstance(value, list) else value
        for name, value in vars(args).items()
    }
    if values.get("icon_sizes") is None:
        values["icon_sizes"] = ()
    return GenerateOptions(**values)


def main(argv: list[str] | None = None) -> int:
    with batch_gc():
        return _main(sys.argv[1:] if argv is None else argv)


def console() -> NoReturn:
    """``appcenter-generate``: :func:`main`, then the process ends at once
    (:func:`~appcenter_qt.support.batch_process.exit_now`)."""
    exit_now(main())


def _main(argv: list[str]) -> int:
    if argv[:1] == ["merge"]:
        merge_args = _merge_parser().parse_args(argv[1:])

        def merge() -> int:
            from appcenter_qt.generator import engine

            return engine.merge(options_from(merge_args))

        return run_cli(PROGRAM, merge)
    args = _parser().parse_args(argv)

    def run() -> int:
        from appcenter_qt.generator import entry

        return entry.run(options_from(args))

    return run_cli(PROGRAM, run)


if __name__ == "__main__":
    console()
