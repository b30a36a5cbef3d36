"""Finding Flatpak installations and remotes through libflatpak.

The user installation (``Installation.new_user()``, ``$FLATPAK_USER_DIR`` or
``~/.local/share/flatpak``) comes first, then the system ones
(``get_system_installations()``: ``$FLATPAK_SYSTEM_DIR`` or ``/var/lib/flatpak`` plus those
of ``/etc/flatpak/installations.d``). Nothing here hard-codes a path. A remote is named by
its name alone (the source ``flatpak:NAME``); when the user and a system installation both
have a remote of that name, the user's is used, as the CLI's ``--user`` default for a
user-owned remote would, and the system one is not offered twice.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ._gi import Flatpak, GLib

log = logging.getLogger(__name__)

#: Where libflatpak's default build reads the system installations beyond the default one
#: (``$sysconfdir/flatpak/installations.d``; libflatpak does not say): watched, not read.
SYSTEM_INSTALLATIONS_CONFIG = "/etc/flatpak/installations.d"


@dataclass(frozen=True)
class RemoteInfo:
    name: str
    installation: Any  # Flatpak.Installation
    remote: Any  # Flatpak.Remote

    @property
    def description(self) -> str:
        title = self.remote.get_title() or self.name
        kind = "user" if self.installation.get_is_user() else "system"
        return f"{title} (Flatpak, {kind} installation, {self.remote.get_url() or 'no URL'})"


def installations() -> Iterator[Any]:
    """The user installation, then every system installation (each that can be opened)."""
    try:
        yield Flatpak.Installation.new_user(None)
    except GLib.Error as error:
        log.info("no user Flatpak installation: %s", error.message)
    try:
        yield from Flatpak.get_system_installations(None)
    except GLib.Error as error:
        log.info("no system Flatpak installations: %s", error.message)


def remotes() -> list[RemoteInfo]:
    """Every enabled remote, each name once (user installation first)."""
    found: dict[str, RemoteInfo] = {}
    for installation in installations():
        try:
            listed = installation.list_remotes(None)
        except GLib.Error as error:
            log.warning("%s: cannot list remotes: %s", installation.get_id(), error.message)
            continue
        for remote in listed:
            name = remote.get_name()
            if remote.get_disabled() or name in found:
                continue
            found[name] = RemoteInfo(name, installation, remote)
    return list(found.values())


def find_remote(name: str) -> RemoteInfo | None:
    return next((info for info in remotes() if info.name == name), None)


def appstream_file(info: RemoteInfo) -> str:
    """The remote's AppStream catalog as libflatpak last pulled it (``update_appstream``),
    for this machine's default arch; ``""`` for a remote never pulled."""
    directory = info.remote.get_appstream_dir(None)
    if directory is None:
        return ""
    base = directory.get_path()
    for name in ("appstream.xml.gz", "appstream.xml"):
        path = f"{base}/{name}"
        if GLib.file_test(path, GLib.FileTest.IS_REGULAR):
            return path
    return ""
