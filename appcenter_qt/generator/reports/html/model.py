"""What the HTML report shows, as plain data: one entry per input, per origin and per
application, built from the run's report lines and the catalog's applications.

Everything here comes from packages and is untrusted. The templates escape it (autoescape),
and this module makes sure what they get is safe to put anywhere in a page:

* text is cleaned (:func:`clean`): control and bidirectional-override characters become
  U+FFFD, lone surrogates (undecodable file names) their ``\\udcXX`` spelling, long text is cut;
* URLs are links only when they are ``http(s)://`` (:func:`web_url`), so a ``javascript:``
  screenshot never becomes a link;
* file names of pages and icons are a slug plus a hash (:func:`file_name`): only
  ``[a-z0-9._+-]``, never starting with a dot, so ``../../etc`` or ``<script>`` as a package
  name cannot choose where a file goes.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from appcenter_qt.domain import Application, IconKind
from appcenter_qt.extract.hint_tags import HINT_TAGS, Severity
from appcenter_qt.generator.composition import UnitOutcome
from appcenter_qt.generator.reports.report import STATUS_FAILED, decisive_hint, status_of

#: Severity order for sorting and charts: the worst first.
SEVERITIES: tuple[str, ...] = (Severity.ERROR.value, Severity.WARNING.value, Severity.INFO.value)
#: Cut-offs that keep a page readable (and bounded) for a catalog file of 60,000 components.
MAX_TEXT = 2000
MAX_APPS_PER_PAGE = 500
MAX_HINTS_PER_PAGE = 2000
MAX_SCREENSHOTS = 6
#: The icon size shown; the smallest cached one at least this large is copied.
ICON_SIZE = 64
NO_ORIGIN = "(no origin)"

_UNSAFE_CHARS = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
_SLUG_DROP = re.compile(r"[^a-z0-9._+-]+")
_WEB_URL = re.compile(r"https?://[^\s<>\"'`\\]+\Z", re.IGNORECASE)
#: A Debian package file's name, ``NAME_VERSION_ARCH.deb``: a corrupt one is still known by it.
_DEB_FILE = re.compile(r"deb:([a-z0-9][a-z0-9+.-]*)_[^_/]+_([a-z0-9-]+)\.u?deb\Z")


def clean(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` fit for a page: valid UTF-8, no control or bidi-override characters, at most
    ``limit`` characters."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = _UNSAFE_CHARS.sub("\ufffd", text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def web_url(url: str) -> str | None:
    """``url`` if it is an ``http(s)`` URL a page may link to, else ``None``."""
    url = url.strip()
    if len(url) > 2048 or not _WEB_URL.match(url):
        return None
    return clean(url, 2048)


def digest(*parts: str) -> str:
    joined = "\n".join(parts).encode("utf-8", "surrogateescape")
    return hashlib.sha256(joined).hexdigest()


def slug(text: str) -> str:
    """A file-name-safe, readable short form of ``text`` (``[a-z0-9._+-]``, no leading dot)."""
    text = text.encode("ascii", "ignore").decode("ascii").lower()
    cut = _SLUG_DROP.sub("-", text).strip("._+-")[:48].strip("._+-")
    return cut or "x"


def file_name(label: str, *identity: str, suffix: str) -> str:
    """``slug-hash.suffix``: readable, unique per ``identity``, safe whatever ``label`` is."""
    return f"{slug(label)}-{digest(*identity)[:12]}{suffix}"


@dataclass(frozen=True)
class HintRow:
    tag: str
    severity: str
    text: str  # the tag's explanation, from the hint table
    message: str
    where: str


@dataclass(frozen=True)
class Link:
    url: str
    text: str


@dataclass
class AppEntry:
    id: str
    name: str
    summary: str
    #: where the icon's pixels are: ("archive", member) or ("file", absolute path)
    icon_source: tuple[str, str] | None = None
    icon_note: str = ""  # a stock icon's name or a remote icon's URL, when not copied
    icon_link: Link | None = None
    screenshots: list[Link] = field(default_factory=list)
    homepage: str | None = None
    #: the icon's path in the site, set when a page shows the application
    icon: str = ""


@dataclass
class PackageEntry:
    """One input of the run (a package, a tree, a catalog file) and its page."""

    key: str  # its identity from run to run within its origin (state file)
    page: str  # "packages/NAME.html"
    label: str
    version: str
    arch: str
    source_package: str
    input: str  # the input's label: "deb:gnome-mines_40.1-2_amd64.deb"
    origin: str
    status: str
    reason: HintRow | None
    hints: list[HintRow]
    hint_count: int
    app_ids: list[str]
    apps: list[AppEntry] = field(default_factory=list)
    size: int = 0
    seconds: float = 0.0
    reused: bool = False
    counts: dict[str, int] = field(default_factory=dict)
    #: (tag, severity) → hints, over all of the input's hints (the page shows the first ones)
    tags: Counter[tuple[str, str]] = field(default_factory=Counter)
    broken: bool = False
    origin_anchor: str = ""  # the origin's section on the index


@dataclass
class OriginEntry:
    name: str
    label: str
    anchor: str
    packages: list[PackageEntry] = field(default_factory=list)
    applications: list[str] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)
    by_severity: dict[str, int] = field(default_factory=dict)
    #: (tag, severity, text, count), worst and most frequent first
    by_tag: list[tuple[str, str, str, int]] = field(default_factory=list)
    changes: object | None = None  # state.Changes, set by state.compare


@dataclass
class Site:
    created_at: str
    generator_version: str
    origins: list[OriginEntry]
    packages: list[PackageEntry]
    applications: int
    #: site path ("icons/NAME.png") → where its pixels are
    icons: dict[str, tuple[str, str]] = field(default_factory=dict)


def is_broken(status: str, errors: int, reason: HintRow | None) -> bool:
    """Failed, an error hint, or no application for a reason worse than information (an
    icon that was not found): what a maintainer must look at."""
    if status == STATUS_FAILED or errors:
        return True
    return reason is not None and reason.severity != Severity.INFO


def _hint_row(tag: str, severity: str, message: str, where: str) -> HintRow:
    definition = HINT_TAGS.get(tag)
    return HintRow(
        clean(tag, 80),
        severity,
        definition.text if definition else "",
        clean(message),
        clean(where, 400),
    )


def _within(where: str, source: str) -> str:
    """A hint's "where" on its input's page: the component or file inside the input
    (``deb:x.deb (org.x.App)`` → ``org.x.App``), empty when it is the input itself."""
    if where == source:
        return ""
    inner = where.removeprefix(source + " ")
    if inner != where and inner.startswith("(") and inner.endswith(")"):
        return inner[1:-1]
    return where


def _package_entry(unit: UnitOutcome, origin: str) -> PackageEntry:
    info = unit.info
    label = clean(info.name, 200) if info is not None and info.name else clean(unit.source, 200)
    if info is not None and info.name:
        key = f"{label}:{clean(info.arch, 40)}"
    elif deb := _DEB_FILE.match(unit.source):  # unreadable: "newly broken", not "removed"
        key = f"{deb[1]}:{deb[2]}"
    else:
        key = label
    counts = Counter(hint.severity.value for hint in unit.hints)
    rows = [
        _hint_row(hint.tag, hint.severity.value, hint.message, _within(hint.source, unit.source))
        for hint in unit.hints[:MAX_HINTS_PER_PAGE]
    ]
    decisive = decisive_hint(unit)
    reason = (
        _hint_row(decisive.tag, decisive.severity.value, decisive.message, decisive.source)
        if decisive is not None
        else None
    )
    status = status_of(unit)
    return PackageEntry(
        key=key,
        page="packages/" + file_name(label, origin, unit.source, unit.path, suffix=".html"),
        label=label,
        version=clean(info.version, 200) if info is not None else "",
        arch=clean(info.arch, 40) if info is not None else "",
        source_package=clean(info.source, 200) if info is not None else "",
        input=clean(unit.source, 400),
        origin=origin,
        status=status,
        reason=reason,
        hints=rows,
        hint_count=len(unit.hints),
        app_ids=sorted(unit.app_ids),
        size=unit.size,
        seconds=unit.seconds,
        reused=unit.reused,
        counts={severity: counts[severity] for severity in SEVERITIES},
        tags=Counter((clean(hint.tag, 80), hint.severity.value) for hint in unit.hints),
        broken=is_broken(status, counts[Severity.ERROR.value], reason),
    )


def _icon_choice(app: Application) -> tuple[tuple[str, str] | None, str, Link | None]:
    """The icon to copy (the smallest cached or local one of at least :data:`ICON_SIZE`,
    else the largest), or a note naming a stock or remote icon."""
    pixels = [icon for icon in app.icons if icon.kind in (IconKind.CACHED, IconKind.LOCAL)]
    if pixels:
        large = [icon for icon in pixels if icon.size >= ICON_SIZE]
        icon = (
            min(large, key=lambda i: (i.size, i.scale))
            if large
            else max(pixels, key=lambda i: i.size)
        )
        kind = "archive" if icon.kind is IconKind.CACHED else "file"
        return (kind, icon.path or icon.name), "", None
    for icon in app.icons:
        if icon.kind is IconKind.REMOTE and (url := web_url(icon.name or icon.path)):
            return None, "remote icon", Link(url, "remote icon")
    for icon in app.icons:
        if icon.kind is IconKind.STOCK:
            return None, f"stock icon: {clean(icon.name, 200)}", None
    return None, "no icon", None


def _app_entry(app: Application) -> AppEntry:
    source, note, link = _icon_choice(app)
    screenshots = []
    for number, shot in enumerate(app.screenshots, 1):
        images = sorted(shot.images, key=lambda image: image.thumbnail)  # the source first
        url = next((u for image in images if (u := web_url(image.url))), None)
        if url is not None:
            caption = clean(shot.caption.get() or "", 200)
            screenshots.append(Link(url, caption or f"screenshot {number}"))
        if len(screenshots) >= MAX_SCREENSHOTS:
            break
    return AppEntry(
        id=clean(app.id, 300),
        name=clean(app.name.get() or app.id, 300),
        summary=clean(app.summary.get() or "", 400),
        icon_source=source,
        icon_note=note,
        icon_link=link,
        screenshots=screenshots,
        homepage=web_url(app.homepage) if app.homepage else None,
    )


def _single_origin(run_origin: str) -> str:
    """The run's origin for units without one of their own, unless the run has several."""
    return run_origin if ";" not in run_origin else ""


def collect(
    units: Sequence[UnitOutcome],
    apps: Iterable[Application],
    *,
    run_origin: str,
    created_at: str,
    generator_version: str,
) -> Site:
    """The site's data. ``apps`` (the catalog's applications, possibly spooled on disk) are
    read once; only a short entry per application is kept."""
    fallback = _single_origin(run_origin)
    packages = [_package_entry(unit, clean(unit.origin or fallback, 200)) for unit in units]
    pages: set[str] = set()
    for number, package in enumerate(packages):  # the same file given twice: two pages
        if package.page in pages:
            name = file_name(package.label, package.page, str(number), suffix=".html")
            package.page = "packages/" + name
        pages.add(package.page)
    claimed = {app_id for unit in units for app_id in unit.app_ids}
    # entries only for the applications a page shows: bounded for a 60,000-component catalog
    shown = {app_id for p in packages for app_id in p.app_ids[:MAX_APPS_PER_PAGE]}
    present: set[str] = set()
    entries: dict[str, AppEntry] = {}
    for app in apps:
        if app.id in claimed:
            present.add(app.id)
            if app.id in shown:
                entries[app.id] = _app_entry(app)
    site = Site(clean(created_at, 40), clean(generator_version, 40), [], packages, len(present))
    by_origin: dict[str, OriginEntry] = {}
    for package in packages:
        origin = by_origin.get(package.origin)
        if origin is None:
            label = package.origin or NO_ORIGIN
            anchor = "origin-" + file_name(label, package.origin, suffix="")
            origin = by_origin[package.origin] = OriginEntry(package.origin, label, anchor)
        origin.packages.append(package)
        package.origin_anchor = origin.anchor
        for app_id in package.app_ids:
            if app_id not in present:
                continue  # claimed, but not in the catalog (a merge component removed it)
            origin.applications.append(app_id)
            entry = entries.get(app_id)
            if entry is not None:
                package.apps.append(entry)
                if entry.icon_source is not None and not entry.icon:
                    entry.icon = "icons/" + file_name(entry.id, entry.id, suffix=".png")
                    site.icons[entry.icon] = entry.icon_source
    for origin in by_origin.values():
        _count(origin, units_of=origin.packages)
    site.origins = sorted(by_origin.values(), key=lambda origin: origin.name)
    return site


def _count(origin: OriginEntry, units_of: list[PackageEntry]) -> None:
    """The origin's totals: statuses, hints by severity and by tag."""
    origin.applications = sorted(set(origin.applications))
    origin.statuses = Counter(package.status for package in units_of)
    severities: Counter[str] = Counter()
    tags: Counter[tuple[str, str]] = Counter()
    for package in units_of:
        severities.update(package.counts)
        tags.update(package.tags)
    origin.by_severity = {severity: severities[severity] for severity in SEVERITIES}
    rank = {severity: n for n, severity in enumerate(SEVERITIES)}
    origin.by_tag = sorted(
        (
            (tag, severity, HINT_TAGS[tag].text if tag in HINT_TAGS else "", count)
            for (tag, severity), count in tags.items()
        ),
        key=lambda row: (rank.get(row[1], 3), -row[3], row[0]),
    )


def attention(packages: Iterable[PackageEntry]) -> list[PackageEntry]:
    """Inputs with errors or warnings, the worst first (broken, then by counts, then name)."""
    flagged = [p for p in packages if p.broken or p.counts.get(Severity.WARNING, 0)]
    return sorted(
        flagged,
        key=lambda p: (
            not p.broken,
            -p.counts.get(Severity.ERROR, 0),
            -p.counts.get(Severity.WARNING, 0),
            p.label,
            p.page,
        ),
    )


def slowest(packages: Iterable[PackageEntry], count: int) -> list[PackageEntry]:
    """The ``count`` inputs that took longest to read in this run's pass 1 (reused ones
    cost nothing in this run and are left out)."""
    timed = [p for p in packages if p.seconds > 0 and not p.reused]
    return sorted(timed, key=lambda p: (-p.seconds, p.label, p.page))[:count]
