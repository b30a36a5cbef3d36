"""The contract between the product and every source that installs software.

A source (PackageKit today; Flatpak or any other tomorrow) turns each operation into a
:class:`Transaction`: an async iterator of *neutral* events with a ``cancel()``. This is KDE
Discover's "install returns a Transaction" shape and GNOME Software's "one job per
operation", kept small so the UI, the updater and the CLIs are written once against it.

Neutral means the events speak this module's vocabulary only: a :class:`Status` of what the
transaction is doing, a :class:`PackageState` per package, an :class:`UpdateKind` for an
offered update, an :class:`ErrorKind` for a failure, a :class:`RestartHint` and an
:class:`Outcome`. Each source maps its own vocabulary (PackageKit's status, info, exit and
restart enums…) inside its own package, so no model, page or CLI knows which source it talks
to. Packages are named by the source's opaque reference (a string, see
:mod:`appcenter_qt.domain.package_ref`); the fields keep the name ``package_id`` for that
reference. Nothing here knows about D-Bus.

The concrete sources are built by :func:`appcenter_qt.backends.make`, never by name.
"""

from __future__ import annotations

import enum
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef, PackageRef
from appcenter_qt.domain.permissions import Permission
from appcenter_qt.domain.source_names import DEFAULT_SOURCE as _DEFAULT_SOURCE

#: The registry name of the source that installs distribution packages (defined with the
#: other plain source-name rules in :mod:`.source_names`).
DEFAULT_SOURCE = _DEFAULT_SOURCE


class ErrorKind(enum.StrEnum):
    """User-level failure classes; the UI has one message for each."""

    DAEMON_MISSING = "daemon-missing"
    DAEMON_CRASHED = "daemon-crashed"
    NOT_AUTHORIZED = "not-authorized"
    LOCKED = "locked"
    NETWORK = "network"
    NOT_FOUND = "not-found"
    CANCELLED = "cancelled"
    TIMEOUT = "timeout"
    INVALID_INPUT = "invalid-input"
    FAILED = "failed"


class Status(enum.StrEnum):
    """What a running transaction is doing now (one progress line says it)."""

    UNKNOWN = "unknown"
    WAITING = "waiting"  # queued, or waiting for another program's lock or for authorization
    PREPARING = "preparing"  # resolving, checking, setting up: nothing changes yet
    REFRESHING = "refreshing"  # reading or downloading the sources' metadata
    DOWNLOADING = "downloading"
    INSTALLING = "installing"
    UPDATING = "updating"
    REMOVING = "removing"
    FINISHED = "finished"


class PackageState(enum.StrEnum):
    """What a :class:`PackageEvent` says about one package.

    Listings (resolve, list installed, search) say ``installed`` or ``available``; an offered
    update says ``update`` (its urgency in :attr:`PackageEvent.update_kind`); a change, run or
    simulated, says what happens to the package, then ``finished`` when it is done."""

    UNKNOWN = "unknown"
    INSTALLED = "installed"
    AVAILABLE = "available"
    UNAVAILABLE = "unavailable"
    UPDATE = "update"
    PREPARING = "preparing"
    DOWNLOADING = "downloading"
    INSTALLING = "installing"
    UPDATING = "updating"
    REINSTALLING = "reinstalling"
    DOWNGRADING = "downgrading"
    REMOVING = "removing"
    CLEANING_UP = "cleaning-up"
    FINISHED = "finished"

    @property
    def changes(self) -> bool:
        """Whether a simulated change reports this package as changed by it."""
        return self in _CHANGES

    @property
    def status(self) -> Status | None:
        """The progress status of a package in this state during a change (``None``: not a
        step of a change)."""
        return _STATUS_OF_STATE.get(self)


_CHANGES = frozenset(
    {
        PackageState.UPDATE,
        PackageState.INSTALLING,
        PackageState.UPDATING,
        PackageState.REINSTALLING,
        PackageState.DOWNGRADING,
        PackageState.REMOVING,
    }
)
_STATUS_OF_STATE = {
    PackageState.PREPARING: Status.PREPARING,
    PackageState.DOWNLOADING: Status.DOWNLOADING,
    PackageState.INSTALLING: Status.INSTALLING,
    PackageState.UPDATING: Status.UPDATING,
}


class UpdateKind(enum.IntEnum):
    """How urgent an offered update is; higher sorts first."""

    LOW = 0
    ENHANCEMENT = 1
    NORMAL = 2
    BUGFIX = 3
    IMPORTANT = 4
    SECURITY = 5

    @property
    def label(self) -> str:
        """Stable machine name (``security``, ``bugfix``…) for JSON and QML roles."""
        return self.name.lower()


class RestartHint(enum.StrEnum):
    """What has to restart for a change to take full effect (strongest last)."""

    NONE = "none"
    APPLICATION = "application"
    SESSION = "session"
    SYSTEM = "system"


class Outcome(enum.StrEnum):
    """How a transaction ended."""

    SUCCESS = "success"
    FAILED = "failed"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class ProgressEvent:
    """``percent`` is ``None`` when the source cannot tell; ``item`` the package reference
    being worked on, if known; ``item_percent`` that item's own progress, ``None`` when
    unknown or not an item event."""

    percent: int | None
    status: Status
    item: str = ""
    item_percent: int | None = None


@dataclass(frozen=True)
class PackageEvent:
    """``update_kind`` is set for ``PackageState.UPDATE`` (an offered update) only."""

    state: PackageState
    package_id: str
    summary: str = ""
    update_kind: UpdateKind | None = None


@dataclass(frozen=True)
class DetailsEvent:
    package_id: str
    summary: str = ""
    description: str = ""
    license: str = ""
    url: str = ""
    #: PackageKit's ``size``: the installed size in bytes (0 = unknown).
    size: int = 0
    #: PackageKit's ``download-size`` (PackageKit 1.2.4 and later): bytes still to download,
    #: 0 when already downloaded or installed, -1 when the backend does not say.
    download_size: int = -1
    #: What a sandboxed app may reach (:mod:`appcenter_qt.domain.permissions`); ``None`` when
    #: the source says nothing about it (distribution packages), empty for "no special ones".
    permissions: frozenset[Permission] | None = None
    #: The release version people know ("2.14.2"), when the source knows one its package
    #: references do not carry (a Flatpak ref's version is its branch); empty otherwise.
    release: str = ""


@dataclass(frozen=True)
class UpdateDetailEvent:
    """``updates`` are the installed references this update replaces, ``obsoletes`` those it
    makes obsolete, ``cve_urls`` the security advisories it fixes (all possibly empty)."""

    package_id: str
    updates: tuple[str, ...] = ()
    obsoletes: tuple[str, ...] = ()
    cve_urls: tuple[str, ...] = ()
    update_text: str = ""
    changelog: str = ""
    restart: RestartHint = RestartHint.NONE
    issued: str = ""


@dataclass(frozen=True)
class RestartRequiredEvent:
    kind: RestartHint
    package_id: str = ""


@dataclass(frozen=True)
class ErrorEvent:
    """``message`` is the user-level sentence for ``kind``; ``code`` the source's own error
    name (PackageKit's ``no-network``…, for logs and bug reports); ``details`` the source's
    untrusted free text."""

    kind: ErrorKind
    message: str
    code: str = ""
    details: str = ""


@dataclass(frozen=True)
class FinishedEvent:
    """``exit`` is how it ended; ``code`` the source's own exit name when that says more
    (PackageKit's ``killed``, ``key-required``…)."""

    exit: Outcome
    runtime_ms: int = 0
    code: str = ""

    @property
    def success(self) -> bool:
        return self.exit is Outcome.SUCCESS


@dataclass(frozen=True)
class RepositoryEvent:
    """One repository the source installs from (an APT source line, a Flatpak remote…):
    ``repo_id`` is the source's own name for it (what :meth:`RepositorySource.
    set_repository_enabled` takes back), ``description`` its human title, untrusted text."""

    repo_id: str
    description: str = ""
    enabled: bool = True


class RemoteScope(enum.StrEnum):
    """Which installation a remote belongs to: the user's own, or the machine's (changing
    the latter asks for authorization, e.g. polkit)."""

    USER = "user"
    SYSTEM = "system"


@dataclass(frozen=True)
class RemoteEvent:
    """One remote a source installs from and that can be added and removed (a Flatpak
    remote): ``name`` is its own name (the source instance ``flatpak:NAME``), ``title`` its
    human title and ``url`` its address (both untrusted text), ``scope`` the installation it
    is configured in, ``apps`` the ids of the applications installed from it (what removing
    it with ``force`` removes too)."""

    name: str
    title: str = ""
    url: str = ""
    scope: RemoteScope = RemoteScope.USER
    enabled: bool = True
    apps: tuple[str, ...] = ()


@dataclass(frozen=True)
class RemoteDescription:
    """What a remote's description file (a ``.flatpakrepo``) says, read and checked before
    anything is added, so the question "add this source?" can show it: the remote ``name`` it
    would get, its ``title``, ``url``, ``homepage`` and ``comment`` (each untrusted text from
    the file, cut to a readable length, "" when missing) and whether what it serves is
    verified with a key (``signed``)."""

    path: str
    name: str
    title: str = ""
    url: str = ""
    homepage: str = ""
    comment: str = ""
    signed: bool = False


TransactionEvent = (
    ProgressEvent
    | PackageEvent
    | DetailsEvent
    | UpdateDetailEvent
    | RestartRequiredEvent
    | RepositoryEvent
    | RemoteEvent
    | ErrorEvent
    | FinishedEvent
)

#: Longest repository id a source may hand back or be asked about.
MAX_REPO_ID = 256


def validate_repo_id(repo_id: str) -> str:
    """``repo_id`` if it can be a repository id (printable, no spaces, at most
    :data:`MAX_REPO_ID` characters), else :class:`ValueError` naming it. Repository ids
    come from the source itself, but a page hands them back: nothing else goes out."""
    if (
        not isinstance(repo_id, str)
        or not 0 < len(repo_id) <= MAX_REPO_ID
        or not repo_id.isprintable()
        or any(ch.isspace() for ch in repo_id)
    ):
        raise ValueError(f"not a repository id: {str(repo_id)[:80]!r}")
    return repo_id


@dataclass(frozen=True)
class SourceCatalog:
    """An AppStream catalog a source keeps for what it offers (a Flatpak remote's
    ``appstream.xml.gz``): ``source`` is the registry name whose packages it lists
    (``flatpak:flathub``), ``path`` the file, ``format`` ``appstream-xml`` or ``dep11``,
    ``icons`` the directory of its cached icons (``SIZE/NAME.png``; empty for none). The
    system catalog reads these beside the distribution's pool, so a source's applications
    are found, shown and installed like the distribution's."""

    source: str
    path: str
    format: str = "appstream-xml"
    icons: str = ""


@runtime_checkable
class Transaction(Protocol):
    """One running operation. Iterating yields events and ends after ``FinishedEvent``."""

    def __aiter__(self) -> AsyncIterator[TransactionEvent]: ...

    async def cancel(self) -> None: ...


@runtime_checkable
class PackageBackend(Protocol):
    """Everything the product asks of a source.

    Operations validate their input before anything leaves the process and raise
    :class:`~appcenter_qt.domain.errors.BackendError` (``invalid-input``) naming a bad value; what
    they return is a not-yet-started :class:`Transaction`. ``name`` is the registry name
    (``packagekit``…). ``parse_ref`` reads one of the source's own references for display
    and raises :class:`~appcenter_qt.domain.package_ref.InvalidPackageRef` for anything
    else. ``aclose`` releases connections; the source stays usable (it reconnects)."""

    name: str

    def parse_ref(self, ref: str) -> PackageRef: ...

    async def aclose(self) -> None: ...

    def resolve(self, names: Sequence[str], *, installed_only: bool = False) -> Transaction: ...

    def search_names(self, terms: Sequence[str]) -> Transaction: ...

    def get_details(self, package_ids: Sequence[str]) -> Transaction: ...

    def get_packages(self, *, installed_only: bool = False) -> Transaction: ...

    def install(self, package_ids: Sequence[str], *, simulate: bool = False) -> Transaction: ...

    def remove(
        self,
        package_ids: Sequence[str],
        *,
        allow_deps: bool = True,
        autoremove: bool = False,
        simulate: bool = False,
    ) -> Transaction: ...

    def refresh_cache(self, *, force: bool = False) -> Transaction: ...

    def depends_on(
        self, package_ids: Sequence[str], *, recursive: bool = True, installed_only: bool = True
    ) -> Transaction: ...

    def get_updates(self) -> Transaction: ...

    def get_update_details(self, package_ids: Sequence[str]) -> Transaction: ...

    def update(self, package_ids: Sequence[str], *, simulate: bool = False) -> Transaction: ...


@runtime_checkable
class RepositorySource(Protocol):
    """What a source that manages repositories offers besides :class:`PackageBackend` (an
    optional capability: the Sources page asks ``isinstance(backend, RepositorySource)`` and
    shows only the catalog's origins when it is not one).

    ``get_repositories()`` yields one :class:`RepositoryEvent` per repository, enabled or
    not. ``set_repository_enabled(repo_id, enabled)`` switches one on or off (the source
    asks for authorization, e.g. polkit); a bad id raises
    :class:`~appcenter_qt.domain.errors.BackendError` (``invalid-input``) before anything leaves
    the process. Both return not-yet-started :class:`Transaction` objects."""

    def get_repositories(self) -> Transaction: ...

    def set_repository_enabled(self, repo_id: str, enabled: bool) -> Transaction: ...


@runtime_checkable
class RemoteSource(Protocol):
    """The remotes of a source that installs from several (Flatpak), as a whole: an optional
    capability of the object a source's class hands out as its *manager*
    (:func:`appcenter_qt.backends.managers`), not of one instance, since the first remote
    has to be added before any instance exists.

    ``list_remotes()`` yields one :class:`RemoteEvent` per configured remote.
    ``describe_remote(path)`` reads and checks such a file without changing anything and
    returns its :class:`RemoteDescription` (what the confirmation shows).
    ``add_remote(path, scope=)`` adds the remote a description file names (Flatpak: a
    ``.flatpakrepo``), checked first (size, syntax, address scheme), then fetches its
    application list so its applications can be shown; ``name`` overrides the name the file
    suggests. ``remove_remote(name, scope=, force=)`` removes one; while installed
    applications still come from it, it refuses naming them, unless ``force`` (which removes
    those applications first). ``scope`` ``None`` means the one installation that has it.
    Bad input raises :class:`~appcenter_qt.domain.errors.BackendError` (``invalid-input``) naming
    the file or name; every method returns a not-yet-started :class:`Transaction`. ``name``
    is its source's registry name (what the window labels its group with)."""

    name: str

    def list_remotes(self) -> Transaction: ...

    def describe_remote(self, path: str, *, name: str = "") -> RemoteDescription: ...

    def add_remote(
        self, path: str, *, scope: RemoteScope = RemoteScope.USER, name: str = ""
    ) -> Transaction: ...

    def remove_remote(
        self, name: str, *, scope: RemoteScope | None = None, force: bool = False
    ) -> Transaction: ...


@runtime_checkable
class UnusedRemoval(Protocol):
    """A source whose dependencies outlive what needed them (Flatpak runtimes and
    extensions stay when their last application goes) offers to remove them:
    ``remove_unused(simulate=)`` yields a ``removing`` :class:`PackageEvent` per reference
    that goes (with ``simulate``, only those, changing nothing), progress and cancel as any
    change. An optional capability of a source's manager, like :class:`RemoteSource`."""

    name: str

    def remove_unused(self, *, simulate: bool = False) -> Transaction: ...


@runtime_checkable
class MultiInstance(Protocol):
    """A source *class* serving several instances, one per place it installs from (Flatpak:
    one per remote): ``instances()`` lists ``(instance, description)`` pairs; the registry
    names them ``NAME:INSTANCE`` and builds each with ``instance=``; ``NO_INSTANCES`` says
    why it is unavailable when it has none ("no Flatpak remote is configured")."""

    NO_INSTANCES: str

    @classmethod
    def instances(cls) -> list[tuple[str, str]]: ...


@runtime_checkable
class CatalogKeeper(Protocol):
    """A source *class* that keeps AppStream catalogs of its own (``catalogs()``), which the
    system catalog reads with the source's name as origin."""

    @classmethod
    def catalogs(cls) -> list[SourceCatalog]: ...

    @classmethod
    def catalog_watch(cls) -> list[str]:
        """Files and directories whose change may change :meth:`catalogs` (a remote added,
        removed or pulled): while none changes, a caller may trust the list it kept without
        asking the source (which may mean loading a large library)."""
        ...


@runtime_checkable
class ReferenceOwners(Protocol):
    """A view over several sources that says which one a reference came from (``owner``:
    its registry name, "" for none): the merged view the window's pages list through."""

    def owner(self, ref: str) -> str: ...


class OfflineAction(enum.StrEnum):
    """What the computer does to install a prepared offline update, and after it."""

    REBOOT = "reboot"
    POWER_OFF = "power-off"


@dataclass(frozen=True)
class OfflineStatus:
    """What waits for the next restart: ``prepared`` are the references downloaded for it
    (empty: nothing prepared), ``triggered`` whether the next restart installs them and
    ``action`` what the computer does afterwards (``None`` while not triggered)."""

    prepared: tuple[str, ...] = ()
    triggered: bool = False
    action: OfflineAction | None = None

    @property
    def is_prepared(self) -> bool:
        return bool(self.prepared)


@dataclass(frozen=True)
class OfflineResult:
    """How the last offline update went (written at boot, read once, then cleared):
    ``packages`` the references it updated; on failure ``error`` the failure class,
    ``message`` its user sentence, ``code`` the source's own error name and ``details`` its
    untrusted text; ``finished_at`` when it ended (Unix time, 0 when unknown)."""

    success: bool
    packages: tuple[str, ...] = ()
    error: ErrorKind | None = None
    message: str = ""
    code: str = ""
    details: str = ""
    finished_at: float = 0.0


@runtime_checkable
class OfflineUpdates(Protocol):
    """A source that can install updates while the computer restarts (PackageKit's offline
    updates, systemd's ``system-update.target``): an optional capability, asked with
    ``isinstance(backend, OfflineUpdates)``.

    ``prepare_offline(refs)`` downloads the updates without installing them and records them
    as prepared (a not-yet-started :class:`Transaction`, progress and cancel as any update).
    ``trigger_offline(action)`` makes the next restart install what is prepared, then reboot
    or power off; ``cancel_offline()`` undoes the trigger (what was downloaded stays
    prepared). ``offline_status()`` says what is prepared and triggered; ``offline_results()``
    how the last offline update went (``None``: no result waiting), and
    ``clear_offline_results()`` forgets it once shown. Refusals raise
    :class:`~appcenter_qt.domain.errors.BackendError` with the matching :class:`ErrorKind`."""

    def prepare_offline(self, package_ids: Sequence[str]) -> Transaction: ...

    async def offline_status(self) -> OfflineStatus: ...

    async def trigger_offline(self, action: OfflineAction = OfflineAction.REBOOT) -> None: ...

    async def cancel_offline(self) -> None: ...

    async def offline_results(self) -> OfflineResult | None: ...

    async def clear_offline_results(self) -> None: ...


@runtime_checkable
class LiveUpdates(Protocol):
    """A source whose updates are safe to apply while its software runs (Flatpak: each
    update is a new deployment, switched to atomically; a running app keeps its old one):
    an optional capability, asked with ``isinstance(backend, LiveUpdates)``. The update
    policy applies such a source's updates by itself when ``auto-update-apps`` is on;
    nothing else about it differs."""

    updates_safely_live: bool


#: The most references one operation takes: a runaway caller is refused, not queued.
MAX_ITEMS = 10_000


def checked_list(values: Sequence[str], check: Callable[[str], str], what: str) -> list[str]:
    """``values`` passed one by one through the source's own ``check`` (which raises
    :class:`InvalidPackageRef`), as a list: every source refuses a bare string, an empty
    list and more than :data:`MAX_ITEMS` the same way, with an INVALID_INPUT error."""
    if isinstance(values, str):
        raise BackendError(ErrorKind.INVALID_INPUT, f"expected a list of {what}s, got one string")
    values = list(values)
    if not values:
        raise BackendError(ErrorKind.INVALID_INPUT, f"no {what} given")
    if len(values) > MAX_ITEMS:
        raise BackendError(ErrorKind.INVALID_INPUT, f"more than {MAX_ITEMS} {what}s at once")
    try:
        return [check(value) for value in values]
    except InvalidPackageRef as exc:
        raise BackendError(ErrorKind.INVALID_INPUT, str(exc)) from exc
