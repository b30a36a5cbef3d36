"""The composer: units in, applications + icons + one report line per unit out.

Like libappstream-compose, it runs in two passes:

1. **Scan** (parallel, one streaming pass per archive): each worker reads one unit, parses its
   desktop files and metainfo, merges them into draft :class:`~appcenter_qt.domain.Application`
   objects, renders the icons it can find in the package itself, and returns the unit's icon
   *index* (names and paths, no pixels) so other packages can use its theme icons.
2. **Icons** (parallel, only where needed): names still missing (KCalc's
   ``accessories-calculator`` from an icon theme package) are looked up in the index of the whole
   input, and only the archives that hold a chosen file are read again, for just those files.

"Application" means a visible desktop entry (``Type=Application``, not ``NoDisplay``/``Hidden``)
with an icon that could be rendered; everything else gets a decisive hint that says why not.
All outputs are sorted, so the same inputs give the same catalog and icon archive.
"""

from __future__ import annotations

import functools
import logging
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from appcenter_qt.domain import Application, Icon, IconKind, LocalizedList, LocalizedText, Package
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.components import aliases_for
from appcenter_qt.extract.composition import (
    DEFAULT_ICON_SIZES,
    Composition,
    Draft,
    Job,
    UnitOutcome,
    UnitScan,
)
from appcenter_qt.extract.deadline import DEFAULT_INPUT_TIMEOUT, InputTimeout, time_limit
from appcenter_qt.extract.desktop import DesktopEntry, desktop_id_for, parse_desktop
from appcenter_qt.extract.download import ChecksumMismatch, FetchError
from appcenter_qt.extract.icon_archive import member_path
from appcenter_qt.extract.icon_fetch import RenderFailure, fetch_icons
from appcenter_qt.extract.icon_worker import IconRenderFailed, render_supervised
from appcenter_qt.extract.icons import (
    IconError,
    IconFile,
    icon_file,
    icon_name_of,
    rank,
    usable,
)
from appcenter_qt.extract.metainfo import Metainfo, is_metainfo_path, parse_metainfo
from appcenter_qt.extract.pool_map import map_units
from appcenter_qt.extract.readers import read_unit, unit_source
from appcenter_qt.extract.result import Hint, where
from appcenter_qt.extract.sanitize import scrub_applications
from appcenter_qt.extract.scan_cache import ScanCache
from appcenter_qt.extract.unit_file import job_name, unit_file
from appcenter_qt.extract.units import PackageInfo, UnitContent

log = logging.getLogger(__name__)

#: Candidates tried per missing icon size in the second pass (the next one if one is corrupt).
SECOND_PASS_TRIES = 3
_THEME_NAME = re.compile(r"icons?[-_]theme|[-_]icons?[-_]", re.IGNORECASE)
_APP_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,254}")


# -- pass 1 ------------------------------------------------------------------------------------
def _first_pass_want(path: str) -> bool:
    if desktop_id_for(path) is not None or is_metainfo_path(path):
        return True
    if not path.startswith("usr/share/pixmaps/") and "/apps/" not in path:
        return False  # theme icons of other contexts are read in pass 2 if an app needs them
    return icon_file(path) is not None


def _merge(values: dict, override: dict) -> dict:
    return {**values, **{k: v for k, v in override.items() if v}}


def _application(
    entry: DesktopEntry, meta: Metainfo | None, info: PackageInfo, origin: str, source: str
) -> Application:
    app_id = meta.id if meta else entry.desktop_id.removesuffix(".desktop")
    summary = entry.comment or entry.generic_name
    keywords: dict = dict(entry.keywords)
    categories = entry.categories
    fields: dict = {}
    if meta:
        summary = _merge(summary, meta.summary)
        keywords = _merge(keywords, meta.keywords)
        categories = meta.categories or categories
        fields = {
            "description": LocalizedText(meta.description),
            "screenshots": meta.screenshots,
            "developer": meta.developer,
            "project_license": meta.project_license,
            "homepage": meta.homepage,
        }
    name = _merge(entry.name, meta.name) if meta else entry.name
    return Application(
        id=app_id,
        name=LocalizedText(name),
        summary=LocalizedText(summary),
        keywords=LocalizedList(keywords),
        categories=tuple(categories),
        packages=(Package(info.name, info.version, info.arch, origin, info.source),),
        desktop_id=entry.desktop_id,
        only_show_in=entry.only_show_in,
        not_show_in=entry.not_show_in,
        provenance=source,
        aliases=meta.app.aliases if meta else aliases_for(app_id, ()),
        **fields,
    )


def _index_icons(content: UnitContent) -> list[IconFile]:
    """Every icon file of the unit, links resolved to the member holding the bytes."""
    files = []
    for path in sorted(content.members):
        candidate = icon_file(path)
        if candidate is None:
            continue
        target = content.resolve(path)
        if target is None:
            continue
        if target != path:
            fmt = target.rpartition(".")[2].lower()
            candidate = replace(candidate, path=target, fmt=fmt)
        files.append(candidate)
    return files


def _candidates_in(files: Iterable[IconFile], name: str) -> list[IconFile]:
    return [f for f in files if f.name == name]


def _absolute_candidate(content: UnitContent, icon_path: str) -> list[IconFile]:
    target = content.resolve(icon_path)
    if target is None:
        return []
    fmt = target.rpartition(".")[2].lower()
    return [IconFile(Path(icon_path).stem, "", -1, 1, fmt, target)]


def _render_own(draft: Draft, content: UnitContent, own: list[IconFile], sizes) -> None:
    cache: dict[tuple[str, int], bytes | None] = {}
    for size in sizes:
        ordered = sorted((c for c in own if usable(c, size)), key=lambda c: rank(c, size, True))
        for candidate in ordered:
            data = content.files.get(candidate.path)
            if data is None:
                break  # not held in pass 1 (e.g. a theme link target): pass 2 reads it
            if any(failure.startswith(f"{candidate.path}: ") for failure in draft.failures):
                continue  # it crashed or hung the renderer once: not again at another size
            key = (candidate.path, size)
            if key not in cache:
                draft.tried.add(candidate.path)
                try:
                    cache[key] = render_supervised(data, candidate.fmt, size)
                except IconRenderFailed as error:
                    cache[key] = None
                    draft.failures.append(f"{candidate.path}: {error}")
                except IconError as error:
                    cache[key] = None
                    draft.errors.append(f"{candidate.path}: {error}")
            rendered = cache[key]
            if rendered is not None:
                draft.icons[size] = rendered
                break


_METAINFO_SUFFIXES = (".metainfo.xml", ".appdata.xml")


def _skipped(member: str, skip: frozenset[str]) -> bool:
    """Whether ``member`` is the desktop file or metainfo file of an id in ``skip``."""
    desktop_id = desktop_id_for(member)
    if desktop_id is not None:
        return desktop_id in skip
    if is_metainfo_path(member):
        name = member.rpartition("/")[2]
        for suffix in _METAINFO_SUFFIXES:
            if name.endswith(suffix):
                component = name.removesuffix(suffix)
                return component in skip or f"{component}.desktop" in skip
    return False


def _stem(path: str) -> str:
    return path.rpartition("/")[2].rpartition(".")[0]


def scan_unit(
    job: Job,
    sizes: tuple[int, ...],
    origin: str,
    needed: frozenset[str] = frozenset(),
    timeout: float | None = None,
) -> UnitScan:
    """Pass 1 for one unit; never raises for bad input (that becomes hints).

    ``needed`` names icons that units scanned earlier still lack: their files are kept in
    ``scan.held`` so the icon pass need not read this archive again. ``timeout`` bounds the
    whole unit (:mod:`.deadline`): past it the unit fails with ``input-timeout``."""
    name = Path(job_name(job))
    started = time.perf_counter()
    try:
        with time_limit(timeout, name.name), unit_file(job) as path:
            return _scan_unit(job, path, sizes, job.origin or origin, needed)
    except InputTimeout as error:
        scan = UnitScan(job, unit_source(job.kind, name), failed=True)
        scan.hints.append(Hint(scan.source, "input-timeout", str(error)))
        scan.seconds = error.seconds
        return scan
    except (ChecksumMismatch, FetchError) as error:
        # Not what the index says, or not downloadable: skipped, the run goes on (and the
        # scan is not cached: a resynced mirror or a server back up gives the real one).
        scan = UnitScan(job, unit_source(job.kind, name), failed=True)
        tag = "checksum-mismatch" if isinstance(error, ChecksumMismatch) else "download-failed"
        scan.hints.append(Hint(scan.source, tag, str(error)))
        scan.seconds = time.perf_counter() - started
        return scan
    except OSError as error:  # the local file vanished before its checksum could be read
        scan = UnitScan(job, unit_source(job.kind, name), failed=True)
        scan.hints.append(Hint(scan.source, "corrupt-archive", f"{name.name}: {error}"))
        return scan


def _scan_unit(
    job: Job, path: Path, sizes: tuple[int, ...], origin: str, needed: frozenset[str]
) -> UnitScan:
    started = time.perf_counter()
    scan = UnitScan(job, unit_source(job.kind, path))

    def want(member: str) -> bool:
        if job.skip and _skipped(member, job.skip):
            return False
        if _first_pass_want(member):
            return True
        return bool(needed) and _stem(member) in needed and icon_file(member) is not None

    try:
        scan.size = path.stat().st_size if not job.kind.reader.directory else 0
        content = read_unit(job.kind, path, want)
    except ExtractError as error:
        message = str(error).removeprefix(f"{path.name}: ")
        tag = (
            "unknown-compression"
            if "unknown" in message and "compression" in message
            else ("corrupt-archive")
        )
        scan.hints.append(Hint(scan.source, tag, message))
        scan.failed = True
        scan.seconds = time.perf_counter() - started
        return scan
    except Exception as error:  # a bug must not stop the run; it is reported per unit
        log.exception("%s: internal error", path)
        scan.hints.append(Hint(scan.source, "internal-error", repr(error)[:300]))
        scan.failed = True
        return scan
    scan.info = content.info
    scan.hints.extend(content.hints)
    scan.icon_files = _index_icons(content)
    if needed:
        scan.held = {
            f.path: content.files[f.path]
            for f in scan.icon_files
            if f.name in needed and f.path in content.files
        }
    try:
        _compose_unit(scan, content, sizes, origin)
    except Exception as error:
        log.exception("%s: internal error", path)
        scan.hints.append(Hint(scan.source, "internal-error", repr(error)[:300]))
        scan.drafts = []
    scan.seconds = time.perf_counter() - started
    return scan


def _second_pass_order(size: int, position: int, item: tuple[int, IconFile]) -> tuple:
    """Sort key of a second-pass candidate (unit position, icon): best rank first, an icon of
    the application's own unit ranking as its own, then by unit."""
    return rank(item[1], size, item[0] == position), item[0]


def _source_named(source: str, _app: Application) -> str:
    """``scrub_applications``'s ``source_of`` when every application comes from ``source``."""
    return source


def _compose_unit(scan: UnitScan, content: UnitContent, sizes, origin: str) -> None:
    source = scan.source

    def hint(tag: str, message: str, *, component: str = "") -> None:
        scan.hints.append(Hint(where(source, component), tag, message))

    metas: list[Metainfo] = []
    for path in sorted(p for p in content.files if is_metainfo_path(p)):
        meta, hints = parse_metainfo(content.files[path], path, source)
        scan.hints.extend(hints)
        if meta is not None:
            metas.append(meta)
    by_desktop: dict[str, Metainfo] = {}
    for meta in metas:
        if meta.merge:
            # Merge components patch catalog data; an installed one is no application.
            hint(
                "merge-component-ignored",
                f"{meta.id}: merge={meta.merge!r:.40} component",
                component=meta.id,
            )
            continue
        if not meta.is_desktop_app:
            hint(
                "not-desktop-application",
                f"{meta.id}: component type {meta.kind!r}",
                component=meta.id,
            )
            continue
        key = meta.launchable or (meta.id if meta.id.endswith(".desktop") else f"{meta.id}.desktop")
        by_desktop.setdefault(key, meta)
    desktop_paths = sorted(p for p in content.files if desktop_id_for(p) is not None)
    if not desktop_paths:
        hint("no-desktop-file", "no desktop file")
    used: set[str] = set()
    for path in desktop_paths:
        entry, hints = parse_desktop(content.files[path], path, source)
        scan.hints.extend(hints)
        if entry is None:
            continue
        meta = by_desktop.get(entry.desktop_id)
        if meta is not None:
            used.add(meta.id)
        if entry.type != "Application":
            hint(
                "desktop-not-application",
                f"{entry.desktop_id}: Type={entry.type or '(none)'}",
                component=entry.desktop_id,
            )
            continue
        if entry.no_display:
            hint(
                "desktop-nodisplay",
                f"{entry.desktop_id}: NoDisplay=true",
                component=entry.desktop_id,
            )
            continue
        if entry.hidden:
            hint("desktop-hidden", f"{entry.desktop_id}: Hidden=true", component=entry.desktop_id)
            continue
        if not entry.name:
            hint(
                "desktop-no-name",
                f"{entry.desktop_id}: no Name",
                component=meta.id if meta else entry.desktop_id,
            )
            continue
        owner = content.owners.get(path, content.info)
        app = _application(entry, meta, owner, origin, source)
        if not _APP_ID.fullmatch(app.id):
            hint(
                "invalid-id",
                f"{entry.desktop_id}: id {app.id[:80]!r} is not usable",
                component=entry.desktop_id,
            )
            continue
        icon_value = entry.icon or (meta.stock_icon if meta else "")
        if not icon_value:
            hint("no-icon", f"{entry.desktop_id}: no Icon key", component=app.id)
            continue
        name, icon_path = icon_name_of(icon_value)
        draft = Draft(app, name, icon_path)
        own = (
            _absolute_candidate(content, icon_path)
            if icon_path
            else _candidates_in(scan.icon_files, name)
        )
        _render_own(draft, content, own, sizes)
        scan.drafts.append(draft)
    for meta in metas:
        if meta.is_desktop_app and not meta.merge and meta.id not in used:
            launchable = meta.launchable or "(none)"
            hint(
                "metainfo-without-desktop-file",
                f"{meta.id}: no desktop file for launchable {launchable}",
                component=meta.id,
            )


Progress = Callable[[str, UnitScan | None], None]
#: Units holding icons that the scanned ones still lack, by icon name or ``/absolute`` path
#: (a repository's file lists know them): read with the icon theme packages.
Providers = Callable[[frozenset[str]], list[Job]]


class Composer:
    """Run both passes over ``jobs`` with ``workers`` processes (1 = in this process)."""

    def __init__(
        self,
        *,
        sizes: tuple[int, ...] = DEFAULT_ICON_SIZES,
        origin: str = "",
        workers: int = 1,
        progress: Progress | None = None,
        input_timeout: float | None = DEFAULT_INPUT_TIMEOUT,
        cache: ScanCache | None = None,
    ) -> None:
        self.input_timeout = input_timeout
        self.cache = cache
        self.sizes = tuple(sorted(set(sizes)))
        self.origin = origin
        self.workers = max(1, workers)
        self.progress = progress or (lambda _stage, _scan: None)

    def _map(self, function, argument_lists: list[tuple], stage: str) -> list:
        return map_units(
            function, argument_lists, stage, self.workers, self.progress, self.input_timeout
        )

    def compose(self, jobs: list[Job], providers: Providers | None = None) -> Composition:
        """Icon theme packages (by file name) are scanned after the others, told which icon
        names are still missing, so the icon pass rarely has to read a theme twice. Output is
        the same either way: the guess only saves time. ``providers`` adds the units that
        hold the missing icons (the inputs need not list them)."""
        return self.finish(self.scan_all(jobs, providers))

    def scan_all(self, jobs: list[Job], providers: Providers | None = None) -> list[UnitScan]:
        """Pass 1 over ``jobs`` (and the providers of the icons they lack): what one shard
        of a run does, the rest (:meth:`finish`) being done once over every shard's scans."""
        early = [job for job in jobs if not _THEME_NAME.search(Path(job.path).name)]
        late = [job for job in jobs if _THEME_NAME.search(Path(job.path).name)]
        scans = self._scan(early, frozenset())
        needed = frozenset(
            draft.icon_name
            for scan in scans
            for draft in scan.drafts
            if draft.icon_name and len(draft.icons) < len(self.sizes)
        )
        if providers is not None:
            wanted = needed | {
                "/" + draft.icon_path
                for scan in scans
                for draft in scan.drafts
                if draft.icon_path and len(draft.icons) < len(self.sizes)
            }
            late += providers(wanted)
        return scans + self._scan(late, needed)

    def finish(self, scans: list[UnitScan]) -> Composition:
        """The icon pass and the assembly over pass-1 ``scans``, in job order: what
        :meth:`compose` does after scanning, and what merging shards does with theirs."""
        scans = sorted(scans, key=lambda scan: scan.job.index)
        self._second_pass(scans)
        return self._assemble(scans)

    def _scan(self, jobs: list[Job], needed: frozenset[str]) -> list[UnitScan]:
        """Pass 1 over ``jobs``: cached scans where the cache has them, the rest read."""
        found: list[UnitScan] = []
        missing = []
        for job in jobs:
            key = self._unit_key(job)  # "" for an unreadable file: scan_unit says why
            hit = self.cache.scan(job, key) if key and self.cache is not None else None
            if hit is not None:
                hit.reused = True
                found.append(hit)
                self.progress("scan", hit)
            else:
                missing.append(job)
        scans = self._map(
            scan_unit,
            [(job, self.sizes, self.origin, needed, self.input_timeout) for job in missing],
            "scan",
        )
        for scan in scans:
            if self.cache is not None and (key := self._unit_key(scan.job)):
                self.cache.store_scan(key, scan)
        return found + scans

    def _unit_key(self, job: Job) -> str:
        return self.cache.key_for(job) if self.cache is not None else ""

    def _fetch(self, scans: list[UnitScan], requests: dict[int, set]) -> dict[int, dict]:
        """Pass 2 for the units holding requested icons (cached outcomes where possible)."""
        results: dict[int, dict] = {}
        units = []
        for p in sorted(requests):
            key = self._unit_key(scans[p].job)
            hit = self.cache.icons(key, sorted(requests[p])) if key and self.cache else None
            if hit is not None:
                results[p] = hit
            else:
                units.append(p)
        arguments = []
        for p in units:
            held = scans[p].held
            complete = all(path in held for path, _fmt, _size in requests[p])
            arguments.append(
                (scans[p].job, sorted(requests[p]), held if complete else None, self.input_timeout)
            )
        fetched = self._map(fetch_icons, arguments, "icons")
        for p, result in zip(units, fetched, strict=True):
            results[p] = result
            key = self._unit_key(scans[p].job)
            if self.cache is not None and key:
                self.cache.store_icons(key, sorted(requests[p]), result)
        return results

    def _second_pass(self, scans: list[UnitScan]) -> None:
        by_name: dict[str, list[tuple[int, IconFile]]] = {}
        by_path: dict[str, list[tuple[int, IconFile]]] = {}
        for position, scan in enumerate(scans):
            for candidate in scan.icon_files:
                by_name.setdefault(candidate.name, []).append((position, candidate))
                by_path.setdefault(candidate.path, []).append((position, candidate))
        plans: list[tuple[Draft, int, list[tuple[int, IconFile]]]] = []
        requests: dict[int, set[tuple[str, str, int]]] = {}
        for position, scan in enumerate(scans):
            for draft in scan.drafts:
                for size in self.sizes:
                    if size in draft.icons:
                        continue
                    if draft.icon_path:
                        pool = by_path.get(draft.icon_path, [])
                    else:
                        pool = by_name.get(draft.icon_name, [])
                    ordered = sorted(
                        (
                            (p, c)
                            for p, c in pool
                            if usable(c, size) and not (p == position and c.path in draft.tried)
                        ),
                        key=functools.partial(_second_pass_order, size, position),
                    )[:SECOND_PASS_TRIES]
                    for p, c in ordered:
                        requests.setdefault(p, set()).add((c.path, c.fmt, size))
                    plans.append((draft, size, ordered))
        if not requests:
            return
        results = self._fetch(scans, requests)
        for draft, size, ordered in plans:
            for p, candidate in ordered:
                outcome = results[p].get((candidate.path, size))
                if isinstance(outcome, bytes):
                    draft.icons[size] = outcome
                    break
                if isinstance(outcome, RenderFailure):
                    if outcome not in draft.failures:
                        draft.failures.append(str(outcome))
                elif outcome is not None and outcome not in draft.errors:
                    draft.errors.append(str(outcome))

    def _assemble(self, scans: list[UnitScan]) -> Composition:
        winners: dict[str, tuple[tuple, Draft, int]] = {}
        outcomes = [
            UnitOutcome(
                s.source,
                s.job.path,
                s.info,
                [],
                list(s.hints),
                s.failed,
                s.size,
                s.seconds,
                origin=s.job.origin or self.origin,
                reused=s.reused,
            )
            for s in scans
        ]
        for position, scan in enumerate(scans):
            for draft in scan.drafts:
                for failure in draft.failures:
                    outcomes[position].hints.append(
                        Hint(scan.source, "icon-render-failed", failure)
                    )
                if not draft.icons:
                    if draft.failures and not draft.errors:
                        continue  # the icon-render-failed hints above are the reason
                    if draft.errors:
                        message = f"icon rejected: {draft.icon_name or draft.icon_path}: "
                        message += "; ".join(draft.errors[:3])
                        tag = "icon-invalid"
                    else:
                        message = f"icon not found: {draft.icon_name or draft.icon_path}"
                        tag = "icon-not-found"
                    outcomes[position].hints.append(
                        Hint(where(scan.source, draft.app.id), tag, message)
                    )
                    continue
                info = scan.info or PackageInfo("")
                key = (info.name, info.version, info.arch, scan.job.path, draft.app.desktop_id)
                current = winners.get(draft.app.id)
                if current is None or key < current[0]:
                    if current is not None:
                        self._duplicate(outcomes, current[2], current[1].app.id, scan.source)
                    winners[draft.app.id] = (key, draft, position)
                else:
                    self._duplicate(outcomes, position, draft.app.id, scans[current[2]].source)
        apps: list[Application] = []
        icons: dict[str, bytes] = {}
        for app_id in sorted(winners):
            _key, draft, position = winners[app_id]
            app_icons = []
            for size in self.sizes:
                if size in draft.icons:
                    member = member_path(size, f"{app_id}.png")
                    icons[member] = draft.icons[size]
                    app_icons.append(Icon(IconKind.CACHED, f"{app_id}.png", size, 1, member))
            if draft.icon_name:
                app_icons.append(Icon(IconKind.STOCK, draft.icon_name))
            app = replace(draft.app, icons=tuple(app_icons))
            source = scans[position].source
            (app,), hints = scrub_applications([app], functools.partial(_source_named, source))
            outcomes[position].hints.extend(hints)
            apps.append(app)
            outcomes[position].app_ids.append(app_id)
        return Composition(apps, icons, outcomes, self.sizes)

    @staticmethod
    def _duplicate(outcomes: list[UnitOutcome], position: int, app_id: str, winner: str) -> None:
        outcome = outcomes[position]
        if app_id in outcome.app_ids:
            outcome.app_ids.remove(app_id)
        outcome.hints.append(
            Hint(
                where(outcome.source, app_id),
                "duplicate-id",
                f"{app_id}: also provided by {winner}, which is used",
            )
        )
