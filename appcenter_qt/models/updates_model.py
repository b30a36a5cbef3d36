"""The Updates page's model: updates as applications plus one "System infrastructure" row.

The grouping rules are :mod:`appcenter_qt.domain.updates`, the steps
:mod:`appcenter_qt.services.updater`, the rows :mod:`appcenter_qt.models.update_rows`; this
class runs them off the GUI thread and keeps what the person ticked:

1. ``refresh()``: ``GetUpdates`` and ``GetUpdateDetail`` on the asyncio thread, then the
   catalog lookups (package → applications, localized names, summaries, icons) on the catalog
   thread, then the rows on the GUI thread. Everything is ticked at first, as an updater
   that is opened to install updates should be.
2. ``checkRequirements()`` (the page calls it when shown): one simulated update per
   application, in the background, so each row can say what it pulls in from System
   infrastructure. Simulating costs the package manager real work, which is why it waits
   until someone looks at the page; the badge count needs only step 1.
3. ``updateSelected()`` / ``updateAll()``: one ``UpdatePackages`` with exactly
   :func:`~appcenter_qt.domain.updates.packages_to_update`, with overall and per-row progress,
   ``cancel()``, one clear error sentence, and the restart hint PackageKit asks for. The
   updater decides which packages only download for the next restart (offline mode, the
   default for system packages) and which update now; ``offline``
   (:class:`~appcenter_qt.models.offline_update.OfflineUpdate`) follows that restart.

Roles are appended and never renumbered.
"""

from __future__ import annotations

import enum
import functools
import logging
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import Property, QCoreApplication, QObject, QTimer, Signal, Slot

from appcenter_qt.domain.backend import (
    ErrorKind,
    PackageBackend,
    PackageEvent,
    PackageState,
    ProgressEvent,
    RestartRequiredEvent,
    Status,
    Transaction,
    TransactionEvent,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.updates import (
    BASE_PLATFORM,
    CORE_DESKTOP,
    DEFAULT_SYSTEM_UPDATE_MODE,
    SYSTEM_INFRASTRUCTURE,
    PackageUpdate,
    Selection,
    SystemUpdateMode,
    UpdatePlan,
    packages_to_update,
)
from appcenter_qt.models.automatic_updates import AutomaticUpdates
from appcenter_qt.models.job_texts import error_message, status_text
from appcenter_qt.models.list_model import ListModel
from appcenter_qt.models.offline_update import OfflineUpdate
from appcenter_qt.models.update_roles import ROLE_NAMES, UpdateRole, role_value
from appcenter_qt.models.update_rows import (
    APP,
    GROUP,
    PACKAGE,
    AppInfo,
    Progress,
    UpdateRow,
    build_rows,
)
from appcenter_qt.models.update_texts import restart_text
from appcenter_qt.services.desktop_packages import desktop_packages
from appcenter_qt.services.jobs import clamp_percent
from appcenter_qt.services.updater import (
    apply_ids,
    fetch_updates,
    plan_updates,
    simulate_requirements,
)
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher, SerialWorker
from appcenter_qt.ui.icon_provider import IconRegistry, icon_url

log = logging.getLogger(__name__)
# How often the rows follow a running update's progress.
PROGRESS_INTERVAL_MS = 100


class State(enum.StrEnum):
    IDLE = "idle"  # nothing asked yet (no catalog, or no backend)
    CHECKING = "checking"
    READY = "ready"
    UPDATING = "updating"
    FAILED = "failed"  # the check failed; errorText says why


class UpdatesModel(ListModel[UpdateRow]):
    ROLE_NAMES = ROLE_NAMES
    DISPLAY_ROLE = UpdateRole.NAME
    changed = Signal()
    countChanged = Signal()
    # An update run ended: success, and the number of packages it asked for.
    finished = Signal(bool, int)

    def __init__(
        self,
        backend: PackageBackend | None = None,
        loop: AsyncLoopThread | None = None,
        dispatcher: GuiDispatcher | None = None,
        worker: SerialWorker | None = None,
        icons: IconRegistry | None = None,
        locale: str | None = None,
        core_desktop: Sequence[str] = (),
        mode: SystemUpdateMode = DEFAULT_SYSTEM_UPDATE_MODE,
        save_mode: Callable[[SystemUpdateMode], None] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        usable = loop is not None and dispatcher is not None and worker is not None
        self._backend = backend if usable else None
        self._loop = loop
        self._post: Callable[[Callable[[], Any]], None] = (
            dispatcher.post if dispatcher is not None else lambda function: function()
        )
        self._worker = worker
        self._icons = icons
        self._locale = locale
        self._core_desktop = tuple(core_desktop)  # metapackages; empty: no split
        self._catalog: Any = None
        self._generation = 0  # bumped by every refresh: late answers of older ones are dropped
        self._state = State.IDLE
        self._error = ""
        self._plan = UpdatePlan()
        self._selection = Selection()
        self._expanded: set[str] = set()  # keys of the groups whose packages are listed
        self._info: dict[str, AppInfo] = {}
        self._simulated: set[str] = set()
        self._simulating = False
        self._wants_requirements = False  # the page was shown: simulate after each check
        self._progress: dict[str, Progress] = {}
        self._percent = -1
        self._status = ""
        self._restart: set[str] = set()
        self._result = ""
        self._transaction: Transaction | None = None
        self._updating_ids: tuple[str, ...] = ()
        self._cancelled = False
        self._progress_timer = QTimer(self)
        self._progress_timer.setSingleShot(True)
        self._progress_timer.setInterval(PROGRESS_INTERVAL_MS)
        self._progress_timer.timeout.connect(self._rebuild)
        self._offline = OfflineUpdate(self._backend, loop, self._post, mode, save_mode, self)
        self._automatic = AutomaticUpdates(locale, self)

    # -- set-up ----------------------------------------------------------------------------
    def set_catalog(self, catalog: Any) -> None:
        """The catalog maps packages to applications; with it (and a backend) the check runs."""
        self._catalog = catalog
        self.refresh()

    @property
    def plan(self) -> UpdatePlan:
        return self._plan

    @property
    def selection(self) -> Selection:
        return self._selection

    def row_of(self, ident: str) -> int:
        """The row number of an app id, package id or the group id (-1 if not shown)."""
        return next((n for n, row in enumerate(self._rows) if row.ident == ident), -1)

    # -- properties ------------------------------------------------------------------------
    def _get_available(self) -> bool:
        return self._backend is not None

    def _get_count(self) -> int:
        return self._plan.count

    def _get_state(self) -> str:
        return str(self._state)

    def _get_busy(self) -> bool:
        return self._state in (State.CHECKING, State.UPDATING)

    def _get_error(self) -> str:
        return self._error

    def _get_security_count(self) -> int:
        apps = sum(1 for app in self._plan.apps if app.kind.label == "security")
        return apps + sum(1 for group in self._plan.groups if group.has_security)

    def _get_selected_count(self) -> int:
        return len(packages_to_update(self._plan, self._selection))

    def _get_size_text(self) -> str:
        # A package shared by two application rows counts once.
        sizes = {p.package_id: p.size for p in self._all_packages()}
        return self._format_size(sum(sizes.values()))

    def _get_percent(self) -> int:
        return self._percent

    def _get_status(self) -> str:
        return self._status

    def _get_restart(self) -> str:
        return restart_text(self._restart)

    def _get_result(self) -> str:
        return self._result

    def _get_simulating(self) -> bool:
        return self._simulating

    def _get_offline(self) -> OfflineUpdate:
        return self._offline

    available = Property(bool, _get_available, constant=True)
    count = Property(int, _get_count, notify=countChanged)
    state = Property(str, _get_state, notify=changed)
    busy = Property(bool, _get_busy, notify=changed)
    errorText = Property(str, _get_error, notify=changed)
    securityCount = Property(int, _get_security_count, notify=changed)
    selectedPackages = Property(int, _get_selected_count, notify=changed)
    sizeText = Property(str, _get_size_text, notify=changed)
    percent = Property(int, _get_percent, notify=changed)
    statusText = Property(str, _get_status, notify=changed)
    restartText = Property(str, _get_restart, notify=changed)
    resultText = Property(str, _get_result, notify=changed)
    simulating = Property(bool, _get_simulating, notify=changed)
    offline = Property(QObject, _get_offline, constant=True)
    automatic = Property(QObject, lambda self: self._automatic, constant=True)  # the policy

    # -- checking for updates --------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Look for updates again (not while an update runs)."""
        self._check(clear_error=True)

    def _check(self, *, clear_error: bool) -> None:
        if self._backend is None or self._catalog is None or self._loop is None:
            return
        if self._state is State.UPDATING:
            return
        self._generation += 1
        self._state = State.CHECKING
        if clear_error:
            self._error = ""
        self.changed.emit()
        self._loop.submit(self._fetch(self._generation))
        self._offline.refresh()
        self._automatic.refresh()

    async def _fetch(self, generation: int) -> None:
        backend = self._backend
        assert backend is not None
        try:
            updates = await fetch_updates(backend)
            desktop = await desktop_packages(backend, self._core_desktop) if updates else None
        except BackendError as error:
            message = self._describe(error)
            self._post(lambda: self._check_failed(generation, message))
            return
        except Exception as error:  # a backend bug must not leave the page "checking"
            log.exception("checking for updates failed")
            message = self._describe(BackendError(ErrorKind.FAILED, str(error)))
            self._post(lambda: self._check_failed(generation, message))
            return
        self._post(lambda: self._plan_on_worker(generation, updates, desktop))

    def _plan_on_worker(
        self, generation: int, updates: list[PackageUpdate], desktop: frozenset[str] | None
    ) -> None:
        catalog, worker = self._catalog, self._worker
        if generation != self._generation or catalog is None or worker is None:
            return

        def plan() -> tuple[UpdatePlan, dict[str, AppInfo], dict[str, Any]]:
            grouped = plan_updates(updates, catalog.app_ids_for_packages, catalog.names)
            grouped = grouped.with_desktop(desktop)
            info: dict[str, AppInfo] = {}
            icons: dict[str, Any] = {}
            for app in grouped.apps:
                found = catalog.get(app.app_id)
                if found is None:
                    continue
                icons[app.app_id] = found.icons
                info[app.app_id] = AppInfo(
                    found.summary.get(catalog.chain) or "",
                    icon_url(app.app_id, 64),
                )
            return grouped, info, icons

        worker.submit(plan, lambda result, error: self._planned(generation, result, error))

    def _planned(self, generation: int, result: Any, error: BaseException | None) -> None:
        if generation != self._generation:
            return
        if error is not None:
            log.error("cannot group the updates: %s", error)
            self._check_failed(generation, error_message(ErrorKind.FAILED))
            return
        plan, info, icons = result
        if self._icons is not None:
            for app_id, app_icons in icons.items():
                self._icons.remember(app_id, app_icons)
        self._plan = plan
        self._info = info
        self._selection = Selection.everything(self._plan)
        self._simulated = set()
        self._progress = {}
        self._state = State.READY
        self._rebuild()
        self.countChanged.emit()
        if self._wants_requirements:
            self.checkRequirements()

    def _check_failed(self, generation: int, message: str) -> None:
        if generation != self._generation:
            return
        self._state = State.FAILED
        self._error = message
        self.changed.emit()

    # -- what each update pulls in ---------------------------------------------------------
    @Slot()
    def checkRequirements(self) -> None:
        """Simulate each application's update once, to show what it pulls in."""
        self._wants_requirements = True
        if self._backend is None or self._loop is None or self._state is not State.READY:
            return
        todo = [app.app_id for app in self._plan.apps if app.app_id not in self._simulated]
        if not todo or self._simulating:
            return
        self._simulating = True
        self._rebuild()
        self._loop.submit(self._simulate(self._generation, self._plan, todo))

    async def _simulate(self, generation: int, plan: UpdatePlan, app_ids: list[str]) -> None:
        backend = self._backend
        assert backend is not None
        try:
            for app_id in app_ids:
                if self._state is State.UPDATING:
                    break  # the real update goes first; what is left is simulated after it
                simulated = await simulate_requirements(backend, plan, [app_id])
                needs = simulated.requires.get(app_id, frozenset())
                self._post(functools.partial(self._learned, generation, app_id, needs))
        except Exception:  # a backend bug must not leave the rows "checking" forever
            log.exception("simulating the updates failed")
        # Not in a ``finally``: a cancelled task (the window closed) has no GUI left to tell.
        self._post(lambda: self._simulation_done(generation))

    def _learned(self, generation: int, app_id: str, needs: frozenset[str]) -> None:
        if generation != self._generation:
            return
        self._simulated.add(app_id)
        self._plan = self._plan.with_requires({**self._plan.requires, app_id: needs})
        self._rebuild()

    def _simulation_done(self, generation: int) -> None:
        if generation == self._generation:
            self._simulating = False
            self._simulated.update(app.app_id for app in self._plan.apps)
            self._rebuild()
        elif self._simulating:
            self._simulating = False
            self.checkRequirements()

    # -- ticking ---------------------------------------------------------------------------
    @Slot(str)
    def toggle(self, ident: str) -> None:
        """Tick or untick a row: an application, a single infrastructure package, or the
        whole group as one lump (partial or unticked → all ticked; all ticked → none)."""
        if self._state is State.UPDATING:
            return
        index = self.row_of(ident)
        row = self._rows[index] if index >= 0 else None
        if row is None or row.locked:
            return
        if row.kind == APP:
            self._selection = self._selection.toggle_app(ident)
        elif row.kind == PACKAGE:
            self._selection = self._selection.toggle_package(ident)
        elif row.kind == GROUP:
            checked = row.check_state != "checked"
            self._selection = self._selection.set_packages(row.package_ids, checked)
        self._rebuild()

    @Slot(str)
    def toggleExpanded(self, key: str) -> None:
        """Open or close a group row's package list (``key``: the row's ``updateId``)."""
        self._expanded ^= {key}
        self._rebuild()

    # -- updating --------------------------------------------------------------------------
    @Slot()
    def updateAll(self) -> None:
        self._start(Selection.everything(self._plan))

    @Slot()
    def updateSelected(self) -> None:
        self._start(self._selection)

    def _start(self, selection: Selection) -> None:
        if self._backend is None or self._loop is None or self._state is not State.READY:
            return
        package_ids = packages_to_update(self._plan, selection)
        if not package_ids:
            return
        self._selection = selection
        self._state = State.UPDATING
        self._error = ""
        self._result = ""
        self._cancelled = False
        self._percent = -1
        self._status = status_text(Status.PREPARING, "update")
        waiting = status_text(Status.WAITING, "update")
        self._progress = {pid: Progress(0, waiting) for pid in package_ids}
        self._rebuild()
        self._updating_ids = package_ids
        self._loop.submit(self._apply(package_ids, self._offline.mode))

    async def _apply(self, package_ids: tuple[str, ...], mode: SystemUpdateMode) -> None:
        backend = self._backend
        assert backend is not None
        message = ""
        restart: list[str] = []
        prepared: tuple[str, ...] = ()
        try:
            result = await apply_ids(
                backend,
                package_ids,
                mode,
                on_event=lambda event: self._post(lambda: self._on_event(event)),
                on_transaction=self._remember_transaction,
            )
            restart, prepared = result.restart, result.prepared
        except BackendError as error:
            message = "" if error.code == ErrorKind.CANCELLED else self._describe(error)
            if not message and not self._cancelled:
                message = error_message(ErrorKind.CANCELLED)
        except Exception as error:
            log.exception("updating failed")
            message = self._describe(BackendError(ErrorKind.FAILED, str(error)))
        self._post(lambda: self._applied(message, restart, len(package_ids), prepared))

    def _remember_transaction(self, transaction: Transaction) -> None:
        self._transaction = transaction
        if self._cancelled:
            self._cancel_running()

    @Slot()
    def cancel(self) -> None:
        """Stop the running update (PackageKit refuses once packages are being changed)."""
        if self._state is not State.UPDATING or self._loop is None:
            return
        self._cancelled = True
        self._cancel_running()

    def _cancel_running(self) -> None:
        transaction = self._transaction
        if transaction is None or self._loop is None:
            return

        async def cancel() -> None:
            try:
                await transaction.cancel()
            except BackendError as error:
                message = self._describe(error)
                self._post(lambda: self._cancel_refused(message))

        self._loop.submit(cancel())

    def _cancel_refused(self, message: str) -> None:
        if self._state is State.UPDATING:
            self._cancelled = False
            self._error = QCoreApplication.translate(
                "Updates", "The update can no longer be cancelled: %1"
            ).replace("%1", message)
            self.changed.emit()

    def _on_event(self, event: TransactionEvent) -> None:
        if self._state is not State.UPDATING:
            return
        if isinstance(event, ProgressEvent):
            if event.percent is not None:
                self._percent = clamp_percent(event.percent)
            self._status = status_text(event.status, "update")
            if event.item in self._progress and event.item_percent is not None:
                old = self._progress[event.item]
                self._progress[event.item] = Progress(event.item_percent, old.status, old.done)
        elif isinstance(event, PackageEvent) and event.package_id in self._progress:
            old = self._progress[event.package_id]
            if event.state is PackageState.FINISHED:
                self._progress[event.package_id] = Progress(100, old.status, True)
            elif (status := event.state.status) is not None:
                text = status_text(status, "update")
                self._progress[event.package_id] = Progress(old.percent, text, old.done)
        elif isinstance(event, RestartRequiredEvent):
            self._restart.add(event.kind.value)
        # A big update sends hundreds of events a second; the rows follow at most every
        # PROGRESS_INTERVAL_MS (each rebuild walks every row).
        if not self._progress_timer.isActive():
            self._progress_timer.start()

    def _applied(
        self, message: str, restart: list[str], count: int, prepared: tuple[str, ...]
    ) -> None:
        self._progress_timer.stop()
        self._transaction = None
        self._restart.update(restart)
        success = not message and not self._cancelled
        self._state = State.READY
        self._percent = -1
        self._status = ""
        if success:
            # Not every backend sends RequireRestart; the update details say it too.
            updated = set(self._updating_ids) - set(prepared)
            self._restart.update(
                p.restart for p in self._all_packages() if p.package_id in updated and p.restart
            )
            self._result = (
                QCoreApplication.translate(
                    "Updates", "The updates are downloaded and ready to install at restart."
                )
                if prepared
                else QCoreApplication.translate("Updates", "The updates were installed.")
            )
        elif self._cancelled:
            self._result = QCoreApplication.translate("Updates", "The update was cancelled.")
        self._error = message
        self._cancelled = False
        self._rebuild()
        self.finished.emit(success, count)
        # What is still out of date after the run (all of it after a failure, some after a
        # cancel) is whatever the package manager now reports; the error stays shown.
        self._check(clear_error=False)

    @Slot()
    def clearError(self) -> None:
        if self._error:
            self._error = ""
            self.changed.emit()

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _describe(error: BackendError) -> str:
        if error.code == ErrorKind.NOT_AUTHORIZED:  # the shared sentence speaks of installing
            return QCoreApplication.translate("Updates", "You are not allowed to install updates.")
        message = error_message(error.code)
        details = " ".join(error.details.split())[:300]
        return f"{message} ({details})" if details and error.code == ErrorKind.FAILED else message

    def _all_packages(self) -> Iterable[PackageUpdate]:
        for app in self._plan.apps:
            yield from app.packages
        yield from self._plan.infrastructure.packages

    def _format_size(self, size: int) -> str:
        if size <= 0:
            return ""
        from appcenter_qt.support.formatting import format_size

        return format_size(size, self._locale)

    @staticmethod
    def _group_titles() -> dict[str, str]:
        return {
            SYSTEM_INFRASTRUCTURE: QCoreApplication.translate("Updates", "System infrastructure"),
            CORE_DESKTOP: QCoreApplication.translate("Updates", "Core desktop"),
            BASE_PLATFORM: QCoreApplication.translate("Updates", "Base platform"),
        }

    def _pending(self, app_id: str) -> bool:
        return (
            self._simulating and self._state is not State.UPDATING and app_id not in self._simulated
        )

    def _rebuild(self) -> None:
        rows = build_rows(
            self._plan,
            self._selection,
            expanded=self._expanded,
            group_titles=self._group_titles(),
            app_info=self._info,
            pending=self._pending,
            progress=self._progress if self._state is State.UPDATING else None,
        )
        self.replace_rows(rows, key=lambda row: (row.kind, row.ident))
        self.changed.emit()

    # -- the model -------------------------------------------------------------------------
    def role_data(self, row: UpdateRow, role: int) -> Any:
        try:
            which = UpdateRole(role)
        except ValueError:
            return None
        return role_value(row, which, self._format_size)
