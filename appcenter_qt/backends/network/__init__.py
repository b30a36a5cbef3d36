"""Whether this machine's connection costs money: NetworkManager's ``Metered`` property.

NetworkManager (``org.freedesktop.NetworkManager`` on the system bus) sums up the primary
connection as an ``NMMetered`` value: 0 unknown, 1 yes, 2 no, 3 guess-yes (a phone's hotspot,
a mobile modem), 4 guess-no. Yes and guess-yes count as metered, as GNOME Software and
Discover count them. Where NetworkManager is absent (a server, systemd-networkd, a
container) or does not answer, the connection is taken as not metered: a missing daemon
must not silence update checks for good.
"""

from __future__ import annotations

import asyncio
import logging

from dbus_next import BusType, Message, MessageType
from dbus_next.aio import MessageBus
from dbus_next.errors import DBusError, InvalidAddressError

log = logging.getLogger(__name__)

NM_NAME = "org.freedesktop.NetworkManager"
NM_PATH = "/org/freedesktop/NetworkManager"
PROPERTIES_IFACE = "org.freedesktop.DBus.Properties"
#: ``NMMetered`` values that mean the connection is metered (yes, guess-yes).
METERED_VALUES = frozenset({1, 3})


async def metered_value(*, bus_address: str | None = None, timeout_s: float = 5.0) -> int | None:
    """NetworkManager's ``Metered`` value, or ``None`` when no NetworkManager answers."""
    try:
        if bus_address:
            bus = await MessageBus(bus_address=bus_address).connect()
        else:
            bus = await MessageBus(bus_type=BusType.SYSTEM).connect()
    except (OSError, InvalidAddressError, DBusError, ValueError) as error:
        log.info("no system bus (%s): taking the connection as not metered", error)
        return None
    try:
        reply = await asyncio.wait_for(
            bus.call(
                Message(
                    destination=NM_NAME,
                    path=NM_PATH,
                    interface=PROPERTIES_IFACE,
                    member="Get",
                    signature="ss",
                    body=[NM_NAME, "Metered"],
                )
            ),
            timeout=timeout_s,
        )
    except (TimeoutError, OSError, DBusError) as error:
        log.info("NetworkManager did not answer (%s): not metered", error)
        return None
    finally:
        bus.disconnect()
    if reply is None or reply.message_type is not MessageType.METHOD_RETURN:
        # org.freedesktop.DBus.Error.ServiceUnknown: no NetworkManager on this machine.
        log.info("no NetworkManager Metered property (%s)", reply.error_name if reply else "")
        return None
    value = reply.body[0].value if reply.body else None
    if not isinstance(value, int) or isinstance(value, bool):
        log.warning("NetworkManager's Metered is not a number: %r", type(value).__name__)
        return None
    return value


async def connection_is_metered(*, bus_address: str | None = None, timeout_s: float = 5.0) -> bool:
    """True when NetworkManager says (or guesses) the connection is metered."""
    value = await metered_value(bus_address=bus_address, timeout_s=timeout_s)
    return value in METERED_VALUES
