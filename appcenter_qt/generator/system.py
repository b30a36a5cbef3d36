"""``appcenter-generate --system``: read the machine (:mod:`.system_build`), merge, and publish
catalog, icon archive and report as one set (:mod:`~appcenter_qt.catalog.publish`).

Progress goes to stderr (:mod:`.system_progress`); stdout only gets the summary. When only
the installed state changed since the published set, the engine takes the short way first
(:mod:`.installed_refresh`) and this module is not even imported.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from appcenter_qt.catalog.locate import CATALOG_FILE, ICON_ARCHIVE_NAME, default_pool_output
from appcenter_qt.catalog.origins import META_KEY, format_sources
from appcenter_qt.catalog.publish import OutputSet
from appcenter_qt.domain.errors import CatalogError
from appcenter_qt.extract.app_spool import app_heads, app_ids
from appcenter_qt.extract.appstream.catalog_import import import_ratings
from appcenter_qt.extract.appstream.icon_archive import write_icon_archive
from appcenter_qt.extract.result import ExtractResult, Severity
from appcenter_qt.generator import html_output
from appcenter_qt.generator.color_memo import ColorMemo
from appcenter_qt.generator.composer import DEFAULT_ICON_SIZES, UnitOutcome
from appcenter_qt.generator.installed_refresh import recorded_key
from appcenter_qt.generator.key_colors import with_key_colors
from appcenter_qt.generator.merge import MergedCatalog, merge
from appcenter_qt.generator.options import EXIT_FAILED, EXIT_OK, REPORT_NAME, GenerateOptions
from appcenter_qt.generator.reports.report import (
    catalog_origin,
    catalog_outcome,
    count_icons,
    report_json,
    status_of,
    summary_lines,
    write_report,
)
from appcenter_qt.generator.screenshot_service import with_service_screenshots
from appcenter_qt.generator.system_build import read_system
from appcenter_qt.generator.system_progress import PROGRAM, SystemProgress

#: Parsed pool catalogs, reused while a file is unchanged (generator/parse_cache.ParseCache),
#: and the key colours by icon content (generator/color_memo.ColorMemo).
PARSE_CACHE = ".parse-cache"


def _attach_merge_hints(units: list[UnitOutcome], merged: MergedCatalog, inherited: int) -> None:
    """The merge's own hints (which record won, from which input) go to the report entry of
    the winning record's input, so the report says per input what it contributed."""
    provenance = dict(app_heads(merged.apps))  # from the spools: no application is read
    by_source = {unit.source: unit for unit in units}
    by_source.update({Path(unit.path).name: unit for unit in units if unit.path})
    for hint in merged.hints[inherited:]:
        # the merge names an application by its id, or as "input (id)"
        app_id = hint.source.rpartition(" (")[2].removesuffix(")") or hint.source
        unit = by_source.get(provenance.get(app_id, "")) or by_source.get(
            hint.source.partition(" (")[0]
        )
        if unit is not None:
            unit.hints.append(hint)


def run_system(options: GenerateOptions) -> int:
    output = Path(options.output) if options.output else default_pool_output()
    sizes = tuple(options.icon_sizes or DEFAULT_ICON_SIZES)
    started = time.perf_counter()
    progress = SystemProgress(options.progress, options.quiet)
    cache_dir = None if options.no_cache else output / PARSE_CACHE
    try:
        with OutputSet(output) as output_set, contextlib.ExitStack() as stack:
            inputs = read_system(
                options.root,
                jobs=options.jobs,
                sizes=sizes,
                progress=progress,
                cache_dir=cache_dir,
                source_catalogs=options.reads_source_catalogs(),
                input_timeout=options.input_timeout or None,
            )
            composition = inputs.composition
            assert composition is not None
            # imported after the parse, not before it: its workers start ~0.2 s sooner and
            # without SQLAlchemy and the schema, which they do not use
            from appcenter_qt.catalog.writer import CatalogWriter

            results: list[ExtractResult] = [result for _file, result in inputs.catalogs]
            results.append(ExtractResult(apps=list(composition.apps)))
            ratings = import_ratings(options.ratings) if options.ratings else None
            merged = merge(
                results,
                ratings,
                ratings_source=f"odrs:{options.ratings.name}" if options.ratings else "",
            )
            if options.screenshot_service:
                merged.apps = with_service_screenshots(merged.apps, options.screenshot_service)
            # the banner's colour when the metadata has no branding: computed here, once,
            # from the archive's icons and the pool's icon files
            # kept beside the parse cache, used where it was (one verdict on the directory)
            memo = ColorMemo.load(inputs.cache_dir) if inputs.cache_dir is not None else None
            # decoded while the writer reads the applications (closed below, or killed)
            coloured = with_key_colors(
                merged.apps,
                {**merged.icons, **composition.icons},
                str(inputs.pool.root),
                memo,
                workers=options.jobs,
                streamed=True,
            )
            stack.callback(coloured.close, kill=True)
            merged.apps = coloured  # type: ignore[assignment]  # a view, as the merge's
            known = {app.id for app in composition.apps}
            for file, result in inputs.catalogs:
                source = f"{result.format}:{file.path.name}"
                composition.units.append(
                    catalog_outcome(source, file.logical, file.size, result, known)
                )
                known.update(app_ids(result.apps))  # a spool's, without reading its records
            _attach_merge_hints(composition.units, merged, sum(len(r.hints) for r in results))
            for hint in inputs.hints:  # a bad pool file or database: an input of its own
                failed = hint.severity is Severity.ERROR
                composition.units.append(
                    UnitOutcome(f"pool:{hint.source}", hint.source, None, [], [hint], failed, 0, 0)
                )
            origin = options.origin or catalog_origin(inputs.origins)
            progress("writing", 0.85, str(output))
            staging = output_set.staging
            with CatalogWriter(
                staging / CATALOG_FILE,
                origin=origin,
                generator=PROGRAM,
                workers=options.jobs,
                extra_meta={
                    "pool_fingerprint": inputs.fingerprint(),
                    "pool_root": str(inputs.pool.root),
                    META_KEY: format_sources(inputs.sources, inputs.sources),
                    **inputs.source_state(),
                    **recorded_key(inputs.content_stamps, inputs.source_stamps, options),
                },
            ) as writer:
                merged.write_to(writer)
                if inputs.pool.package_db:
                    writer.set_installed(inputs.installed, inputs.pool.package_db)
            coloured.close()
            if memo is not None and inputs.cache_dir is not None:
                memo.save(inputs.cache_dir)
            icons = {**merged.icons, **composition.icons}
            write_icon_archive(staging / ICON_ARCHIVE_NAME, icons)
            report = report_json(
                composition,
                origin=origin,
                applications=len(merged.apps),
                icons=count_icons(merged.apps),
            )
            write_report(staging / REPORT_NAME, report)
            if options.report:
                write_report(Path(options.report), report)
            published = output_set.publish()
            progress("done", 1.0, str(published))
    except OSError as error:  # a full disk, a read-only cache: one line, set left intact
        raise CatalogError(f"{output}: {error.strerror or error}") from error
    finally:
        progress.close()
    html_line = None
    if options.html_report is not None:
        html_line = html_output.write(
            options.html_report,
            units=composition.units,
            apps=merged.apps,
            icons=icons,
            origin=origin,
            created_at=report["created_at"],
            root=Path(options.root),
        )
    elapsed = time.perf_counter() - started
    if not options.quiet:
        for line in summary_lines(report):
            print(line)
        origins = ", ".join(inputs.origins) or "none"
        print(
            f"{len(inputs.catalogs)} catalog file(s) (origins: {origins}), "
            f"{len(inputs.pool.data_dirs)} data dir(s), {len(inputs.installed)} installed "
            f"packages ({inputs.pool.package_db or 'no package database'}) in {elapsed:.1f} s; "
            f"catalog: {published}"
        )
        if html_line:
            print(html_line)
    failed = any(status_of(unit) == "failed" for unit in composition.units)
    return EXIT_FAILED if options.strict and failed else EXIT_OK
