"""Install and remove in the window: a thin Qt adapter over :mod:`appcenter_qt.services.install`.

One row per change this window started (the transactions indicator lists them), the app
page's application's state and progress as properties, and the confirmation question. The
rules (which source and branch, simulate first, what to ask, how to word a failure) are the
install use cases', shared with ``appcenter-apps``; each application's state is kept in the
:class:`~appcenter_qt.services.registry.AppRegistry` every page reads (``registry``).

Source coroutines run on the asyncio thread (:class:`AsyncLoopThread`); every change they
report is posted to the GUI thread, so the UI never waits for a source, and the registry is
only written on the GUI thread. ``installFrom``/``removeFrom`` act on one chosen source (the
app page's source picker), ``install``/``remove`` on the one the shared rule picks. Every
failure becomes one banner text (``errorText``), kept until the user dismisses it.
"""

from __future__ import annotations

import enum
import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    Property,
    QObject,
    Signal,
    Slot,
)

from appcenter_qt.domain import Application, Package
from appcenter_qt.domain.backend import (
    ErrorKind,
    PackageBackend,
    ProgressEvent,
    Status,
    Transaction,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.state import AppState
from appcenter_qt.models.job_texts import change_text, error_message, status_text
from appcenter_qt.models.list_model import QT_USER_ROLE, ListModel, role_names
from appcenter_qt.services.install import (
    INSTALL,
    ChangePlan,
    ChangeResult,
    Target,
    choose_source,
    installed_sources,
    route,
    run_change,
)
from appcenter_qt.services.registry import AppRegistry
from appcenter_qt.services.source_set import SourceSet
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher

if TYPE_CHECKING:
    import asyncio

log = logging.getLogger(__name__)


class TransactionRole(enum.IntEnum):
    """Appended, never renumbered."""

    APP_ID = QT_USER_ROLE + 1
    APP_NAME = enum.auto()
    ACTION = enum.auto()
    STATUS_TEXT = enum.auto()
    PERCENT = enum.auto()
    RUNNING = enum.auto()
    ERROR_TEXT = enum.auto()


_ROLE_NAMES = role_names(TransactionRole)


@dataclass(frozen=True)
class _Row:
    app_id: str
    app_name: str
    action: str
    status_text: str = ""
    percent: int = -1
    running: bool = True
    error_text: str = ""


@dataclass
class _Running:
    action: str = INSTALL
    transaction: Transaction | None = None
    confirmation: asyncio.Future[bool] | None = None
    cancelled: bool = False


class TransactionsModel(ListModel[_Row]):
    ROLE_NAMES = _ROLE_NAMES
    DISPLAY_ROLE = TransactionRole.APP_NAME
    changed = Signal()
    errorChanged = Signal()
    confirmationChanged = Signal()
    #: ``app id`` whose state or progress changed (the registry said so).
    appChanged = Signal(str)
    #: A transaction ended: app id, action, success.
    finished = Signal(str, str, bool)

    def __init__(
        self,
        backend: PackageBackend | SourceSet | None,
        loop: AsyncLoopThread | None,
        dispatcher: GuiDispatcher,
        unavailable_reason: str = "",
        parent: QObject | None = None,
        registry: AppRegistry | None = None,
    ) -> None:
        super().__init__(parent)
        #: every application's state, shared with the pages (they subscribe to it)
        self.registry = registry if registry is not None else AppRegistry()
        self.registry.subscribe(self._registry_changed)
        self._sources = SourceSet.of(backend) if loop is not None else SourceSet()
        #: the catalog's meta (``sources``: which source owns each origin)
        self._meta: dict[str, str] = {}
        self._loop = loop
        self._post: Callable[[Callable[[], Any]], None] = dispatcher.post
        self._reason = unavailable_reason
        self._rows: list[_Row] = []
        self._running: dict[str, _Running] = {}
        self._focus = ""
        self._error = ""
        self._error_app = ""
        self._confirm_app = ""
        self._confirm_packages: list[str] = []

    def _registry_changed(self, app_id: str) -> None:
        self.appChanged.emit(app_id)
        if app_id == self._focus:
            # the app page reads ``state`` through ``changed``: without it the page kept the
            # state it had before the application was registered (issue 32)
            self.changed.emit()

    # -- what the rest of the program tells us ---------------------------------------------
    def set_catalog_meta(self, meta: dict[str, str]) -> None:
        """The opened catalog's meta: which source owns each origin."""
        self._meta = dict(meta)

    def register_application(self, app: Application) -> None:
        """The app page's application: its packages with versions (the branch rule)."""
        self.registry.register(app.id, app.name.get() or app.id, app.packages)
        self.refresh_states([app.id])

    def register_summary(
        self,
        app_id: str,
        name: str,
        package_names: Sequence[str],
        origins: Sequence[tuple[str, str]] = (),
    ) -> None:
        """A card's or list row's application; ``origins`` its packages' (name, origin) pairs
        (without them its packages are the default source's)."""
        pairs = origins or [(package, "") for package in package_names]
        packages = [Package(package, origin=origin) for package, origin in pairs]
        self.registry.register(app_id, name, packages, replace_packages=False)

    def set_installed_snapshot(self, names: frozenset[str] | None) -> None:
        """The catalog's snapshot of installed package names (None: it has none). It gives
        every known application a state at once, with or without a source; the sources'
        own answers, and finished transactions, replace it."""
        self.registry.set_snapshot(names)
        self.changed.emit()

    def mark_installed(self, app_ids: Sequence[str]) -> None:
        """Applications present without a package (the Installed page found their desktop
        files): installed, unless a source or a transaction said otherwise."""
        self.registry.mark_installed(app_ids)
        self.changed.emit()

    @Slot(str)
    def set_focus(self, app_id: str) -> None:
        """The application the app page shows (its state feeds the page's properties)."""
        if app_id != self._focus:
            self._focus = app_id
            self.changed.emit()

    def state_of(self, app_id: str) -> tuple[AppState, int]:
        return self.registry.state_of(app_id)

    def _routes(self, app_id: str) -> dict[str, Target]:
        packages = self.registry.get(app_id).packages
        return route(self._meta, packages, among=self._sources.names)

    def routes(self, app_id: str) -> dict[str, tuple[str, ...]]:
        """The application's package names per source of this window, default first."""
        return {source: target.names for source, target in self._routes(app_id).items()}

    def installed_from(self, app_id: str) -> tuple[str, ...]:
        """The sources the application is installed from, as they last said."""
        return self.registry.get(app_id).installed_from

    # -- properties ------------------------------------------------------------------------
    def _get_available(self) -> bool:
        return bool(self._sources)

    def _get_reason(self) -> str:
        return self._reason

    def _get_state(self) -> str:
        return str(self.registry.get(self._focus).state)

    def _get_percent(self) -> int:
        return self.registry.get(self._focus).percent

    def _get_status(self) -> str:
        running = self._running.get(self._focus)
        status = self.registry.get(self._focus).status
        return status_text(Status(status), running.action) if running and status else ""

    def _get_focus_running(self) -> bool:
        return self._focus in self._running

    def _get_running_count(self) -> int:
        return len(self._running)

    def _get_error(self) -> str:
        return self._error

    def _get_confirm_app(self) -> str:
        return self._confirm_app

    def _get_confirm_packages(self) -> list[str]:
        return list(self._confirm_packages)

    def _get_confirm_action(self) -> str:
        running = self._running.get(self._confirm_app)
        return running.action if running is not None and self._confirm_app else ""

    def _get_installed_sources(self) -> list[str]:
        return list(self.installed_from(self._focus))

    available = Property(bool, _get_available, constant=True)
    unavailableReason = Property(str, _get_reason, constant=True)
    state = Property(str, _get_state, notify=changed)
    percent = Property(int, _get_percent, notify=changed)
    statusText = Property(str, _get_status, notify=changed)
    running = Property(bool, _get_focus_running, notify=changed)
    runningCount = Property(int, _get_running_count, notify=changed)
    errorText = Property(str, _get_error, notify=errorChanged)
    confirmationAppId = Property(str, _get_confirm_app, notify=confirmationChanged)
    confirmationPackages = Property(list, _get_confirm_packages, notify=confirmationChanged)
    #: What the question is about: ``install`` or ``remove`` ("" when none is asked).
    confirmationAction = Property(str, _get_confirm_action, notify=confirmationChanged)
    #: The sources the app page's application is installed from (registry names).
    installedSources = Property(list, _get_installed_sources, notify=changed)

    # -- slots for QML ---------------------------------------------------------------------
    @Slot(str)
    def install(self, app_id: str) -> None:
        self._start(app_id, "install")

    @Slot(str)
    def remove(self, app_id: str) -> None:
        self._start(app_id, "remove")

    @Slot(str, str)
    def installFrom(self, app_id: str, source: str) -> None:
        """Install from one source (the app page's picker); "" = the default one."""
        self._start(app_id, "install", source)

    @Slot(str, str)
    def removeFrom(self, app_id: str, source: str) -> None:
        self._start(app_id, "remove", source)

    @Slot(str)
    def cancel(self, app_id: str) -> None:
        running = self._running.get(app_id)
        if running is None or self._loop is None:
            return
        running.cancelled = True
        if running.confirmation is not None:
            self._resolve_confirmation(running, False)
        elif running.transaction is not None:
            self._loop.submit(self._cancel(running.transaction))

    @staticmethod
    async def _cancel(transaction: Transaction) -> None:
        try:
            await transaction.cancel()
        except BackendError as error:
            log.warning("cancel failed: %s", error)

    @Slot()
    def confirm(self) -> None:
        self._answer(True)

    @Slot()
    def decline(self) -> None:
        self._answer(False)

    @Slot()
    def clearError(self) -> None:
        if self._error:
            self._error = ""
            self._error_app = ""
            self.errorChanged.emit()

    # -- running transactions --------------------------------------------------------------
    def _start(self, app_id: str, action: str, source: str = "") -> None:
        # a click before the window listed every source: list them now, it is the user's
        self._sources.settle()
        if not self._sources or self._loop is None:
            self._set_error(app_id, self._reason or error_message(ErrorKind.DAEMON_MISSING))
            return
        if app_id in self._running:
            return
        entry = self.registry.get(app_id)
        target = choose_source(self._routes(app_id), action, source, entry.installed_from)
        backend = self._sources.get(target.source) if target is not None else None
        if target is None or backend is None:
            reason = ErrorKind.NOT_FOUND if target is None else ErrorKind.DAEMON_MISSING
            self._set_error(app_id, error_message(reason))
            return
        self.clearError()
        self._running[app_id] = _Running(action)
        busy = AppState.INSTALLING if action == INSTALL else AppState.REMOVING
        self.registry.set_progress(app_id, state=busy, status=Status.PREPARING)
        preparing = status_text(Status.PREPARING, action)
        self._add_row(_Row(app_id, entry.name or app_id, action, preparing))
        self.changed.emit()
        self._loop.submit(self._run(backend, app_id, target, action, entry.state))

    async def _run(
        self, backend: PackageBackend, app_id: str, target: Target, action: str, before: AppState
    ) -> None:
        running = self._running[app_id]
        try:
            result = await run_change(
                backend,
                target,
                action,
                confirm=functools.partial(self._ask, backend, app_id, running),
                on_progress=functools.partial(self._on_progress, app_id),
                on_start=lambda transaction: setattr(running, "transaction", transaction),
                stopped=lambda: running.cancelled,
            )
        except Exception as error:  # a source's bug must not leave the card "installing"
            log.exception("%s of %s failed", action, app_id)
            result = ChangeResult(
                ChangePlan(action, target.source), error=ErrorKind.FAILED, details=str(error)
            )
        quiet = result.success or result.declined or running.cancelled
        message = "" if quiet else error_message(result.error or ErrorKind.FAILED, result.details)
        success = result.success and not running.cancelled
        source = target.source
        self._post(lambda: self._finish(app_id, action, success, message, before, source))

    def _on_progress(self, app_id: str, percent: int, event: ProgressEvent) -> None:
        self._post(functools.partial(self._progress, app_id, percent, event.status))

    async def _ask(
        self, backend: PackageBackend, app_id: str, running: _Running, plan: ChangePlan
    ) -> bool:
        import asyncio

        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        running.confirmation = future
        shown = [change_text(backend.parse_ref(ref), state) for ref, state in plan.extra]
        self._post(lambda: self._request_confirmation(app_id, shown))
        try:
            return await future
        finally:
            running.confirmation = None

    def _request_confirmation(self, app_id: str, packages: list[str]) -> None:
        self._confirm_app = app_id
        self._confirm_packages = packages
        self.confirmationChanged.emit()

    def _answer(self, answer: bool) -> None:
        running = self._running.get(self._confirm_app)
        self._confirm_app = ""
        self._confirm_packages = []
        self.confirmationChanged.emit()
        if running is not None and running.confirmation is not None:
            self._resolve_confirmation(running, answer)

    def _resolve_confirmation(self, running: _Running, answer: bool) -> None:
        future = running.confirmation
        if future is not None and self._loop is not None:
            self._loop.loop.call_soon_threadsafe(
                lambda: None if future.done() else future.set_result(answer)
            )

    # -- GUI-thread updates ----------------------------------------------------------------
    def _progress(self, app_id: str, percent: int, status: Status) -> None:
        running = self._running.get(app_id)
        if running is not None:
            self.registry.set_progress(app_id, percent=percent, status=status)
            text = status_text(status, running.action)
            self._edit_row(app_id, percent=percent, status_text=text)

    def _finish(
        self,
        app_id: str,
        action: str,
        success: bool,
        message: str,
        before: AppState,
        source: str = "",
    ) -> None:
        running = self._running.pop(app_id, None)
        cancelled = running.cancelled if running else False
        if success:
            sources = [s for s in self.installed_from(app_id) if s != source]
            if action == INSTALL:
                sources.append(source)
            found = self._sources.ordered(sources)
            state = AppState.INSTALLED if found else AppState.AVAILABLE
            self.registry.finish(app_id, state, found)
        else:
            self.registry.finish(app_id, before)
        self._edit_row(app_id, running=False, percent=100 if success else -1, error_text=message)
        if message and not cancelled:
            self._set_error(app_id, message)
        self.changed.emit()
        self.finished.emit(app_id, action, success)
        if not success:
            self.refresh_states([app_id])

    def _set_error(self, app_id: str, message: str) -> None:
        self._error = message
        self._error_app = app_id
        self.errorChanged.emit()

    def _add_row(self, row: _Row) -> None:
        self._rows = [r for r in self._rows if r.running or r.app_id != row.app_id]
        self.beginResetModel()
        self._rows.insert(0, row)
        del self._rows[20:]
        self.endResetModel()

    def _edit_row(self, app_id: str, **changes: Any) -> None:
        for n, row in enumerate(self._rows):
            if row.app_id == app_id:
                self._rows[n] = replace(row, **changes)
                index = self.index(n, 0)
                self.dataChanged.emit(index, index)
                return

    # -- installed state -------------------------------------------------------------------
    def refresh_states(self, app_ids: Sequence[str]) -> None:
        """Ask the sources which of these applications' packages are installed."""
        if not self._sources or self._loop is None:
            return
        wanted = {a: self._routes(a) for a in app_ids if a not in self._running}
        wanted = {a: routes for a, routes in wanted.items() if routes}
        if wanted:
            self._loop.submit(self._resolve_states(wanted))

    async def _resolve_states(self, wanted: dict[str, dict[str, Target]]) -> None:
        used = {source for routes in wanted.values() for source in routes}
        sources = {}
        for name in self._sources.names:
            backend = self._sources.get(name) if name in used else None
            if backend is not None:
                sources[name] = backend
        found = await installed_sources(sources, wanted)
        if found:
            self._post(lambda: self._apply_states(found))

    def _apply_states(self, found: dict[str, tuple[str, ...]]) -> None:
        for app_id, sources in found.items():
            if app_id not in self._running:
                self.registry.set_installed_from(app_id, sources)
        self.changed.emit()

    # -- the model -------------------------------------------------------------------------
    def role_data(self, row: _Row, role: int) -> Any:
        values: dict[int, Any] = {
            TransactionRole.APP_ID: row.app_id,
            TransactionRole.APP_NAME: row.app_name,
            TransactionRole.ACTION: row.action,
            TransactionRole.STATUS_TEXT: row.status_text,
            TransactionRole.PERCENT: row.percent,
            TransactionRole.RUNNING: row.running,
            TransactionRole.ERROR_TEXT: row.error_text,
        }
        return values.get(role)
