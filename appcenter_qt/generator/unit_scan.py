"""Pass 1 of the composer on one unit, in a worker process: read the unit in one streaming
pass, parse its desktop files and metainfo into draft applications, render the icons the unit
holds itself, and index its icon files (names and paths, no pixels) for pass 2.

Never raises for bad input: a corrupt archive, a timeout or a failed download is a hint on
the unit's :class:`~appcenter_qt.generator.composition.UnitScan`. The passes, their workers
and the assembly are :mod:`.composer`'s.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from appcenter_qt.domain import Application, LocalizedList, LocalizedText, Package
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.appstream.components import aliases_for
from appcenter_qt.extract.appstream.desktop import DesktopEntry, desktop_id_for, parse_desktop
from appcenter_qt.extract.appstream.metainfo import Metainfo, is_metainfo_path, parse_metainfo
from appcenter_qt.extract.deadline import InputTimeout, time_limit
from appcenter_qt.extract.download import ChecksumMismatch, FetchError
from appcenter_qt.extract.readers import read_unit, unit_source
from appcenter_qt.extract.readers.units import PackageInfo, UnitContent
from appcenter_qt.extract.result import Hint, where
from appcenter_qt.generator.composition import (
    Draft,
    Job,
    UnitScan,
)
from appcenter_qt.generator.icon_worker import IconRenderFailed, render_supervised
from appcenter_qt.generator.icons import (
    IconError,
    IconFile,
    icon_file,
    icon_name_of,
    rank,
    usable,
)
from appcenter_qt.generator.unit_file import job_name, unit_file

log = logging.getLogger(__name__)

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


def source_named(source: str, _app: Application) -> str:
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
