"""The sources one window (or tool) works with at once: PackageKit and every Flatpak remote.

A catalog application may come from several sources (the distribution's package and a
Flatpak remote's app); the window installs, removes, lists and updates through all of them.
:class:`SourceSet` holds the registry names of the sources to use (``packagekit``,
``flatpak:REMOTE``…), builds each one lazily through :func:`appcenter_qt.backends.make` the
first time it is needed (a source that cannot start is remembered as unavailable, with its
reason, and the others carry on), routes a catalog application's packages to the source that
owns their origin (``meta.sources``, :mod:`appcenter_qt.catalog.origins`) and closes every
source it built.

:func:`sources_for` is *the* rule for which source comes first when an application has
several: the distribution's first, then the others by name
(:func:`appcenter_qt.backends.sort_key`). ``appcenter-apps install`` and the app page's
source picker both use it.

Plain Python, no Qt: the models get a :class:`SourceSet` and, for the pages that list what
every source has (Installed, Updates), its :meth:`SourceSet.merged` view
(:mod:`appcenter_qt.services.merged_source`), which is itself a neutral source.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from appcenter_qt import backends
from appcenter_qt.catalog.origins import source_for
from appcenter_qt.domain import Package
from appcenter_qt.domain.backend import DEFAULT_SOURCE, PackageBackend
from appcenter_qt.domain.errors import AppCenterError
from appcenter_qt.services.install import route as install_route
from appcenter_qt.services.merged_source import MergedSource

log = logging.getLogger(__name__)

#: ``--backend`` values that mean "every source this machine has".
ALL = "all"
#: ``--backend none``: browse only.
NONE = "none"
OS_RELEASE = (Path("/etc/os-release"), Path("/usr/lib/os-release"))


def sources_for(meta: Mapping[str, str], origins: Iterable[str]) -> list[str]:
    """The sources that provide packages of these ``origins`` in a catalog with this ``meta``,
    default first (the distribution's, then by name): the documented rule for which source an
    application is installed from when nobody chose one."""
    return sorted({source_for(meta, origin) for origin in origins}, key=backends.sort_key)


def _os_release(paths: Sequence[Path] = OS_RELEASE) -> dict[str, str]:
    """The first readable os-release file's values ({} when there is none)."""
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        values: dict[str, str] = {}
        for line in text.splitlines():
            key, sep, value = line.partition("=")
            if sep:
                values[key.strip()] = value.strip().strip("\"'")
        return values
    return {}


def distribution_name(paths: Sequence[Path] = OS_RELEASE) -> str:
    """The distribution's own name (``NAME`` of os-release, e.g. "Debian GNU/Linux"), what
    the default source is called on the app page; "" when the file says nothing."""
    values = _os_release(paths)
    name = values.get("NAME") or values.get("ID", "").capitalize()
    return "".join(ch for ch in name if ch.isprintable())[:80]


def distribution_ids(paths: Sequence[Path] = OS_RELEASE) -> list[str]:
    """os-release's ``ID`` then each word of ``ID_LIKE`` (``["opensuse-tumbleweed", "suse",
    "opensuse"]``): the families a distribution's package names follow."""
    values = _os_release(paths)
    return [word for word in (values.get("ID", ""), *values.get("ID_LIKE", "").split()) if word]


def setup_hints(paths: Sequence[Path] = OS_RELEASE) -> list[backends.SetupHint]:
    """What to install for each source this machine cannot load, in this distribution's
    package names (the Sources page's one line per source)."""
    return backends.setup_hints(distribution_ids(paths))


def _chosen_names(
    choice: str | None, *, default_only: bool = False
) -> tuple[list[str], dict[str, str]]:
    """The registry names ``choice`` (``all``, a kind, one instance) stands for now, and the
    registry's descriptions; an unknown name raises :class:`backends.SourceUnavailable`.
    Only the sources ``choice`` names are loaded (``all``: every one; ``default_only``: the
    distribution's alone)."""
    if choice in (None, "", ALL):
        only: tuple[str, ...] | None = (DEFAULT_SOURCE,) if default_only else None
    else:
        assert choice is not None
        if not backends.is_registered(choice):
            known = ", ".join(backends.names())
            raise backends.SourceUnavailable(choice, f"no such source (known: {known})")
        only = (backends.split_name(choice)[0],)
    statuses = [s for s in backends.available(only=only) if s.available]
    descriptions = {s.name: s.description for s in statuses}
    if choice in (None, "", ALL):
        return [s.name for s in statuses], descriptions
    assert choice is not None
    if backends.split_name(choice)[1] or choice == DEFAULT_SOURCE:
        return [choice], descriptions
    return [s.name for s in statuses], descriptions


class SourceSet:
    """Named sources, built on first use. ``make`` builds one by registry name (default
    :func:`backends.make`); ``built`` hands in sources already built (tests, a caller that
    made its own)."""

    def __init__(
        self,
        names: Iterable[str] = (),
        *,
        built: Mapping[str, PackageBackend] | None = None,
        make: Callable[[str], PackageBackend] | None = None,
        descriptions: Mapping[str, str] | None = None,
    ) -> None:
        built = dict(built or {})
        self.names: tuple[str, ...] = tuple(
            sorted(dict.fromkeys([*names, *built]), key=backends.sort_key)
        )
        self._built: dict[str, PackageBackend] = built
        self._failed: dict[str, str] = {}
        self._make = make or backends.make
        self._descriptions = dict(descriptions or {})
        self._lock = threading.Lock()
        self._merged: MergedSource | None = None
        #: What :meth:`choose` was asked (``None``: a fixed set), for :meth:`rescan`.
        self._choice: str | None = None
        #: The other sources were left to be listed later (:meth:`choose`'s ``others_later``).
        self.others_pending = False

    # -- choosing ----------------------------------------------------------------------------
    @classmethod
    def choose(
        cls,
        choice: str | None = ALL,
        *,
        options: Mapping[str, Mapping[str, Any]] | None = None,
        others_later: bool = False,
    ) -> SourceSet:
        """What ``--backend`` asks for: ``all`` (or nothing) every available source, ``none``
        none, a registry name that one source (``flatpak`` every Flatpak remote). An
        unknown name raises :class:`backends.SourceUnavailable`. ``options`` are each kind's
        own keyword options for :func:`backends.make` (``{"packagekit": {"locale": "de"}}``).

        ``others_later`` (with ``all``) lists only the distribution's source now and leaves
        the others (each Flatpak remote: libflatpak costs 40 ms to load and ask) to
        :meth:`rescan` or :meth:`settle`: a window's first cards need none of them."""
        if choice == NONE:
            return cls()
        later = others_later and choice in (None, "", ALL)
        names, descriptions = _chosen_names(choice, default_only=later)
        per_kind = {kind: dict(values) for kind, values in (options or {}).items()}

        def make(name: str) -> PackageBackend:
            return backends.make(name, **per_kind.get(backends.split_name(name)[0], {}))

        chosen = cls(names, descriptions=descriptions, make=make if per_kind else None)
        instance = backends.split_name(choice or ALL)[1]
        if not instance and choice != DEFAULT_SOURCE:
            chosen._choice = choice or ALL  # "all" and "flatpak" follow the remotes
        chosen.others_pending = later
        return chosen

    def settle(self) -> bool:
        """List the sources :meth:`choose` left for later, now, if it did (an action that
        needs every source cannot wait for the window's timer). Returns whether the names
        changed. A registry that cannot list them is logged and the set stays as it is, still
        pending: the window and its actions carry on with the sources they have."""
        if not self.others_pending:
            return False
        try:
            return self.rescan()
        except (ImportError, AppCenterError, OSError) as error:
            log.warning("the sources could not be listed: %s", error)
            return False

    def rescan(self) -> bool:
        """Follow the sources the registry lists now (a Flatpak remote added or removed while
        the window is open): a set chosen as ``all`` or a kind gains the new instances and
        drops the gone ones; a fixed set stays. Returns whether the names changed."""
        if self._choice is None:
            return False
        names, descriptions = _chosen_names(self._choice)
        self.others_pending = False
        now = self.ordered(names)
        with self._lock:
            if now == self.names:
                return False
            for gone in set(self.names) - set(now):
                # A removed remote's source is dropped (it holds no connection to close).
                self._built.pop(gone, None)
                self._failed.pop(gone, None)
            self._descriptions.update(descriptions)
            self.names = now  # one assignment: readers on other threads see old or new
        log.info("sources now: %s", ", ".join(now))
        return True

    @classmethod
    def of(cls, backend: PackageBackend | SourceSet | None) -> SourceSet:
        """A set around one source already built (or the set itself, or an empty set)."""
        if isinstance(backend, SourceSet):
            return backend
        if backend is None:
            return cls()
        return cls(built={backend.name: backend})

    # -- the sources -------------------------------------------------------------------------
    def __bool__(self) -> bool:
        return bool(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def __contains__(self, name: object) -> bool:
        return name in self.names

    def get(self, name: str) -> PackageBackend | None:
        """The source called ``name``, built now if it was not yet; ``None`` when it is not
        in the set or cannot start (:meth:`failure` says why)."""
        if name not in self.names:
            return None
        with self._lock:
            if name in self._built:
                return self._built[name]
            if name in self._failed:
                return None
            try:
                backend = self._make(name)
            except (ImportError, AppCenterError, OSError) as error:
                log.warning("source %s cannot start: %s", name, error)
                self._failed[name] = str(error)
                return None
            self._built[name] = backend
            return backend

    @staticmethod
    def ordered(names: Iterable[str]) -> tuple[str, ...]:
        """``names`` once each in the sources' order (the distribution's, then by name)."""
        return tuple(sorted(set(names), key=backends.sort_key))

    def failure(self, name: str) -> str:
        """Why ``name`` could not be built ("" when it was, or was not tried)."""
        return self._failed.get(name, "")

    def usable(self) -> list[tuple[str, PackageBackend]]:
        """Every source that builds, in order."""
        found = []
        for name in self.names:
            backend = self.get(name)
            if backend is not None:
                found.append((name, backend))
        return found

    def first(self) -> PackageBackend | None:
        """The default source that builds (the distribution's, when there is one)."""
        usable = self.usable()
        return usable[0][1] if usable else None

    def description(self, name: str) -> str:
        """The registry's description of an instance (a Flatpak remote's title), or ""."""
        if backends.split_name(name)[1]:
            return self._descriptions.get(name, "")
        return ""

    def combined(self) -> PackageBackend | None:
        """What a page that lists every source's packages talks to: ``None`` without a
        source, the source itself when there is one and the set is fixed, else the
        :meth:`merged` view (a set that follows the remotes may gain a second one later)."""
        if len(self.names) == 1 and self._choice is None:
            return self.get(self.names[0])
        return self.merged() if self.names else None

    def merged(self) -> MergedSource:
        """One neutral source over all of these (:mod:`appcenter_qt.services.merged_source`)."""
        if self._merged is None:
            self._merged = MergedSource(self)
        return self._merged

    # -- routing -----------------------------------------------------------------------------
    def route(
        self, meta: Mapping[str, str], packages: Iterable[tuple[str, str]]
    ) -> dict[str, tuple[str, ...]]:
        """A catalog application's packages, ``(name, origin)`` pairs, grouped by the source
        that owns each origin, default first; sources not in this set are left out (the
        install rule's :func:`~appcenter_qt.services.install.route`, names only)."""
        pairs = (Package(name, origin=origin) for name, origin in packages)
        routes = install_route(meta, pairs, among=self.names)
        return {source: target.names for source, target in routes.items()}

    async def aclose(self) -> None:
        """Close every source that was built (each may be used again: it reconnects)."""
        with self._lock:
            built = list(self._built.items())
        for name, backend in built:
            try:
                await backend.aclose()
            except Exception as error:  # a dead connection may fail to close; fine
                log.debug("closing %s: %s", name, error)

    def __repr__(self) -> str:
        return f"SourceSet({list(self.names)!r})"
