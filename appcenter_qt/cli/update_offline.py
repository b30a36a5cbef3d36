"""``appcenter-update``'s offline parts: status, cancel, clear, and the text they print.

``--offline`` itself runs in :mod:`appcenter_qt.cli.update` (it needs the plan); the rule of
what goes offline is :func:`appcenter_qt.services.updater.split_by_mode`. These steps need no
catalog: only the source that installs updates at restart (PackageKit), found by the updater.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from appcenter_qt.domain.backend import OfflineResult, OfflineStatus, PackageBackend
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef
from appcenter_qt.services.updater import (
    ApplyResult,
    cancel_offline,
    clear_offline_results,
    offline_results,
    offline_status,
)


def _label(backend: PackageBackend, ref: str) -> str:
    try:
        parsed = backend.parse_ref(ref)
    except InvalidPackageRef:
        return ref
    return f"{parsed.name} {parsed.version}".strip()


def results_json(result: OfflineResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "success": result.success,
        "packages": list(result.packages),
        "error": result.error.value if result.error else None,
        "message": result.message,
        "code": result.code,
        "details": result.details,
        "finished_at": result.finished_at,
    }


def status_json(status: OfflineStatus, result: OfflineResult | None) -> dict[str, Any]:
    return {
        "prepared": list(status.prepared),
        "triggered": status.triggered,
        "action": status.action.value if status.action else None,
        "results": results_json(result),
    }


def print_status(
    backend: PackageBackend, status: OfflineStatus, result: OfflineResult | None
) -> None:
    if status.is_prepared:
        print(f"Prepared for an offline update: {len(status.prepared)} package(s)")
        for ref in status.prepared:
            print(f"    {_label(backend, ref)}")
    else:
        print("No offline update is prepared.")
    if status.triggered:
        action = status.action.value if status.action else "reboot"
        print(f"It will be installed at the next restart (then: {action}).")
    elif status.is_prepared:
        print("It is not set to install at the next restart (appcenter-update --offline).")
    if result is None:
        return
    if result.success:
        print(f"The last offline update installed {len(result.packages)} package(s).")
    else:
        print(f"The last offline update failed: {result.message}")
        reason = " ".join(result.details.split())[:300]
        if result.code or reason:
            print(f"    {result.code}: {reason}".rstrip(": "))
    for ref in result.packages:
        print(f"    {_label(backend, ref)}")


def print_applied(backend: PackageBackend, result: ApplyResult, action: str) -> None:
    live = len(result.requested) - len(result.prepared)
    if live:
        print(f"Updated {live} package(s) now.")
    if result.prepared:
        print(
            f"Downloaded {len(result.prepared)} system package(s); they are installed when "
            f"the computer restarts (then: {action})."
        )
        for ref in result.prepared:
            print(f"    {_label(backend, ref)}")


async def run_offline_step(backend: PackageBackend, step: str, as_json: bool) -> None:
    """``status``, ``cancel`` or ``clear-results``; raises BackendError when no source does
    offline updates or the source refuses."""
    if step == "cancel":
        await cancel_offline(backend)
    elif step == "clear-results":
        await clear_offline_results(backend)
    status = await offline_status(backend)
    if status is None:
        raise BackendError("failed", "no package source here installs updates at restart")
    result = await offline_results(backend)
    if as_json:
        json.dump(status_json(status, result), sys.stdout, indent=2, sort_keys=True)
        print()
    else:
        print_status(backend, status, result)
