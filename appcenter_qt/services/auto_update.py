"""Automatic updates by policy: after an automatic check, apply what is safe to apply live.

Which updates qualify is decided by the source's neutral capability
(:class:`~appcenter_qt.domain.backend.LiveUpdates`, which Flatpak has), never by its name: an
application row whose every package belongs to such a source, and the infrastructure
packages of such a source (Flatpak runtimes). With ``security-only`` only updates marked
security qualify. System packages are never applied here: they wait for the person (or go
offline through the Updates page).

What a run did is one small JSON file, ``$XDG_STATE_HOME/appcenter-qt/automatic-updates.json``
(the time, the applications' names, the package count, or the error), which the Updates page
reads to say "3 applications were updated automatically". A run that had nothing to do
leaves the last record as it is.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from appcenter_qt.domain.backend import LiveUpdates, PackageBackend
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.updates import SystemUpdateMode, UpdateKind, UpdatePlan
from appcenter_qt.services.merged_source import MergedSource
from appcenter_qt.services.update_policy import UpdatePolicy, state_dir
from appcenter_qt.services.updater import apply_ids

log = logging.getLogger(__name__)

RECORD_NAME = "automatic-updates.json"
#: The record is ours, but a state file may be damaged: read at most this much.
_MAX_RECORD = 64 * 1024


@dataclass(frozen=True)
class AutoUpdateRecord:
    """One automatic run that changed something (or tried to): when, which applications
    (their names), how many packages, and the error if it failed."""

    time: float
    apps: tuple[str, ...]
    packages: int
    error: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "time": self.time,
            "apps": list(self.apps),
            "packages": self.packages,
            "error": self.error,
        }


def _is_live_safe(source: PackageBackend | None) -> bool:
    return isinstance(source, LiveUpdates) and bool(source.updates_safely_live)


def live_safe_ids(backend: PackageBackend, package_ids: Sequence[str]) -> tuple[str, ...]:
    """The ids of ``package_ids`` whose source updates safely live (in a merged view, the
    source that handed the id out)."""
    if not isinstance(backend, MergedSource):
        return tuple(package_ids) if _is_live_safe(backend) else ()
    safe = {name for name, source in backend.sources.usable() if _is_live_safe(source)}
    return tuple(ref for ref in package_ids if backend.owner(ref) in safe)


def automatic_selection(
    backend: PackageBackend, plan: UpdatePlan, policy: UpdatePolicy
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(application names, package ids) the policy applies by itself; empty when
    ``auto-update-apps`` is off."""
    if not policy.auto_update_apps.value:
        return (), ()
    security_only = policy.security_only.value
    names: list[str] = []
    ids: list[str] = []
    for app in plan.apps:
        if security_only and app.kind is not UpdateKind.SECURITY:
            continue
        safe = live_safe_ids(backend, app.package_ids)
        if safe and len(safe) == len(app.package_ids):
            names.append(app.name)
            ids.extend(safe)
    wanted = [
        p.package_id
        for p in plan.infrastructure.packages
        if not security_only or p.kind is UpdateKind.SECURITY
    ]
    chosen = set(ids)
    ids.extend(ref for ref in live_safe_ids(backend, wanted) if ref not in chosen)
    return tuple(names), tuple(ids)


async def apply_automatic(
    backend: PackageBackend,
    plan: UpdatePlan,
    policy: UpdatePolicy,
    environ: Mapping[str, str] | None = None,
) -> AutoUpdateRecord | None:
    """Apply what the policy allows and record it; ``None`` when there was nothing to do.
    A failed update is recorded (and logged), not raised: the check still reports."""
    names, ids = automatic_selection(backend, plan, policy)
    if not ids:
        return None
    try:
        await apply_ids(backend, ids, SystemUpdateMode.LIVE)
        record = AutoUpdateRecord(time.time(), names, len(ids))
    except BackendError as error:
        log.warning("automatic update failed: %s", error)
        record = AutoUpdateRecord(time.time(), (), 0, str(error)[:300])
    save_record(record, environ)
    return record


def record_path(environ: Mapping[str, str] | None = None) -> Path:
    return state_dir(environ) / RECORD_NAME


def save_record(record: AutoUpdateRecord, environ: Mapping[str, str] | None = None) -> None:
    """Write the record atomically (a crash leaves the old one or the new one)."""
    path = record_path(environ)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        partial = path.with_name(path.name + ".new")
        partial.write_text(json.dumps(record.to_json(), ensure_ascii=False), encoding="utf-8")
        partial.replace(path)
    except OSError as error:
        log.warning("%s: cannot record the automatic update: %s", path, error.strerror or error)


def load_record(environ: Mapping[str, str] | None = None) -> AutoUpdateRecord | None:
    """The last run's record, or ``None`` when there is none or it cannot be read."""
    path = record_path(environ)
    try:
        with path.open("rb") as handle:
            data = json.loads(handle.read(_MAX_RECORD).decode("utf-8"))
        apps = data["apps"]
        if not isinstance(apps, list) or not all(isinstance(a, str) for a in apps):
            raise ValueError("apps")
        return AutoUpdateRecord(
            float(data["time"]), tuple(apps), int(data["packages"]), str(data.get("error", ""))
        )
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as error:
        log.warning("%s: cannot read: %s", path, error)
        return None
