"""The Sources page: where applications come from, and the repositories behind them.

Two kinds of rows (docs/ui.md, "Sources"):

* **catalog origins**: the catalog's ``meta.origins`` with the source that installs each
  (``meta.sources``, :mod:`appcenter_qt.catalog.origins`), read-only: what the application
  list was built from;
* **repositories**: what the source installs from, when it manages repositories
  (:class:`~appcenter_qt.domain.backend.RepositorySource`: PackageKit's ``GetRepoList``), each
  with an enable/disable switch (``RepoEnable``, which asks polkit);
* **remotes**: the remotes of a source that has several (Flatpak), from the sources'
  managers (:class:`~appcenter_qt.domain.backend.RemoteSource`), each with its installation
  and Remove; "Add Flatpak source…" adds one from a ``.flatpakrepo`` file, and "Remove
  unused runtimes" (:class:`~appcenter_qt.domain.backend.UnusedRemoval`) says how many would
  go before it asks.

``refresh()`` refreshes every source's metadata (``refresh_cache`` on the window's merged
view: PackageKit's cache and each Flatpak remote's AppStream, one after the other) with one
progress and one Cancel; a source that fails is named and the others still refresh. Adding and
removing remotes and runtimes show theirs the same way (``working``, ``percent``,
``statusText``) and can be cancelled. Every failure becomes one sentence in ``errorText`` (the
same sentences as install and remove), and the lists are read again after every change, so a
switch the daemon refused flips back. A remote added or removed, and a refresh, may change
the catalog's fingerprint (:mod:`appcenter_qt.services.system_catalog`): ``catalogOutdated`` asks
the window to choose its catalog again (``CatalogSource.reload``), and ``noticeText`` says the
catalog follows, or, for an installed catalog that does not, that nothing changes until it is
rebuilt and App Center starts again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QCoreApplication, QObject, QUrl, Signal, Slot

from appcenter_qt.domain.backend import (
    ErrorEvent,
    ErrorKind,
    FinishedEvent,
    PackageBackend,
    PackageEvent,
    PackageState,
    ProgressEvent,
    RemoteDescription,
    RemoteEvent,
    RemoteScope,
    RemoteSource,
    RepositoryEvent,
    RepositorySource,
    Status,
    Transaction,
    UnusedRemoval,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.models.list_model import ListModel
from appcenter_qt.models.remote_messages import (
    ADDED,
    REMOVED,
    change_notice,
    input_error,
    refresh_failures,
    remote_error,
)
from appcenter_qt.models.source_rows import (
    CATALOG,
    REMOTE,
    REPOSITORY,
    SOURCE_ROLE_NAMES,
    SourceRole,
    SourceRow,
    catalog_rows,
    remote_row,
    source_label,
)
from appcenter_qt.models.transactions_model import error_message
from appcenter_qt.services.merged_source import Chain
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher

if TYPE_CHECKING:
    from appcenter_qt.catalog.queries import Catalog

log = logging.getLogger(__name__)

__all__ = [
    "CATALOG",
    "REMOTE",
    "REPOSITORY",
    "SourceRole",
    "SourceRow",
    "SourcesModel",
    "catalog_rows",
    "remote_row",
    "source_label",
]


class SourcesModel(ListModel[SourceRow]):
    ROLE_NAMES = SOURCE_ROLE_NAMES
    DISPLAY_ROLE = SourceRole.TITLE
    changed = Signal()
    countChanged = Signal()
    #: The sources changed in a way the catalog may reflect (a remote added or removed, a
    #: refresh): the window chooses its catalog again.
    catalogOutdated = Signal()

    def __init__(
        self,
        backend: PackageBackend | None,
        loop: AsyncLoopThread | None,
        dispatcher: GuiDispatcher,
        unavailable_reason: str = "",
        parent: QObject | None = None,
        managers: Sequence[Any] = (),
        refresher: PackageBackend | None = None,
        setup_hints: Sequence[tuple[str, str]] = (),
    ) -> None:
        super().__init__(parent)
        # (label, packages) of each source that cannot load here: one line each on the page.
        self._setup_hints = [{"label": label, "packages": pkgs} for label, pkgs in setup_hints]
        self._backend = backend if loop is not None else None
        # What Refresh refreshes: every source (the merged view), else ``backend`` alone.
        self._refresher = (refresher or backend) if loop is not None else None
        self._loop = loop
        self._post: Callable[[Callable[[], Any]], None] = dispatcher.post
        self._reason = unavailable_reason
        live = list(managers) if loop is not None else []
        self._remote_source: RemoteSource | None = next(
            (m for m in live if isinstance(m, RemoteSource)), None
        )
        self._cleaner: UnusedRemoval | None = next(
            (m for m in live if isinstance(m, UnusedRemoval)), None
        )
        self._origins: list[SourceRow] = []
        self._repos: list[SourceRow] = []
        self._remotes: list[SourceRow] = []
        self._remotes_loading = False
        self._working = False
        self._work_transaction: Transaction | None = None
        self._unused = -1
        self._notice = ""
        self._pending_file = ""
        self._pending: RemoteDescription | None = None
        self._loading = False
        self._refreshing = False
        self._percent = -1
        self._status = ""
        self._error = ""
        self._refresh_transaction: Transaction | None = None
        self._catalog_follows = False

    # -- what the window tells us ----------------------------------------------------------
    def set_catalog(self, catalog: Catalog) -> None:
        self._origins = catalog_rows(catalog)
        self._show()
        self.load()

    def set_catalog_follows(self, follows: bool) -> None:
        """Whether the window's catalog follows source changes while it is open (the
        automatic system catalog does; an installed file does not): the notices say so."""
        self._catalog_follows = follows

    def _repositories(self) -> RepositorySource | None:
        backend = self._backend
        return backend if isinstance(backend, RepositorySource) else None

    @Slot()
    def load(self) -> None:
        """Ask the source for its repositories (nothing without one that manages any), and
        the sources' managers for their remotes and unused runtimes."""
        self._load_remotes()
        source = self._repositories()
        if source is None or self._loop is None:
            return
        self._set(loading=True)
        self._loop.submit(self._list(source))

    async def _list(self, source: RepositorySource) -> None:
        repos: list[SourceRow] = []
        message = ""
        try:
            async for event in source.get_repositories():
                if isinstance(event, RepositoryEvent):
                    title = event.description or event.repo_id
                    repos.append(
                        SourceRow(REPOSITORY, event.repo_id, title, event.repo_id, event.enabled)
                    )
                elif isinstance(event, ErrorEvent):
                    message = error_message(event.kind)
        except BackendError as error:
            message = error_message(error.code)
        self._post(lambda: self._listed(repos, message))

    def _listed(self, repos: list[SourceRow], message: str) -> None:
        self._repos = repos
        self._set(loading=False, error=message or self._error)
        self._show()

    def _show(self) -> None:
        before = len(self._rows)
        self.replace_rows(
            [*self._origins, *self._repos, *self._remotes],
            key=lambda r: (r.kind, r.scope, r.source_id),
        )
        if len(self._rows) != before:
            self.countChanged.emit()

    # -- switching a repository ------------------------------------------------------------
    @Slot(str, bool)
    def setEnabled(self, repo_id: str, enabled: bool) -> None:
        source = self._repositories()
        if source is None or self._loop is None:
            self._set(error=self._reason or error_message(ErrorKind.DAEMON_MISSING))
            return
        try:
            transaction = source.set_repository_enabled(repo_id, enabled)
        except BackendError as error:
            self._set(error=error_message(error.code))
            return
        self._repos = [
            replace(r, busy=True, enabled=enabled) if r.source_id == repo_id else r
            for r in self._repos
        ]
        self._show()
        self._set(error="")
        self._loop.submit(self._switch(source, transaction))

    async def _switch(self, source: RepositorySource, transaction: Transaction) -> None:
        message = ""
        async for event in transaction:
            if isinstance(event, ErrorEvent) and event.kind is not ErrorKind.CANCELLED:
                message = error_message(event.kind)
            elif isinstance(event, FinishedEvent) and not event.success and not message:
                message = error_message(ErrorKind.FAILED)
        if message:
            self._post(lambda: self._set(error=message))
        await self._list(source)

    # -- refreshing --------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Refresh the sources' metadata, with progress (``refreshing``, ``percent``)."""
        if self._refresher is None or self._loop is None:
            self._set(error=self._reason or error_message(ErrorKind.DAEMON_MISSING))
            return
        if self._refreshing:
            return
        try:
            transaction = self._refresher.refresh_cache(force=False)
        except BackendError as error:
            self._set(error=error_message(error.code))
            return
        self._refresh_transaction = transaction
        self._set(refreshing=True, percent=-1, status=self._status_text(Status.REFRESHING))
        self._set(error="")
        self._loop.submit(self._run_refresh(transaction))

    async def _run_refresh(self, transaction: Transaction) -> None:
        message = ""
        try:
            async for event in transaction:
                if isinstance(event, ProgressEvent):
                    percent = -1 if event.percent is None else max(0, min(100, event.percent))
                    text = self._status_text(event.status)
                    self._post(self._progress_setter(percent, text))
                elif isinstance(event, ErrorEvent) and event.kind is not ErrorKind.CANCELLED:
                    message = error_message(event.kind)
                elif isinstance(event, FinishedEvent) and not (event.success or message):
                    cancelled = event.exit == "cancelled"
                    message = "" if cancelled else error_message(ErrorKind.FAILED)
        except BackendError as error:
            message = error_message(error.code)
        if isinstance(transaction, Chain) and transaction.failed:
            message = refresh_failures(transaction.failed)  # each source that failed, named
        self._post(lambda: self._refreshed(message))

    def _progress_setter(self, percent: int, text: str) -> Callable[[], None]:
        return lambda: self._set(percent=percent, status=text)

    def _refreshed(self, message: str) -> None:
        self._refresh_transaction = None
        self._set(refreshing=False, percent=-1, status="", error=message)
        self.load()
        self.catalogOutdated.emit()  # a remote's AppStream may be newer now

    @Slot()
    def cancelRefresh(self) -> None:
        transaction = self._refresh_transaction
        if transaction is not None and self._loop is not None:
            self._loop.submit(_cancel(transaction))

    @staticmethod
    def _status_text(status: Status) -> str:
        if status is Status.DOWNLOADING:
            return QCoreApplication.translate("Sources", "Downloading the sources' lists")
        if status is Status.WAITING:
            return QCoreApplication.translate("Sources", "Waiting")
        if status is Status.PREPARING:
            return QCoreApplication.translate("Sources", "Preparing")
        if status is Status.REMOVING:
            return QCoreApplication.translate("Sources", "Removing")
        if status is Status.FINISHED:
            return QCoreApplication.translate("Sources", "Finishing")
        return QCoreApplication.translate("Sources", "Refreshing the sources")

    # -- remotes (Flatpak) -------------------------------------------------------------------
    def _load_remotes(self) -> None:
        source = self._remote_source
        if source is None or self._loop is None:
            return
        self._set(remotes_loading=True)
        self._loop.submit(self._list_remotes(source))

    async def _list_remotes(self, source: RemoteSource) -> None:
        rows: list[SourceRow] = []
        message = ""
        try:
            async for event in source.list_remotes():
                if isinstance(event, RemoteEvent):
                    rows.append(remote_row(event))
                elif isinstance(event, ErrorEvent):
                    message = error_message(event.kind)
        except BackendError as error:
            message = error_message(error.code)
        unused = await self._count_unused()
        self._post(lambda: self._remotes_listed(rows, unused, message))

    async def _count_unused(self) -> int:
        """How many runtimes "Remove unused runtimes" would remove (-1: cannot tell)."""
        if self._cleaner is None:
            return -1
        refs: set[str] = set()
        try:
            async for event in self._cleaner.remove_unused(simulate=True):
                if isinstance(event, PackageEvent) and event.state is PackageState.REMOVING:
                    refs.add(event.package_id)
                elif isinstance(event, FinishedEvent) and not event.success:
                    return -1
        except BackendError:
            return -1
        return len(refs)

    def _remotes_listed(self, rows: list[SourceRow], unused: int, message: str) -> None:
        self._remotes = rows
        self._set(remotes_loading=False, unused=unused, error=message or self._error)
        self._show()

    @Slot(str, bool)
    def addRemote(self, location: str, system: bool) -> None:
        """Add the remote a ``.flatpakrepo`` describes (a path or a ``file:`` URL, as the
        file dialog gives it), for this user or, with ``system``, for all users."""
        path = _local_path(location)
        scope = RemoteScope.SYSTEM if system else RemoteScope.USER
        self._pending = None
        self._set(pending_file="")
        source = self._remote_source
        self._start_work(
            lambda: source.add_remote(path, scope=scope) if source is not None else None,
            ADDED,
        )

    @Slot(str, str)
    def removeRemote(self, name: str, scope: str) -> None:
        """Remove a remote; the applications installed from it go too (the page's question
        names them before it calls this)."""
        row = next((r for r in self._remotes if r.source_id == name and r.scope == scope), None)
        source = self._remote_source
        if row is None or source is None:
            return
        force = bool(row.apps)
        where = RemoteScope(scope) if scope in tuple(RemoteScope) else None
        self._start_work(
            lambda: source.remove_remote(name, scope=where, force=force),
            REMOVED,
        )

    @Slot()
    def removeUnused(self) -> None:
        cleaner = self._cleaner
        self._start_work(lambda: cleaner.remove_unused() if cleaner is not None else None, "")

    @Slot(str)
    def offerRemoteFile(self, path: str) -> None:
        """A ``.flatpakrepo`` handed over from outside (``appcenter-qt --add-remote FILE``, a
        file manager's MIME handler) or chosen in the file dialog (a ``file:`` URL): it is
        read and checked first (:meth:`RemoteSource.describe_remote`), then the page asks,
        showing what it says (``pendingRemoteTitle``, ``pendingRemoteUrl``…) beside its local
        path; a file that fails the check shows why in ``errorText`` and is not asked about."""
        local = _local_path(path)
        source = self._remote_source
        if source is None:
            self._set(pending_file=local)  # nothing to read it with: addRemote says why
            return
        try:
            description = source.describe_remote(local)
        except BackendError as error:
            self._pending = None
            self._set(pending_file="", error=input_error(error))
            return
        self._pending = description
        self._set(pending_file=local, error="")
        self.changed.emit()  # the description may be new for the same path

    @Slot()
    def dismissRemoteFile(self) -> None:
        self._pending = None
        self._set(pending_file="")

    def _pending_value(self, field: str) -> str:
        return str(getattr(self._pending, field)) if self._pending is not None else ""

    def _start_work(self, make: Callable[[], Transaction | None], change: str) -> None:
        if self._loop is None or self._working:
            return
        try:
            transaction = make()
        except BackendError as error:
            self._set(error=input_error(error))
            return
        if transaction is None:
            return
        self._work_transaction = transaction
        self._set(working=True, percent=-1, status=self._status_text(Status.PREPARING))
        self._set(error="", notice="")
        self._loop.submit(self._run_work(transaction, change))

    async def _run_work(self, transaction: Transaction, change: str) -> None:
        message = ""
        cancelled = False
        try:
            async for event in transaction:
                if isinstance(event, ProgressEvent):
                    percent = -1 if event.percent is None else max(0, min(100, event.percent))
                    self._post(self._progress_setter(percent, self._status_text(event.status)))
                elif isinstance(event, ErrorEvent) and event.kind is not ErrorKind.CANCELLED:
                    message = message or remote_error(event)
                elif isinstance(event, FinishedEvent) and not (event.success or message):
                    cancelled = event.exit == "cancelled"
                    message = "" if cancelled else error_message(ErrorKind.FAILED)
        except BackendError as error:
            message = error_message(error.code)
        done = "" if message or cancelled else change
        self._post(lambda: self._worked(message, done))

    def _worked(self, message: str, change: str) -> None:
        self._work_transaction = None
        notice = change_notice(change, self._catalog_follows)
        self._set(working=False, percent=-1, status="", error=message, notice=notice)
        self._load_remotes()
        if change:
            self.catalogOutdated.emit()

    @Slot()
    def cancelWork(self) -> None:
        transaction = self._work_transaction
        if transaction is not None and self._loop is not None:
            self._loop.submit(_cancel(transaction))

    @Slot()
    def clearNotice(self) -> None:
        self._set(notice="")

    @Slot()
    def clearError(self) -> None:
        self._set(error="")

    # -- properties --------------------------------------------------------------------------
    def _set(self, **values: Any) -> None:
        changed = False
        for name, value in values.items():
            attribute = {
                "loading": "_loading",
                "remotes_loading": "_remotes_loading",
                "working": "_working",
                "unused": "_unused",
                "notice": "_notice",
                "pending_file": "_pending_file",
                "refreshing": "_refreshing",
                "percent": "_percent",
                "status": "_status",
                "error": "_error",
            }[name]
            if getattr(self, attribute) != value:
                setattr(self, attribute, value)
                changed = True
        if changed:
            self.changed.emit()

    def role_data(self, row: SourceRow, role: int) -> Any:
        if role == SourceRole.KIND:
            return row.kind
        if role == SourceRole.SOURCE_ID:
            return row.source_id
        if role == SourceRole.TITLE:
            return row.title
        if role == SourceRole.DETAIL:
            return row.detail
        if role == SourceRole.REPO_ENABLED:
            return row.enabled
        if role == SourceRole.CAN_TOGGLE:
            return row.kind == REPOSITORY and not row.busy
        if role == SourceRole.BUSY:
            return row.busy
        if role == SourceRole.SCOPE:
            return row.scope
        if role == SourceRole.INSTALLED_APPS:
            return ", ".join(row.apps)
        return None

    def _get_available(self) -> bool:
        return self._refresher is not None

    def _get_manages(self) -> bool:
        return self._repositories() is not None

    def _get_reason(self) -> str:
        return self._reason

    def _get_count(self) -> int:
        return len(self._rows)

    def _get_repo_count(self) -> int:
        return len(self._repos)

    def _get_remote_count(self) -> int:
        return len(self._remotes)

    available = Property(bool, _get_available, constant=True)
    #: Whether the source lists repositories (else only the catalog's origins are shown).
    managesRepositories = Property(bool, _get_manages, constant=True)
    unavailableReason = Property(str, _get_reason, constant=True)
    #: [{label, packages}] for each source this machine cannot load (what to install for it).
    setupHints = Property(list, lambda self: self._setup_hints, constant=True)
    count = Property(int, _get_count, notify=countChanged)
    repositoryCount = Property(int, _get_repo_count, notify=countChanged)
    # Whether Flatpak remotes can be listed, added and removed here.
    managesRemotes = Property(bool, lambda self: self._remote_source is not None, constant=True)
    canRemoveUnused = Property(bool, lambda self: self._cleaner is not None, constant=True)
    remoteCount = Property(int, _get_remote_count, notify=countChanged)
    # Runtimes "Remove unused runtimes" would remove (-1: not known yet).
    unusedCount = Property(int, lambda self: self._unused, notify=changed)
    # A remote or runtime change is running (progress in ``percent``/``statusText``).
    working = Property(bool, lambda self: self._working, notify=changed)
    noticeText = Property(str, lambda self: self._notice, notify=changed)
    # A ``.flatpakrepo`` handed over from outside, waiting for the user's yes.
    pendingRemoteFile = Property(str, lambda self: self._pending_file, notify=changed)
    # What that file says (untrusted, one line each, "" when missing).
    pendingRemoteTitle = Property(str, lambda self: self._pending_value("title"), notify=changed)
    pendingRemoteUrl = Property(str, lambda self: self._pending_value("url"), notify=changed)
    pendingRemoteHomepage = Property(
        str, lambda self: self._pending_value("homepage"), notify=changed
    )
    pendingRemoteComment = Property(
        str, lambda self: self._pending_value("comment"), notify=changed
    )
    pendingRemoteName = Property(str, lambda self: self._pending_value("name"), notify=changed)
    loading = Property(bool, lambda self: self._loading or self._remotes_loading, notify=changed)
    refreshing = Property(bool, lambda self: self._refreshing, notify=changed)
    percent = Property(int, lambda self: self._percent, notify=changed)
    statusText = Property(str, lambda self: self._status, notify=changed)
    errorText = Property(str, lambda self: self._error, notify=changed)


def _local_path(location: str) -> str:
    """A path, or the local path of a ``file:`` URL (what QML's file dialog gives)."""
    return QUrl(location).toLocalFile() if location.startswith("file:") else location


async def _cancel(transaction: Transaction) -> None:
    try:
        await transaction.cancel()
    except BackendError as error:
        log.info("refresh could not be cancelled: %s", error)
