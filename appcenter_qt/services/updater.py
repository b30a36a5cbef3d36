"""The updater's steps over any :class:`~appcenter_qt.domain.backend.PackageBackend`.

The rules live in :mod:`appcenter_qt.domain.updates`; this module only feeds them: it asks the
backend for updates and their details, looks the package names up in the catalog, learns with
``simulate`` transactions which packages each application update pulls in, and finally runs
the one ``UpdatePackages`` transaction for a selection. The command line (``appcenter-update``)
and the Updates page both use it, so they always show the same grouping. It knows no Qt and no
D-Bus: the backend is passed in, and the catalog lookups are two plain callables.

It also holds the one rule for *how* a selection is updated (:func:`split_by_mode`): with
:class:`~appcenter_qt.domain.updates.SystemUpdateMode` ``offline`` (the default), the packages
of a source that can install at restart (:class:`~appcenter_qt.domain.backend.OfflineUpdates`,
PackageKit) are only downloaded and prepared for the next restart, while every other source's
(Flatpak) are updated live; ``live`` updates everything at once. The offline steps after that
(trigger, cancel, status, the last boot's results) go to that source through the
``offline_*`` functions below.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from appcenter_qt.domain.backend import (
    DetailsEvent,
    OfflineAction,
    OfflineResult,
    OfflineStatus,
    OfflineUpdates,
    PackageBackend,
    PackageState,
    ProgressEvent,
    RestartHint,
    Transaction,
    TransactionEvent,
    UpdateDetailEvent,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef, PackageRef
from appcenter_qt.domain.updates import (
    PackageUpdate,
    Selection,
    SystemUpdateMode,
    UpdateKind,
    UpdatePlan,
    build_plan,
    packages_to_update,
)
from appcenter_qt.services.jobs import collect
from appcenter_qt.services.merged_source import MergedSource

log = logging.getLogger(__name__)

#: Package name → ids of the applications it provides (``Catalog.app_ids_for_packages``).
AppsForPackages = Callable[[Iterable[str]], Mapping[str, Sequence[str]]]
#: App ids → their localized names.
AppNames = Callable[[Iterable[str]], Mapping[str, str]]


def _parsed(backend: PackageBackend, package_id: str) -> PackageRef | None:
    try:
        return backend.parse_ref(package_id)
    except InvalidPackageRef:
        log.warning("ignoring an update with an invalid package id: %r", package_id[:200])
        return None


#: How long "what's new" may take. Debian's apt backend downloads changelogs for
#: ``GetUpdateDetail``; offline it would keep the updates page waiting, so after this the
#: details transaction is cancelled and the updates are shown without them.
DETAILS_TIMEOUT_S = 60.0


#: The per-package answers collected by id: a details or an update-details event.
_Keyed = TypeVar("_Keyed", UpdateDetailEvent, DetailsEvent)


async def _collect(transaction: Transaction, kind: type[_Keyed], into: dict[str, _Keyed]) -> None:
    """Each ``kind`` event into ``into`` as it comes (what came before a failure is kept)."""

    def keep(event: TransactionEvent) -> None:
        if isinstance(event, kind):
            into[event.package_id] = event

    (await collect(transaction, on_event=keep)).raise_for_error()


async def _best_effort(
    transaction: Transaction, kind: type[_Keyed], what: str, timeout: float
) -> dict[str, _Keyed]:
    """The ``kind`` events of ``transaction`` by package id; empty after a failure or once
    ``timeout`` has passed (then the transaction is cancelled)."""
    import asyncio  # loaded once a coroutine runs; not at the top: the window's start

    found: dict[str, _Keyed] = {}
    # asyncio.wait, not wait_for: the deadline holds even if the transaction's own cleanup
    # is slow to react to cancellation.
    collecting = asyncio.ensure_future(_collect(transaction, kind, found))
    done, _ = await asyncio.wait({collecting}, timeout=timeout)
    if collecting not in done:
        log.warning("%s took over %.0f s; showing updates without them", what, timeout)
        collecting.cancel()  # collect() asks the source to cancel the transaction too
        with contextlib.suppress(asyncio.CancelledError, BackendError):
            await collecting
        return {}
    if (failure := collecting.exception()) is not None:
        if not isinstance(failure, BackendError):
            raise failure
        log.warning("could not read %s: %s", what, failure)
    return found


async def fetch_updates(
    backend: PackageBackend, *, details_timeout: float = DETAILS_TIMEOUT_S
) -> list[PackageUpdate]:
    """Every available update with its details (``GetUpdates``, ``GetUpdateDetail``, and
    ``GetDetails`` for the download sizes).

    The details are best effort: if they fail or take longer than ``details_timeout`` the
    updates come back without installed versions, "what's new" or sizes, never not at all.
    """
    found: dict[str, PackageUpdate] = {}
    offered = (await collect(backend.get_updates())).raise_for_error()
    for event in offered.packages:
        if event.package_id not in found:
            ref = _parsed(backend, event.package_id)
            if ref is not None:
                kind = event.update_kind if event.update_kind is not None else UpdateKind.NORMAL
                found[event.package_id] = PackageUpdate(
                    event.package_id, kind, event.summary, name=ref.name, new_version=ref.version
                )
    if not found:
        return []
    ids = sorted(found)
    details: dict[str, UpdateDetailEvent] = await _best_effort(
        backend.get_update_details(ids), UpdateDetailEvent, "update details", details_timeout
    )
    sizes: dict[str, DetailsEvent] = await _best_effort(
        backend.get_details(ids), DetailsEvent, "update sizes", details_timeout
    )
    updates = []
    for package_id, update in found.items():
        detail = details.get(package_id)
        size = max(0, sizes[package_id].size) if package_id in sizes else 0
        if detail is None:
            updates.append(dataclasses.replace(update, size=size))
            continue
        installed = ""
        for replaced in detail.updates:
            if (old := _parsed(backend, replaced)) is not None:
                installed = old.version
                break
        updates.append(
            dataclasses.replace(
                update,
                installed_version=installed,
                whats_new=(detail.update_text or detail.changelog).strip(),
                restart="" if detail.restart is RestartHint.NONE else detail.restart.value,
                size=size,
            )
        )
    return updates


def plan_updates(
    updates: Iterable[PackageUpdate],
    apps_for_packages: AppsForPackages,
    app_names: AppNames | None = None,
) -> UpdatePlan:
    """Group fetched updates with the catalog's package → application map."""
    updates = list(updates)
    names = {update.name for update in updates}
    by_package = apps_for_packages(names)
    app_ids = {app_id for ids in by_package.values() for app_id in ids}
    labels = app_names(app_ids) if app_names else {}
    return build_plan(updates, by_package, labels)


async def simulate_requirements(
    backend: PackageBackend, plan: UpdatePlan, app_ids: Iterable[str] | None = None
) -> UpdatePlan:
    """``plan`` with, for each app row (or just ``app_ids``), the packages its update pulls in.

    One simulated ``UpdatePackages`` per application: the packages it reports as changing, other
    than the app's own, are what updating it needs. A failed simulation is logged and leaves
    that app without requirements rather than failing the whole plan.
    """
    wanted = set(app_ids) if app_ids is not None else None
    requires = dict(plan.requires)
    for app in plan.apps:
        if wanted is not None and app.app_id not in wanted:
            continue
        own = set(app.package_ids)
        try:
            simulated = await collect(backend.update(list(app.package_ids), simulate=True))
            simulated.raise_for_error()
        except BackendError as error:
            log.warning("could not simulate the update of %s: %s", app.app_id, error)
            continue
        touched = {p.package_id for p in simulated.packages if p.state.changes}
        requires[app.app_id] = frozenset(touched - own)
    return plan.with_requires(requires)


@dataclass
class ApplyResult:
    """What an applied update did: the ids asked for, those PackageKit reported as done, and
    any restart it asked for; ``prepared`` the ids downloaded for an offline update (they
    are installed at the next restart once triggered)."""

    requested: tuple[str, ...]
    finished: list[str] = field(default_factory=list)
    restart: list[str] = field(default_factory=list)
    prepared: tuple[str, ...] = ()


async def apply_selection(
    backend: PackageBackend,
    plan: UpdatePlan,
    selection: Selection,
    on_event: Callable[[TransactionEvent], None] | None = None,
    on_transaction: Callable[[Transaction], None] | None = None,
) -> ApplyResult:
    """Run one ``UpdatePackages`` for exactly the selection's packages (pull-in included).

    ``on_event`` sees every event (progress per package and overall) for a progress display;
    ``on_transaction`` gets the transaction as soon as it exists, so the caller can cancel it.
    Raises :class:`BackendError` with the backend's error kind when the update fails.
    """
    return await apply_ids(
        backend,
        packages_to_update(plan, selection),
        SystemUpdateMode.LIVE,
        on_event=on_event,
        on_transaction=on_transaction,
    )


async def apply_ids(
    backend: PackageBackend,
    package_ids: Sequence[str],
    mode: SystemUpdateMode,
    on_event: Callable[[TransactionEvent], None] | None = None,
    on_transaction: Callable[[Transaction], None] | None = None,
) -> ApplyResult:
    """Update ``package_ids`` the way ``mode`` says (:func:`split_by_mode`): the live part
    with one ``UpdatePackages``, then the offline part downloaded and prepared. Raises
    :class:`BackendError` when a step fails (a failed live part stops before the download)."""
    result = ApplyResult(tuple(package_ids))
    if not package_ids:
        return result
    source, offline_ids, live_ids = split_by_mode(backend, package_ids, mode)
    steps: list[tuple[Transaction, bool]] = []
    if live_ids:
        steps.append((backend.update(list(live_ids)), False))
    if source is not None and offline_ids:
        steps.append((source.prepare_offline(list(offline_ids)), True))

    def show_progress(_percent: int, event: ProgressEvent) -> None:
        if on_event is not None:
            on_event(event)

    for transaction, offline in steps:
        if on_transaction is not None:
            on_transaction(transaction)
        job = await collect(transaction, show_progress, on_event)
        job.raise_for_error()
        if offline:  # a download-only run reports installing; nothing is installed yet
            result.prepared = tuple(offline_ids)
            continue
        result.finished.extend(job.package_ids(PackageState.FINISHED))
        result.restart.extend(event.kind.value for event in job.restarts)
    return result


# -- offline updates ----------------------------------------------------------------------


def offline_source(backend: PackageBackend | None) -> tuple[OfflineUpdates | None, str]:
    """The source that installs updates at restart, and its registry name ("" for a single
    source that is one): a :class:`MergedSource` is asked for its first such source."""
    if isinstance(backend, OfflineUpdates):
        return backend, ""
    if isinstance(backend, MergedSource):
        for name, source in backend.sources.usable():
            if isinstance(source, OfflineUpdates):
                return source, name
    return None, ""


def split_by_mode(
    backend: PackageBackend, package_ids: Sequence[str], mode: SystemUpdateMode
) -> tuple[OfflineUpdates | None, tuple[str, ...], tuple[str, ...]]:
    """The one rule: (offline source, ids to prepare for the restart, ids to update live).
    Offline mode sends the offline source's own packages to the restart; every other
    source's, and everything in live mode, is updated live."""
    source, name = offline_source(backend)
    if source is None or mode is not SystemUpdateMode.OFFLINE:
        return None, (), tuple(package_ids)
    if not name:
        return source, tuple(package_ids), ()
    assert isinstance(backend, MergedSource)
    offline = tuple(ref for ref in package_ids if backend.owner(ref) == name)
    live = tuple(ref for ref in package_ids if ref not in set(offline))
    return source, offline, live


def _require_offline(backend: PackageBackend | None) -> OfflineUpdates:
    source, _ = offline_source(backend)
    if source is None:
        raise BackendError("failed", "no package source here can install updates at restart")
    return source


async def offline_status(backend: PackageBackend | None) -> OfflineStatus | None:
    """What is prepared and triggered; ``None`` when no source does offline updates."""
    source, _ = offline_source(backend)
    return await source.offline_status() if source is not None else None


async def offline_results(backend: PackageBackend | None) -> OfflineResult | None:
    """The last offline update's outcome, if one is waiting to be shown."""
    source, _ = offline_source(backend)
    return await source.offline_results() if source is not None else None


async def trigger_offline(
    backend: PackageBackend | None, action: OfflineAction = OfflineAction.REBOOT
) -> None:
    await _require_offline(backend).trigger_offline(action)


async def restart_and_update(
    backend: PackageBackend | None,
    action: OfflineAction = OfflineAction.REBOOT,
    *,
    bus_address: str | None = None,
) -> str:
    """ "Restart and update": set the prepared update to install (the source's trigger), then
    ask systemd-logind to restart or power off now (``backends.session``), as GNOME Software
    does. Returns "" or why the computer was not restarted (no logind, not allowed): the
    update then stays set for whenever it restarts. Raises :class:`BackendError` only when
    the trigger itself fails (then nothing is restarted)."""
    from appcenter_qt.backends.session import restart

    await trigger_offline(backend, action)
    try:
        await restart(action.value, bus_address=bus_address)
    except BackendError as error:
        log.warning("the update is set for the next restart, but: %s", error)
        return str(error)
    return ""


async def cancel_offline(backend: PackageBackend | None) -> None:
    await _require_offline(backend).cancel_offline()


async def clear_offline_results(backend: PackageBackend | None) -> None:
    await _require_offline(backend).clear_offline_results()
