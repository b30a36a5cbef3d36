"""The Updates page's offline part: what waits for the restart, and how the last one went.

:class:`OfflineUpdate` is the ``offline`` property of the Updates model. Everything it asks
goes through the updater's ``offline_*`` steps, which find the source that installs at
restart (PackageKit); the rule of *which* packages go offline is the updater's
(:func:`appcenter_qt.services.updater.split_by_mode`), applied by the Updates model's "Update all".

* ``mode`` (``offline``, the default, or ``live``) is the person's setting, saved through the
  ``save_mode`` callable (``QSettings`` in ``app.py``);
* ``refresh()`` reads the status (prepared packages, whether the next restart installs
  them) and the last offline update's result. A result is shown once: it is cleared at the
  source as soon as it has been read and stays in this object until ``dismissResult()``;
* ``restart(action)`` sets the prepared update to install at the next restart (``reboot``
  or ``power-off`` afterwards) and asks systemd-logind to restart (or power off) now
  (:func:`~appcenter_qt.services.updater.restart_and_update`); ``cancel()`` unsets it,
  keeping the download.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtCore import Property, QCoreApplication, QObject, Signal, Slot

from appcenter_qt.domain.backend import (
    OfflineAction,
    OfflineResult,
    OfflineStatus,
    PackageBackend,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef
from appcenter_qt.domain.updates import DEFAULT_SYSTEM_UPDATE_MODE, SystemUpdateMode
from appcenter_qt.models.job_texts import error_message
from appcenter_qt.services.updater import (
    cancel_offline,
    clear_offline_results,
    offline_results,
    offline_source,
    offline_status,
    restart_and_update,
)
from appcenter_qt.ui.async_bridge import AsyncLoopThread

log = logging.getLogger(__name__)
# How many package names a banner lists before "and N more".
NAMES_SHOWN = 12


class OfflineUpdate(QObject):
    changed = Signal()

    def __init__(
        self,
        backend: PackageBackend | None,
        loop: AsyncLoopThread | None,
        post: Callable[[Callable[[], Any]], None],
        mode: SystemUpdateMode = DEFAULT_SYSTEM_UPDATE_MODE,
        save_mode: Callable[[SystemUpdateMode], None] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._backend = backend
        self._loop = loop
        self._post = post
        self._mode = mode
        self._save_mode = save_mode
        self._mode_locked = False
        self._available = offline_source(backend)[0] is not None and loop is not None
        self._status = OfflineStatus()
        self._result: OfflineResult | None = None
        self._busy = False
        self._error = ""

    @property
    def mode(self) -> SystemUpdateMode:
        """The mode the next update runs in (always live without an offline source)."""
        return self._mode if self._available else SystemUpdateMode.LIVE

    # -- properties ------------------------------------------------------------------------
    def _get_available(self) -> bool:
        return self._available

    def _get_mode_locked(self) -> bool:
        return self._mode_locked

    def lock_mode(self) -> None:
        """An administrator locked the setting (``locked = systemUpdates``): shown, not changed."""
        self._mode_locked = True
        self.changed.emit()

    def _get_offline(self) -> bool:
        return self._mode is SystemUpdateMode.OFFLINE

    def _set_offline(self, offline: bool) -> None:
        mode = SystemUpdateMode.OFFLINE if offline else SystemUpdateMode.LIVE
        if mode is self._mode or self._mode_locked:
            return
        self._mode = mode
        if self._save_mode is not None:
            self._save_mode(mode)
        self.changed.emit()

    def _get_prepared(self) -> int:
        return len(self._status.prepared)

    def _get_triggered(self) -> bool:
        return self._status.triggered

    def _get_action(self) -> str:
        return self._status.action.value if self._status.action else ""

    def _get_prepared_names(self) -> str:
        return self._names(self._status.prepared)

    def _get_busy(self) -> bool:
        return self._busy

    def _get_error(self) -> str:
        return self._error

    def _get_has_result(self) -> bool:
        return self._result is not None

    def _get_result_success(self) -> bool:
        return self._result is not None and self._result.success

    def _get_result_text(self) -> str:
        result = self._result
        if result is None:
            return ""
        if result.success:
            return QCoreApplication.translate(
                "Updates",
                "%n update(s) were installed while the computer restarted.",
                "",
                len(result.packages),
            )
        message = error_message(result.error) if result.error else result.message
        return QCoreApplication.translate(
            "Updates", "The updates could not be installed while the computer restarted: %1"
        ).replace("%1", message)

    def _get_result_details(self) -> str:
        result = self._result
        if result is None:
            return ""
        details = " ".join(result.details.split())[:300]
        names = self._names(result.packages)
        if result.success or not details:
            return names
        reason = f"{result.code}: {details}" if result.code else details
        return f"{reason}\n{names}" if names else reason

    available = Property(bool, _get_available, constant=True)
    modeLocked = Property(bool, _get_mode_locked, notify=changed)
    offline = Property(bool, _get_offline, _set_offline, notify=changed)
    prepared = Property(int, _get_prepared, notify=changed)
    preparedNames = Property(str, _get_prepared_names, notify=changed)
    triggered = Property(bool, _get_triggered, notify=changed)
    action = Property(str, _get_action, notify=changed)
    busy = Property(bool, _get_busy, notify=changed)
    errorText = Property(str, _get_error, notify=changed)
    hasResult = Property(bool, _get_has_result, notify=changed)
    resultSuccess = Property(bool, _get_result_success, notify=changed)
    resultText = Property(str, _get_result_text, notify=changed)
    resultDetails = Property(str, _get_result_details, notify=changed)

    # -- asking the source -------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Read the status and the last result (clearing that at the source: shown once).
        A failure here is only logged: the Updates page's own check reports a missing or
        failing source once."""
        self._run(self._read(clear=True), quiet=True)

    async def _read(self, *, clear: bool) -> None:
        status = await offline_status(self._backend)
        result = await offline_results(self._backend)
        if result is not None and clear:
            try:
                await clear_offline_results(self._backend)
            except BackendError as error:
                log.warning("could not clear the offline update results: %s", error)
        self._post(lambda: self._learned(status, result))

    def _learned(self, status: OfflineStatus | None, result: OfflineResult | None) -> None:
        self._status = status or OfflineStatus()
        if result is not None:
            self._result = result
        self._busy = False
        self.changed.emit()

    @Slot(str)
    def restart(self, action: str = "reboot") -> None:
        """Install what is prepared at the next restart (``reboot`` or ``power-off`` after)."""
        try:
            chosen = OfflineAction(action)
        except ValueError:
            log.warning("unknown offline action %r", action[:40])
            return
        self._run(self._restart(chosen))

    @Slot()
    def cancel(self) -> None:
        """Do not install at the next restart (the download stays prepared)."""
        self._run(self._then_read(cancel_offline(self._backend)))

    async def _restart(self, action: OfflineAction) -> None:
        """Trigger, then have logind restart; if it cannot, the page says so and why (the
        update stays set for the next restart)."""
        reason = await restart_and_update(self._backend, action)
        await self._read(clear=False)
        if reason:
            #: %1 is why (systemd-logind's words)
            text = QCoreApplication.translate(
                "Updates",
                "The computer could not be restarted (%1). The updates will be installed the "
                "next time it restarts.",
            ).replace("%1", reason)
            self._post(lambda: self._failed(text))

    async def _then_read(self, step: Coroutine[Any, Any, None]) -> None:
        await step
        await self._read(clear=False)

    @Slot()
    def dismissResult(self) -> None:
        if self._result is not None:
            self._result = None
            self.changed.emit()

    @Slot()
    def clearError(self) -> None:
        if self._error:
            self._error = ""
            self.changed.emit()

    # -- helpers ---------------------------------------------------------------------------
    def _run(self, coroutine: Coroutine[Any, Any, None], *, quiet: bool = False) -> None:
        if not self._available or self._loop is None:
            coroutine.close()
            return
        self._busy = True
        if not quiet:
            self._error = ""
        self.changed.emit()

        async def guarded() -> None:
            try:
                await coroutine
            except BackendError as error:
                if quiet:
                    log.info("could not read the offline update status: %s", error)
                message = "" if quiet else error_message(error.code)
                self._post(lambda: self._failed(message))
            except Exception as error:  # a source bug must not leave the banner busy
                log.exception("offline update step failed")
                message = error_message("failed") + f" ({error})"
                self._post(lambda: self._failed(message))

        self._loop.submit(guarded())

    def _failed(self, message: str) -> None:
        self._busy = False
        if message:
            self._error = message
        self.changed.emit()

    def _names(self, refs: tuple[str, ...]) -> str:
        names = []
        for ref in refs:
            try:
                names.append(self._backend.parse_ref(ref).name if self._backend else ref)
            except InvalidPackageRef:
                names.append(ref)
        shown = ", ".join(sorted(set(names))[:NAMES_SHOWN])
        more = len(set(names)) - NAMES_SHOWN
        if more <= 0:
            return shown
        return shown + QCoreApplication.translate("Updates", " and %1 more").replace(
            "%1", str(more)
        )
