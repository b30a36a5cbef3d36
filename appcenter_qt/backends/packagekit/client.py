"""A small asyncio client for the PackageKit daemon on the system bus.

Low-level messages instead of introspected proxies: the interface is fixed and documented
(``org.freedesktop.PackageKit``), introspection would cost a round trip per transaction
object, and explicit signatures keep untrusted input from choosing a D-Bus type. Every call
has a timeout, so a hung daemon becomes :data:`ErrorKind.TIMEOUT` instead of a hang.

The bus address honours ``DBUS_SYSTEM_BUS_ADDRESS`` (what the test fixtures set), falling
back to the standard system bus socket.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from appcenter_qt.domain.backend import ErrorKind
from appcenter_qt.domain.errors import BackendError

from . import _dbus
from .errors import kind_for_dbus_error

if TYPE_CHECKING:  # asyncio and the D-Bus library are imported by the first coroutine
    import asyncio

    from ._dbus import Message, MessageBus

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
#: Connecting (socket + authentication) and asking a running daemon whether it is alive:
#: both answer in milliseconds, so a bus or daemon that is stopped (SIGSTOP, a hung system)
#: is reported after this many seconds instead of after the 25 s of a method call.
CONNECT_TIMEOUT = 5.0
PEER_IFACE = "org.freedesktop.DBus.Peer"

MessageHandler = Callable[["Message"], Any]


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
        import asyncio

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
            timeout = min(CONNECT_TIMEOUT, self.call_timeout)
            bus = None
            try:
                # opens the socket
                bus = _dbus.MessageBus(bus_address=address, bus_type=_dbus.BusType.SYSTEM)
                await asyncio.wait_for(bus.connect(), timeout)
            except Exception as exc:  # OSError, EOFError, TimeoutError, or an auth failure
                if bus is not None:
                    _drop(bus)
                reason = f"no answer within {timeout:g} s" if isinstance(exc, TimeoutError) else exc
                raise BackendError(
                    ErrorKind.DAEMON_MISSING,
                    f"cannot connect to the system bus at {address}: {reason}",
                ) from None
            self._bus = bus
            self._watch_disconnect(bus)
            return bus

    @property
    def lost(self) -> asyncio.Future[None]:
        """Done when the bus connection is gone (e.g. the bus itself died).

        One future per connection, shared by every transaction: waiting on it with
        ``asyncio.wait`` never cancels it, so one transaction ending cannot make the next
        one think the bus is gone."""
        import asyncio

        if self._lost is None:
            self._lost = asyncio.get_running_loop().create_future()
        return self._lost

    def _watch_disconnect(self, bus: MessageBus) -> None:
        import asyncio

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
        import asyncio

        if self._bus is not None and self._bus.connected:
            self._bus.disconnect()
        self._bus = None
        watcher, self._watcher = self._watcher, None
        if watcher is not None and asyncio.get_running_loop() is self._loop:
            try:
                await asyncio.wait_for(watcher, 2)
            except (TimeoutError, asyncio.CancelledError):
                watcher.cancel()

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
        import asyncio

        bus = await self.connect()
        message = _dbus.Message(
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
        if reply.message_type == _dbus.MessageType.ERROR:
            text = str(reply.body[0]) if reply.body else ""
            raise BackendError(
                kind_for_dbus_error(reply.error_name or ""), f"{reply.error_name}: {text}"
            )
        return list(reply.body)

    async def add_match(self, rule: str) -> None:
        await self.call(DBUS_PATH, DBUS_NAME, "AddMatch", "s", [rule], destination=DBUS_NAME)

    async def remove_match(self, rule: str, *, timeout: float | None = None) -> None:
        """Remove ``rule`` from the open connection. A rule lives and dies with the
        connection that added it: with that one closed there is nothing to remove, and no
        new connection (and watcher) is opened for it, as a transaction tidying up after
        the window closed its sources would."""
        if self._bus is None or not self._bus.connected:
            return
        try:
            await self.call(
                DBUS_PATH,
                DBUS_NAME,
                "RemoveMatch",
                "s",
                [rule],
                destination=DBUS_NAME,
                timeout=timeout,
            )
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

    async def probe(self) -> None:
        """If the daemon is running, check within :data:`CONNECT_TIMEOUT` that it answers
        (``Peer.Ping``), so a stopped daemon is one clear error, not a 25 s wait per call. A
        daemon that is not running is left to bus activation by the next call."""
        try:
            (owner,) = await self.call(
                DBUS_PATH,
                DBUS_NAME,
                "GetNameOwner",
                "s",
                [PK_NAME],
                destination=DBUS_NAME,
                timeout=CONNECT_TIMEOUT,
            )
        except BackendError as exc:
            if exc.code == ErrorKind.TIMEOUT:
                raise BackendError(
                    ErrorKind.DAEMON_MISSING, f"the system bus does not answer: {exc.details}"
                ) from None
            return  # no owner: CreateTransaction activates it
        try:
            await self.call(
                PK_PATH, PEER_IFACE, "Ping", destination=str(owner), timeout=CONNECT_TIMEOUT
            )
        except BackendError as exc:
            if exc.code == ErrorKind.TIMEOUT:
                raise BackendError(
                    ErrorKind.TIMEOUT,
                    f"{PK_NAME} is running but does not answer (no reply to Ping within "
                    f"{CONNECT_TIMEOUT:g} s)",
                ) from None
            raise

    async def create_transaction(self) -> str:
        """``CreateTransaction`` (bus-activates the daemon where that is configured)."""
        await self.probe()
        try:
            (path,) = await self.call(PK_PATH, PK_IFACE, "CreateTransaction")
        except BackendError as exc:
            if exc.code == ErrorKind.FAILED:
                raise BackendError(ErrorKind.DAEMON_MISSING, exc.details) from exc
            raise
        return str(path)

    async def set_hints(self, path: str, hints: Sequence[str]) -> None:
        await self.call(path, TRANSACTION_IFACE, "SetHints", "as", [list(hints)])


def _drop(bus: MessageBus) -> None:
    """Close a bus whose connect() failed, so none of its tasks or sockets outlive it (they
    would end as "Task was destroyed but it is pending" noise at interpreter exit)."""
    try:
        bus.disconnect()
    except Exception as exc:  # a half-open connection may refuse; nothing is left to do
        log.debug("closing a failed bus connection: %s", exc)
