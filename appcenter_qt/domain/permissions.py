"""What a sandboxed application may reach beyond its sandbox, in neutral words.

A Flatpak app declares its permissions in its metadata (``[Context]`` shared, sockets,
devices, filesystems; bus policies); other sources may some day say the same things their
own way. Each source maps its own vocabulary to :class:`Permission` inside its own package
(Flatpak: ``backends/flatpak/permissions.py``); the app page shows a translated line for
each, as GNOME Software's "permissions" summary does. A source that says nothing about
permissions (PackageKit: distribution packages run unconfined) leaves them ``None``, which
is not the same as an empty set ("no special permissions").
"""

from __future__ import annotations

import enum
from collections.abc import Iterable


class Permission(enum.StrEnum):
    """One kind of access outside the sandbox, most worrying first in :data:`ORDER`."""

    ESCAPE_SANDBOX = "escape-sandbox"  # may start processes outside the sandbox
    FILESYSTEM_FULL = "filesystem-full"  # read and write every file
    FILESYSTEM_READ = "filesystem-read"  # read every file
    HOME_FULL = "home-full"  # read and write the home folder
    HOME_READ = "home-read"
    DOWNLOADS_FULL = "downloads-full"
    DOWNLOADS_READ = "downloads-read"
    FILESYSTEM_OTHER = "filesystem-other"  # some other folders
    SYSTEM_BUS = "system-bus"  # talk to system services
    SESSION_BUS = "session-bus"  # talk to every program of the session
    DEVICES = "devices"  # cameras, game controllers, every device
    X11 = "x11"  # the X11 windowing system: may see and type into other windows
    NETWORK = "network"
    SETTINGS = "settings"  # the desktop's settings (dconf)


#: The order the page lists them in: what matters most first.
ORDER: tuple[Permission, ...] = tuple(Permission)
#: Permissions the page marks as a warning (GNOME Software's "unsafe" ones).
UNSAFE = frozenset(
    {
        Permission.ESCAPE_SANDBOX,
        Permission.FILESYSTEM_FULL,
        Permission.FILESYSTEM_READ,
        Permission.HOME_FULL,
        Permission.HOME_READ,
        Permission.SYSTEM_BUS,
        Permission.SESSION_BUS,
        Permission.X11,
    }
)


def ordered(permissions: Iterable[Permission]) -> list[Permission]:
    """``permissions`` once each, in :data:`ORDER`; a broader access hides the narrower one
    it includes (full file system covers the home folder, which covers Downloads)."""
    found = set(permissions)
    covers = {
        Permission.FILESYSTEM_FULL: (
            Permission.FILESYSTEM_READ,
            Permission.HOME_FULL,
            Permission.HOME_READ,
            Permission.DOWNLOADS_FULL,
            Permission.DOWNLOADS_READ,
            Permission.FILESYSTEM_OTHER,
        ),
        Permission.FILESYSTEM_READ: (Permission.HOME_READ, Permission.DOWNLOADS_READ),
        Permission.HOME_FULL: (
            Permission.HOME_READ,
            Permission.DOWNLOADS_FULL,
            Permission.DOWNLOADS_READ,
        ),
        Permission.HOME_READ: (Permission.DOWNLOADS_READ,),
        Permission.DOWNLOADS_FULL: (Permission.DOWNLOADS_READ,),
    }
    for broad, narrower in covers.items():
        if broad in found:
            found.difference_update(narrower)
    return [p for p in ORDER if p in found]
