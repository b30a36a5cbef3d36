"""Starting an installed application from its app page.

The desktop file id comes from the catalog, i.e. from a package: it is validated (a plain
``name.desktop`` file name, no path), looked up in the XDG ``applications`` directories,
and handed as one argument to a launcher program, never to a shell. The launcher is the
desktop's own when present (``kstart`` on Plasma, ``gtk-launch``), else GLib's ``gio launch``,
so the application starts the way the desktop's menu would start it.
"""

from __future__ import annotations

import logging
import re
import shutil
from pathlib import Path

from PySide6.QtCore import QObject, QUrl, Slot

from appcenter_qt.domain.links import safe_link
from appcenter_qt.support import user_dirs

log = logging.getLogger(__name__)

_DESKTOP_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,250}\.desktop")


def application_dirs() -> list[Path]:
    return [base / "applications" for base in user_dirs.all_data_dirs()]


def desktop_file(desktop_id: str) -> Path | None:
    """The installed desktop file for ``desktop_id``, or ``None`` (also for invalid ids)."""
    if not _DESKTOP_ID.fullmatch(desktop_id or ""):
        return None
    for directory in application_dirs():
        candidate = directory / desktop_id
        if candidate.is_file():
            return candidate
    return None


def launch_command(desktop_id: str, path: Path) -> tuple[str, list[str]] | None:
    for program, args in (
        ("kstart", ["--application", desktop_id.removesuffix(".desktop")]),
        ("gtk-launch", [desktop_id]),
        ("gio", ["launch", str(path)]),
    ):
        found = shutil.which(program)
        if found:
            return found, args
    return None


class Launcher(QObject):
    @Slot(str, result=bool)
    def canLaunch(self, desktop_id: str) -> bool:
        path = desktop_file(desktop_id)
        return path is not None and launch_command(desktop_id, path) is not None

    @Slot(str, result=bool)
    def launch(self, desktop_id: str) -> bool:
        path = desktop_file(desktop_id)
        command = launch_command(desktop_id, path) if path else None
        if path is None or command is None:
            log.warning("cannot launch %r: no desktop file or no launcher", desktop_id[:260])
            return False
        program, args = command
        from PySide6.QtCore import QProcess  # its 12 enums: when a launch is asked, not at start

        started, _pid = QProcess.startDetached(program, args)
        if not started:
            log.warning("%s could not be started for %s", program, desktop_id)
        return bool(started)

    @Slot(str, result=bool)
    def openUrl(self, url: str) -> bool:
        """Open an app page link with the desktop's handler (browser, mail program).

        Links come from packages: only http(s) and ``mailto:`` pass :func:`safe_link`, so a
        ``file:``, ``javascript:`` or custom-scheme link never reaches a URL handler."""
        link = safe_link(url)
        if link is None:
            log.warning("refusing to open %r: only http(s) and mailto links", url[:200])
            return False
        from PySide6.QtGui import QDesktopServices

        return bool(QDesktopServices.openUrl(QUrl(link, QUrl.ParsingMode.StrictMode)))
