"""The Updates page's line about what the update policy did by itself.

The automatic run (``appcenter-qt --check-updates`` or the notifier, with ``auto-update-apps``
on) records itself in ``$XDG_STATE_HOME/appcenter-qt/automatic-updates.json``
(:mod:`appcenter_qt.services.auto_update`); this object reads that record whenever the page
checks for updates and says it in one sentence: "3 applications were updated automatically
on 5 Dec 2026.", or that the run failed and why.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from PySide6.QtCore import Property, QCoreApplication, QObject, Signal, Slot

from appcenter_qt.support.formatting import format_day

if TYPE_CHECKING:
    from appcenter_qt.services.auto_update import AutoUpdateRecord


def automatic_text(record: AutoUpdateRecord | None, locale: str | None) -> str:
    """The sentence for ``record`` ("" for none)."""
    if record is None:
        return ""
    day = format_day(dt.datetime.fromtimestamp(record.time).date(), locale)
    if record.error:
        #: %1 is a date, %2 the reason (the package source's own words)
        text = QCoreApplication.translate("AutomaticUpdates", "Automatic updates failed on %1: %2")
        return text.replace("%1", day).replace("%2", record.error)
    apps = len(record.apps)
    if apps:
        #: %1 is a date
        text = QCoreApplication.translate(
            "AutomaticUpdates", "%n application(s) were updated automatically on %1.", None, apps
        )
    else:
        packages = record.packages
        #: runtimes and other shared parts of applications; %1 is a date
        text = QCoreApplication.translate(
            "AutomaticUpdates",
            "%n application component(s) were updated automatically on %1.",
            None,
            packages,
        )
    return text.replace("%1", day)


class AutomaticUpdates(QObject):
    """``updates.automatic`` in QML: ``text`` (empty when nothing was done automatically)."""

    changed = Signal()

    def __init__(self, locale: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._locale = locale
        self._record: AutoUpdateRecord | None = None
        self._text = ""

    def _get_text(self) -> str:
        return self._text

    def _get_failed(self) -> bool:
        return bool(self._record and self._record.error)

    def _get_names(self) -> str:
        return ", ".join(self._record.apps) if self._record else ""

    text = Property(str, _get_text, notify=changed)
    failed = Property(bool, _get_failed, notify=changed)
    names = Property(str, _get_names, notify=changed)

    @Slot()
    def refresh(self) -> None:
        """Read the record again (a check may have run since)."""
        # imported here: the update policy's reader is 10 ms of a window's start, and the
        # record is first read when the Updates page checks
        from appcenter_qt.services.auto_update import load_record

        record = load_record()
        text = automatic_text(record, self._locale)
        if (record, text) != (self._record, self._text):
            self._record, self._text = record, text
            self.changed.emit()
