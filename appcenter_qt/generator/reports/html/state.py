"""The report's memory between runs: ``state.json`` beside the pages, and what changed.

The file is small and machine-readable, so other tools may read it too::

    {"format": 1, "generator": "appcenter-generate", "generator_version": "0.1.0",
     "created_at": "2023-11-14T22:13:20Z",
     "origins": {"debian-bookworm-main": {
         "applications": {"org.gnome.Mines": "gnome-mines:amd64"},
         "packages": {"gnome-mines:amd64": {"status": "application", "broken": false}}}}}

Keys are only ever added within one ``format``. A package is known by ``name:arch`` (an input
without package data, such as a corrupt file or a catalog, by its input label) and is
*broken* when it failed, has an error hint, or gave no application for a reason worse than
information (:func:`.model.is_broken`). A missing, unreadable or foreign state file is never
fatal: the report then says "no previous run" and why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from appcenter_qt.generator.reports.html.model import PackageEntry, Site, clean
from appcenter_qt.support.safe_open import NotRegularFile, read_regular

STATE_FORMAT = 1
#: A state file larger than this is not read (a distribution's is a few MiB).
MAX_STATE_BYTES = 256 * 1024 * 1024


@dataclass
class Previous:
    """The previous run as its state file tells it; ``origins`` is ``None`` when there is
    none to compare with, and ``problem`` then says why (for the page and a warning)."""

    origins: dict[str, dict[str, Any]] | None
    created_at: str = ""
    problem: str = ""


@dataclass
class Changes:
    """What changed in one origin since the previous run."""

    previous_created_at: str
    new_origin: bool = False
    new_apps: list[tuple[str, PackageEntry | None]] = field(default_factory=list)
    #: (id, its package, why: "package broken", "package removed" or "")
    removed_apps: list[tuple[str, str, str]] = field(default_factory=list)
    new_packages: list[PackageEntry] = field(default_factory=list)
    removed_packages: list[str] = field(default_factory=list)
    newly_broken: list[PackageEntry] = field(default_factory=list)
    fixed: list[PackageEntry] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (
            self.new_apps
            or self.removed_apps
            or self.new_packages
            or self.removed_packages
            or self.newly_broken
            or self.fixed
        )


def state_of(site: Site) -> dict[str, Any]:
    """The state file's content for ``site`` (deterministic: no timings)."""
    origins: dict[str, Any] = {}
    for origin in site.origins:
        applications: dict[str, str] = {}
        packages: dict[str, dict[str, Any]] = {}
        for package in origin.packages:
            packages.setdefault(package.key, {"status": package.status, "broken": package.broken})
            for app_id in package.app_ids:
                if app_id in origin.applications:
                    applications.setdefault(app_id, package.key)
        origins[origin.name] = {
            "applications": dict(sorted(applications.items())),
            "packages": dict(sorted(packages.items())),
        }
    return {
        "format": STATE_FORMAT,
        "generator": "appcenter-generate",
        "generator_version": site.generator_version,
        "created_at": site.created_at,
        "origins": dict(sorted(origins.items())),
    }


def state_bytes(site: Site) -> bytes:
    text = json.dumps(state_of(site), ensure_ascii=False, indent=1, sort_keys=True)
    return (text + "\n").encode("utf-8")


def _valid_origin(value: object) -> bool:
    if not isinstance(value, dict):
        return False
    applications, packages = value.get("applications"), value.get("packages")
    return (
        isinstance(applications, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in applications.items())
        and isinstance(packages, dict)
        and all(
            isinstance(k, str) and isinstance(v, dict) and isinstance(v.get("broken"), bool)
            for k, v in packages.items()
        )
    )


def load_state(path: Path) -> Previous:
    """The previous run's state from ``path``; never raises for a bad or missing file."""
    try:
        data = read_regular(path, MAX_STATE_BYTES)
    except FileNotFoundError:
        return Previous(None, problem=f"{path.name}: not found (first run)")
    except NotRegularFile as error:
        return Previous(None, problem=f"{path.name}: {error.kind}, not a state file")
    except OSError as error:
        return Previous(None, problem=f"{path.name}: cannot read: {error.strerror or error}")
    if len(data) > MAX_STATE_BYTES:
        return Previous(None, problem=f"{path.name}: larger than {MAX_STATE_BYTES} bytes")
    try:
        state = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        return Previous(None, problem=f"{path.name}: corrupt: {clean(str(error), 200)}")
    if not isinstance(state, dict) or state.get("format") != STATE_FORMAT:
        found = state.get("format") if isinstance(state, dict) else None
        return Previous(
            None,
            problem=f"{path.name}: not a report state of format {STATE_FORMAT} "
            f"(format {clean(repr(found), 40)})",
        )
    origins = state.get("origins")
    if not isinstance(origins, dict) or not all(
        isinstance(name, str) and _valid_origin(value) for name, value in origins.items()
    ):
        return Previous(None, problem=f"{path.name}: corrupt: unexpected content")
    created = state.get("created_at")
    return Previous(origins, clean(created, 40) if isinstance(created, str) else "")


def _why(package: str, now: dict[str, PackageEntry]) -> str:
    """Why an application went: its package is gone, or broken now, or neither (the
    package dropped it, or another input's record won)."""
    if package not in now:
        return "package removed"
    return "package broken" if now[package].broken else ""


def compare(site: Site, previous: Previous) -> list[str]:
    """Set each origin's :class:`Changes` against ``previous`` (none if there is no previous
    run); returns the origins the previous run had and this one has not."""
    if previous.origins is None:
        return []
    for origin in site.origins:
        before = previous.origins.get(origin.name)
        changes = Changes(previous.created_at, new_origin=before is None)
        before = before or {"applications": {}, "packages": {}}
        old_apps: dict[str, str] = before["applications"]
        old_packages: dict[str, dict[str, Any]] = before["packages"]
        by_key: dict[str, PackageEntry] = {}
        for package in origin.packages:
            by_key.setdefault(package.key, package)
        owner = {
            app_id: package for package in reversed(origin.packages) for app_id in package.app_ids
        }
        current = set(origin.applications)
        changes.new_apps = [
            (app_id, owner.get(app_id)) for app_id in sorted(current - set(old_apps))
        ]
        changes.removed_apps = [
            (clean(app_id, 300), clean(old_apps[app_id], 300), _why(old_apps[app_id], by_key))
            for app_id in sorted(set(old_apps) - current)
        ]
        changes.new_packages = [by_key[key] for key in sorted(set(by_key) - set(old_packages))]
        changes.removed_packages = [clean(k, 300) for k in sorted(set(old_packages) - set(by_key))]
        for key in sorted(set(by_key) & set(old_packages)):
            was_broken = old_packages[key]["broken"]
            if by_key[key].broken and not was_broken:
                changes.newly_broken.append(by_key[key])
            elif was_broken and not by_key[key].broken:
                changes.fixed.append(by_key[key])
        origin.changes = changes
    present = {origin.name for origin in site.origins}
    return sorted(clean(name, 200) for name in previous.origins if name not in present)
