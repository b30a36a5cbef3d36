"""``appcenter-generate --html-report DIR``: the run's static HTML report, published whole.

The site (:mod:`appcenter_qt.generator.reports.html`) is written into a new hidden set
directory inside ``DIR`` and switched in with one ``rename(2)`` of ``DIR/current``, with fixed
links ``DIR/index.html``, ``DIR/packages/`` … through it (:class:`OutputSet`, as the catalog
is): a reader or a web server sees the old report or the new one, never half of one, and a
run that fails keeps the old one. The previous report's ``state.json`` is read first, for
the "since the previous run" lists.

Every run that publishes a catalog can write one (packages, ``--repo``, catalogs,
``--system``, ``merge``); a ``--shard`` run writes no catalog, so its merge writes the report.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Mapping
from pathlib import Path

from appcenter_qt import __version__
from appcenter_qt.catalog.publish import OutputSet
from appcenter_qt.domain import Application
from appcenter_qt.domain.errors import CatalogError
from appcenter_qt.generator.composition import UnitOutcome
from appcenter_qt.generator.options import GenerateOptions

log = logging.getLogger("appcenter-generate")


def validate(options: GenerateOptions, output: Path | None) -> str | None:
    """A usage error in ``--html-report`` (``output`` is the run's catalog directory)."""
    directory: Path | None = options.html_report
    if directory is None:
        return None
    if options.shard is not None:
        return "--html-report is written by the merge: appcenter-generate merge --html-report DIR"
    if directory.exists() and not directory.is_dir():
        return f"--html-report {directory}: not a directory"
    if output is not None and directory.resolve() == output.resolve():
        return f"--html-report {directory}: must not be the --output directory"
    return None


def write(
    directory: Path,
    *,
    units: list[UnitOutcome],
    apps: Iterable[Application],
    icons: Mapping[str, bytes],
    origin: str,
    created_at: str,
    root: Path = Path("/"),
) -> str:
    """Write and publish the report; returns the summary line. A missing or unreadable
    previous state is a warning (the report then says "no previous run"), never an error."""
    started = time.perf_counter()
    # imported here: a run without --html-report does not pay for Jinja2
    from appcenter_qt.generator.reports import html as html_report

    try:
        with OutputSet(directory, files=html_report.SITE_FILES) as site:
            result = html_report.write_site(
                site.staging,
                units=units,
                apps=apps,
                icons=icons,
                run_origin=origin,
                created_at=created_at,
                generator_version=__version__,
                previous_state=directory / html_report.STATE_NAME,
                root=root,
            )
            site.publish()
    except OSError as error:  # a full disk: one line, the previous report intact
        raise CatalogError(f"{directory}: {error.strerror or error}") from error
    if result.previous.origins is None:
        log.warning("%s: no previous run to compare with: %s", directory, result.previous.problem)
    elapsed = time.perf_counter() - started
    index = directory / html_report.SITE_FILES[0]
    return f"html report: {index} ({result.pages} pages, {result.icons} icons) in {elapsed:.2f} s"
