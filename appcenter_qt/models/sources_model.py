"""The Sources page: where applications come from, and the repositories behind them.

Two kinds of rows (docs/ui.md, "Sources"):

* **catalog origins**: the catalog's ``meta.origins`` with the source that installs each
  (``meta.sources``, :mod:`appcenter_qt.catalog.origins`), read-only: what the application
  list was built from;
* **repositories**: what the source installs from, when it manages repositories
  (:class:`~appcenter_qt.domain.backend.RepositorySource`: PackageKit's ``GetRepoList``), each
  with an enable/disable switch (``RepoEnable``, which asks polkit);
* **remotes**: the remotes of a source that has several, from the sources' managers
  (:class:`~appcenter_qt.domain.backend.RemoteSource`), each with its installation and
  Remove; each manager's Add button adds one from a file describing it, and "Remove unused
  runtimes" (:class:`~appcenter_qt.domain.backend.UnusedRemoval`) says how many would go
  before it asks.

Every source that offers a capability is shown, each in a group of its own (``group``,
``section``: the heading, in the source's own words,
:class:`~appcenter_qt.domain.source_wording.SourceWording`): any number of repository
sources (the window's :class:`~appcenter_qt.services.source_set.SourceSet`, read again on
every ``load``) and of remote managers (:mod:`appcenter_qt.models.remote_groups`).

``refresh()`` refreshes every source's metadata (``refresh_cache`` on the window's merged
view: every source's metadata, one after the other) with one
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

from PySide6.QtCore import Property, QObject, Signal, Slot

from appcenter_qt.domain.backend import (
    ErrorKind,
    PackageBackend,
    RemoteDescription,
    RemoteScope,
    RepositorySource,
    Status,
    Transaction,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.source_wording import NEUTRAL, SourceWording
from appcenter_qt.models.list_model import ListModel
from appcenter_qt.models.remote_groups import RemoteGroup, group_for_file, remote_groups
from appcenter_qt.models.remote_messages import (
    ADDED,
    REMOVED,
    change_notice,
    input_error,
    refresh_failures,
    remote_error,
)
from appcenter_qt.models.source_labels import translated_words
from appcenter_qt.models.source_listing import (
    cancel,
    follow,
    local_path,
    read_remotes,
    read_repositories,
    status_text,
)
from appcenter_qt.models.source_rows import (
    REPOSITORY,
    SOURCE_ROLE_NAMES,
    SourceRole,
    SourceRow,
    catalog_rows,
)
from appcenter_qt.models.transactions_model import error_message
from appcenter_qt.services.jobs import collect
from appcenter_qt.services.merged_source import Chain
from appcenter_qt.services.source_set import SourceSet
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher

if TYPE_CHECKING:
    from appcenter_qt.catalog.queries import Catalog

log = logging.getLogger(__name__)


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
        source_set: SourceSet | None = None,
    ) -> None:
        super().__init__(parent)
        # (label, packages) of each source that cannot load here: one line each on the page.
        self._setup_hints = [{"label": label, "packages": pkgs} for label, pkgs in setup_hints]
        self._backend = backend if loop is not None else None
        # Every source whose repositories are listed: the window's set (which follows the
        # remotes), else ``backend`` alone.
        self._source_set = source_set if loop is not None else None
        # What Refresh refreshes: every source (the merged view), else ``backend`` alone.
        self._refresher = (refresher or backend) if loop is not None else None
        self._loop = loop
        self._post: Callable[[Callable[[], Any]], None] = dispatcher.post
        self._reason = unavailable_reason
        self._groups: list[RemoteGroup] = remote_groups(managers if loop is not None else ())
        # The group a pending file (and the file dialog) belongs to.
        self._pending_group: RemoteGroup | None = None
        self._origins: list[SourceRow] = []
        self._repos: list[SourceRow] = []
        self._remotes: list[SourceRow] = []
        self._remotes_loading = False
        self._working = False
        self._work_transaction: Transaction | None = None
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

    def attach_sources(
        self,
        managers: Sequence[Any],
        loop: AsyncLoopThread | None,
        hints: Sequence[tuple[str, str]],
    ) -> None:
        """The sources' managers and what the sources that cannot load need, found after the
        window's first cards (loading the sources costs 45 ms of the start)."""
        self._setup_hints = [{"label": label, "packages": pkgs} for label, pkgs in hints]
        self._loop = self._loop or loop
        self._groups = remote_groups(managers if self._loop is not None else ())
        self.changed.emit()
        self._load_remotes()

    def set_catalog_follows(self, follows: bool) -> None:
        """Whether the window's catalog follows source changes while it is open (the
        automatic system catalog does; an installed file does not): the notices say so."""
        self._catalog_follows = follows

    def _repositories(self) -> list[tuple[str, RepositorySource]]:
        """Every source that manages repositories, in the set's order."""
        if self._source_set is not None:
            found = self._source_set.usable()
        elif self._backend is not None:
            found = [(self._backend.name, self._backend)]
        else:
            found = []
        return [(name, s) for name, s in found if isinstance(s, RepositorySource)]

    @Slot()
    def load(self) -> None:
        """Ask every source that manages repositories for them (nothing without one), and
        the sources' managers for their remotes and unused runtimes."""
        self._load_remotes()
        sources = self._repositories()
        if not sources or self._loop is None:
            return
        self._set(loading=True)
        self._loop.submit(self._list(sources))

    async def _list(self, sources: list[tuple[str, RepositorySource]]) -> None:
        repos, message = await read_repositories(sources)
        self._post(lambda: self._listed(repos, message))

    def _listed(self, repos: list[SourceRow], message: str) -> None:
        self._repos = repos
        self._set(loading=False, error=message or self._error)
        self._show()

    def _show(self) -> None:
        before = len(self._rows)
        self.replace_rows(
            [*self._origins, *self._repos, *self._remotes],
            key=lambda r: (r.kind, r.group, r.scope, r.source_id),
        )
        if len(self._rows) != before:
            self.countChanged.emit()

    # -- switching a repository ------------------------------------------------------------
    @Slot(str, bool)
    def setEnabled(self, repo_id: str, enabled: bool) -> None:
        """Switch the first listed repository of this id (``setEnabledIn`` names the group)."""
        row = next((r for r in self._repos if r.source_id == repo_id), None)
        self.setEnabledIn(row.group if row is not None else 0, repo_id, enabled)

    @Slot(int, str, bool)
    def setEnabledIn(self, group: int, repo_id: str, enabled: bool) -> None:
        """Switch a repository of the source of ``group`` (its index on the page)."""
        sources = self._repositories()
        if not 0 <= group < len(sources) or self._loop is None:
            self._set(error=self._reason or error_message(ErrorKind.DAEMON_MISSING))
            return
        source = sources[group][1]
        try:
            transaction = source.set_repository_enabled(repo_id, enabled)
        except BackendError as error:
            self._set(error=error_message(error.code))
            return
        self._repos = [
            replace(r, busy=True, enabled=enabled)
            if r.source_id == repo_id and r.group == group
            else r
            for r in self._repos
        ]
        self._show()
        self._set(error="")
        self._loop.submit(self._switch(sources, transaction))

    async def _switch(
        self, sources: list[tuple[str, RepositorySource]], transaction: Transaction
    ) -> None:
        switched = await collect(transaction)
        kinds = [e.kind for e in switched.errors if e.kind is not ErrorKind.CANCELLED]
        failed = switched.finished is not None and not switched.finished.success
        message = error_message(kinds[-1]) if kinds else ""
        if failed and not message:
            message = error_message(ErrorKind.FAILED)
        if message:
            self._post(lambda: self._set(error=message))
        await self._list(sources)

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
        self._set(refreshing=True, percent=-1, status=status_text(Status.REFRESHING))
        self._set(error="")
        self._loop.submit(self._run_refresh(transaction))

    async def _run_refresh(self, transaction: Transaction) -> None:
        message, _cancelled = await follow(
            transaction, self._progress, lambda event: error_message(event.kind), first=False
        )
        if isinstance(transaction, Chain) and transaction.failed:
            message = refresh_failures(transaction.failed)  # each source that failed, named
        self._post(lambda: self._refreshed(message))

    def _progress(self, percent: int, text: str) -> None:
        """From the loop thread: the progress of a refresh or change, shown on the GUI's."""
        self._post(lambda: self._set(percent=percent, status=text))

    def _refreshed(self, message: str) -> None:
        self._refresh_transaction = None
        self._set(refreshing=False, percent=-1, status="", error=message)
        self.load()
        self.catalogOutdated.emit()  # a remote's AppStream may be newer now

    @Slot()
    def cancelRefresh(self) -> None:
        transaction = self._refresh_transaction
        if transaction is not None and self._loop is not None:
            self._loop.submit(cancel(transaction))

    # -- remotes: every manager's, a group each ---------------------------------------------
    def _load_remotes(self) -> None:
        if not self._groups or self._loop is None:
            return
        self._set(remotes_loading=True)
        self._loop.submit(self._list_remotes(list(self._groups)))

    async def _list_remotes(self, groups: list[RemoteGroup]) -> None:
        rows, unused, message = await read_remotes(groups)
        self._post(lambda: self._remotes_listed(rows, unused, message))

    def _remotes_listed(self, rows: list[SourceRow], unused: list[int], message: str) -> None:
        self._remotes = rows
        for group, count in zip(self._groups, unused, strict=False):
            group.unused = count
        self._set(remotes_loading=False, error=message or self._error)
        self.changed.emit()  # the groups' counts
        self._show()

    def _group(self, index: int) -> RemoteGroup | None:
        return self._groups[index] if 0 <= index < len(self._groups) else None

    @Slot(str, bool)
    def addRemote(self, location: str, system: bool) -> None:
        """Add the remote a file describes (a path or a ``file:`` URL, as the file dialog
        gives it), for this user or, with ``system``, for all users; the source is the one
        the file was offered to, else the first that reads such files."""
        path = local_path(location)
        scope = RemoteScope.SYSTEM if system else RemoteScope.USER
        pending = self._pending_group if path == self._pending_file else None
        group = pending or group_for_file(self._groups, path)
        self._pending = None
        self._set(pending_file="")
        source = group.remotes if group is not None else None
        self._start_work(
            lambda: source.add_remote(path, scope=scope) if source is not None else None,
            ADDED,
            group,
        )

    @Slot(str, str)
    def removeRemote(self, name: str, scope: str) -> None:
        """Remove the first listed remote of this name (``removeRemoteIn`` names the group)."""
        row = next((r for r in self._remotes if r.source_id == name and r.scope == scope), None)
        if row is not None:
            self.removeRemoteIn(row.group, name, scope)

    @Slot(int, str, str)
    def removeRemoteIn(self, index: int, name: str, scope: str) -> None:
        """Remove a remote of the group ``index``; the applications installed from it go too
        (the page's question names them before it calls this)."""
        row = next(
            (
                r
                for r in self._remotes
                if r.group == index and r.source_id == name and r.scope == scope
            ),
            None,
        )
        group = self._group(index)
        source = group.remotes if group is not None else None
        if row is None or source is None:
            return
        force = bool(row.apps)
        where = RemoteScope(scope) if scope in tuple(RemoteScope) else None
        self._start_work(
            lambda: source.remove_remote(name, scope=where, force=force),
            REMOVED,
            group,
        )

    @Slot()
    def removeUnused(self) -> None:
        """Remove what the first group with something unused leaves behind."""
        group = next((g for g in self._groups if g.cleaner is not None and g.unused > 0), None)
        group = group or next((g for g in self._groups if g.cleaner is not None), None)
        if group is not None:
            self.removeUnusedIn(group.index)

    @Slot(int)
    def removeUnusedIn(self, index: int) -> None:
        group = self._group(index)
        cleaner = group.cleaner if group is not None else None
        self._start_work(lambda: cleaner.remove_unused() if cleaner is not None else None, "")

    @Slot(str)
    def offerRemoteFile(self, path: str) -> None:
        """A file describing a remote, handed over from outside (``appcenter-qt --add-remote
        FILE``, a file manager's MIME handler): offered to the first source that reads files
        of its name (:func:`~appcenter_qt.models.remote_groups.group_for_file`)."""
        group = group_for_file(self._groups, local_path(path))
        self.offerRemoteFileIn(group.index if group is not None else -1, path)

    @Slot(int, str)
    def offerRemoteFileIn(self, index: int, path: str) -> None:
        """A file offered to the source of group ``index`` (its Add button's file dialog
        gives a ``file:`` URL): it is read and checked first
        (:meth:`RemoteSource.describe_remote`), then the page asks, showing what it says
        (``pendingRemoteTitle``, ``pendingRemoteUrl``…) beside its local path; a file that
        fails the check shows why in ``errorText`` and is not asked about."""
        local = local_path(path)
        group = self._group(index)
        source = group.remotes if group is not None else None
        self._pending_group = group
        if group is None or source is None:
            self._set(pending_file=local)  # nothing to read it with: addRemote says why
            return
        try:
            description = source.describe_remote(local)
        except BackendError as error:
            self._pending = None
            self._set(pending_file="", error=input_error(error, group.words))
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

    def _start_work(
        self,
        make: Callable[[], Transaction | None],
        change: str,
        group: RemoteGroup | None = None,
    ) -> None:
        if self._loop is None or self._working:
            return
        words = group.words if group is not None else NEUTRAL
        try:
            transaction = make()
        except BackendError as error:
            self._set(error=input_error(error, words))
            return
        if transaction is None:
            return
        self._work_transaction = transaction
        self._set(working=True, percent=-1, status=status_text(Status.PREPARING))
        self._set(error="", notice="")
        self._loop.submit(self._run_work(transaction, change, words))

    async def _run_work(self, transaction: Transaction, change: str, words: SourceWording) -> None:
        message, cancelled = await follow(
            transaction, self._progress, lambda event: remote_error(event, words), first=True
        )
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
            self._loop.submit(cancel(transaction))

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
        if role == SourceRole.GROUP:
            return row.group
        if role == SourceRole.SECTION:
            return row.section
        return None

    def _get_available(self) -> bool:
        return self._refresher is not None

    def _get_manages(self) -> bool:
        return bool(self._repositories())

    def _get_unused(self) -> int:
        """Everything every group would remove (-1: not known for any)."""
        known = [g.unused for g in self._groups if g.cleaner is not None and g.unused >= 0]
        return sum(known) if known else -1

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
    setupHints = Property(list, lambda self: self._setup_hints, notify=changed)
    count = Property(int, _get_count, notify=countChanged)
    repositoryCount = Property(int, _get_repo_count, notify=countChanged)
    # Whether some source's remotes can be listed, added and removed here.
    managesRemotes = Property(
        bool, lambda self: any(g.remotes is not None for g in self._groups), notify=changed
    )
    canRemoveUnused = Property(
        bool, lambda self: any(g.cleaner is not None for g in self._groups), notify=changed
    )
    # [{group, section, label, canAdd, addRemote, addRemoteHint, addRemoteTitle, remoteFiles,
    # removeQuestion, canRemoveUnused, unused, noUnused}]: each manager's group, worded by its
    # source (:meth:`RemoteGroup.entry`).
    remoteManagers = Property(list, lambda self: [g.entry() for g in self._groups], notify=changed)
    remoteCount = Property(int, _get_remote_count, notify=countChanged)
    # Runtimes "Remove unused runtimes" would remove, over every group (-1: not known yet).
    unusedCount = Property(int, _get_unused, notify=changed)
    # The question over a pending file, in the words of the source it was offered to.
    pendingRemoteQuestion = Property(
        str,
        lambda self: translated_words(
            (self._pending_group.words if self._pending_group else NEUTRAL).add_remote_question
        ),
        notify=changed,
    )
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
