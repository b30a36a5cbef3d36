"""Fill the templates (``templates/``, shipped with the package) and write the site.

:func:`write_site` writes into a directory the caller then publishes as one unit (the CLI
uses :class:`~appcenter_qt.catalog.publish.OutputSet`, as for the catalog): a half-written
report is never seen, a failed run leaves the previous report as it was. Jinja2's
autoescape is on for every template: package text reaches a page only escaped, and the
model (:mod:`.model`) has already cleaned it, checked its URLs and named its files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import jinja2

from appcenter_qt.domain import Application
from appcenter_qt.extract.pool.system_pool import resolve_in_root
from appcenter_qt.generator.composition import UnitOutcome
from appcenter_qt.generator.reports.html.chart import Chart, bar_chart
from appcenter_qt.generator.reports.html.model import (
    SEVERITIES,
    OriginEntry,
    Site,
    attention,
    collect,
    slowest,
)
from appcenter_qt.generator.reports.html.state import Previous, compare, load_state, state_bytes
from appcenter_qt.support.safe_open import read_regular

STATE_NAME = "state.json"
#: What a published report consists of (each reachable as DIR/NAME).
SITE_FILES = ("index.html", "packages.html", "timings.html", "packages", "icons", STATE_NAME)
#: Bars in a tag chart; the rest are summed into one "other tags" bar.
MAX_TAG_BARS = 16
#: Rows of the lists on the index (the full lists are on packages.html).
MAX_ATTENTION = 25
MAX_CHANGES = 100
SLOWEST = 50
#: An icon file on this machine (a pool's icon cache) larger than this is not copied.
MAX_LOCAL_ICON = 1024 * 1024
_PNG = b"\x89PNG\r\n\x1a\n"
_SEVERITY_WORDS = {"error": "errors", "warning": "warnings", "info": "information"}


@dataclass(frozen=True)
class SiteResult:
    pages: int
    icons: int
    previous: Previous


def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("appcenter_qt.generator.reports.html", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    environment.filters["size"] = _size
    environment.filters["seconds"] = lambda value: f"{value:.2f} s"
    environment.filters["plural"] = _plural
    return environment


def _size(value: int) -> str:
    if value >= 1_000_000:
        return f"{value / 1e6:.1f} MB"
    if value >= 1_000:
        return f"{value / 1e3:.0f} kB"
    return f"{value} B"


def _plural(count: int, one: str, many: str = "") -> str:
    return f"{count:,} {one if count == 1 else many or one + 's'}"


def severity_chart(origin: OriginEntry) -> Chart:
    rows = [
        (
            _SEVERITY_WORDS[severity],
            origin.by_severity.get(severity, 0),
            severity,
            f"{_SEVERITY_WORDS[severity]}: {_plural(origin.by_severity.get(severity, 0), 'hint')}",
        )
        for severity in SEVERITIES
    ]
    total = sum(origin.by_severity.values())
    return bar_chart(
        f"{origin.anchor}-severity",
        f"Hints by severity, {origin.label}",
        f"{_plural(total, 'hint')}: "
        + ", ".join(f"{value} {label}" for label, value, _css, _title in rows),
        rows,
        width=320,
        label_width=96,
    )


def tag_chart(origin: OriginEntry) -> Chart:
    shown = origin.by_tag[:MAX_TAG_BARS]
    rows = [
        (tag, count, severity, f"{tag} ({severity}): {_plural(count, 'hint')}. {text}")
        for tag, severity, text, count in shown
    ]
    rest = origin.by_tag[MAX_TAG_BARS:]
    if rest:
        count = sum(row[3] for row in rest)
        label = f"{len(rest)} other tags"
        rows.append((label, count, "other", f"{label}: {_plural(count, 'hint')}"))
    return bar_chart(
        f"{origin.anchor}-tags",
        f"Hints by tag, {origin.label}",
        "; ".join(f"{tag} ({severity}): {count}" for tag, severity, _text, count in origin.by_tag)
        or "no hints",
        rows,
        width=520,
        label_width=210,
    )


def _copy_icons(target: Path, site: Site, archive: Mapping[str, bytes], root: Path) -> set[str]:
    """Copy each shown application's icon into ``icons/``; returns the paths written.

    An archive icon is the icon-archive member's bytes; a local one (the pool's icon cache
    with ``--system``, a path of the system below ``root``) is copied if it is a regular
    PNG file of at most 1 MiB."""
    written = set()
    for path, (kind, where) in sorted(site.icons.items()):
        data: bytes | None = None
        if kind == "archive":
            data = archive.get(where)
        else:
            try:
                data = read_regular(resolve_in_root(root, where), MAX_LOCAL_ICON)
            except OSError:
                data = None
            if data is not None and len(data) > MAX_LOCAL_ICON:
                data = None
        if data is None or not data.startswith(_PNG):
            continue
        (target / path).write_bytes(data)
        written.add(path)
    return written


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def write_site(
    target: Path,
    *,
    units: Sequence[UnitOutcome],
    apps: Iterable[Application],
    icons: Mapping[str, bytes],
    run_origin: str,
    created_at: str,
    generator_version: str,
    previous_state: Path,
    root: Path = Path("/"),
) -> SiteResult:
    """Write the report of a run into the empty directory ``target``.

    ``units`` are the report lines (with their timings), ``apps`` the catalog's applications,
    ``icons`` the icon archive's members, ``previous_state`` the state file of the report
    being replaced (it need not exist), ``root`` the system whose files local icons name
    (``--system --root``)."""
    site = collect(
        units,
        apps,
        run_origin=run_origin,
        created_at=created_at,
        generator_version=generator_version,
    )
    previous = load_state(previous_state)
    gone = compare(site, previous)
    (target / "packages").mkdir()
    (target / "icons").mkdir()
    written = _copy_icons(target, site, icons, root)
    for package in site.packages:
        for app in package.apps:
            if app.icon and app.icon not in written:
                app.icon, app.icon_note = "", app.icon_note or "icon not in the icon archive"
    environment = _environment()
    common = {
        "site": site,
        "previous": previous,
        "severities": SEVERITIES,
        "severity_words": _SEVERITY_WORDS,
    }
    origins = [
        {
            "entry": origin,
            "severity_chart": severity_chart(origin),
            "tag_chart": tag_chart(origin),
            "attention": attention(origin.packages),
        }
        for origin in site.origins
    ]
    pages = {
        "index.html": environment.get_template("index.html").render(
            common,
            root="",
            current="index",
            origins=origins,
            gone=gone,
            max_attention=MAX_ATTENTION,
            max_changes=MAX_CHANGES,
        ),
        "packages.html": environment.get_template("packages.html").render(
            common, root="", current="packages"
        ),
        "timings.html": environment.get_template("timings.html").render(
            common,
            root="",
            current="timings",
            slowest=slowest(site.packages, SLOWEST),
            reused=sum(1 for package in site.packages if package.reused),
            total=sum(package.seconds for package in site.packages if not package.reused),
        ),
    }
    for name, text in pages.items():
        _write(target / name, text)
    template = environment.get_template("package.html")
    for package in site.packages:
        page = target / package.page
        if page.parent != target / "packages":  # model.file_name makes this impossible
            raise ValueError(f"unsafe report page name {package.page!r}")
        _write(page, template.render(common, root="../", current="package", package=package))
    (target / STATE_NAME).write_bytes(state_bytes(site))
    return SiteResult(len(pages) + len(site.packages), len(written), previous)
