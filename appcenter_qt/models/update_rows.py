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

from collections.abc import Callable, Collection, Mapping
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


@dataclass(frozen=True)
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
    extra = set(pulled_in(plan, selection))
    infrastructure = set(plan.infrastructure.package_ids)
    names_by_app = {app.app_id: app.name for app in plan.apps}
    rows: list[UpdateRow] = []
    for app in plan.apps:
        selected = app.app_id in selection.apps
        required = plan.requires.get(app.app_id, frozenset()) - set(app.package_ids)
        # Other application rows whose packages this update takes along.
        takes = tuple(
            other.name
            for other in plan.apps
            if other.app_id != app.app_id
            and other.app_id not in selection.apps
            and set(other.package_ids) & required
        )
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
                needed_by=_needed_by(plan, selection, app.package_ids, names_by_app)
                if carried
                else (),
                package_count=len(app.packages),
                whats_new=app.whats_new,
                pulls_in_count=len(required & extra & infrastructure) if selected else 0,
                pulls_in_apps=takes if selected else (),
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
                _package_row(plan, package, selection, extra, names_by_app, progress)
                for package in group.packages
            )
    return rows


def _needed_by(
    plan: UpdatePlan,
    selection: Selection,
    package_ids: tuple[str, ...],
    names_by_app: Mapping[str, str],
) -> tuple[str, ...]:
    """Names of the selected applications whose update needs any of ``package_ids``."""
    wanted = set(package_ids)
    return tuple(
        names_by_app[app_id]
        for app_id in sorted(selection.apps, key=lambda a: names_by_app.get(a, a).casefold())
        if app_id in names_by_app and wanted & plan.requires.get(app_id, frozenset())
    )


def _package_row(
    plan: UpdatePlan,
    package: PackageUpdate,
    selection: Selection,
    extra: set[str],
    names_by_app: Mapping[str, str],
    progress: Mapping[str, Progress],
) -> UpdateRow:
    picked = package.package_id in selection.infrastructure
    locked = package.package_id in extra
    needed_by = _needed_by(plan, selection, (package.package_id,), names_by_app)
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
