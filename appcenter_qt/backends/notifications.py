"""Desktop notifications (freedesktop ``org.freedesktop.Notifications``) over the session bus.

Used by ``appcenter-qt --check-updates`` to tell the user that updates are waiting, as
Discover's notifier and GNOME Software's update monitor do. It talks to whatever notification
server the desktop runs (Plasma's, GNOME Shell's, dunst, ...) with dbus-next, like the
PackageKit backend, so the project keeps a single D-Bus library and D-Bus stays inside
``backends/``.

The notification body contains application names taken from the catalog, i.e. package
text: when the server advertises ``body-markup`` the text is escaped, so a name such as
``<a href=…>`` is shown literally instead of being interpreted by the server.
"""

from __future__ import annotations

import asyncio
import logging
import os
from dataclasses import dataclass, field
from typing import Any, Protocol, cast
from xml.sax.saxutils import escape

from dbus_next import BusType, Variant
from dbus_next.aio import MessageBus
from dbus_next.errors import DBusError

from appcenter_qt.domain.errors import BackendError

log = logging.getLogger(__name__)

BUS_NAME = "org.freedesktop.Notifications"
OBJECT_PATH = "/org/freedesktop/Notifications"
INTERFACE = "org.freedesktop.Notifications"


class _NotificationServer(Protocol):
    """The methods we call on :data:`INTERFACE`: dbus-next builds a proxy's ``call_*``
    methods from the server's introspection at run time, so they are declared here."""

    async def call_get_capabilities(self) -> list[str]: ...
    async def call_notify(
        self,
        app_name: str,
        replaces_id: int,
        app_icon: str,
        summary: str,
        body: str,
        actions: list[str],
        hints: dict[str, Any],
        expire_timeout: int,
    ) -> int: ...
    async def call_close_notification(self, notification_id: int) -> None: ...


# Urgency hint values from the Desktop Notifications spec.
URGENCY_LOW, URGENCY_NORMAL, URGENCY_CRITICAL = 0, 1, 2


@dataclass(frozen=True)
class Notification:
    """One notification; ``desktop_entry`` lets Plasma group it under our application."""

    summary: str
    body: str = ""
    icon: str = "org.appcenter_qt.AppCenter"
    app_name: str = "appcenter-qt"
    desktop_entry: str = "org.appcenter_qt.AppCenter"
    urgency: int = URGENCY_NORMAL
    timeout_ms: int = -1  # -1: the server's default
    actions: tuple[tuple[str, str], ...] = field(default=())  # (key, label)


async def _connect(address: str | None) -> MessageBus:
    address = address or os.environ.get("DBUS_SESSION_BUS_ADDRESS")
    try:
        if address:
            return await MessageBus(bus_address=address).connect()
        return await MessageBus(bus_type=BusType.SESSION).connect()
    except (OSError, ValueError, DBusError) as exc:
        raise BackendError(
            "no-session-bus", f"cannot reach the desktop session bus: {exc}"
        ) from exc


async def send_notification(
    notification: Notification, *, bus_address: str | None = None, timeout_s: float = 10.0
) -> int:
    """Show ``notification`` and return the server's id for it.

    Raises :class:`BackendError` with code ``no-session-bus`` when there is no session bus and
    ``no-notification-server`` when nobody serves notifications (e.g. a bare SSH session), so
    the caller can fall back to printing.
    """
    bus = await _connect(bus_address)
    try:
        introspection = await asyncio.wait_for(
            bus.introspect(BUS_NAME, OBJECT_PATH), timeout=timeout_s
        )
        proxy = bus.get_proxy_object(BUS_NAME, OBJECT_PATH, introspection)
        server = cast(_NotificationServer, proxy.get_interface(INTERFACE))
        capabilities = await asyncio.wait_for(server.call_get_capabilities(), timeout=timeout_s)
        markup = "body-markup" in capabilities
        body = escape(notification.body) if markup else notification.body
        actions: list[str] = []
        if "actions" in capabilities:
            for key, label in notification.actions:
                actions += [key, label]
        hints = {
            "desktop-entry": Variant("s", notification.desktop_entry),
            "urgency": Variant("y", notification.urgency),
        }
        return await asyncio.wait_for(
            server.call_notify(
                notification.app_name,
                0,
                notification.icon,
                notification.summary,
                body,
                actions,
                hints,
                notification.timeout_ms,
            ),
            timeout=timeout_s,
        )
    except (DBusError, TimeoutError) as exc:
        raise BackendError(
            "no-notification-server", f"no desktop notification server answered: {exc}"
        ) from exc
    finally:
        bus.disconnect()


async def close_notification(notification_id: int, *, bus_address: str | None = None) -> None:
    """Withdraw a notification (e.g. once the user opened the Updates page)."""
    bus = await _connect(bus_address)
    try:
        introspection = await bus.introspect(BUS_NAME, OBJECT_PATH)
        proxy = bus.get_proxy_object(BUS_NAME, OBJECT_PATH, introspection)
        server = cast(_NotificationServer, proxy.get_interface(INTERFACE))
        await server.call_close_notification(notification_id)
    except DBusError as exc:
        log.warning("could not close notification %d: %s", notification_id, exc)
    finally:
        bus.disconnect()
