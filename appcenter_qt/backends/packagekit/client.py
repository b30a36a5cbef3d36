"""A small asyncio client for the PackageKit daemon on the system bus.

Low-level messages instead of introspected proxies: the interface is fixed and documented
(``org.freedesktop.PackageKit``), introspection would cost a round trip per transaction
object, and explicit signatures keep untrusted input from choosing a D-Bus type. Every call
has a timeout, so a hung daemon becomes :data:`ErrorKind.TIMEOUT` instead of a hang.

The bus address honours ``DBUS_SYSTEM_BUS_ADDRESS`` (what the test fixtures set), falling
back to the standard system bus socket.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Sequence
from typing import Any

from appcenter_qt.domain.backend import ErrorKind
from appcenter_qt.errors import BackendError

from ._dbus import BusType, Message, MessageBus, MessageType
from .errors import kind_for_dbus_error

log = logging.getLogger(__name__)

PK_NAME = "org.freedesktop.PackageKit"
PK_PATH = "/org/freedesktop/PackageKit"
PK_IFACE = "org.freedesktop.PackageKit"
TRANSACTION_IFACE = "org.freedesktop.PackageKit.Transaction"
PROPERTIES_IFACE = "org.freedesktop.DBus.Properties"
DBUS_NAME = "org.freedesktop.DBus"
DBUS_PATH = "/org/freedesktop/DBus"
DEFAULT_SYSTEM_BUS = "unix:path=/var/run/dbus/system_bus_socket"
DEFAULT_CALL_TIMEOUT = 25.0

MessageHandler = Callable[[Message], Any]


def system_bus_address(address: str | None = None) -> str:
    return address or os.environ.get("DBUS_SYSTEM_BUS_ADDRESS") or DEFAULT_SYSTEM_BUS


class PackageKitClient:
    """One connection to the system bus, shared by every transaction of a backend.

    The connection belongs to the event loop it was opened in; a client used from a new
    loop (``asyncio.run`` twice) reconnects instead of failing.
    """

    def __init__(
        self, address: str | None = None, *, call_timeout: float = DEFAULT_CALL_TIMEOUT
    ) -> None:
        self._address = address
        self.call_timeout = call_timeout
        self._bus: MessageBus | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock: asyncio.Lock | None = None
        self._lost: asyncio.Future[None] | None = None
        self._watcher: asyncio.Future[None] | None = None

    @property
    def address(self) -> str:
        return system_bus_address(self._address)

    async def connect(self) -> MessageBus:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            # A new loop (asyncio.run again): the old connection and lock belong to the old one.
            self._bus, self._loop, self._lock = None, loop, asyncio.Lock()
            self._lost = self._watcher = None
        assert self._lock is not None
        async with self._lock:  # concurrent transactions share one connection
            if self._bus is not None and self._bus.connected:
                return self._bus
            address = self.address
            try:
                bus = MessageBus(bus_address=address, bus_type=BusType.SYSTEM)
                await asyncio.wait_for(bus.connect(), self.call_timeout)
            except Exception as exc:  # OSError, EOFError, TimeoutError, or an auth failure
                raise BackendError(
                    ErrorKind.DAEMON_MISSING,
                    f"cannot connect to the system bus at {address}: {exc}",
                ) from exc
            self._bus = bus
            self._watch_disconnect(bus)
            return bus

    @property
    def lost(self) -> asyncio.Future[None]:
        """Done when the bus connection is gone (e.g. the bus itself died).

        One future per connection, shared by every transaction: waiting on it with
        ``asyncio.wait`` never cancels it, so one transaction ending cannot make the next
        one think the bus is gone."""
        if self._lost is None:
            self._lost = asyncio.get_running_loop().create_future()
        return self._lost

    def _watch_disconnect(self, bus: MessageBus) -> None:
        lost = self._lost = asyncio.get_running_loop().create_future()

        async def watch() -> None:
            try:
                await bus.wait_for_disconnect()
            except Exception as exc:  # dbus-next reports a lost connection as an exception
                log.debug("system bus connection lost: %s", exc)
            if not lost.done():
                lost.set_result(None)

        self._watcher = asyncio.ensure_future(watch())

    async def close(self) -> None:
        if self._bus is not None and self._bus.connected:
            self._bus.disconnect()
        self._bus = None

    async def call(
        self,
        path: str,
        interface: str,
        member: str,
        signature: str = "",
        body: Sequence[Any] = (),
        *,
        destination: str = PK_NAME,
        timeout: float | None = None,
    ) -> list[Any]:
        """Call a method and return the reply body; D-Bus errors become BackendError."""
        bus = await self.connect()
        message = Message(
            destination=destination,
            path=path,
            interface=interface,
            member=member,
            signature=signature,
            body=list(body),
        )
        try:
            reply = await asyncio.wait_for(bus.call(message), timeout or self.call_timeout)
        except TimeoutError as exc:
            raise BackendError(
                ErrorKind.TIMEOUT,
                f"{member} got no answer within {timeout or self.call_timeout:g} s",
            ) from exc
        if reply is None:
            return []
        if reply.message_type == MessageType.ERROR:
            text = str(reply.body[0]) if reply.body else ""
            raise BackendError(
                kind_for_dbus_error(reply.error_name or ""), f"{reply.error_name}: {text}"
            )
        return list(reply.body)

    async def add_match(self, rule: str) -> None:
        await self.call(DBUS_PATH, DBUS_NAME, "AddMatch", "s", [rule], destination=DBUS_NAME)

    async def remove_match(self, rule: str) -> None:
        try:
            await self.call(DBUS_PATH, DBUS_NAME, "RemoveMatch", "s", [rule], destination=DBUS_NAME)
        except BackendError as exc:  # the bus is gone: nothing to remove
            log.debug("RemoveMatch %s: %s", rule, exc)

    def add_handler(self, handler: MessageHandler) -> None:
        if self._bus is not None:
            self._bus.add_message_handler(handler)

    def remove_handler(self, handler: MessageHandler) -> None:
        if self._bus is not None:
            self._bus.remove_message_handler(handler)

    async def daemon_owner(self) -> str:
        """The unique bus name of the running daemon; DAEMON_MISSING if nobody owns it."""
        try:
            (owner,) = await self.call(
                DBUS_PATH, DBUS_NAME, "GetNameOwner", "s", [PK_NAME], destination=DBUS_NAME
            )
        except BackendError as exc:
            raise BackendError(ErrorKind.DAEMON_MISSING, exc.details) from exc
        return str(owner)

    async def create_transaction(self) -> str:
        """``CreateTransaction`` (bus-activates the daemon where that is configured)."""
        try:
            (path,) = await self.call(PK_PATH, PK_IFACE, "CreateTransaction")
        except BackendError as exc:
            if exc.code == ErrorKind.FAILED:
                raise BackendError(ErrorKind.DAEMON_MISSING, exc.details) from exc
            raise
        return str(path)

    async def set_hints(self, path: str, hints: Sequence[str]) -> None:
        await self.call(path, TRANSACTION_IFACE, "SetHints", "as", [list(hints)])

    async def get_property(
        self, name: str, *, path: str = PK_PATH, interface: str = PK_IFACE
    ) -> Any:
        (value,) = await self.call(path, PROPERTIES_IFACE, "Get", "ss", [interface, name])
        return value.value
