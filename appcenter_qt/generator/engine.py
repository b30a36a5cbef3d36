"""The engine of every ``appcenter-generate`` mode, from one :class:`GenerateOptions`:
packages (or unpacked trees) and catalog files → catalog + icon archive + report.

:func:`run_inputs` does packages, trees, catalogs, ``--repo`` and ``--shard`` (``--upgrade``
and ``--system`` are told apart before this module is imported, by :mod:`.entry`);
:func:`merge` finishes shard runs as one. Each INPUT is a
package (``.deb``, ``.rpm``, Arch ``.pkg.tar.zst``: every format of
:mod:`~appcenter_qt.extract.readers`), an AppStream catalog file, a directory searched
recursively for packages, or with ``tree`` an unpacked root. Writes ``DIR/appcenter.sqlite``,
``DIR/icons.tar`` and ``DIR/report.json`` (or ``report``) as one set. The exit status:
:data:`EXIT_OK` when the run completed (even if inputs were bad: the report says why),
:data:`EXIT_FAILED` with ``strict`` when any input failed, :data:`EXIT_USAGE` on bad options.

New input formats are one module plus one line in the registry
(:mod:`appcenter_qt.extract.readers`); nothing here names a format. See docs/generator.md.

``--repo`` reads a repository through its indexes (:mod:`.repo`), ``--cache`` reuses unchanged
packages' work (:mod:`.scan_cache`, :mod:`.reuse`), ``--shard`` and ``merge`` split a run
(:mod:`.shards`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
import os
import sys
import time
from pathlib import Path

from appcenter_qt import backends
from appcenter_qt.catalog.locate import CATALOG_FILE, ICON_ARCHIVE_NAME
from appcenter_qt.catalog.publish import OutputSet
from appcenter_qt.domain.errors import CatalogError
from appcenter_qt.extract import deadline
from appcenter_qt.extract.readers import (
    CatalogOptions,
    InputKind,
    ReadCatalog,
    package_names,
    package_suffixes,
    sniff,
)
from appcenter_qt.extract.result import ExtractResult
from appcenter_qt.generator import html_output, repo, reuse, shards
from appcenter_qt.generator.composition import (
    DEFAULT_ICON_SIZES,
    Composition,
    Job,
    UnitScan,
)
from appcenter_qt.generator.options import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    PROGRAM,
    REPORT_NAME,
    GenerateOptions,
)
from appcenter_qt.generator.scan_cache import ScanCache
from appcenter_qt.generator.screenshot_service import with_service_screenshots
from appcenter_qt.support.file_names import is_clean

# The composer, the catalog writer (SQLAlchemy), the catalog importers and the report are
# imported where they are used, not here: an unchanged --repo run that reuses its previous
# outputs (reuse) never needs them, and their import is most of its time.

log = logging.getLogger(PROGRAM)


def sniff_input(path: Path, options: GenerateOptions) -> InputKind | None:
    """What ``path`` is: a directory is a tree with ``--tree`` (else ``None``: it is searched
    for packages); a file is whatever format recognizes it, or with ``--format`` a catalog."""
    if path.is_dir():
        return InputKind.TREE if options.tree else None
    kind = sniff(path)
    if kind is None and options.format:
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


def run_inputs(options: GenerateOptions, started: float) -> int:
    """A run over packages, trees, catalog files or a repository (``options`` checked by
    :func:`~appcenter_qt.generator.entry.validate`; ``started`` its
    :func:`time.perf_counter`), the exit status (:data:`EXIT_OK` …)."""
    jobs: list[Job] = []
    catalogs: list[tuple[Path, InputKind, ReadCatalog]] = []
    unknown: list[Path] = []
    for raw in options.inputs:
        path = Path(raw)
        if not is_clean(path):  # reported by name (escaped), the other inputs are read
            unknown.append(path)
            continue
        kind = sniff_input(path, options)
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
    sizes = tuple(options.icon_sizes or DEFAULT_ICON_SIZES)
    cache = repo.open_cache(options, sizes)
    indexes = repo.locate(options, cache) if options.repo else None
    reuse_key = reuse.run_key(options, indexes, cache)
    if reuse_key and cache is not None:
        status = reuse.reuse(options, cache, reuse_key, started)
        if status is not None:
            return status
    repository = repo.repository_jobs(options, len(jobs), indexes) if indexes is not None else None
    if repository is not None:
        jobs += repository.jobs
        options = dataclasses.replace(options, origin=options.origin or repository.origin())
    if options.shard is not None:
        if catalogs:
            print(f"{PROGRAM}: --shard reads packages only, not {catalogs[0][0]}", file=sys.stderr)
            return EXIT_USAGE
        sources = repository.sources() if repository is not None else {}
        jobs = shards.select(jobs, options.shard, sources)

    from appcenter_qt.generator.composer import Composer

    output = Path(options.output or ".")  # set: checked by _validate
    output.mkdir(parents=True, exist_ok=True)
    view = _ProgressView(len(jobs), options.quiet)
    try:
        with cache if cache is not None else contextlib.nullcontext():
            composer = Composer(
                cache=cache,
                sizes=sizes,
                origin=options.origin,
                workers=options.jobs,
                progress=view,
                input_timeout=options.input_timeout or None,
            )
            providers = repo.providers_for(repository, view)
            if options.shard is not None:
                scans = composer.scan_all(jobs, providers)
            else:
                composition = composer.compose(jobs, providers)
    finally:
        view.close()
    if options.shard is not None:
        written = shards.write_shard(
            output, options.shard, scans, sizes=sizes, origin=options.origin, unknown=unknown
        )
        if not options.quiet:
            print(f"shard {options.shard[0]}/{options.shard[1]}: {len(scans)} units; {written}")
        return EXIT_OK
    return _publish(options, composition, catalogs, unknown, started, cache, reuse_key)


def _publish(
    options: GenerateOptions,
    composition: Composition,
    catalogs: list[tuple[Path, InputKind, ReadCatalog]],
    unknown: list[Path],
    started: float,
    cache: ScanCache | None,
    reuse_key: str = "",
) -> int:
    """Catalogs, ratings and screenshots folded in; catalog, icons and report published as
    one set; the summary. Shared by a one-shot run and ``merge``. With ``reuse_key`` the
    outputs are kept in the cache for an unchanged re-run (:mod:`.reuse`)."""
    from appcenter_qt.catalog.writer import CatalogWriter
    from appcenter_qt.extract.appstream.catalog_import import import_ratings
    from appcenter_qt.extract.appstream.icon_archive import write_icon_archive
    from appcenter_qt.generator.key_colors import with_key_colors
    from appcenter_qt.generator.merge import merge
    from appcenter_qt.generator.reports.report import (
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

    output = Path(options.output or ".")  # set: checked by _validate
    output.mkdir(parents=True, exist_ok=True)
    # Packages first: in the merge, records from packages win and catalogs fill the gaps
    # (docs/imports.md); the icons of packages win over a catalog's cached ones.
    results: list[ExtractResult] = [ExtractResult(apps=list(composition.apps))]
    catalog_options = CatalogOptions(
        tuple(options.icons),
        options.format,
        options.origin or None,
        options.jobs,
        backends.bundle_formats(),
    )
    for path, kind, read_catalog in catalogs:
        read_started = time.perf_counter()
        result = deadline.read_limited(
            functools.partial(read_catalog, path, catalog_options),
            options.input_timeout,
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
    if options.ratings:
        try:
            with deadline.time_limit(options.input_timeout, options.ratings.name):
                ratings = import_ratings(options.ratings)
        except deadline.InputTimeout as error:
            log.warning("%s; ratings not imported", error)
    merged = merge(
        results, ratings, ratings_source=f"odrs:{options.ratings.name}" if options.ratings else ""
    )
    file_hints(composition.units, merged.hints, ADDON_MERGE_TAGS)
    icons = {**merged.icons, **composition.icons}
    # the banner's colour when the metadata has no branding: computed here, once
    merged.apps = with_key_colors(  # type: ignore[assignment]  # a view, as the merge's
        merged.apps, icons, workers=options.jobs
    )
    if options.screenshot_service:
        merged.apps = with_service_screenshots(merged.apps, options.screenshot_service)
    origin = options.origin or catalog_origin(getattr(result, "origin", "") for result in results)

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
                staging / CATALOG_FILE, origin=origin, generator=PROGRAM, workers=options.jobs
            ) as writer:
                merged.write_to(writer)
            write_icon_archive(staging / ICON_ARCHIVE_NAME, icons)
            write_report(Path(options.report) if options.report else staging / REPORT_NAME, report)
            output_set.publish()
    except OSError as error:  # a full disk: one line, the previous set intact
        raise CatalogError(f"{output}: {error.strerror or error}") from error
    report_path = Path(options.report) if options.report else output / REPORT_NAME
    html_line = None
    if options.html_report is not None:
        html_line = html_output.write(
            options.html_report,
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
        reuse.remember(
            cache,
            reuse_key,
            output,
            report_path,
            summary_lines(report),
            megabytes=megabytes,
            units=len(composition.units),
            failed=failed,
        )
    if not options.quiet:
        for line in summary_lines(report):
            print(line)
        rate = len(composition.units) / elapsed if elapsed else 0.0
        print(
            f"{megabytes:.1f} MB in {elapsed:.1f} s ({megabytes / elapsed if elapsed else 0:.1f} "
            f"MB/s, {rate:.1f} inputs/s, {options.jobs} jobs); report: {report_path}"
        )
        if cache is not None:
            print(repo.cache_summary(cache))
        if html_line:
            print(html_line)
    return EXIT_FAILED if options.strict and failed else EXIT_OK


def merge(options: GenerateOptions) -> int:
    """``appcenter-generate merge -o OUT DIR…``: the shards' scans (``options.shards``),
    finished as one run."""
    usage_error = (
        "--jobs must be at least 1"
        if options.jobs < 1
        else html_output.validate(options, Path(options.output or "."))
    )
    if usage_error:
        print(f"{PROGRAM}: {usage_error}", file=sys.stderr)
        return EXIT_USAGE
    from appcenter_qt.generator.composer import Composer

    started = time.perf_counter()
    scans, sizes, origin, unknown = shards.load_shards(list(options.shards))
    scans = repo.refresh_downloads(scans)
    options = dataclasses.replace(options, origin=origin, icon_sizes=sizes)
    cache = repo.open_cache(options, sizes)
    with cache if cache is not None else contextlib.nullcontext():
        composer = Composer(
            cache=cache,
            sizes=sizes,
            origin=origin,
            workers=options.jobs,
            input_timeout=options.input_timeout or None,
        )
        composition = composer.finish(scans)
    return _publish(options, composition, [], unknown, started, cache)
