"""``appcenter-qt --notifier``: a tray icon that appears only while updates wait.

Started at login by the XDG autostart entry. It checks on its own single-shot timer, armed
for when the next check is due under the shared interval rule (``update_check``: the time
of the last check, by this notifier or by the systemd timer's ``--check-updates``, is one
file in the state directory), so it never asks the sources more than once per interval and
sleeps otherwise: no polling loop, one timer. A metered connection skips the check (retried
an hour later, which asks NetworkManager only). Each check runs on a short-lived thread with
its own asyncio loop, and its answer comes back to the GUI thread as a queued signal.

With a tray host (Plasma's StatusNotifierItem host, any X system tray) the icon shows
"3 updates, 1 security" with the security fixes named first; a click opens the window's
Updates page (handed to a running window through ``single_instance``, else a new window),
and the menu has "Check now" and, when an offline update is prepared, "Restart and update"
(the source's ``OfflineUpdates`` trigger). Without a host
(``QSystemTrayIcon.isSystemTrayAvailable()`` false) each check that finds updates sends one
desktop notification instead, the same one as ``--check-updates``.

The state (``visible``, ``count``, ``securityCount``, ``title``, ``toolTip``,
``restartReady``) lives on :class:`TrayNotifier` itself, so it can be read without a host.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    Property,
    QCoreApplication,
    QLockFile,
    QObject,
    QProcess,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QGuiApplication, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from appcenter_qt.backends.notifications import send_notification
from appcenter_qt.domain.errors import AppCenterError, BackendError
from appcenter_qt.domain.pages import Page
from appcenter_qt.domain.updates import UpdateKind
from appcenter_qt.services.update_check import (
    Findings,
    check_interval_s,
    find_updates,
    is_metered,
    record_check,
    seconds_until_due,
    stamp_path,
)
from appcenter_qt.services.update_policy import load_policy
from appcenter_qt.ui.single_instance import default_socket_path, hand_over
from appcenter_qt.ui.update_notice import notice_for

log = logging.getLogger(__name__)

# After a metered connection or a failed check: ask again this much later.
RETRY_S = 3600.0
# QTimer takes a signed 32-bit millisecond count (about 24.8 days).
MAX_TIMER_MS = 2**31 - 1
# Names listed in the tool tip, security fixes first.
NAMED_APPS = 5
ICON_NAME = "software-update-available"
APP_ICON = "org.appcenter_qt.AppCenter"


class TrayNotifier(QObject):
    """The notifier: its state, its timer, its menu and (with a host) its tray icon."""

    changed = Signal()
    # After every check, with what it did: "found", "metered", "failed".
    checked = Signal(str)
    # From the check thread to the GUI thread (queued: emitted on another thread).
    _answered = Signal(str, object)

    def __init__(
        self,
        catalog_path: str | None,
        locale: str,
        selection: str = "all",
        *,
        tray_available: bool | None = None,
        stamp: Path | None = None,
        interval_s: float | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._catalog_path = catalog_path
        self._locale = locale
        self._selection = selection
        self._stamp = stamp or stamp_path()
        self._interval_s = check_interval_s() if interval_s is None else interval_s
        self._findings: Findings | None = None
        self._checking = False
        self.timer_firings = 0  # wake-ups of the check timer, for measuring idleness
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        # Whole seconds are plenty for a check a day away, and let the system batch wake-ups.
        self._timer.setTimerType(Qt.TimerType.VeryCoarseTimer)
        self._timer.timeout.connect(self._due)
        self._answered.connect(self._on_answer)

        self.open_action = QAction(QCoreApplication.translate("TrayNotifier", "Show updates"), self)
        self.open_action.triggered.connect(self.open_updates)
        self.check_action = QAction(QCoreApplication.translate("TrayNotifier", "Check now"), self)
        self.check_action.triggered.connect(self.check_now)
        self.restart_action = QAction(
            QCoreApplication.translate("TrayNotifier", "Restart and update"), self
        )
        self.restart_action.triggered.connect(self.restart_and_update)
        self.restart_action.setVisible(False)
        self.menu = QMenu()
        for action in (self.open_action, self.check_action, self.restart_action):
            self.menu.addAction(action)

        if tray_available is None:
            tray_available = QSystemTrayIcon.isSystemTrayAvailable()
        self.tray: QSystemTrayIcon | None = None
        if tray_available:
            icon = QIcon.fromTheme(ICON_NAME, QIcon.fromTheme(APP_ICON))
            if icon.isNull():  # no icon theme at all: a host shows no icon without one
                icon = _drawn_icon()
            self.tray = QSystemTrayIcon(icon, self)
            self.tray.setContextMenu(self.menu)
            self.tray.activated.connect(self._activated)

    # -- state -------------------------------------------------------------------------

    def _count(self) -> int:
        return self._findings.plan.count if self._findings else 0

    def _security(self) -> int:
        return self._findings.security_count if self._findings else 0

    def _visible(self) -> bool:
        return self._count() > 0

    def _title(self) -> str:
        count, security = self._count(), self._security()
        if not count:
            return ""
        text = QCoreApplication.translate("TrayNotifier", "%n update(s)", None, count)
        if security:
            #: %1 is "N updates", %n the number of them that fix security problems
            text = QCoreApplication.translate(
                "TrayNotifier", "%1, %n security", None, security
            ).replace("%1", text)
        return text

    def _tool_tip(self) -> str:
        if not self._findings or not self._visible():
            return ""
        plan = self._findings.plan
        apps = sorted(plan.apps, key=lambda app: app.kind is not UpdateKind.SECURITY)
        names = [app.name for app in apps[:NAMED_APPS]]
        if len(apps) > NAMED_APPS:
            more = len(apps) - NAMED_APPS
            names.append(QCoreApplication.translate("TrayNotifier", "%n more", None, more))
        lines = [self._title(), *names]
        if plan.infrastructure.packages:
            packages = plan.infrastructure.count
            lines.append(
                QCoreApplication.translate(
                    "TrayNotifier", "System infrastructure: %n package(s)", None, packages
                )
            )
        if self._restart_ready():
            lines.append(
                QCoreApplication.translate(
                    "TrayNotifier", "Downloaded: installs at the next restart"
                )
            )
        return "\n".join(lines)

    def _restart_ready(self) -> bool:
        return bool(self._findings and self._findings.restart_ready)

    visible = Property(bool, _visible, notify=changed)
    count = Property(int, _count, notify=changed)
    securityCount = Property(int, _security, notify=changed)
    title = Property(str, _title, notify=changed)
    toolTip = Property(str, _tool_tip, notify=changed)
    restartReady = Property(bool, _restart_ready, notify=changed)

    def _checking_get(self) -> bool:
        return self._checking

    checking = Property(bool, _checking_get, notify=changed)

    def show_findings(self, findings: Findings) -> None:
        """Show what a check found: the icon and its texts, or (no host) one notification."""
        self._findings = findings
        self.restart_action.setVisible(findings.restart_ready)
        self.restart_action.setEnabled(findings.restart_ready)
        if self.tray is not None:
            self.tray.setToolTip(self._tool_tip())
            self.tray.setVisible(self._visible())
        else:
            self._notify(findings)
        self.changed.emit()

    def _notify(self, findings: Findings) -> None:
        notice = notice_for(findings.plan)
        if notice is None:
            return
        try:
            asyncio.run(send_notification(notice))
        except BackendError as error:
            log.warning("not shown as a notification: %s", error)

    # -- the timer ---------------------------------------------------------------------

    def start(self) -> None:
        """Arm the timer for when the next check is due (now, if it is)."""
        self._arm(seconds_until_due(self._stamp, self._interval_s))

    def _arm(self, seconds: float) -> None:
        self._timer.start(int(min(max(seconds, 0.0) * 1000, MAX_TIMER_MS)))

    def next_check_in_s(self) -> float:
        """Seconds until the timer fires (-1 when it is not armed)."""
        return self._timer.remainingTime() / 1000 if self._timer.isActive() else -1.0

    @Slot()
    def _due(self) -> None:
        self.timer_firings += 1
        # The systemd timer's check may have run since this timer was armed.
        wait = seconds_until_due(self._stamp, self._interval_s)
        if wait > 0:
            self._arm(wait)
            return
        self._run(check_metered=True)

    @Slot()
    def check_now(self) -> None:
        """The menu's "Check now": the user asked, so neither rule applies."""
        self._run(check_metered=False)

    def _run(self, *, check_metered: bool) -> None:
        if self._checking:
            return
        self._checking = True
        self.check_action.setEnabled(False)
        self.changed.emit()
        catalog, locale, selection = self._catalog_path, self._locale, self._selection

        def work() -> tuple[str, object]:
            policy = load_policy()
            if check_metered and not policy.download_on_metered.value and is_metered():
                return "metered", None
            try:
                return "found", asyncio.run(
                    find_updates(catalog, locale, offline=True, selection=selection, policy=policy)
                )
            except AppCenterError as error:
                return "failed", str(error)

        self._in_thread(work)

    def _in_thread(self, work: Callable[[], tuple[str, object]]) -> None:
        def body() -> None:
            try:
                outcome, value = work()
            except Exception as error:
                log.exception("update check failed")
                outcome, value = "failed", str(error)
            self._answered.emit(outcome, value)

        threading.Thread(target=body, name="update-check", daemon=True).start()

    @Slot(str, object)
    def _on_answer(self, outcome: str, value: object) -> None:
        if outcome in ("found", "metered", "failed"):
            self._checking = False
            self.check_action.setEnabled(True)
        if outcome == "found" and isinstance(value, Findings):
            record_check(self._stamp)
            self.show_findings(value)
            self._arm(self._interval_s)
        elif outcome == "metered":
            log.info("the network connection is metered: not checking for updates")
            self._arm(RETRY_S)
        elif outcome == "triggered":
            log.info("the offline update installs at the next restart")
            if self._findings is not None and self._findings.offline is not None:
                offline = dataclasses.replace(self._findings.offline, triggered=True)
                self.show_findings(dataclasses.replace(self._findings, offline=offline))
        elif outcome == "trigger-failed":
            log.warning("cannot install at the next restart: %s", value)
            self.restart_action.setEnabled(self._restart_ready())
        else:
            log.warning("update check: %s", value)
            self._arm(self._interval_s)
        self.changed.emit()
        self.checked.emit(outcome)

    # -- the actions -------------------------------------------------------------------

    @Slot(QSystemTrayIcon.ActivationReason)
    def _activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (
            QSystemTrayIcon.ActivationReason.Trigger,
            QSystemTrayIcon.ActivationReason.DoubleClick,
        ):
            self.open_updates()

    @Slot()
    def open_updates(self) -> None:
        """The window's Updates page: the running window's, else a new window's."""
        if hand_over(str(Page.UPDATES), key="page"):
            return
        QProcess.startDetached(
            sys.executable, ["-m", "appcenter_qt.app", "--page", str(Page.UPDATES)]
        )

    @Slot()
    def restart_and_update(self) -> None:
        """Trigger the prepared offline update and restart (polkit may ask first)."""
        if not self._restart_ready():
            return
        selection = self._selection
        self.restart_action.setEnabled(False)

        def work() -> tuple[str, object]:
            try:
                asyncio.run(_trigger_and_reboot(selection))
            except AppCenterError as error:
                return "trigger-failed", str(error)
            return "triggered", None

        self._in_thread(work)


def _drawn_icon() -> QIcon:
    """A plain badge (a filled circle, the palette's highlight colour) for a machine with no
    icon theme, where ``QIcon.fromTheme`` finds nothing and the tray would show nothing."""
    pixmap = QPixmap(32, 32)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QGuiApplication.palette().highlight())
    painter.drawEllipse(3, 3, 26, 26)
    painter.end()
    return QIcon(pixmap)


async def _trigger_and_reboot(selection: str) -> None:
    from appcenter_qt.services.source_set import SourceSet
    from appcenter_qt.services.updater import restart_and_update

    sources = SourceSet.choose(selection)
    try:
        # A restart logind refuses is logged there; the update stays set for the next one.
        await restart_and_update(sources.combined())
    finally:
        await sources.aclose()


def lock_path() -> str:
    """Beside the single-instance socket: ``$XDG_RUNTIME_DIR/appcenter-qt-notifier.lock``."""
    return str(Path(default_socket_path()).with_name("appcenter-qt-notifier.lock"))


def run_notifier(app: Any, catalog_path: str | None, locale: str, selection: str) -> int:
    """Run the notifier in ``app`` (a ``QApplication``) until the session ends; one per user
    (a second one, say autostart plus a manual start, says so and exits 0)."""
    lock = QLockFile(lock_path())
    lock.setStaleLockTime(0)  # only a live process holds it (Qt checks the pid)
    if not lock.tryLock(0):
        print("appcenter-qt: the update notifier is already running", file=sys.stderr)
        return 0
    if selection == "none":
        log.warning("--backend none: the notifier has no source to ask and never checks")
    notifier = TrayNotifier(catalog_path, locale, selection)
    if notifier.tray is None:
        log.info("no system tray: one desktop notification per check instead")
    if selection != "none":
        notifier.start()
    started = time.monotonic()
    status = int(app.exec())
    lock.unlock()
    log.debug(
        "notifier ran %.0f s, %d timer wake-ups",
        time.monotonic() - started,
        notifier.timer_firings,
    )
    return status
