"""libflatpak's words → the neutral contract's: operation types → :class:`Status` and
:class:`PackageState`, errors (``GLib.Error`` of the Flatpak and GIO domains) →
:class:`ErrorKind` with a user sentence.

Kept as tables of *names* (``ref-not-found``, ``cancelled``), not of numbers, so a newer
libflatpak with more codes maps its unknown ones to ``failed`` instead of breaking.
"""

from __future__ import annotations

from appcenter_qt.domain.backend import ErrorKind, PackageState, Status
from appcenter_qt.domain.source_wording import QT_TRANSLATE_NOOP, SourceWording

# How the window speaks of Flatpak and its remotes (the Sources page's group, its buttons and
# questions); translated by the window in the ``SourceWords`` context.
WORDING = SourceWording(
    remotes=QT_TRANSLATE_NOOP("SourceWords", "Flatpak sources"),
    add_remote=QT_TRANSLATE_NOOP("SourceWords", "Add Flatpak source…"),
    add_remote_hint=QT_TRANSLATE_NOOP(
        "SourceWords", "Add a Flatpak source from a .flatpakrepo file"
    ),
    add_remote_title=QT_TRANSLATE_NOOP("SourceWords", "Add Flatpak Source"),
    remote_files=QT_TRANSLATE_NOOP("SourceWords", "Flatpak repository files (*.flatpakrepo)"),
    add_remote_question=QT_TRANSLATE_NOOP("SourceWords", "Add Flatpak Source?"),
    remove_remote_question=QT_TRANSLATE_NOOP("SourceWords", "Remove Flatpak Source?"),
    refused_file=QT_TRANSLATE_NOOP(
        "SourceWords", "This file cannot be added as a Flatpak source: %1"
    ),
    remote_exists=QT_TRANSLATE_NOOP(
        "SourceWords", "A Flatpak source of this name is already configured."
    ),
    no_unused=QT_TRANSLATE_NOOP("SourceWords", "No unused Flatpak runtimes."),
)

#: ``Flatpak.TransactionOperationType`` nick → (progress status, package state).
OPERATIONS: dict[str, tuple[Status, PackageState]] = {
    "install": (Status.INSTALLING, PackageState.INSTALLING),
    "install-bundle": (Status.INSTALLING, PackageState.INSTALLING),
    "update": (Status.UPDATING, PackageState.UPDATING),
    "uninstall": (Status.REMOVING, PackageState.REMOVING),
}

#: ``Flatpak.Error`` nick → failure class.
FLATPAK_ERRORS: dict[str, ErrorKind] = {
    "already-installed": ErrorKind.INVALID_INPUT,
    "not-installed": ErrorKind.NOT_FOUND,
    "remote-not-found": ErrorKind.NOT_FOUND,
    "runtime-not-found": ErrorKind.NOT_FOUND,
    "ref-not-found": ErrorKind.NOT_FOUND,
    "invalid-ref": ErrorKind.INVALID_INPUT,
    "invalid-name": ErrorKind.INVALID_INPUT,
    "aborted": ErrorKind.CANCELLED,
    "permission-denied": ErrorKind.NOT_AUTHORIZED,
    "not-authorized": ErrorKind.NOT_AUTHORIZED,
    "authentication-failed": ErrorKind.NOT_AUTHORIZED,
    "wrong-user": ErrorKind.NOT_AUTHORIZED,
    "untrusted": ErrorKind.FAILED,
    "out-of-space": ErrorKind.FAILED,
}

#: ``Gio.IOErrorEnum`` nick → failure class (network and file errors while pulling).
IO_ERRORS: dict[str, ErrorKind] = {
    "cancelled": ErrorKind.CANCELLED,
    "timed-out": ErrorKind.TIMEOUT,
    "host-not-found": ErrorKind.NETWORK,
    "host-unreachable": ErrorKind.NETWORK,
    "network-unreachable": ErrorKind.NETWORK,
    "connection-refused": ErrorKind.NETWORK,
    "connection-closed": ErrorKind.NETWORK,
    "proxy-failed": ErrorKind.NETWORK,
    "permission-denied": ErrorKind.NOT_AUTHORIZED,
    "busy": ErrorKind.LOCKED,
}

MESSAGES: dict[ErrorKind, str] = {
    ErrorKind.DAEMON_MISSING: "Flatpak support is not installed.",
    ErrorKind.DAEMON_CRASHED: "Flatpak stopped while working. Nothing more will happen; try again.",
    ErrorKind.NOT_AUTHORIZED: "You are not allowed to change this Flatpak installation.",
    ErrorKind.LOCKED: "Another program is changing this Flatpak installation. Try again later.",
    ErrorKind.NETWORK: "The Flatpak remote could not be reached. Check the network connection.",
    ErrorKind.NOT_FOUND: "The application could not be found in the Flatpak remote.",
    ErrorKind.CANCELLED: "The operation was cancelled.",
    ErrorKind.TIMEOUT: "Flatpak stopped responding.",
    ErrorKind.INVALID_INPUT: "The request named an application that is not valid.",
    ErrorKind.FAILED: "The Flatpak operation failed.",
}


def kind_for(domain: str, nick: str) -> ErrorKind:
    """The failure class of an error of ``domain`` (``flatpak-error-quark``,
    ``g-io-error-quark``) with code nick ``nick``; anything unknown is ``failed``."""
    if domain == "flatpak-error-quark":
        return FLATPAK_ERRORS.get(nick, ErrorKind.FAILED)
    if domain == "g-io-error-quark":
        return IO_ERRORS.get(nick, ErrorKind.FAILED)
    return ErrorKind.FAILED


def message_for(kind: ErrorKind) -> str:
    return MESSAGES[kind]
