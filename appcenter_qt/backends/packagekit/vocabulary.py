"""PackageKit's words → the neutral words of :mod:`appcenter_qt.domain.backend`.

PackageKit reports ~37 statuses, 27 package infos, 12 exit codes and 7 restart kinds; the
product shows a handful of each. Mapping them here keeps PackageKit's vocabulary inside this
package: the models and CLIs see :class:`~appcenter_qt.domain.backend.Status`,
:class:`~appcenter_qt.domain.backend.PackageState`, ``UpdateKind``, ``RestartHint`` and
``Outcome`` only. A number a newer daemon sends that is not listed becomes ``UNKNOWN`` (or
``FAILED`` for an exit) rather than an error.
"""

from __future__ import annotations

from appcenter_qt.domain.backend import (
    Outcome,
    PackageState,
    RestartHint,
    Status,
    UpdateKind,
)
from appcenter_qt.domain.source_wording import SourceWording

from . import enums

# How the window speaks of PackageKit's source: the distribution's package repositories (the
#: window names the source itself after os-release).
WORDING = SourceWording()

# Metadata downloads (changelogs, groups, update info) are "refreshing", like RefreshCache;
# package and repository downloads are "downloading".
_STATUS: dict[enums.Status, Status] = {
    enums.Status.UNKNOWN: Status.UNKNOWN,
    enums.Status.WAIT: Status.WAITING,
    enums.Status.WAITING_FOR_LOCK: Status.WAITING,
    enums.Status.WAITING_FOR_AUTH: Status.WAITING,
    enums.Status.REFRESH_CACHE: Status.REFRESHING,
    enums.Status.DOWNLOAD_CHANGELOG: Status.REFRESHING,
    enums.Status.DOWNLOAD_GROUP: Status.REFRESHING,
    enums.Status.DOWNLOAD_UPDATEINFO: Status.REFRESHING,
    enums.Status.DOWNLOAD: Status.DOWNLOADING,
    enums.Status.DOWNLOAD_REPOSITORY: Status.DOWNLOADING,
    enums.Status.DOWNLOAD_PACKAGELIST: Status.DOWNLOADING,
    enums.Status.DOWNLOAD_FILELIST: Status.DOWNLOADING,
    enums.Status.INSTALL: Status.INSTALLING,
    enums.Status.UPDATE: Status.UPDATING,
    enums.Status.REMOVE: Status.REMOVING,
    enums.Status.CLEANUP: Status.REMOVING,
    enums.Status.OBSOLETE: Status.REMOVING,
    enums.Status.FINISHED: Status.FINISHED,
}

_URGENCY: dict[enums.Info, UpdateKind] = {
    enums.Info.LOW: UpdateKind.LOW,
    enums.Info.ENHANCEMENT: UpdateKind.ENHANCEMENT,
    enums.Info.NORMAL: UpdateKind.NORMAL,
    enums.Info.BUGFIX: UpdateKind.BUGFIX,
    enums.Info.IMPORTANT: UpdateKind.IMPORTANT,
    enums.Info.CRITICAL: UpdateKind.IMPORTANT,
    enums.Info.SECURITY: UpdateKind.SECURITY,
}

_STATE: dict[enums.Info, PackageState] = {
    enums.Info.INSTALLED: PackageState.INSTALLED,
    enums.Info.COLLECTION_INSTALLED: PackageState.INSTALLED,
    enums.Info.AVAILABLE: PackageState.AVAILABLE,
    enums.Info.COLLECTION_AVAILABLE: PackageState.AVAILABLE,
    enums.Info.UNAVAILABLE: PackageState.UNAVAILABLE,
    enums.Info.BLOCKED: PackageState.UNAVAILABLE,
    enums.Info.PREPARING: PackageState.PREPARING,
    enums.Info.DECOMPRESSING: PackageState.PREPARING,
    enums.Info.DOWNLOADING: PackageState.DOWNLOADING,
    enums.Info.INSTALLING: PackageState.INSTALLING,
    enums.Info.UPDATING: PackageState.UPDATING,
    enums.Info.REINSTALLING: PackageState.REINSTALLING,
    enums.Info.DOWNGRADING: PackageState.DOWNGRADING,
    enums.Info.REMOVING: PackageState.REMOVING,
    enums.Info.OBSOLETING: PackageState.REMOVING,
    enums.Info.CLEANUP: PackageState.CLEANING_UP,
    enums.Info.FINISHED: PackageState.FINISHED,
}

_RESTART: dict[enums.Restart, RestartHint] = {
    enums.Restart.APPLICATION: RestartHint.APPLICATION,
    enums.Restart.SESSION: RestartHint.SESSION,
    enums.Restart.SECURITY_SESSION: RestartHint.SESSION,
    enums.Restart.SYSTEM: RestartHint.SYSTEM,
    enums.Restart.SECURITY_SYSTEM: RestartHint.SYSTEM,
}

_OUTCOME: dict[enums.Exit, Outcome] = {
    enums.Exit.SUCCESS: Outcome.SUCCESS,
    enums.Exit.CANCELLED: Outcome.CANCELLED,
    enums.Exit.CANCELLED_PRIORITY: Outcome.CANCELLED,
}


# By wire number, built once: a big Resolve or GetUpdates maps hundreds of Package signals,
# and a dict lookup is several times cheaper than constructing the IntEnum member each time.
_STATUS_BY_NUMBER = {int(s): _STATUS.get(s, Status.PREPARING) for s in enums.Status}
_STATE_BY_NUMBER: dict[int, tuple[PackageState, UpdateKind | None]] = {
    int(i): (PackageState.UPDATE, _URGENCY[i])
    if i in _URGENCY
    else (_STATE.get(i, PackageState.UNKNOWN), None)
    for i in enums.Info
}
_UNKNOWN_STATE = (PackageState.UNKNOWN, None)
_MAX_REMEMBERED = 256


def status(value: int) -> Status:
    """A ``Status`` property or ``ItemProgress`` number; the many set-up phases (dependency
    resolution, signature checks, commit…) are all ``preparing``."""
    return _STATUS_BY_NUMBER.get(value, Status.UNKNOWN)


def package_state(value: int) -> tuple[PackageState, UpdateKind | None]:
    """A ``Package`` signal's info: the state, and the urgency when it is an offered update.

    PackageKit reports an update's urgency *as* its info (``security``, ``bugfix``…), and
    since 1.2.5 may pack an update severity into the upper 16 bits (``normal | normal << 16``
    from the apt backend): the low half is the info, a non-zero high half the urgency."""
    found = _STATE_BY_NUMBER.get(value)
    if found is not None:
        return found
    state, urgency = _STATE_BY_NUMBER.get(value & 0xFFFF, _UNKNOWN_STATE)
    severity = _URGENCY.get(enums.Info.from_wire(value >> 16))
    found = (state, severity if state is PackageState.UPDATE and severity is not None else urgency)
    if len(_STATE_BY_NUMBER) < _MAX_REMEMBERED:  # a daemon sends a handful of packed values
        _STATE_BY_NUMBER[value] = found
    return found


def restart_hint(value: int) -> RestartHint:
    return _RESTART.get(enums.Restart.from_wire(value), RestartHint.NONE)


def outcome(value: int) -> Outcome:
    return _OUTCOME.get(enums.Exit.from_wire(value), Outcome.FAILED)
