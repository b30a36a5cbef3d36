"""``appcenter-generate``: real packages (or unpacked trees) → catalog + icon archive + report.

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
says why), 1 with ``--strict`` when any input failed, 2 on usage errors.

New input formats are one module plus one line in the registry
(:mod:`appcenter_qt.extract.readers`); nothing here names a format. See docs/generator.md.

``--system`` reads the machine's own AppStream pool, installed applications and package
database instead of INPUTs (:mod:`.system_build`) and publishes the set as one unit
(:mod:`~appcenter_qt.catalog.publish`), by default into the system or per-user cache that
the application center looks in.

``--repo`` reads a repository through its indexes (:mod:`.generate_repo`), ``--cache``
reuses unchanged packages' work, ``--shard`` and ``merge`` split a run (:mod:`.generate_shard`).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import logging
import os
import sys
import time
from pathlib import Path

from appcenter_qt.catalog.locate import CATALOG_FILE as CATALOG_NAME
from appcenter_qt.catalog.locate import ICON_ARCHIVE_NAME
from appcenter_qt.catalog.locate import REPORT_FILE as REPORT_NAME
from appcenter_qt.catalog.publish import OutputSet
from appcenter_qt.cli import generate_html, generate_repo, generate_reuse, generate_shard
from appcenter_qt.cli.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE, run_cli
from appcenter_qt.domain.errors import AppCenterError, CatalogError
from appcenter_qt.extract import deadline
from appcenter_qt.extract.composition import (
    DEFAULT_ICON_SIZES,
    Composition,
    Job,
    UnitScan,
)
from appcenter_qt.extract.pool_paths import FORMATS
from appcenter_qt.extract.readers import (
    CatalogOptions,
    InputKind,
    ReadCatalog,
    package_names,
    package_suffixes,
    sniff,
)
from appcenter_qt.extract.result import ExtractResult
from appcenter_qt.extract.scan_cache import ScanCache
from appcenter_qt.extract.screenshot_service import (
    ENVIRONMENT_VARIABLE as SCREENSHOT_SERVICE_VARIABLE,
)
from appcenter_qt.extract.screenshot_service import check_template, with_service_screenshots
from appcenter_qt.support.file_names import is_clean, shown

# The composer, the catalog writer (SQLAlchemy), the catalog importers and the report are
# imported where they are used, not here: an unchanged --repo run that reuses its previous
# outputs (generate_reuse) never needs them, and their import is most of its time.

PROGRAM = "appcenter-generate"
log = logging.getLogger(PROGRAM)


def sniff_input(path: Path, args: argparse.Namespace) -> InputKind | None:
    """What ``path`` is: a directory is a tree with ``--tree`` (else ``None``: it is searched
    for packages); a file is whatever format recognizes it, or with ``--format`` a catalog."""
    if path.is_dir():
        return InputKind.TREE if args.tree else None
    kind = sniff(path)
    if kind is None and args.format:
        return InputKind.CATALOG
    return kind


def packages_in(directory: Path) -> list[Path]:
    """Package files below ``directory`` (recursively, symlinked directories not followed),
    sorted so the run is reproducible."""
    found = []
    for root, dirs, files in os.walk(directory):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(package_suffixes()):
                found.append(Path(root) / name)
    return found


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
        help="with --system: also read the AppStream data the sources keep (every Flatpak "
        "remote's, found through libflatpak); default: only when --root is /",
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
        default=len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1,
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
    generate_repo.add_arguments(parser)
    parser.add_argument(
        "--shard",
        type=generate_shard.parse_shard,
        metavar="K/N",
        help="read only the K-th of N slices of the packages (by source package) and write "
        "DIR/shard-K-of-N.scans; join the N outputs with: appcenter-generate merge -o OUT DIR…",
    )
    generate_html.add_argument(parser)
    parser.add_argument("--strict", action="store_true", help="exit 1 if any input failed")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress output")
    parser.add_argument(
        "--upgrade",
        type=Path,
        metavar="CATALOG",
        help="bring an older catalog file to the current schema version in place, and stop",
    )
    return parser


class _ProgressView:
    """A rich progress bar on a terminal, plain lines otherwise (CI logs), nothing if quiet."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.total = total
        self.done = 0
        self.quiet = quiet
        self._bar = None
        if not quiet and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            self._bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self._task = self._bar.add_task("scanning", total=total)
            self._bar.start()

    def __call__(self, stage: str, scan: UnitScan | None) -> None:
        if stage != "scan" or scan is None:
            if self._bar is not None and stage == "icons":
                self._bar.update(self._task, description="icons")
            return
        self.done += 1
        if self._bar is not None:
            self._bar.update(self._task, advance=1)
        elif not self.quiet:
            found = len(scan.drafts)
            what = "failed" if scan.failed else f"{found} candidate application(s)"
            print(f"[{self.done}/{self.total}] {scan.source}: {what}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def _run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    if args.upgrade is not None:
        if args.inputs or args.system:
            print(f"{PROGRAM}: --upgrade takes no INPUT and no --system", file=sys.stderr)
            return EXIT_USAGE
        from appcenter_qt.catalog import migrate

        changed = migrate.upgrade(args.upgrade)
        if not args.quiet:
            print(f"{args.upgrade}: {'upgraded' if changed else 'already current'}")
        return EXIT_OK
    parser_error = _validate(args)
    if parser_error:
        print(f"{PROGRAM}: {parser_error}", file=sys.stderr)
        return EXIT_USAGE
    if args.system:
        from appcenter_qt.cli.generate_system import run_system

        return run_system(args)
    jobs: list[Job] = []
    catalogs: list[tuple[Path, InputKind, ReadCatalog]] = []
    unknown: list[Path] = []
    for raw in args.inputs:
        path = Path(raw)
        if not is_clean(path):  # reported by name (escaped), the other inputs are read
            unknown.append(path)
            continue
        kind = sniff_input(path, args)
        if kind is None and path.is_dir():  # a folder of packages
            found = packages_in(path)
            if not found:
                log.warning(
                    "%s: no %s files found (use --tree for an unpacked root)", path, package_names()
                )
            for package in found:
                package_kind = sniff(package) if is_clean(package) else None
                if package_kind is not None and package_kind.reader.read is not None:
                    jobs.append(Job(len(jobs), package_kind, str(package)))
                else:
                    unknown.append(package)
        elif kind is None:
            unknown.append(path)
        elif kind.reader.read is not None:  # a unit, for the composer
            jobs.append(Job(len(jobs), kind, str(path)))
        elif kind.reader.read_catalog is not None:  # a catalog, read whole
            catalogs.append((path, kind, kind.reader.read_catalog))
        else:
            unknown.append(path)
    sizes = tuple(args.icon_sizes or DEFAULT_ICON_SIZES)
    cache = generate_repo.open_cache(args, sizes)
    indexes = generate_repo.locate(args, cache) if args.repo else None
    reuse_key = generate_reuse.run_key(args, indexes, cache)
    if reuse_key and cache is not None:
        status = generate_reuse.reuse(args, cache, reuse_key, started)
        if status is not None:
            return status
    repository = (
        generate_repo.repository_jobs(args, len(jobs), indexes) if indexes is not None else None
    )
    if repository is not None:
        jobs += repository.jobs
        args.origin = args.origin or repository.origin()
    if args.shard is not None:
        if catalogs:
            print(f"{PROGRAM}: --shard reads packages only, not {catalogs[0][0]}", file=sys.stderr)
            return EXIT_USAGE
        sources = repository.sources() if repository is not None else {}
        jobs = generate_shard.select(jobs, args.shard, sources)

    from appcenter_qt.extract.composer import Composer

    output = Path(args.output)
    output.mkdir(parents=True, exist_ok=True)
    view = _ProgressView(len(jobs), args.quiet)
    try:
        with cache if cache is not None else contextlib.nullcontext():
            composer = Composer(
                cache=cache,
                sizes=sizes,
                origin=args.origin,
                workers=args.jobs,
                progress=view,
                input_timeout=args.input_timeout or None,
            )
            providers = generate_repo.providers_for(repository, view)
            if args.shard is not None:
                scans = composer.scan_all(jobs, providers)
            else:
                composition = composer.compose(jobs, providers)
    finally:
        view.close()
    if args.shard is not None:
        written = generate_shard.write_shard(
            output, args.shard, scans, sizes=sizes, origin=args.origin, unknown=unknown
        )
        if not args.quiet:
            print(f"shard {args.shard[0]}/{args.shard[1]}: {len(scans)} units; {written}")
        return EXIT_OK
    return _publish(args, composition, catalogs, unknown, started, cache, reuse_key)


def _publish(
    args: argparse.Namespace,
    composition: Composition,
    catalogs: list[tuple[Path, InputKind, ReadCatalog]],
    unknown: list[Path],
    started: float,
    cache: ScanCache | None,
    reuse_key: str = "",
) -> int:
    """Catalogs, ratings and screenshots folded in; catalog, icons and report published as
    one set; the summary. Shared by a one-shot run and ``merge``. With ``reuse_key`` the
    outputs are kept in the cache for an unchanged re-run (:mod:`.generate_reuse`)."""
    from appcenter_qt.catalog.writer import CatalogWriter
    from appcenter_qt.extract.catalog_import import import_ratings
    from appcenter_qt.extract.icon_archive import write_icon_archive
    from appcenter_qt.extract.key_colors import with_key_colors
    from appcenter_qt.extract.merge import merge
    from appcenter_qt.extract.report import (
        ADDON_MERGE_TAGS,
        catalog_origin,
        catalog_outcome,
        count_icons,
        file_hints,
        report_json,
        status_of,
        summary_lines,
        unknown_input,
        write_report,
    )

    output = Path(args.output)
    output.mkdir(parents=True, exist_ok=True)
    # Packages first: in the merge, records from packages win and catalogs fill the gaps
    # (docs/imports.md); the icons of packages win over a catalog's cached ones.
    results: list[ExtractResult] = [ExtractResult(apps=list(composition.apps))]
    options = CatalogOptions(tuple(args.icons), args.format, args.origin or None, args.jobs)
    for path, kind, read_catalog in catalogs:
        read_started = time.perf_counter()
        result = deadline.read_limited(
            functools.partial(read_catalog, path, options),
            args.input_timeout,
            path.name,
        )
        known = {app.id for app in composition.apps}
        composition.units.append(
            catalog_outcome(
                f"{kind.value}:{path.name}",
                str(path),
                path.stat().st_size,
                result,
                known,
                seconds=time.perf_counter() - read_started,
            )
        )
        results.append(result)
    ratings = None
    if args.ratings:
        try:
            with deadline.time_limit(args.input_timeout, args.ratings.name):
                ratings = import_ratings(args.ratings)
        except deadline.InputTimeout as error:
            log.warning("%s; ratings not imported", error)
    merged = merge(
        results, ratings, ratings_source=f"odrs:{args.ratings.name}" if args.ratings else ""
    )
    file_hints(composition.units, merged.hints, ADDON_MERGE_TAGS)
    icons = {**merged.icons, **composition.icons}
    # the banner's colour when the metadata has no branding: computed here, once
    merged.apps = with_key_colors(merged.apps, icons)
    if args.screenshot_service:
        merged.apps = with_service_screenshots(merged.apps, args.screenshot_service)
    origin = args.origin or catalog_origin(getattr(result, "origin", "") for result in results)

    for path in unknown:
        composition.units.append(unknown_input(path, f"not a {package_names()} file"))

    report = report_json(
        composition, origin=origin, applications=len(merged.apps), icons=count_icons(merged.apps)
    )
    # Catalog, icons and report are one set, switched in at once (catalog/publish.py): a
    # reader never pairs a new catalog with old icons, a failure keeps the previous set.
    try:
        with OutputSet(output) as output_set:
            staging = output_set.staging
            with CatalogWriter(
                staging / CATALOG_NAME, origin=origin, generator=PROGRAM, workers=args.jobs
            ) as writer:
                merged.write_to(writer)
            write_icon_archive(staging / ICON_ARCHIVE_NAME, icons)
            write_report(Path(args.report) if args.report else staging / REPORT_NAME, report)
            output_set.publish()
    except OSError as error:  # a full disk: one line, the previous set intact
        raise CatalogError(f"{output}: {error.strerror or error}") from error
    report_path = Path(args.report) if args.report else output / REPORT_NAME
    html_line = None
    if args.html_report is not None:
        html_line = generate_html.write(
            args.html_report,
            units=composition.units,
            apps=merged.apps,
            icons=icons,
            origin=origin,
            created_at=report["created_at"],
        )
    elapsed = time.perf_counter() - started

    failed = any(status_of(unit) == "failed" for unit in composition.units)
    megabytes = sum(unit.size for unit in composition.units) / 1e6
    if reuse_key and cache is not None:
        generate_reuse.remember(
            cache,
            reuse_key,
            output,
            report_path,
            summary_lines(report),
            megabytes=megabytes,
            units=len(composition.units),
            failed=failed,
        )
    if not args.quiet:
        for line in summary_lines(report):
            print(line)
        rate = len(composition.units) / elapsed if elapsed else 0.0
        print(
            f"{megabytes:.1f} MB in {elapsed:.1f} s ({megabytes / elapsed if elapsed else 0:.1f} "
            f"MB/s, {rate:.1f} inputs/s, {args.jobs} jobs); report: {report_path}"
        )
        if cache is not None:
            print(generate_repo.cache_summary(cache))
        if html_line:
            print(html_line)
    return EXIT_FAILED if args.strict and failed else EXIT_OK


def _validate(args: argparse.Namespace) -> str | None:
    if args.jobs < 1:
        return "--jobs must be at least 1"
    if args.screenshot_service:
        try:
            check_template(args.screenshot_service)
        except AppCenterError as error:
            return str(error)
    if args.system and args.inputs:
        return "--system takes no INPUT (it reads the machine's own pool)"
    if args.system and args.tree:
        return "--system and --tree cannot be combined"
    if not args.system and not args.inputs and args.repo is None:
        return "no INPUT given (or use --repo or --system)"
    repo_error = generate_repo.validate(args) or generate_html.validate(
        args, Path(args.output) if args.output else None
    )
    if repo_error:
        return repo_error
    if not args.system and not args.output:
        return "--output is required (except with --system)"
    if args.system and not Path(args.root).is_dir():
        return f"--root {shown(args.root)}: not a directory"
    # the catalog records its root, the summary prints the output: both must be UTF-8
    for option, value in (("--root", args.root if args.system else "/"), ("--output", args.output)):
        if value and not is_clean(Path(value).resolve()):
            return f"{option} {shown(Path(value).resolve())}: name not valid UTF-8"
    if not args.input_timeout >= 0:
        return "--input-timeout must be 0 (none) or more seconds"
    for size in args.icon_sizes or ():
        if not 16 <= size <= 1024:
            return f"--icon-size {size}: must be between 16 and 1024"
    missing = [raw for raw in args.inputs if not Path(raw).exists()]
    if missing:
        return f"{missing[0]}: no such file or directory"
    output = Path(args.output or ".")
    if output.exists() and not output.is_dir():
        return f"--output {output}: not a directory"
    missing_files = [p for p in [*args.icons, args.ratings] if p is not None and not p.is_file()]
    if missing_files:
        return f"{missing_files[0]}: no such file"
    if args.report and not Path(args.report).parent.is_dir():
        return f"--report {args.report}: directory does not exist"
    return None


def _merge(argv: list[str]) -> int:
    """``appcenter-generate merge -o OUT DIR…``: the shards' scans, finished as one run."""
    options = generate_shard.merge_parser().parse_args(argv)
    args = _parser().parse_args(["--output", options.output])
    vars(args).update(vars(options))
    usage_error = (
        "--jobs must be at least 1"
        if args.jobs < 1
        else generate_html.validate(args, Path(args.output))
    )
    if usage_error:
        print(f"{PROGRAM}: {usage_error}", file=sys.stderr)
        return EXIT_USAGE
    from appcenter_qt.extract.composer import Composer

    started = time.perf_counter()
    scans, sizes, origin, unknown = generate_shard.load_shards(options.shards)
    scans = generate_repo.refresh_downloads(scans)
    args.origin, args.icon_sizes = origin, list(sizes)
    cache = generate_repo.open_cache(args, sizes)
    with cache if cache is not None else contextlib.nullcontext():
        composer = Composer(
            cache=cache,
            sizes=sizes,
            origin=origin,
            workers=args.jobs,
            input_timeout=args.input_timeout or None,
        )
        composition = composer.finish(scans)
    return _publish(args, composition, [], unknown, started, cache)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["merge"]:
        return run_cli(PROGRAM, lambda: _merge(argv[1:]))
    args = _parser().parse_args(argv)
    return run_cli(PROGRAM, lambda: _run(args))


if __name__ == "__main__":
    sys.exit(main())
