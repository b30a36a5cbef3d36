"""Install and remove, driven through :class:`~appcenter_qt.domain.backend.PackageBackend`.

One row per transaction this window started (the transactions indicator lists them), and the
state of every application the window knows (available, installing, installed, removing),
with progress. Backend coroutines run on the asyncio thread (:class:`AsyncLoopThread`); every
change they report is posted to the GUI thread, so the UI never waits for PackageKit.

An install is: Resolve the application's package names → simulate the install → if it pulls
in more than the application's own packages, ask (``confirmationNeeded``) → install, showing
``percent`` and a status text, cancellable.

The window may use several sources at once (a :class:`~appcenter_qt.services.source_set.SourceSet`:
PackageKit and every Flatpak remote). An application's packages are routed to the source that
owns their catalog origin (``meta.sources``); ``installFrom``/``removeFrom`` act on one chosen
source (the app page's source picker), ``install``/``remove`` on the default one (the
distribution first, :func:`appcenter_qt.services.source_set.sources_for`'s rule) or, for a removal,
the one it is installed from. The installed state asks every source the application has.

Every failure a source reports becomes one clear banner text (``errorText``), kept until
the user dismisses it (``clearError``).
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
    QCoreApplication,
    QObject,
    Qt,
    Signal,
    Slot,
)

from appcenter_qt.domain import Application
from appcenter_qt.domain.backend import (
    ErrorEvent,
    ErrorKind,
    FinishedEvent,
    PackageBackend,
    PackageEvent,
    PackageState,
    ProgressEvent,
    Status,
    Transaction,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef, PackageRef
from appcenter_qt.domain.state import AppState, snapshot_state
from appcenter_qt.models.list_model import ListModel, role_names
from appcenter_qt.services.source_set import SourceSet
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher

if TYPE_CHECKING:
    import asyncio

log = logging.getLogger(__name__)


def error_message(kind: str) -> str:
    """The one user-level sentence for each :class:`ErrorKind` (spelled out for lupdate);
    ``kind`` may also be a ``BackendError`` code, which the table keys (a ``StrEnum``) match."""
    messages: dict[str, str] = {
        ErrorKind.DAEMON_MISSING: QCoreApplication.translate(
            "Errors", "The package manager is not running or not installed."
        ),
        ErrorKind.DAEMON_CRASHED: QCoreApplication.translate(
            "Errors", "The package manager service stopped unexpectedly."
        ),
        ErrorKind.NOT_AUTHORIZED: QCoreApplication.translate(
            "Errors", "You are not allowed to install or remove software."
        ),
        ErrorKind.LOCKED: QCoreApplication.translate(
            "Errors", "Another program is installing or updating software. Try again later."
        ),
        ErrorKind.NETWORK: QCoreApplication.translate(
            "Errors", "The package could not be downloaded. Check the network."
        ),
        ErrorKind.NOT_FOUND: QCoreApplication.translate(
            "Errors", "The package was not found in the configured sources."
        ),
        ErrorKind.CANCELLED: QCoreApplication.translate("Errors", "The operation was cancelled."),
        ErrorKind.TIMEOUT: QCoreApplication.translate(
            "Errors", "The package manager did not answer in time."
        ),
        ErrorKind.INVALID_INPUT: QCoreApplication.translate(
            "Errors", "The catalog names a package that is not valid."
        ),
        ErrorKind.FAILED: QCoreApplication.translate("Errors", "The operation failed."),
    }
    return messages.get(kind, messages[ErrorKind.FAILED])


def status_text(status: Status, action: str) -> str:
    """A transaction's neutral status → what the progress panel says (the source mapped its
    own vocabulary to :class:`Status`; refreshing and unknown read as preparing)."""
    if status is Status.DOWNLOADING:
        return QCoreApplication.translate("Transactions", "Downloading")
    if status in (Status.INSTALLING, Status.UPDATING):
        return QCoreApplication.translate("Transactions", "Installing")
    if status is Status.REMOVING:
        return QCoreApplication.translate("Transactions", "Removing")
    if status is Status.WAITING:
        return QCoreApplication.translate("Transactions", "Waiting")
    if status is Status.FINISHED:
        return QCoreApplication.translate("Transactions", "Finishing")
    if action == "remove":
        return QCoreApplication.translate("Transactions", "Preparing removal")
    return QCoreApplication.translate("Transactions", "Preparing installation")


def change_text(package: PackageRef, state: PackageState) -> str:
    """One line of the "this also changes" list: ``gtk2 2.11.6 (installed)``."""
    what = {
        PackageState.INSTALLING: QCoreApplication.translate("Transactions", "installed"),
        PackageState.REMOVING: QCoreApplication.translate("Transactions", "removed"),
        PackageState.UPDATING: QCoreApplication.translate("Transactions", "updated"),
        PackageState.DOWNGRADING: QCoreApplication.translate("Transactions", "downgraded"),
        PackageState.REINSTALLING: QCoreApplication.translate("Transactions", "reinstalled"),
    }.get(state, QCoreApplication.translate("Transactions", "changed"))
    return (
        QCoreApplication.translate("Transactions", "%1 %2 (%3)")
        .replace("%1", package.name)
        .replace("%2", package.version)
        .replace("%3", what)
    )


class TransactionRole(enum.IntEnum):
    """Appended, never renumbered."""

    APP_ID = Qt.ItemDataRole.UserRole + 1
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
    transaction: Transaction | None = None
    confirmation: asyncio.Future[bool] | None = None
    cancelled: bool = False


class TransactionsModel(ListModel[_Row]):
    ROLE_NAMES = _ROLE_NAMES
    DISPLAY_ROLE = TransactionRole.APP_NAME
    changed = Signal()
    errorChanged = Signal()
    confirmationChanged = Signal()
    #: ``app id`` whose state or progress changed (the apps model refreshes that card).
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
    ) -> None:
        super().__init__(parent)
        self._sources = SourceSet.of(backend) if loop is not None else SourceSet()
        #: the catalog's meta (``sources``: which source owns each origin)
        self._meta: dict[str, str] = {}
        #: app id → its packages as (name, origin), when known (the app page's application)
        self._origins: dict[str, tuple[tuple[str, str], ...]] = {}
        #: app id → the sources it is installed from, as the sources last said
        self._installed_from: dict[str, tuple[str, ...]] = {}
        self._loop = loop
        self._post: Callable[[Callable[[], Any]], None] = dispatcher.post
        self._reason = unavailable_reason
        self._rows: list[_Row] = []
        self._states: dict[str, AppState] = {}
        self._snapshot: frozenset[str] | None = None
        self._percent: dict[str, int] = {}
        self._status: dict[str, str] = {}
        self._packages: dict[str, tuple[str, ...]] = {}
        self._names: dict[str, str] = {}
        self._running: dict[str, _Running] = {}
        self._focus = ""
        self._error = ""
        self._error_app = ""
        self._confirm_app = ""
        self._confirm_packages: list[str] = []

    # -- what the rest of the program tells us ---------------------------------------------
    def set_catalog_meta(self, meta: dict[str, str]) -> None:
        """The opened catalog's meta: which source owns each origin."""
        self._meta = dict(meta)

    def register_application(self, app: Application) -> None:
        self._packages[app.id] = app.package_names
        self._origins[app.id] = tuple((p.name, p.origin) for p in app.packages)
        self._names[app.id] = app.name.get() or app.id
        self._seed_state(app.id)
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
        self._packages.setdefault(app_id, tuple(package_names))
        if origins:
            self._origins.setdefault(app_id, tuple(origins))
        self._names.setdefault(app_id, name)
        self._seed_state(app_id)

    def set_installed_snapshot(self, names: frozenset[str] | None) -> None:
        """The catalog's snapshot of installed package names (None: it has none). It gives
        every known application a state at once, with or without a backend; the backend's
        own answers, and finished transactions, replace it."""
        self._snapshot = names
        for app_id in list(self._packages):
            self._seed_state(app_id)
        self.changed.emit()

    def _seed_state(self, app_id: str) -> None:
        packages = self._packages.get(app_id)
        if self._snapshot is None or not packages or app_id in self._states:
            return
        self._states[app_id] = snapshot_state(packages, self._snapshot)
        self.appChanged.emit(app_id)
        if app_id == self._focus:
            # the app page reads ``state`` through ``changed``: without it the page kept the
            # state it had before the application was registered ("Install" on an installed
            # application while the Installed page listed it; issue 32)
            self.changed.emit()

    def mark_installed(self, app_ids: Sequence[str]) -> None:
        """Applications present without a package (the Installed page found their desktop
        files): installed, unless a source or a transaction said otherwise."""
        for app_id in app_ids:
            if self._states.get(app_id, AppState.UNKNOWN) is AppState.UNKNOWN:
                self._states[app_id] = AppState.INSTALLED
                self.appChanged.emit(app_id)
        self.changed.emit()

    @Slot(str)
    def set_focus(self, app_id: str) -> None:
        """The application the app page shows (its state feeds the page's properties)."""
        if app_id != self._focus:
            self._focus = app_id
            self.changed.emit()

    def state_of(self, app_id: str) -> tuple[AppState, int]:
        return self._states.get(app_id, AppState.UNKNOWN), self._percent.get(app_id, -1)

    def routes(self, app_id: str) -> dict[str, tuple[str, ...]]:
        """The application's package names per source of this window, default first."""
        pairs = self._origins.get(app_id)
        if pairs is None:
            pairs = tuple((name, "") for name in self._packages.get(app_id, ()))
        return self._sources.route(self._meta, pairs)

    def installed_from(self, app_id: str) -> tuple[str, ...]:
        """The sources the application is installed from, as they last said."""
        return self._installed_from.get(app_id, ())

    def _default_source(self, app_id: str, action: str) -> str:
        """A removal acts where the application is installed; an install (and a removal of
        an application no source claimed yet) on the first source, the distribution first."""
        routes = self.routes(app_id)
        if action == "remove":
            for source in self.installed_from(app_id):
                if source in routes:
                    return source
        return next(iter(routes), "")

    # -- properties ------------------------------------------------------------------------
    def _get_available(self) -> bool:
        return bool(self._sources)

    def _get_reason(self) -> str:
        return self._reason

    def _get_state(self) -> str:
        return str(self._states.get(self._focus, AppState.UNKNOWN))

    def _get_percent(self) -> int:
        return self._percent.get(self._focus, -1)

    def _get_status(self) -> str:
        return self._status.get(self._focus, "")

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
            transaction = running.transaction
            self._loop.submit(self._cancel(transaction))

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
        if not self._sources or self._loop is None:
            self._set_error(app_id, self._reason or error_message(ErrorKind.DAEMON_MISSING))
            return
        if app_id in self._running:
            return
        source = source or self._default_source(app_id, action)
        names = self.routes(app_id).get(source, ())
        backend = self._sources.get(source) if names else None
        if not names or backend is None:
            reason = ErrorKind.NOT_FOUND if not names else ErrorKind.DAEMON_MISSING
            self._set_error(app_id, error_message(reason))
            return
        self.clearError()
        self._running[app_id] = _Running()
        before = self._states.get(app_id, AppState.UNKNOWN)
        busy = AppState.INSTALLING if action == "install" else AppState.REMOVING
        preparing = status_text(Status.PREPARING, action)
        self._update(app_id, state=busy, percent=-1, status=preparing)
        self._add_row(_Row(app_id, self._names.get(app_id, app_id), action, preparing))
        self._loop.submit(self._run(backend, app_id, action, names, before))

    async def _run(
        self,
        backend: PackageBackend,
        app_id: str,
        action: str,
        names: tuple[str, ...],
        before: AppState,
    ) -> None:
        outcome: tuple[bool, str] = (False, "")
        try:
            outcome = await self._perform(backend, app_id, action, names)
        except BackendError as error:
            outcome = (False, self._describe(error.code, error.details))
        except Exception as error:  # a backend bug must not leave the card "installing"
            log.exception("%s of %s failed", action, app_id)
            outcome = (False, self._describe(ErrorKind.FAILED, str(error)))
        success, message = outcome
        source = backend.name
        self._post(lambda: self._finish(app_id, action, success, message, before, source))

    async def _perform(
        self, backend: PackageBackend, app_id: str, action: str, names: tuple[str, ...]
    ) -> tuple[bool, str]:
        installed_only = action == "remove"
        resolved = await self._collect_packages(
            backend.resolve(names, installed_only=installed_only)
        )
        name_of = functools.partial(self._name_of, backend)
        wanted = [
            pid
            for state, pid in resolved
            if (state is PackageState.INSTALLED) == installed_only and name_of(pid) in names
        ]
        if not wanted:
            if action == "install" and any(s is PackageState.INSTALLED for s, _ in resolved):
                return True, ""
            return False, error_message(ErrorKind.NOT_FOUND)
        ids = list(dict.fromkeys(wanted))
        running = self._running[app_id]
        if action == "install":
            simulated = await self._collect_packages(backend.install(ids, simulate=True))
            extra = sorted(
                {
                    (pid, state)
                    for state, pid in simulated
                    if name_of(pid) not in names and name_of(pid)
                }
            )
            if extra and not await self._ask(backend, app_id, running, extra):
                return False, ""
            transaction = backend.install(ids)
        else:
            transaction = backend.remove(ids, allow_deps=True, autoremove=False)
        if running.cancelled:
            return False, ""
        running.transaction = transaction
        return await self._follow(app_id, action, transaction)

    @staticmethod
    def _name_of(backend: PackageBackend, package_id: str) -> str | None:
        """The package name the source reads from its reference (``None``: not one)."""
        try:
            return backend.parse_ref(package_id).name
        except InvalidPackageRef:
            return None

    async def _collect_packages(self, transaction: Transaction) -> list[tuple[PackageState, str]]:
        found: list[tuple[PackageState, str]] = []
        async for event in transaction:
            if isinstance(event, PackageEvent):
                found.append((event.state, event.package_id))
            elif isinstance(event, ErrorEvent):
                raise BackendError(str(event.kind), event.message)
        return found

    async def _follow(self, app_id: str, action: str, transaction: Transaction) -> tuple[bool, str]:
        error = ""
        success = False
        async for event in transaction:
            if isinstance(event, ProgressEvent):
                percent = -1 if event.percent is None else max(0, min(100, event.percent))
                text = status_text(event.status, action)
                self._post(functools.partial(self._progress, app_id, percent, text))
            elif isinstance(event, ErrorEvent):
                if event.kind is not ErrorKind.CANCELLED:
                    error = self._describe(event.kind, event.message)
            elif isinstance(event, FinishedEvent):
                success = event.success
        if self._running.get(app_id, _Running()).cancelled:
            return False, ""
        if not success and not error:
            error = error_message(ErrorKind.FAILED)
        return success, error

    async def _ask(
        self,
        backend: PackageBackend,
        app_id: str,
        running: _Running,
        extra: list[tuple[str, PackageState]],
    ) -> bool:
        import asyncio

        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        running.confirmation = future
        shown = [change_text(backend.parse_ref(pid), state) for pid, state in extra]
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

    @staticmethod
    def _describe(kind: str, details: str) -> str:
        """Our sentence for the kind of fault; the backend's own words only for the catch-all
        kind, where they are the only clue (for the others they repeat the sentence)."""
        message = error_message(kind)
        details = " ".join(details.split())[:300]
        return f"{message} ({details})" if details and kind == ErrorKind.FAILED else message

    # -- GUI-thread updates ----------------------------------------------------------------
    def _progress(self, app_id: str, percent: int, text: str) -> None:
        if app_id in self._running:
            self._update(app_id, percent=percent, status=text)
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
            if action == "install":
                sources.append(source)
            self._installed_from[app_id] = self._sources.ordered(sources)
            installed = bool(self._installed_from[app_id])
            state = AppState.INSTALLED if installed else AppState.AVAILABLE
        else:
            state = before if before is not AppState.UNKNOWN else AppState.UNKNOWN
        self._update(app_id, state=state, percent=-1, status="")
        self._edit_row(app_id, running=False, percent=100 if success else -1, error_text=message)
        if message and not cancelled:
            self._set_error(app_id, message)
        self.finished.emit(app_id, action, success)
        if not success:
            self.refresh_states([app_id])

    def _update(
        self,
        app_id: str,
        *,
        state: AppState | None = None,
        percent: int | None = None,
        status: str | None = None,
    ) -> None:
        if state is not None:
            self._states[app_id] = state
        if percent is not None:
            self._percent[app_id] = percent
        if status is not None:
            self._status[app_id] = status
        self.appChanged.emit(app_id)
        self.changed.emit()

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
        wanted = {a: self.routes(a) for a in app_ids if self._packages.get(a)}
        wanted = {a: r for a, r in wanted.items() if r and a not in self._running}
        if wanted:
            self._loop.submit(self._resolve_states(wanted))

    async def _resolve_states(self, wanted: dict[str, dict[str, tuple[str, ...]]]) -> None:
        """One resolve per source over every application's names it owns; an application is
        installed when any source has any of its packages."""
        per_source: dict[str, set[str]] = {}
        for routes in wanted.values():
            for source, names in routes.items():
                per_source.setdefault(source, set()).update(names)
        installed: dict[str, set[str]] = {}
        for source in self._sources.names:
            backend = self._sources.get(source) if source in per_source else None
            if backend is None:
                continue
            try:
                resolve = backend.resolve(sorted(per_source[source]), installed_only=True)
                found = await self._collect_packages(resolve)
            except BackendError as error:
                log.info("%s cannot tell installed state: %s", source, error)
                continue
            installed[source] = {
                self._name_of(backend, pid) or ""
                for state, pid in found
                if state is PackageState.INSTALLED
            }
        if not installed:
            return
        sources = {
            app_id: tuple(
                source
                for source, names in routes.items()
                if any(name in installed.get(source, ()) for name in names)
            )
            for app_id, routes in wanted.items()
            if any(source in installed for source in routes)
        }
        states = {
            app_id: AppState.INSTALLED if found else AppState.AVAILABLE
            for app_id, found in sources.items()
        }
        self._post(lambda: self._apply_states(states, sources))

    def _apply_states(
        self, states: dict[str, AppState], sources: dict[str, tuple[str, ...]] | None = None
    ) -> None:
        for app_id, found in (sources or {}).items():
            if app_id not in self._running:
                self._installed_from[app_id] = found
        for app_id, state in states.items():
            if app_id not in self._running and self._states.get(app_id) != state:
                self._states[app_id] = state
                self.appChanged.emit(app_id)
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
