"""The generator's report: for every input, applications found or why not.

Distributions rarely learn *why* a package does not show up in a software center; this report
says it per input, in a stable JSON form (documented in ``docs/generator.md``: keys are only
added, never renamed) and as a short human summary counting inputs by reason.

Each input has a ``status`` (``application``, ``not-application``, ``failed``) and, unless it
has applications, one decisive ``reason`` picked by :data:`REASON_PRIORITY` from its hints
(a package with a hidden settings entry *and* an app whose icon is missing is reported for the
icon: that is the one a packager can fix). Every hint is listed as well.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from appcenter_qt import __version__
from appcenter_qt.domain import Application
from appcenter_qt.extract.app_spool import app_ids, pixel_icon_count
from appcenter_qt.extract.hint_tags import HINT_TAGS
from appcenter_qt.extract.result import ExtractResult, Hint, Severity
from appcenter_qt.generator.composition import Composition, UnitOutcome
from appcenter_qt.support.file_names import bad_name_message, is_clean, shown
from appcenter_qt.support.reproducible import created_at_now

log = logging.getLogger(__name__)

REPORT_FORMAT = 1
#: Decisive reasons, most useful first; their labels in the human summary are the tags' texts
#: in :mod:`.hint_tags`.
REASON_PRIORITY: tuple[str, ...] = (
    "pool-unreadable",
    "pool-skipped",
    "file-name-not-utf8",
    "catalog-unreadable",
    "package-db-unreadable",
    "corrupt-archive",
    "checksum-mismatch",
    "download-failed",
    "unknown-compression",
    "input-timeout",
    "internal-error",
    "icon-render-failed",
    "icon-invalid",
    "icon-not-found",
    "no-icon",
    "desktop-no-name",
    "invalid-id",
    "duplicate-id",
    "desktop-invalid-utf8",
    "desktop-no-main-group",
    "desktop-file-too-large",
    "desktop-nodisplay",
    "desktop-hidden",
    "desktop-not-application",
    "metainfo-without-desktop-file",
    "not-desktop-application",
    "no-desktop-file",
)
STATUS_APPLICATION = "application"
STATUS_NOT_APPLICATION = "not-application"
STATUS_FAILED = "failed"


def reason_label(tag: str) -> str:
    """The summary's words for a decisive reason (``icon-not-found`` → ``icon not found``)."""
    return HINT_TAGS[tag].text if tag in HINT_TAGS else tag


def status_of(unit: UnitOutcome) -> str:
    if unit.failed:
        return STATUS_FAILED
    return STATUS_APPLICATION if unit.app_ids else STATUS_NOT_APPLICATION


def decisive_hint(unit: UnitOutcome):
    """The hint that explains why ``unit`` gave no application (``None`` if it did)."""
    if unit.app_ids and not unit.failed:
        return None
    order = {tag: n for n, tag in enumerate(REASON_PRIORITY)}
    ranked = sorted(
        (hint for hint in unit.hints if hint.tag in order), key=lambda hint: order[hint.tag]
    )
    return ranked[0] if ranked else None


def _unit_json(unit: UnitOutcome) -> dict[str, Any]:
    reason = decisive_hint(unit)
    return {
        "input": unit.path,
        "source": unit.source,
        "package": (
            {
                "name": unit.info.name,
                "version": unit.info.version,
                "arch": unit.info.arch,
                "source": unit.info.source,
            }
            if unit.info
            else None
        ),
        "status": status_of(unit),
        "applications": sorted(unit.app_ids),
        "reason": reason.message if reason else None,
        "reason_tag": reason.tag if reason else None,
        "bytes": unit.size,
        "hints": [
            {
                "tag": hint.tag,
                "severity": hint.severity.value,
                "message": hint.message,
                "source": hint.source,
            }
            for hint in unit.hints
        ],
    }


def count_icons(apps: Iterable[Application]) -> int:
    """Icons whose pixels the catalog provides (archive members and local files), for the
    summary: stock theme names and remote URLs are not counted. Spooled applications are
    counted without being read."""
    return pixel_icon_count(apps)


def catalog_outcome(
    source: str,
    path: str,
    size: int,
    result: ExtractResult,
    known: set[str],
    *,
    seconds: float = 0.0,
) -> UnitOutcome:
    """The report entry of an AppStream catalog input: the applications it adds beyond the
    ``known`` ones, all of its hints, and failed when it gave nothing and had an error;
    ``seconds`` is how long reading it took (the HTML report's timing page)."""
    failed = any(h.severity is Severity.ERROR for h in result.hints) and not result.apps
    new = [app_id for app_id in app_ids(result.apps) if app_id not in known]
    origin = str(getattr(result, "origin", "") or "")  # a CatalogImport knows its own
    return UnitOutcome(
        source, path, None, new, list(result.hints), failed, size, seconds, origin=origin
    )


#: The merge's hints about add-ons, filed under the catalog file that had the add-on.
ADDON_MERGE_TAGS = frozenset({"addon-unmatched", "addon-built-in"})


def file_hints(units: Iterable[UnitOutcome], hints: Iterable[Hint], tags: frozenset[str]) -> None:
    """Each hint with one of ``tags`` goes to the report entry of the input its source names
    (``FILE (ID)``, the file by its name), so the report says it where the add-on came from."""
    by_name = {Path(unit.path).name: unit for unit in units if unit.path}
    for hint in hints:
        if hint.tag in tags:
            unit = by_name.get(hint.source.partition(" (")[0])
            if unit is not None:
                unit.hints.append(hint)


def catalog_origin(origins: Iterable[str]) -> str:
    """``meta.origin`` when no ``--origin`` was given: the catalogs' own origin, or their
    sorted ``;``-separated list when they come from several."""
    return ";".join(sorted({origin for origin in origins if origin}))


def report_json(
    composition: Composition,
    *,
    origin: str = "",
    applications: int | None = None,
    icons: int | None = None,
) -> dict[str, Any]:
    """The report of a run. ``applications`` and ``icons`` are what the catalog got in the
    end (catalog inputs included); they default to the composition's own counts."""
    units = [_unit_json(unit) for unit in composition.units]
    statuses = Counter(unit["status"] for unit in units)
    reasons = Counter(unit["reason_tag"] for unit in units if unit["reason_tag"])
    return {
        "format": REPORT_FORMAT,
        "generator": "appcenter-generate",
        "generator_version": __version__,
        "created_at": created_at_now(),
        "origin": origin,
        "icon_sizes": list(composition.icon_sizes),
        "totals": {
            "inputs": len(units),
            "applications": len(composition.apps) if applications is None else applications,
            "icons": len(composition.icons) if icons is None else icons,
            STATUS_APPLICATION: statuses[STATUS_APPLICATION],
            STATUS_NOT_APPLICATION: statuses[STATUS_NOT_APPLICATION],
            STATUS_FAILED: statuses[STATUS_FAILED],
        },
        "reasons": dict(sorted(reasons.items())),
        "inputs": units,
    }


def unknown_input(path: Path, why: str) -> UnitOutcome:
    """The report entry of an INPUT that is not a package (``why``), or whose name is not
    UTF-8: then named escaped (:mod:`appcenter_qt.support.file_names`) and logged, one line."""
    name = shown(path.name)
    if is_clean(path):
        hint = Hint(name, "corrupt-archive", why)
    else:
        hint = Hint(name, "file-name-not-utf8", bad_name_message(path))
        log.warning("%s", hint.message)
    try:
        size = path.stat().st_size if path.is_file() else 0
    except OSError:
        size = 0
    return UnitOutcome(f"unknown:{name}", shown(path), None, [], [hint], True, size, 0.0)


def write_report(target: str | os.PathLike[str], report: dict[str, Any]) -> Path:
    """Write the JSON report atomically (temp file beside it, then rename)."""
    target = Path(target)
    handle, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    temp = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(report, out, ensure_ascii=False, indent=2, sort_keys=False)
            out.write("\n")
        os.chmod(temp, 0o644)
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return target


def summary_lines(report: dict[str, Any]) -> list[str]:
    """The short human summary printed at the end of a run."""
    totals = report["totals"]
    lines = [
        f"{totals['inputs']} inputs: {totals[STATUS_APPLICATION]} with applications, "
        f"{totals[STATUS_NOT_APPLICATION]} without, {totals[STATUS_FAILED]} failed; "
        f"{totals['applications']} applications, {totals['icons']} icons"
    ]
    if report["reasons"]:
        lines.append("not applications, by reason:")
        ordered = sorted(report["reasons"].items(), key=lambda item: (-item[1], item[0]))
        for tag, count in ordered:
            lines.append(f"  {count:6d}  {reason_label(tag)}")
        failures = [unit for unit in report["inputs"] if unit["status"] == STATUS_FAILED]
        for unit in failures[:10]:
            lines.append(f"  failed: {unit['input']}: {unit['reason']}")
        if len(failures) > 10:
            lines.append(f"  … and {len(failures) - 10} more failed inputs (see the report)")
    return lines
