"""The rows of the Updates page, built from an update plan and what the person ticked.

The page is one flat list, so QML needs no tree view: the application rows (security first,
as :func:`~appcenter_qt.domain.updates.build_plan` sorted them), then the one "System
infrastructure" row (or, with the optional split, a "Core desktop" and a "Base platform"
row), each followed, only while it is expanded, by one row per package. Every row says what
it will do with the current selection: an application that pulls system packages in
carries their count, a pulled-in package names the applications that need it and is ticked
without being pickable (untick the application to drop it).

Wording is left to QML (``qsTr`` with ``%n`` plurals, which lupdate marks as plural forms);
rows carry numbers and names. Nothing here knows Qt, so the rules are tested as plain data.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field

from appcenter_qt.domain.updates import (
    SYSTEM_INFRASTRUCTURE,
    CheckState,
    PackageUpdate,
    Selection,
    UpdatePlan,
    group_check_state,
    pulled_in,
)

APP = "app"
GROUP = "group"
PACKAGE = "package"
#: The id of the System infrastructure row (the split's rows are CORE_DESKTOP, BASE_PLATFORM).
GROUP_ID = SYSTEM_INFRASTRUCTURE


@dataclass(frozen=True)
class AppInfo:
    """What the catalog adds to an application row."""

    summary: str = ""
    icon_url: str = ""


@dataclass(frozen=True)
class Progress:
    """One package's progress while an update runs (``percent`` -1: not known yet)."""

    percent: int = -1
    status: str = ""
    done: bool = False


@dataclass(slots=True)  # not frozen: thousands are built per tick, and frozen init is slower
class UpdateRow:
    kind: str
    ident: str
    name: str
    summary: str = ""
    icon_url: str = ""
    installed_version: str = ""
    new_version: str = ""
    size: int = 0
    severity: str = "normal"
    check_state: CheckState = CheckState.UNCHECKED
    #: Ticked because a selected application needs it; the box cannot be unticked.
    locked: bool = False
    package_count: int = 0
    security_count: int = 0
    whats_new: str = ""
    #: App rows: infrastructure packages this update pulls in / other applications it updates.
    pulls_in_count: int = 0
    pulls_in_apps: tuple[str, ...] = ()
    #: App rows: the simulation that tells what the update needs has not answered yet.
    pending: bool = False
    #: Package rows and carried app rows: names of the selected applications that need it.
    needed_by: tuple[str, ...] = ()
    #: Group row: how many of its packages the selected applications pull in.
    pulled_count: int = 0
    expanded: bool = False
    restart: str = ""
    percent: int = -1
    status: str = ""
    done: bool = False
    package_ids: tuple[str, ...] = field(default_factory=tuple)


def _mean_progress(package_ids: tuple[str, ...], progress: Mapping[str, Progress]) -> Progress:
    known = [progress[pid] for pid in package_ids if pid in progress]
    if not known:
        return Progress()
    done = len(known) == len(package_ids) and all(p.done for p in known)
    percents = [100 if p.done else max(0, p.percent) for p in known]
    percents += [0] * (len(package_ids) - len(known))
    status = next((p.status for p in known if not p.done and p.status), known[-1].status)
    return Progress(sum(percents) // len(package_ids), status, done)


def build_rows(
    plan: UpdatePlan,
    selection: Selection,
    *,
    expanded: Collection[str] = (),
    group_titles: Mapping[str, str] | None = None,
    app_info: Mapping[str, AppInfo] | None = None,
    pending: Callable[[str], bool] = lambda _app_id: False,
    progress: Mapping[str, Progress] | None = None,
) -> list[UpdateRow]:
    """The page's rows for ``plan`` with ``selection`` ticked.

    ``expanded`` holds the keys of the groups whose packages are listed; ``group_titles``
    the translated group names by key (the English ones otherwise).
    ``pending(app_id)`` says that the app's simulation is still running (its pull-in is not
    known yet); ``progress`` maps package ids to their progress during an update.
    """
    info = app_info or {}
    progress = progress or {}
    links = _Links(plan, selection)
    extra = links.extra
    infrastructure = set(plan.infrastructure.package_ids)
    rows: list[UpdateRow] = []
    for app in plan.apps:
        selected = app.app_id in selection.apps
        required = plan.requires.get(app.app_id, frozenset()) - set(app.package_ids)
        # Other application rows whose packages this update takes along.
        takes = links.unticked_owners(required, app.app_id) if selected else ()
        # Not ticked, but another ticked application's update takes all of it along.
        carried = not selected and bool(extra) and set(app.package_ids) <= extra
        first = app.packages[0]
        details = info.get(app.app_id, AppInfo())
        state = _mean_progress(app.package_ids, progress)
        rows.append(
            UpdateRow(
                kind=APP,
                ident=app.app_id,
                name=app.name,
                summary=details.summary,
                icon_url=details.icon_url,
                installed_version=first.installed_version,
                new_version=first.new_version,
                size=app.size,
                severity=app.kind.label,
                check_state=CheckState.CHECKED if selected or carried else CheckState.UNCHECKED,
                locked=carried,
                needed_by=links.needed_by(app.package_ids) if carried else (),
                package_count=len(app.packages),
                whats_new=app.whats_new,
                pulls_in_count=len(required & extra & infrastructure) if selected else 0,
                pulls_in_apps=takes,
                pending=selected and pending(app.app_id),
                restart=next((p.restart for p in app.packages if p.restart), ""),
                percent=state.percent,
                status=state.status,
                done=state.done,
                package_ids=app.package_ids,
            )
        )
    for group in plan.groups:
        ids = set(group.package_ids)
        group_state = _mean_progress(group.package_ids, progress)
        opened = group.key in expanded
        rows.append(
            UpdateRow(
                kind=GROUP,
                ident=group.key,
                name=(group_titles or {}).get(group.key, group.title),
                size=group.size,
                severity="security" if group.has_security else "normal",
                check_state=group_check_state(plan, selection, group.key),
                package_count=group.count,
                security_count=sum(1 for p in group.packages if p.kind.label == "security"),
                pulled_count=len(extra & ids),
                expanded=opened,
                restart=next((p.restart for p in group.packages if p.restart), ""),
                percent=group_state.percent,
                status=group_state.status,
                done=group_state.done,
                package_ids=group.package_ids,
            )
        )
        if opened:
            rows.extend(
                _package_row(package, selection, links, progress) for package in group.packages
            )
    return rows


class _Links:
    """Who needs what, worked out once per build: the rows ask per package, and a page can
    hold thousands of them (each tick rebuilds every row, so this must stay linear)."""

    def __init__(self, plan: UpdatePlan, selection: Selection) -> None:
        self.extra = set(pulled_in(plan, selection))
        self._selected = selection.apps
        self._names = {app.app_id: app.name for app in plan.apps}
        self._order = {app.app_id: n for n, app in enumerate(plan.apps)}
        self._owners: dict[str, list[str]] = {}
        for app in plan.apps:
            for package_id in app.package_ids:
                self._owners.setdefault(package_id, []).append(app.app_id)
        self._needers: dict[str, list[str]] = {}
        for app_id in selection.apps:
            if app_id in self._names:
                for package_id in plan.requires.get(app_id, ()):
                    self._needers.setdefault(package_id, []).append(app_id)

    def unticked_owners(self, package_ids: Iterable[str], app_id: str) -> tuple[str, ...]:
        """Names of the unticked application rows owning any of ``package_ids``, in row
        order (not ``app_id`` itself)."""
        found = {
            owner
            for package_id in package_ids
            for owner in self._owners.get(package_id, ())
            if owner != app_id and owner not in self._selected
        }
        return tuple(self._names[a] for a in sorted(found, key=self._order.__getitem__))

    def needed_by(self, package_ids: Iterable[str]) -> tuple[str, ...]:
        """Names of the selected applications whose update needs any of ``package_ids``."""
        found = {app_id for pid in package_ids for app_id in self._needers.get(pid, ())}
        return tuple(sorted((self._names[a] for a in found), key=str.casefold))


def _package_row(
    package: PackageUpdate,
    selection: Selection,
    links: _Links,
    progress: Mapping[str, Progress],
) -> UpdateRow:
    picked = package.package_id in selection.infrastructure
    locked = package.package_id in links.extra
    needed_by = links.needed_by((package.package_id,))
    state = progress.get(package.package_id, Progress())
    return UpdateRow(
        kind=PACKAGE,
        ident=package.package_id,
        name=package.name,
        summary=package.summary,
        installed_version=package.installed_version,
        new_version=package.new_version,
        size=package.size,
        severity=package.kind.label,
        check_state=CheckState.CHECKED if picked or locked else CheckState.UNCHECKED,
        locked=locked and not picked,
        package_count=1,
        whats_new=package.whats_new,
        needed_by=needed_by,
        restart=package.restart,
        percent=100 if state.done else state.percent,
        status=state.status,
        done=state.done,
        package_ids=(package.package_id,),
    )
