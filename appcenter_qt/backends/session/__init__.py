"""Restarting or powering off the computer through systemd-logind, for "Restart and update".

An offline update is set with the source's own trigger (PackageKit's ``Offline.Trigger``);
the restart itself is asked of systemd-logind (``org.freedesktop.login1`` on the system bus),
as GNOME Software does once the update is triggered: ``CanReboot`` (``CanPowerOff``) first,
then ``Reboot`` (``PowerOff``). ``yes`` goes ahead without asking (``Reboot(false)``);
``challenge`` means polkit will ask the person, so the call is made interactive
(``Reboot(true)``); ``no`` and ``na`` are refused here, before anything is asked, with one
line saying why. No logind (a container, another init system) is ``DAEMON_MISSING``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from dbus_next import BusType, Message, MessageType
from dbus_next.aio import MessageBus
from dbus_next.errors import DBusError, InvalidAddressError

from appcenter_qt.domain.backend import ErrorKind
from appcenter_qt.domain.errors import BackendError

log = logging.getLogger(__name__)

LOGIND_NAME = "org.freedesktop.login1"
LOGIND_PATH = "/org/freedesktop/login1"
MANAGER_IFACE = "org.freedesktop.login1.Manager"
#: ``Can…`` answers that allow the call (``challenge``: once polkit has asked).
ALLOWED = frozenset({"yes", "challenge"})
#: What the computer does → (the question, the call).
METHODS = {"reboot": ("CanReboot", "Reboot"), "power-off": ("CanPowerOff", "PowerOff")}
_MISSING = (
    "org.freedesktop.DBus.Error.ServiceUnknown",
    "org.freedesktop.DBus.Error.NameHasNoOwner",
)


async def _call(bus: MessageBus, member: str, signature: str = "", body: Any = ()) -> list[Any]:
    reply = await bus.call(
        Message(
            destination=LOGIND_NAME,
            path=LOGIND_PATH,
            interface=MANAGER_IFACE,
            member=member,
            signature=signature,
            body=list(body),
        )
    )
    if reply is not None and reply.message_type is MessageType.METHOD_RETURN:
        return list(reply.body)
    name = (reply.error_name or "") if reply is not None else ""
    text = str(reply.body[0])[:200] if reply is not None and reply.body else ""
    if name in _MISSING:
        raise BackendError(ErrorKind.DAEMON_MISSING, "systemd-logind is not running")
    if name.endswith(("AccessDenied", "InteractiveAuthorizationRequired")):
        raise BackendError(ErrorKind.NOT_AUTHORIZED, f"not allowed to {member}: {text}")
    raise BackendError(ErrorKind.FAILED, f"systemd-logind refused {member}: {name} {text}")


async def restart(
    action: str = "reboot", *, bus_address: str | None = None, timeout_s: float = 30.0
) -> str:
    """Ask logind to ``reboot`` or ``power-off`` the computer; returns its ``Can…`` answer.
    Raises :class:`BackendError` when it may not, or when logind is missing or refuses."""
    question, call = METHODS[action]
    try:
        if bus_address:
            bus = await MessageBus(bus_address=bus_address).connect()
        else:
            bus = await MessageBus(bus_type=BusType.SYSTEM).connect()
    except (OSError, InvalidAddressError, DBusError, ValueError) as error:
        raise BackendError(ErrorKind.DAEMON_MISSING, f"no system bus: {error}") from None
    try:
        (answer, *_) = await asyncio.wait_for(_call(bus, question), timeout_s)
        if answer not in ALLOWED:
            raise BackendError(
                ErrorKind.NOT_AUTHORIZED,
                f"the computer may not be restarted now (logind {question}: {answer})",
            )
        await asyncio.wait_for(_call(bus, call, "b", [answer == "challenge"]), timeout_s)
        log.info("systemd-logind: %s (%s: %s)", call, question, answer)
        return str(answer)
    except TimeoutError:
        raise BackendError(ErrorKind.TIMEOUT, "systemd-logind did not answer") from None
    finally:
        bus.disconnect()
