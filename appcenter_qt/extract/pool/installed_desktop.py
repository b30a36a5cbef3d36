"""Installed applications as their desktop files show them: the Installed page lists
applications no catalog knows from here (a program from ``/usr/local``, a package whose
distribution ships no AppStream data).

Each ``applications`` directory of the XDG data dirs is read once (first directory wins for
an id, as the menu spec says); entries that are not visible applications (``NoDisplay``,
``Hidden``, not ``Type=Application``) are skipped. A file that cannot be read or parsed is
logged and skipped. The modification time stands for "installed or updated on", the only
date a desktop file carries.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from appcenter_qt.extract.appstream.desktop import DesktopEntry, desktop_id_for, parse_desktop
from appcenter_qt.support.file_names import bad_name_message, is_clean

log = logging.getLogger(__name__)

#: More desktop files than this in one directory is not a desktop (a broken mount).
MAX_FILES = 20_000


@dataclass(frozen=True)
class InstalledDesktop:
    desktop_id: str
    entry: DesktopEntry
    path: Path
    mtime: float


def scan_applications(directories: Iterable[Path]) -> list[InstalledDesktop]:
    """Every visible application's desktop file below ``directories`` (``…/applications``),
    the first directory winning for an id."""
    found: dict[str, InstalledDesktop] = {}
    for directory in directories:
        try:
            paths = sorted(directory.rglob("*.desktop"))[:MAX_FILES]
        except OSError as error:
            log.debug("%s: cannot list: %s", directory, error)
            continue
        for path in paths:
            if not is_clean(path):
                log.info("%s", bad_name_message(path))
                continue
            relative = "usr/share/applications/" + path.relative_to(directory).as_posix()
            desktop_id = desktop_id_for(relative)
            if desktop_id is None or desktop_id in found:
                continue
            try:
                data = path.read_bytes()
                mtime = path.stat().st_mtime
            except OSError as error:
                log.info("%s: cannot read: %s", path, error)
                continue
            entry, hints = parse_desktop(data, relative, str(path))
            for hint in hints:
                log.debug("%s", hint)
            if entry is not None and entry.visible:
                found[desktop_id] = InstalledDesktop(desktop_id, entry, path, mtime)
    return list(found.values())
