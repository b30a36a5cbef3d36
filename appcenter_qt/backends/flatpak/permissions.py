"""A Flatpak ref's metadata → the neutral :class:`~appcenter_qt.domain.permissions.Permission`
set the app page summarizes.

The metadata is a key file (``flatpak build-finish`` writes it; the remote's summary carries
it for refs not yet installed, ``fetch_remote_ref_sync(...).get_metadata()``; an installed
ref's is ``load_metadata()``). What reaches outside the sandbox is in ``[Context]``
(``shared``, ``sockets``, ``devices``, ``filesystems``, each a ``;`` list, ``!x`` revoking
``x``) and in the bus policies, read as GNOME Software reads them: ``host`` is the whole file
system, ``home``/``~`` the home folder, ``xdg-download`` Downloads (``:ro`` read-only), any
other path "other folders"; talking to ``org.freedesktop.Flatpak`` on the session bus can
start processes outside the sandbox; ``dconf`` is the desktop's settings. The GPU
(``devices=dri``) and shared memory are not listed, as GNOME Software does not list them.
"""

from __future__ import annotations

from typing import Any

from appcenter_qt.domain.permissions import Permission

from ._gi import GLib

_SOCKETS = {
    "x11": Permission.X11,
    "session-bus": Permission.SESSION_BUS,
    "system-bus": Permission.SYSTEM_BUS,
}
_QUIET_DEVICES = frozenset({"dri", "shm"})
_HOME = ("home", "~", "~/")
_SETTINGS_PATHS = ("xdg-run/dconf", "~/.config/dconf", "xdg-config/dconf")


def _list(keyfile: Any, group: str, key: str) -> list[str]:
    try:
        values = keyfile.get_string_list(group, key)
    except GLib.Error:
        return []
    return [str(v).strip() for v in values if str(v).strip() and not str(v).startswith("!")]


def _keys(keyfile: Any, group: str) -> list[tuple[str, str]]:
    try:
        keys, _count = keyfile.get_keys(group)
    except GLib.Error:
        return []
    found = []
    for key in keys:
        try:
            found.append((str(key), str(keyfile.get_string(group, key))))
        except GLib.Error:
            continue
    return found


def _filesystem(entry: str) -> Permission | None:
    path, _, mode = entry.partition(":")
    read_only = mode == "ro"
    if path.startswith(_SETTINGS_PATHS):
        return Permission.SETTINGS
    if path == "host":
        return Permission.FILESYSTEM_READ if read_only else Permission.FILESYSTEM_FULL
    if path in _HOME:
        return Permission.HOME_READ if read_only else Permission.HOME_FULL
    if path in ("xdg-download", "~/Downloads"):
        return Permission.DOWNLOADS_READ if read_only else Permission.DOWNLOADS_FULL
    return Permission.FILESYSTEM_OTHER


def permissions_from_keyfile(keyfile: Any) -> frozenset[Permission]:
    """The permissions a loaded ``GLib.KeyFile`` of ref metadata grants."""
    found: set[Permission] = set()
    if "network" in _list(keyfile, "Context", "shared"):
        found.add(Permission.NETWORK)
    sockets = _list(keyfile, "Context", "sockets")
    for socket in sockets:
        if socket in _SOCKETS:
            found.add(_SOCKETS[socket])
    if "fallback-x11" in sockets and "wayland" not in sockets:
        found.add(Permission.X11)  # X11 whenever there is no Wayland, which is X11 here
    if any(d not in _QUIET_DEVICES for d in _list(keyfile, "Context", "devices")):
        found.add(Permission.DEVICES)
    for entry in _list(keyfile, "Context", "filesystems"):
        permission = _filesystem(entry)
        if permission is not None:
            found.add(permission)
    for name, policy in _keys(keyfile, "Session Bus Policy"):
        if name == "org.freedesktop.Flatpak" and policy in ("talk", "own"):
            found.add(Permission.ESCAPE_SANDBOX)
        elif name == "ca.desrt.dconf" and policy in ("talk", "own"):
            found.add(Permission.SETTINGS)
    if _keys(keyfile, "System Bus Policy"):
        found.add(Permission.SYSTEM_BUS)
    return frozenset(found)


def permissions_from_metadata(metadata: Any) -> frozenset[Permission] | None:
    """The permissions in ref metadata (``GLib.Bytes`` or ``str``); ``None`` when it cannot
    be read (then the page says nothing rather than "no special permissions")."""
    keyfile = GLib.KeyFile()
    try:
        if isinstance(metadata, str):
            keyfile.load_from_data(metadata, len(metadata.encode()), GLib.KeyFileFlags.NONE)
        else:
            keyfile.load_from_bytes(metadata, GLib.KeyFileFlags.NONE)
    except (GLib.Error, TypeError):
        return None
    return permissions_from_keyfile(keyfile)
