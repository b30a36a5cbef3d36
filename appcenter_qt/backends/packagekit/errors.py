"""PackageKit's error codes → :class:`~appcenter_qt.domain.backend.ErrorKind` and a message.

The UI shows one sentence per failure class; PackageKit has ~70 codes, most of which mean
"it failed" to a user. The mapping lives here so the UI never sees PackageKit numbers, and
the daemon's own ``details`` text (untrusted, may be long) is kept separately in
``ErrorEvent.code``/logs rather than shown as the headline.

D-Bus level failures (the daemon is not on the bus, polkit refused the method call, the
call timed out) are mapped by :func:`kind_for_dbus_error`.
"""

from __future__ import annotations

from appcenter_qt.domain.backend import ErrorKind

from .enums import Error

_KIND: dict[Error, ErrorKind] = {
    Error.NO_NETWORK: ErrorKind.NETWORK,
    Error.PACKAGE_DOWNLOAD_FAILED: ErrorKind.NETWORK,
    Error.NO_MORE_MIRRORS_TO_TRY: ErrorKind.NETWORK,
    Error.REPO_NOT_AVAILABLE: ErrorKind.NETWORK,
    Error.CANNOT_FETCH_SOURCES: ErrorKind.NETWORK,
    Error.RESTRICTED_DOWNLOAD: ErrorKind.NETWORK,
    Error.PACKAGE_NOT_FOUND: ErrorKind.NOT_FOUND,
    Error.PACKAGE_NOT_INSTALLED: ErrorKind.NOT_FOUND,
    Error.UPDATE_NOT_FOUND: ErrorKind.NOT_FOUND,
    Error.REPO_NOT_FOUND: ErrorKind.NOT_FOUND,
    Error.FILE_NOT_FOUND: ErrorKind.NOT_FOUND,
    Error.GROUP_NOT_FOUND: ErrorKind.NOT_FOUND,
    Error.NOT_AUTHORIZED: ErrorKind.NOT_AUTHORIZED,
    Error.CANNOT_GET_LOCK: ErrorKind.LOCKED,
    Error.LOCK_REQUIRED: ErrorKind.LOCKED,
    Error.TRANSACTION_CANCELLED: ErrorKind.CANCELLED,
    Error.CANCELLED_PRIORITY: ErrorKind.CANCELLED,
    Error.PROCESS_KILL: ErrorKind.CANCELLED,
    Error.PACKAGE_ID_INVALID: ErrorKind.INVALID_INPUT,
    Error.FILTER_INVALID: ErrorKind.INVALID_INPUT,
}

MESSAGES: dict[ErrorKind, str] = {
    ErrorKind.DAEMON_MISSING: (
        "The package service (PackageKit) is not available. Install PackageKit or ask "
        "your administrator."
    ),
    ErrorKind.DAEMON_CRASHED: (
        "The package service stopped while working. Nothing more will happen; try again."
    ),
    ErrorKind.NOT_AUTHORIZED: "You are not allowed to change the software on this computer.",
    ErrorKind.LOCKED: (
        "Another program is installing or removing software. Close it and try again."
    ),
    ErrorKind.NETWORK: "The software could not be downloaded. Check the network connection.",
    ErrorKind.NOT_FOUND: "The package could not be found in the configured sources.",
    ErrorKind.CANCELLED: "The operation was cancelled.",
    ErrorKind.TIMEOUT: "The package service stopped responding.",
    ErrorKind.INVALID_INPUT: "The request named a package that is not valid.",
    ErrorKind.FAILED: "The operation failed.",
}

# D-Bus error names (from the bus or the daemon) that mean something specific.
_DBUS_KIND: dict[str, ErrorKind] = {
    "org.freedesktop.DBus.Error.ServiceUnknown": ErrorKind.DAEMON_MISSING,
    "org.freedesktop.DBus.Error.NameHasNoOwner": ErrorKind.DAEMON_MISSING,
    "org.freedesktop.DBus.Error.Spawn.ChildExited": ErrorKind.DAEMON_MISSING,
    "org.freedesktop.DBus.Error.Spawn.ExecFailed": ErrorKind.DAEMON_MISSING,
    "org.freedesktop.DBus.Error.NoReply": ErrorKind.TIMEOUT,
    "org.freedesktop.DBus.Error.Timeout": ErrorKind.TIMEOUT,
    "org.freedesktop.DBus.Error.AccessDenied": ErrorKind.NOT_AUTHORIZED,
    "org.freedesktop.PackageKit.Transaction.RefusedByPolicy": ErrorKind.NOT_AUTHORIZED,
    "org.freedesktop.PackageKit.Transaction.NotAuthorized": ErrorKind.NOT_AUTHORIZED,
    "org.freedesktop.PackageKit.Transaction.InvalidState": ErrorKind.FAILED,
    "org.freedesktop.PackageKit.Transaction.PackageIdInvalid": ErrorKind.INVALID_INPUT,
    "org.freedesktop.PackageKit.Transaction.InputInvalid": ErrorKind.INVALID_INPUT,
    "org.freedesktop.PackageKit.Transaction.NotSupported": ErrorKind.FAILED,
}


def kind_for_error(code: int) -> ErrorKind:
    """The failure class of a PackageKit ``ErrorCode`` number (unknown numbers → FAILED)."""
    return _KIND.get(Error.from_wire(code), ErrorKind.FAILED)


def kind_for_dbus_error(name: str) -> ErrorKind:
    return _DBUS_KIND.get(name, ErrorKind.FAILED)


def message_for(kind: ErrorKind) -> str:
    """The user-level sentence for a failure class (what the UI and CLI show)."""
    return MESSAGES[kind]
