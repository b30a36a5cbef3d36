"""One state per application, below Qt: what every page and every command line reads.

GNOME Software keeps one ``GsApp`` per application, Discover one ``AbstractResource``; here
:class:`AppRegistry` holds, per application id, what the window knows: its name, its
packages (name, origin, version: which source and branch it comes from), its
:class:`~appcenter_qt.domain.state.AppState` (installed, available, updatable, installing…),
the sources it is installed from, and the progress of a running change. The install use
cases (:mod:`appcenter_qt.services.install`) write it, the update check says which
applications have an update waiting (:meth:`set_updatable`); the Qt list models read it
through :meth:`state_of` and :meth:`subscribe`, so no page keeps its own copy of an
application's state.

It is not thread-safe: one thread owns it (the window's GUI thread; a command line's only
thread). Work on other threads posts its results to that thread before writing here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace

from appcenter_qt.domain import Package
from appcenter_qt.domain.state import AppState, snapshot_state

log = logging.getLogger(__name__)

#: Told the id of an application whose state, progress or sources changed.
Listener = Callable[[str], None]

#: The states of a change in progress: a second change waits until it ends.
BUSY = frozenset({AppState.INSTALLING, AppState.REMOVING, AppState.UPDATING})


@dataclass(frozen=True)
class AppEntry:
    """What the registry knows of one application."""

    app_id: str
    name: str = ""
    packages: tuple[Package, ...] = ()
    state: AppState = AppState.UNKNOWN
    #: progress of a running change, -1 unknown
    percent: int = -1
    #: the running change's status word (a :class:`~appcenter_qt.domain.backend.Status` value)
    status: str = ""
    #: the sources it is installed from, as they last said (registry order)
    installed_from: tuple[str, ...] = field(default=())

    @property
    def busy(self) -> bool:
        return self.state in BUSY

    @property
    def package_names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(p.name for p in self.packages))


class AppRegistry:
    """Every known application's :class:`AppEntry`, and who wants to hear of changes."""

    def __init__(self) -> None:
        self._apps: dict[str, AppEntry] = {}
        self._listeners: list[Listener] = []
        self._snapshot: frozenset[str] | None = None
        #: the applications an update is waiting for (the last update check's)
        self._updatable: frozenset[str] = frozenset()

    # -- listening -------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(app_id)`` on every change; returns what unsubscribes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _changed(self, app_id: str) -> None:
        for listener in list(self._listeners):
            listener(app_id)

    # -- reading ---------------------------------------------------------------------------
    def __contains__(self, app_id: object) -> bool:
        return app_id in self._apps

    def get(self, app_id: str) -> AppEntry:
        """The application's entry (an empty one, state unknown, when it was never seen)."""
        return self._apps.get(app_id) or AppEntry(app_id)

    def state_of(self, app_id: str) -> tuple[AppState, int]:
        """State and progress: what a card shows (the list models' state lookup)."""
        entry = self.get(app_id)
        return entry.state, entry.percent

    def ids(self) -> list[str]:
        return list(self._apps)

    def updatable(self) -> frozenset[str]:
        return self._updatable

    # -- learning about applications ---------------------------------------------------------
    def register(
        self, app_id: str, name: str, packages: Sequence[Package], *, replace_packages: bool = True
    ) -> None:
        """An application a page shows. The app page knows its packages fully (versions
        included) and replaces what a card said; a card (``replace_packages=False``) only
        fills in what is missing."""
        entry = self.get(app_id)
        keep = entry.packages and not replace_packages
        self._apps[app_id] = replace(
            entry,
            name=entry.name if entry.name and not replace_packages else name or app_id,
            packages=entry.packages if keep or not packages else tuple(packages),
        )
        self._seed(app_id)

    def set_snapshot(self, installed_names: frozenset[str] | None) -> None:
        """The catalog's snapshot of installed package names (``None``: it has none): every
        application without a state yet gets one from it (:func:`snapshot_state`)."""
        self._snapshot = installed_names
        for app_id in list(self._apps):
            self._seed(app_id)

    def _seed(self, app_id: str) -> None:
        entry = self._apps[app_id]
        if self._snapshot is None or not entry.packages or entry.state is not AppState.UNKNOWN:
            return
        self._set(app_id, state=snapshot_state(entry.package_names, self._snapshot))

    def mark_installed(self, app_ids: Iterable[str]) -> None:
        """Applications present without a package (their desktop files were found):
        installed, unless a source or a change said otherwise."""
        for app_id in app_ids:
            if self.get(app_id).state is AppState.UNKNOWN:
                self._set(app_id, state=AppState.INSTALLED)

    def set_updatable(self, app_ids: Iterable[str]) -> None:
        """The applications an update is waiting for (what the last update check found;
        every other application has none). An update is offered only for what is installed,
        so the check's answer, newer than the catalog's snapshot, makes them installed; one
        being changed keeps its state until the change ends, then shows it."""
        before, self._updatable = self._updatable, frozenset(app_ids)
        for app_id in sorted(before ^ self._updatable):
            state = self.get(app_id).state
            if app_id in self._updatable and state not in BUSY | {AppState.UNAVAILABLE}:
                self._set(app_id, state=AppState.UPDATABLE)
            elif app_id not in self._updatable and state is AppState.UPDATABLE:
                self._set(app_id, state=AppState.INSTALLED)

    # -- what sources and changes say --------------------------------------------------------
    def set_progress(
        self, app_id: str, *, state: AppState | None = None, percent: int = -1, status: str = ""
    ) -> None:
        """A change runs: its state (installing, removing…), percent and status word."""
        self._set(app_id, state=state, percent=percent, status=status)

    def set_installed_from(
        self,
        app_id: str,
        sources: Collection[str],
        order: Callable[[Iterable[str]], tuple[str, ...]] = tuple,
    ) -> None:
        """The sources now holding the application; its state follows (installed when any
        does, else available). A running change's state is left alone."""
        entry = self.get(app_id)
        found = order(sources)
        state = None if entry.busy else AppState.INSTALLED if found else AppState.AVAILABLE
        if state is not None:
            state = self._with_updates(app_id, state)
        if found != entry.installed_from or (state is not None and state is not entry.state):
            self._set(app_id, state=state, installed_from=found)

    def finish(
        self, app_id: str, state: AppState, installed_from: tuple[str, ...] | None = None
    ) -> None:
        """A change ended: the application's state (and sources) after it, progress cleared."""
        self._set(app_id, state=state, percent=-1, status="", installed_from=installed_from)

    def _with_updates(self, app_id: str, state: AppState) -> AppState:
        """``state`` with what the update check said: installed is updatable while an update
        waits for it, and a removed application has no update waiting any more."""
        if state is AppState.AVAILABLE and app_id in self._updatable:
            self._updatable -= {app_id}
        if state.installed:
            return AppState.UPDATABLE if app_id in self._updatable else AppState.INSTALLED
        return state

    def _set(
        self,
        app_id: str,
        *,
        state: AppState | None = None,
        percent: int | None = None,
        status: str | None = None,
        installed_from: tuple[str, ...] | None = None,
    ) -> None:
        entry = self.get(app_id)
        self._apps[app_id] = replace(
            entry,
            state=entry.state if state is None else self._with_updates(app_id, state),
            percent=entry.percent if percent is None else percent,
            status=entry.status if status is None else status,
            installed_from=entry.installed_from if installed_from is None else installed_from,
        )
        self._changed(app_id)
