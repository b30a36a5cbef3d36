"""The contract between the product and whatever installs packages.

A backend turns each operation into a :class:`Transaction`: an async iterator of events
(progress, packages, details, errors, finished) with a ``cancel()``. This is KDE Discover's
"install returns a Transaction" shape and GNOME Software's "one job per operation", kept small
so the UI, the updater and the CLIs are written once against it. The only real implementation
lives in :mod:`appcenter_qt.backends.packagekit`; nothing here knows about D-Bus.

Package ids are PackageKit-style ``name;version;arch;data`` strings because that is the one
portable id every distribution's PackageKit backend understands; they are validated by
:func:`appcenter_qt.domain.package_id.validate_package_id` before any backend sees them.
"""

from __future__ import annotations

import enum
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable


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


class PackageInfo(enum.StrEnum):
    """What a ``Package`` event says about a package (PackageKit's ``Info`` names)."""

    UNKNOWN = "unknown"
    INSTALLED = "installed"
    AVAILABLE = "available"
    LOW = "low"
    ENHANCEMENT = "enhancement"
    NORMAL = "normal"
    BUGFIX = "bugfix"
    IMPORTANT = "important"
    SECURITY = "security"
    BLOCKED = "blocked"
    DOWNLOADING = "downloading"
    UPDATING = "updating"
    INSTALLING = "installing"
    REMOVING = "removing"
    CLEANUP = "cleanup"
    OBSOLETING = "obsoleting"
    COLLECTION_INSTALLED = "collection-installed"
    COLLECTION_AVAILABLE = "collection-available"
    FINISHED = "finished"
    REINSTALLING = "reinstalling"
    DOWNGRADING = "downgrading"
    PREPARING = "preparing"
    DECOMPRESSING = "decompressing"
    UNTRUSTED = "untrusted"
    TRUSTED = "trusted"
    UNAVAILABLE = "unavailable"
    CRITICAL = "critical"


@dataclass(frozen=True)
class ProgressEvent:
    """``percent`` is ``None`` when the backend cannot tell (PackageKit's 101); ``status`` is a
    PackageKit status name (``wait``, ``download``, ``install``…); ``item`` the package id or
    file being worked on, if known; ``item_percent`` that item's own progress (PackageKit's
    ``ItemProgress`` signal), ``None`` when unknown or not an item event."""

    percent: int | None
    status: str
    item: str = ""
    item_percent: int | None = None


@dataclass(frozen=True)
class PackageEvent:
    info: PackageInfo
    package_id: str
    summary: str = ""


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


@dataclass(frozen=True)
class UpdateDetailEvent:
    """``updates`` are the installed package ids this update replaces, ``obsoletes`` those it
    makes obsolete, ``cve_urls`` the security advisories it fixes (all possibly empty)."""

    package_id: str
    updates: tuple[str, ...] = ()
    obsoletes: tuple[str, ...] = ()
    cve_urls: tuple[str, ...] = ()
    update_text: str = ""
    changelog: str = ""
    restart: str = ""
    issued: str = ""


@dataclass(frozen=True)
class RestartRequiredEvent:
    kind: str
    package_id: str = ""


@dataclass(frozen=True)
class ErrorEvent:
    """``message`` is the user-level sentence for ``kind``; ``code`` the backend's own error
    name (PackageKit's ``no-network``…); ``details`` the backend's untrusted free text."""

    kind: ErrorKind
    message: str
    code: str = ""
    details: str = ""


@dataclass(frozen=True)
class FinishedEvent:
    """``exit`` is a PackageKit exit name (``success``, ``failed``, ``cancelled``…)."""

    exit: str
    runtime_ms: int = 0

    @property
    def success(self) -> bool:
        return self.exit == "success"


TransactionEvent = (
    ProgressEvent
    | PackageEvent
    | DetailsEvent
    | UpdateDetailEvent
    | RestartRequiredEvent
    | ErrorEvent
    | FinishedEvent
)


@runtime_checkable
class Transaction(Protocol):
    """One running operation. Iterating yields events and ends after ``FinishedEvent``."""

    def __aiter__(self) -> AsyncIterator[TransactionEvent]: ...

    async def cancel(self) -> None: ...


@runtime_checkable
class PackageBackend(Protocol):
    """Everything the product asks of a package manager."""

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
