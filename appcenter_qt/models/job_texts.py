"""The window's words for the neutral job vocabulary: a failure's sentence (the shared
:func:`~appcenter_qt.services.install.error_sentence`, translated), a job's status, and one
line of a simulation's "this also changes" list. Every page that runs jobs uses these, so a
status or a failure reads the same on the app page, the Updates page and the Sources page.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from appcenter_qt.domain.backend import PackageState, Status
from appcenter_qt.domain.package_ref import PackageRef
from appcenter_qt.services.install import ERROR_CONTEXT, describe_error


def _translate(sentence: str) -> str:
    return QCoreApplication.translate(ERROR_CONTEXT, sentence)


def error_message(kind: str, details: str = "") -> str:
    """The shared sentence for an :class:`ErrorKind` (:func:`~appcenter_qt.services.install.
    describe_error`), in the user's language."""
    return describe_error(kind, details, _translate)


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
