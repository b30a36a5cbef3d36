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
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from appcenter_qt.domain import Application, Icon, IconKind
from appcenter_qt.extract.appstream.icon_archive import member_path
from appcenter_qt.extract.appstream.sanitize import scrub_applications
from appcenter_qt.extract.deadline import DEFAULT_INPUT_TIMEOUT
from appcenter_qt.extract.readers.units import PackageInfo
from appcenter_qt.extract.result import Hint, where
from appcenter_qt.generator.composition import (
    DEFAULT_ICON_SIZES,
    Composition,
    Draft,
    Job,
    UnitOutcome,
    UnitScan,
)
from appcenter_qt.generator.icon_fetch import RenderFailure, fetch_icons
from appcenter_qt.generator.icons import (
    IconFile,
    rank,
    usable,
)
from appcenter_qt.generator.pool_map import map_units
from appcenter_qt.generator.scan_cache import ScanCache
from appcenter_qt.generator.unit_scan import scan_unit, source_named

log = logging.getLogger(__name__)

#: Candidates tried per missing icon size in the second pass (the next one if one is corrupt).
SECOND_PASS_TRIES = 3
_THEME_NAME = re.compile(r"icons?[-_]theme|[-_]icons?[-_]", re.IGNORECASE)


def _second_pass_order(size: int, position: int, item: tuple[int, IconFile]) -> tuple:
    """Sort key of a second-pass candidate (unit position, icon): best rank first, an icon of
    the application's own unit ranking as its own, then by unit."""
    return rank(item[1], size, item[0] == position), item[0]


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
            (app,), hints = scrub_applications([app], functools.partial(source_named, source))
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
