"""Updates as applications, plus one "System infrastructure" group for everything else.

People understand "Firefox has a security update", not "libnss3 2:3.87.1-1+deb12u1". The
updater therefore turns the package updates a source reports into:

* one :class:`AppUpdate` row per *application* whose packages have updates (a package that
  provides two applications gives two rows that share the package; several packages of one
  application give one row);
* one :class:`InfrastructureGroup` holding every other package, selected as one lump or
  package by package (a tri-state check, :func:`group_check_state`);
* *pull-in*: updating an application also updates exactly the infrastructure packages it needs,
  learned from a ``simulate`` transaction (:attr:`UpdatePlan.requires`), never the rest of the
  group unless the group is selected (:func:`packages_to_update`).

Security updates sort first everywhere. Everything here is pure: the inputs are plain values
(update events, catalog lookups, simulate results), so the rules are tested as tables without
Qt, SQL or D-Bus. The optional split of the group into "Core desktop" and "Base platform"
(:func:`split_infrastructure`) takes the set of package names that make up the desktop, e.g.
the dependencies of ``task-kde-desktop`` or ``patterns-kde-kde_plasma``; it is off unless the
caller passes such a set.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

# Re-exported: the urgency of an update is part of the source contract.
from appcenter_qt.domain.backend import UpdateKind as UpdateKind


@dataclass(frozen=True)
class PackageUpdate:
    """One package with an available update, as its source reported it.

    ``package_id`` is the source's reference to the *new* version, opaque here; ``name`` and
    ``new_version`` are what the source read from it (``backend.parse_ref``);
    ``installed_version`` comes from the update details' ``updates`` list when known;
    ``restart`` is a :class:`~appcenter_qt.domain.backend.RestartHint` value or empty.
    """

    package_id: str
    kind: UpdateKind = UpdateKind.NORMAL
    summary: str = ""
    installed_version: str = ""
    whats_new: str = ""
    restart: str = ""
    size: int = 0
    name: str = ""
    new_version: str = ""

    @property
    def version_change(self) -> str:
        """``1.7 → 1.8``, or just the new version when the installed one is not known."""
        return version_change(self.installed_version, self.new_version)


def version_change(installed: str, new: str) -> str:
    """``installed → new`` as people read it; only ``new`` when the other is unknown."""
    return f"{installed} \N{RIGHTWARDS ARROW} {new}" if installed and new != installed else new


@dataclass(frozen=True)
class AppUpdate:
    """One application row: every updated package that provides it."""

    app_id: str
    name: str
    packages: tuple[PackageUpdate, ...]

    @property
    def kind(self) -> UpdateKind:
        return max(package.kind for package in self.packages)

    @cached_property
    def package_ids(self) -> tuple[str, ...]:
        return tuple(package.package_id for package in self.packages)

    @property
    def whats_new(self) -> str:
        """The packages' update texts, one paragraph each, empty ones left out."""
        return "\n\n".join(p.whats_new for p in self.packages if p.whats_new)

    @property
    def size(self) -> int:
        return sum(package.size for package in self.packages)


#: Keys of the infrastructure groups: the one group, or the optional split in two.
SYSTEM_INFRASTRUCTURE = "system-infrastructure"
CORE_DESKTOP = "core-desktop"
BASE_PLATFORM = "base-platform"


@dataclass(frozen=True)
class InfrastructureGroup:
    """The packages that are not applications, shown as one collapsible row.

    ``key`` names the group for programs (row ids, JSON); ``title`` is the English name,
    which front ends translate by key.
    """

    packages: tuple[PackageUpdate, ...] = ()
    title: str = "System infrastructure"
    key: str = SYSTEM_INFRASTRUCTURE

    @property
    def count(self) -> int:
        return len(self.packages)

    @property
    def has_security(self) -> bool:
        return any(package.kind is UpdateKind.SECURITY for package in self.packages)

    @cached_property
    def package_ids(self) -> tuple[str, ...]:
        return tuple(package.package_id for package in self.packages)

    @property
    def size(self) -> int:
        return sum(package.size for package in self.packages)


@dataclass(frozen=True)
class UpdatePlan:
    """Everything the Updates page and ``appcenter-update`` show.

    ``requires`` maps an app id to the package ids (of this plan) that updating it pulls in,
    from a simulate transaction; apps without an entry pull in nothing. ``desktop_packages``,
    when set, splits the infrastructure into Core desktop and Base platform (:attr:`groups`).
    """

    apps: tuple[AppUpdate, ...] = ()
    infrastructure: InfrastructureGroup = field(default_factory=InfrastructureGroup)
    requires: Mapping[str, frozenset[str]] = field(default_factory=dict)
    desktop_packages: frozenset[str] | None = None

    @cached_property
    def groups(self) -> tuple[InfrastructureGroup, ...]:
        """The infrastructure rows: the one group, or its non-empty Core desktop and Base
        platform halves when the split is on."""
        if not self.infrastructure.packages:
            return ()
        if self.desktop_packages is None:
            return (self.infrastructure,)
        halves = split_infrastructure(self.infrastructure, self.desktop_packages)
        return tuple(group for group in halves if group.packages)

    def group(self, key: str) -> InfrastructureGroup | None:
        return next((group for group in self.groups if group.key == key), None)

    @property
    def is_empty(self) -> bool:
        return not self.apps and not self.infrastructure.packages

    @property
    def count(self) -> int:
        """Rows a person sees (the badge number): applications plus the group(s), if any."""
        return len(self.apps) + len(self.groups)

    @cached_property
    def all_package_ids(self) -> tuple[str, ...]:
        ids = [pid for app in self.apps for pid in app.package_ids]
        ids.extend(self.infrastructure.package_ids)
        return tuple(dict.fromkeys(ids))

    def app(self, app_id: str) -> AppUpdate | None:
        return next((app for app in self.apps if app.app_id == app_id), None)

    def with_requires(self, requires: Mapping[str, Iterable[str]]) -> UpdatePlan:
        """This plan with the simulate results added (ids outside the plan are dropped:
        a simulate may list packages that are merely reinstalled or already up to date)."""
        known = set(self.all_package_ids)
        cleaned = {
            app_id: frozenset(pid for pid in ids if pid in known)
            for app_id, ids in requires.items()
        }
        return dataclasses.replace(self, requires=cleaned)

    def with_desktop(self, desktop_packages: Iterable[str] | None) -> UpdatePlan:
        """This plan with the Core desktop / Base platform split on (``None``: off)."""
        names = None if desktop_packages is None else frozenset(desktop_packages)
        return dataclasses.replace(self, desktop_packages=names)


def _sort_key(kind: UpdateKind, name: str, ident: str) -> tuple[int, str, str]:
    return (-int(kind), name.casefold(), ident)


def build_plan(
    updates: Iterable[PackageUpdate],
    apps_by_package: Mapping[str, Iterable[str]],
    app_names: Mapping[str, str] | None = None,
) -> UpdatePlan:
    """Group package updates into application rows and the infrastructure group.

    ``apps_by_package`` maps a package *name* to the ids of the applications it provides (the
    catalog's :meth:`Catalog.app_ids_for_packages`); a package it does not know is
    infrastructure. ``app_names`` gives the localized names rows are sorted and shown by
    (the id when missing). Duplicate reports of one package id are merged.
    """
    names = app_names or {}
    unique: dict[str, PackageUpdate] = {}
    for update in updates:
        unique.setdefault(update.package_id, update)
    per_app: dict[str, list[PackageUpdate]] = {}
    infrastructure: list[PackageUpdate] = []
    for update in unique.values():
        app_ids = tuple(dict.fromkeys(apps_by_package.get(update.name, ())))
        if not app_ids:
            infrastructure.append(update)
        for app_id in app_ids:
            per_app.setdefault(app_id, []).append(update)
    rows = [
        AppUpdate(
            app_id,
            names.get(app_id) or app_id,
            tuple(sorted(packages, key=lambda p: p.package_id)),
        )
        for app_id, packages in per_app.items()
    ]
    rows.sort(key=lambda row: _sort_key(row.kind, row.name, row.app_id))
    infrastructure.sort(key=lambda p: _sort_key(p.kind, p.name, p.package_id))
    return UpdatePlan(tuple(rows), InfrastructureGroup(tuple(infrastructure)))


class CheckState(enum.StrEnum):
    """Qt's tri-state check, named for what it means here."""

    UNCHECKED = "unchecked"
    PARTIAL = "partial"
    CHECKED = "checked"


@dataclass(frozen=True)
class Selection:
    """What the person ticked: application rows, and single infrastructure packages.

    Selecting the group as a lump is ``infrastructure`` holding every package of the group.
    """

    apps: frozenset[str] = frozenset()
    infrastructure: frozenset[str] = frozenset()

    @classmethod
    def everything(cls, plan: UpdatePlan) -> Selection:
        return cls(
            frozenset(app.app_id for app in plan.apps),
            frozenset(plan.infrastructure.package_ids),
        )

    @classmethod
    def apps_only(cls, plan: UpdatePlan) -> Selection:
        return cls(frozenset(app.app_id for app in plan.apps))

    def toggle_app(self, app_id: str) -> Selection:
        return Selection(self.apps ^ {app_id}, self.infrastructure)

    def toggle_package(self, package_id: str) -> Selection:
        return Selection(self.apps, self.infrastructure ^ {package_id})

    def set_group(self, plan: UpdatePlan, checked: bool) -> Selection:
        """Tick or untick the whole group as one lump."""
        return self.set_packages(plan.infrastructure.package_ids, checked)

    def set_packages(self, package_ids: Iterable[str], checked: bool) -> Selection:
        """Tick or untick these infrastructure packages together (one group of the split)."""
        ids = frozenset(package_ids)
        picked = self.infrastructure | ids if checked else self.infrastructure - ids
        return Selection(self.apps, picked)


def group_check_state(
    plan: UpdatePlan, selection: Selection, group_key: str | None = None
) -> CheckState:
    """The group row's check: all, some or none of its packages picked by hand.

    ``group_key`` picks one group of the split (default: the whole infrastructure). Pulled-in
    packages do not tick the box: they are shown on the app rows that need them.
    """
    chosen = plan.group(group_key) if group_key is not None else plan.infrastructure
    group = set(chosen.package_ids) if chosen is not None else set()
    picked = group & selection.infrastructure
    if not group or not picked:
        return CheckState.UNCHECKED
    return CheckState.CHECKED if picked == group else CheckState.PARTIAL


def pulled_in(plan: UpdatePlan, selection: Selection) -> tuple[str, ...]:
    """Package ids updated only because a selected application needs them, in plan order.

    These are the "also updates N system components" of the app rows: required packages that
    are neither the selected apps' own packages nor picked in the group.
    """
    own = {pid for app in plan.apps if app.app_id in selection.apps for pid in app.package_ids}
    needed: set[str] = set()
    for app_id in selection.apps:
        needed |= plan.requires.get(app_id, frozenset())
    extra = needed - own - selection.infrastructure
    return tuple(pid for pid in plan.all_package_ids if pid in extra)


def packages_to_update(plan: UpdatePlan, selection: Selection) -> tuple[str, ...]:
    """The exact package ids to pass to ``UpdatePackages`` for this selection.

    The selected apps' packages, the infrastructure packages picked by hand, and what the
    selected apps pull in; nothing else. Ids not in the plan (a stale selection) are ignored.
    """
    chosen = {pid for app in plan.apps if app.app_id in selection.apps for pid in app.package_ids}
    chosen |= selection.infrastructure
    chosen |= set(pulled_in(plan, selection))
    return tuple(pid for pid in plan.all_package_ids if pid in chosen)


def apps_included(plan: UpdatePlan, selection: Selection) -> tuple[str, ...]:
    """Every app row the update will touch: the selected ones plus rows whose packages are all
    updated anyway (a package shared by two apps, or an app another app pulls in)."""
    updating = set(packages_to_update(plan, selection))
    return tuple(
        app.app_id
        for app in plan.apps
        if app.app_id in selection.apps or set(app.package_ids) <= updating
    )


def split_infrastructure(
    group: InfrastructureGroup, desktop_packages: Iterable[str]
) -> tuple[InfrastructureGroup, InfrastructureGroup]:
    """Optional finer grouping: ("Core desktop", "Base platform") by package name."""
    desktop = set(desktop_packages)
    core = tuple(p for p in group.packages if p.name in desktop)
    base = tuple(p for p in group.packages if p.name not in desktop)
    return (
        InfrastructureGroup(core, "Core desktop", CORE_DESKTOP),
        InfrastructureGroup(base, "Base platform", BASE_PLATFORM),
    )


class SystemUpdateMode(enum.StrEnum):
    """How system packages are updated: ``offline`` downloads them now and installs them
    while the computer restarts (nothing running uses a half-replaced library), ``live``
    installs them at once. Applications from sources that update safely while running
    (Flatpak) are always updated live."""

    OFFLINE = "offline"
    LIVE = "live"

    @classmethod
    def parse(cls, value: object) -> SystemUpdateMode:
        """A stored setting's mode; anything unknown is the default."""
        try:
            return cls(str(value))
        except ValueError:
            return DEFAULT_SYSTEM_UPDATE_MODE


#: Offline unless the person chose otherwise: the safe way to replace the running system.
DEFAULT_SYSTEM_UPDATE_MODE = SystemUpdateMode.OFFLINE
