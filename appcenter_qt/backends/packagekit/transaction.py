"""One PackageKit transaction as a :class:`appcenter_qt.domain.backend.Transaction`.

Iterating creates the daemon-side transaction, sets its hints, calls the method and turns
what the daemon says into domain events until ``Finished``. Every way a transaction can
go wrong ends the same way — an :class:`ErrorEvent` then a :class:`FinishedEvent` — so the
UI has one code path:

* the daemon is not on the bus or not activatable → ``DAEMON_MISSING`` (immediately: the
  bus answers ``ServiceUnknown``);
* the daemon's bus name loses its owner (``NameOwnerChanged``) → ``DAEMON_CRASHED``;
* the transaction object says ``Destroy`` before ``Finished`` → ``DAEMON_CRASHED``;
* nothing at all arrives for ``inactivity_timeout`` seconds → ``TIMEOUT`` (and a best-effort
  ``Cancel``);
* ``ErrorCode`` signals map through :mod:`.errors` (polkit refusal, network, not found…).

Waiting for another package manager's lock is a status (``waiting``), not an error: it
arrives as a :class:`ProgressEvent` and the transaction carries on. PackageKit's statuses,
infos, exit and restart codes become the domain's neutral ones in :mod:`.vocabulary`.

Package ids the daemon sends are validated like any other input; an invalid one is logged
and dropped rather than passed on.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING, Any

from appcenter_qt.domain.backend import (
    DetailsEvent,
    ErrorEvent,
    ErrorKind,
    FinishedEvent,
    Outcome,
    PackageEvent,
    ProgressEvent,
    RepositoryEvent,
    RestartRequiredEvent,
    Status,
    TransactionEvent,
    UpdateDetailEvent,
    validate_repo_id,
)
from appcenter_qt.domain.errors import BackendError

from . import _dbus, vocabulary
from .client import (
    CONNECT_TIMEOUT,
    DBUS_NAME,
    PK_NAME,
    PROPERTIES_IFACE,
    TRANSACTION_IFACE,
    PackageKitClient,
)
from .enums import Error, Exit, percentage
from .errors import kind_for_error, message_for
from .package_id import InvalidPackageId, validate_package_id

if TYPE_CHECKING:  # asyncio and the D-Bus library are imported by the first coroutine
    import asyncio

    from ._dbus import Message

log = logging.getLogger(__name__)

DEFAULT_INACTIVITY_TIMEOUT = 120.0
_OWNER_RULE = (
    f"type='signal',sender='{DBUS_NAME}',interface='{DBUS_NAME}',"
    f"member='NameOwnerChanged',arg0='{PK_NAME}'"
)


def _error(kind: ErrorKind, details: str = "", code: str = "") -> ErrorEvent:
    return ErrorEvent(kind=kind, message=message_for(kind), code=code, details=details)


def _valid_id(package_id: str) -> str | None:
    try:
        return validate_package_id(package_id)
    except InvalidPackageId as exc:
        log.warning("ignoring a package id from the daemon: %s", exc)
        return None


def _repository(repo_id: str, description: str, enabled: bool) -> RepositoryEvent | None:
    try:
        valid = validate_repo_id(str(repo_id))
    except ValueError as exc:
        log.warning("ignoring a repository from the daemon: %s", exc)
        return None
    return RepositoryEvent(valid, str(description), bool(enabled))


class PackageKitTransaction:
    """A method call on a fresh PackageKit transaction, iterated once.

    ``method``/``signature``/``args`` are the ``org.freedesktop.PackageKit.Transaction``
    call; the backend builds them from validated input only.
    """

    def __init__(
        self,
        client: PackageKitClient,
        method: str,
        signature: str,
        args: Sequence[Any],
        *,
        hints: Sequence[str] = (),
        inactivity_timeout: float = DEFAULT_INACTIVITY_TIMEOUT,
    ) -> None:
        self._client = client
        self.method = method
        self._signature = signature
        self._args = list(args)
        self._hints = list(hints)
        self.inactivity_timeout = inactivity_timeout
        self.path: str | None = None
        self.allow_cancel = True
        self._cancel_requested = False
        self._started = False
        self._percent: int | None = None
        self._status = Status.UNKNOWN
        self._item = ""
        self._queue: asyncio.Queue[Message] | None = None
        self._owner = ""
        self._finished = False

    # -- the domain protocol -------------------------------------------------------------

    def __aiter__(self) -> AsyncIterator[TransactionEvent]:
        if self._started:
            raise RuntimeError("a PackageKit transaction can be iterated only once")
        self._started = True
        return self._run()

    async def cancel(self) -> None:
        """Ask the daemon to stop; the iterator then ends with a ``cancelled`` finish.

        Raises :class:`BackendError` if the daemon refuses (PackageKit forbids cancelling
        once a backend has started changing the system)."""
        self._cancel_requested = True
        if self.path is None or self._finished:
            return
        try:
            await self._client.call(self.path, TRANSACTION_IFACE, "Cancel")
        except BackendError as exc:
            if "NotRunning" in exc.details:  # it finished meanwhile: nothing left to cancel
                return
            raise

    # -- running ---------------------------------------------------------------------------

    async def _run(self) -> AsyncIterator[TransactionEvent]:
        import asyncio

        queue: asyncio.Queue[Message] = asyncio.Queue()
        self._queue = queue
        path_rule = ""
        handler_added = False
        try:
            try:
                await self._client.connect()
                self._client.add_handler(self._on_message)
                handler_added = True
                await self._client.add_match(_OWNER_RULE)
                self.path = await self._client.create_transaction()
                self._owner = await self._client.daemon_owner()
                path_rule = f"type='signal',sender='{PK_NAME}',path='{self.path}'"
                await self._client.add_match(path_rule)
                if self._hints:
                    await self._client.set_hints(self.path, self._hints)
                if self._cancel_requested:
                    self._finished = True
                    yield _error(ErrorKind.CANCELLED, "cancelled before it started")
                    yield FinishedEvent(Outcome.CANCELLED, code=Exit.CANCELLED.nick)
                    return
                await self._client.call(
                    self.path, TRANSACTION_IFACE, self.method, self._signature, self._args
                )
            except BackendError as exc:
                self._finished = True
                yield _error(ErrorKind(exc.code), exc.details)
                yield FinishedEvent(Outcome.FAILED, code=Exit.FAILED.nick)
                return
            async for event in self._events(queue):
                if isinstance(event, FinishedEvent):
                    self._finished = True  # from here on there is nothing to cancel
                yield event
        finally:
            if handler_added:
                self._client.remove_handler(self._on_message)
                # Only on a connection that was made (no second connect to a dead bus), and
                # briefly: a stopped bus must not add its call timeout to the error.
                with contextlib.suppress(Exception):
                    await self._client.remove_match(_OWNER_RULE, timeout=CONNECT_TIMEOUT)
                    if path_rule:
                        await self._client.remove_match(path_rule, timeout=CONNECT_TIMEOUT)

    async def _events(self, queue: asyncio.Queue[Message]) -> AsyncIterator[TransactionEvent]:
        async for event in self._watch(queue, self._client.lost):
            yield event

    async def _watch(
        self, queue: asyncio.Queue[Message], disconnected: asyncio.Future[None]
    ) -> AsyncIterator[TransactionEvent]:
        import asyncio

        while True:
            if queue.empty():
                getter = asyncio.ensure_future(queue.get())
                waiting: set[asyncio.Future[Any]] = {getter, disconnected}
                try:
                    done, _ = await asyncio.wait(
                        waiting,
                        timeout=self.inactivity_timeout,
                        return_when=asyncio.FIRST_COMPLETED,
                    )
                except asyncio.CancelledError:
                    getter.cancel()  # or it outlives us as a pending task
                    raise
                if getter not in done:
                    getter.cancel()
                    if disconnected in done:
                        yield _error(
                            ErrorKind.DAEMON_CRASHED,
                            f"the system bus connection was lost during {self.method}",
                        )
                        yield FinishedEvent(Outcome.FAILED, code=Exit.FAILED.nick)
                        return
                    message = None
                else:
                    message = getter.result()
            else:
                message = queue.get_nowait()
            if message is None:
                yield _error(
                    ErrorKind.TIMEOUT,
                    f"{self.method}: no word from the daemon for {self.inactivity_timeout:g} s",
                )
                await self._best_effort_cancel()
                yield FinishedEvent(Outcome.FAILED, code=Exit.FAILED.nick)
                return
            if message.member == "NameOwnerChanged":
                _name, _old, new = message.body
                if new != self._owner:
                    yield _error(
                        ErrorKind.DAEMON_CRASHED,
                        f"{PK_NAME} left the bus during {self.method}",
                    )
                    yield FinishedEvent(Outcome.FAILED, code=Exit.KILLED.nick)
                    return
                continue
            if message.member == "Destroy":
                yield _error(
                    ErrorKind.DAEMON_CRASHED, f"the daemon dropped the {self.method} transaction"
                )
                yield FinishedEvent(Outcome.FAILED, code=Exit.FAILED.nick)
                return
            for event in self._convert(message):
                yield event
                if isinstance(event, FinishedEvent):
                    return

    async def _best_effort_cancel(self) -> None:
        if self.path is None:
            return
        try:
            await self._client.call(self.path, TRANSACTION_IFACE, "Cancel", timeout=2.0)
        except BackendError as exc:
            log.info("could not cancel a silent %s transaction: %s", self.method, exc)

    def _on_message(self, message: Message) -> None:
        if message.message_type != _dbus.MessageType.SIGNAL or self._queue is None:
            return
        if message.member == "NameOwnerChanged" and message.interface == DBUS_NAME:
            if message.body and message.body[0] == PK_NAME:
                self._queue.put_nowait(message)
            return
        if self.path is not None and message.path == self.path:
            self._queue.put_nowait(message)

    # -- signal → event ----------------------------------------------------------------

    def _progress(self, item: str = "", item_percent: int | None = None) -> ProgressEvent:
        return ProgressEvent(
            percent=self._percent,
            status=self._status,
            item=item or self._item,
            item_percent=item_percent,
        )

    def _package(self, info: int, package_id: str, summary: str) -> PackageEvent | None:
        valid = _valid_id(package_id)
        if valid is None:
            return None
        state, urgency = vocabulary.package_state(info)
        return PackageEvent(state, valid, summary, urgency)

    def _convert(self, message: Message) -> list[TransactionEvent]:
        member, body = message.member, message.body
        if message.interface == PROPERTIES_IFACE and member == "PropertiesChanged":
            return self._properties(body[1])
        if message.interface != TRANSACTION_IFACE:
            return []
        events: list[TransactionEvent | None] = []
        if member == "Package":
            events.append(self._package(*body))
        elif member == "Packages":
            events.extend(self._package(*entry) for entry in body[0])
        elif member == "ItemProgress":
            package_id, status, value = body
            item = _valid_id(package_id) or ""
            events.append(
                ProgressEvent(
                    percent=self._percent,
                    status=vocabulary.status(status),
                    item=item,
                    item_percent=percentage(value),
                )
            )
        elif member == "Details":
            events.append(self._details(body[0]))
        elif member == "UpdateDetail":
            events.append(self._update_detail(body))
        elif member == "UpdateDetails":
            events.extend(self._update_detail(entry) for entry in body[0])
        elif member == "RequireRestart":
            kind, package_id = body
            events.append(
                RestartRequiredEvent(
                    vocabulary.restart_hint(kind),
                    (_valid_id(package_id) or "") if package_id else "",
                )
            )
        elif member == "RepoDetail":
            events.append(_repository(*body[:3]))
        elif member == "ErrorCode":
            code, details = body
            events.append(_error(kind_for_error(code), str(details), Error.from_wire(code).nick))
        elif member == "Finished":
            exit_code, runtime = body
            events.append(
                FinishedEvent(
                    vocabulary.outcome(exit_code),
                    runtime_ms=runtime,
                    code=Exit.from_wire(exit_code).nick,
                )
            )
        return [event for event in events if event is not None]

    def _properties(self, changed: dict[str, Any]) -> list[TransactionEvent]:
        if "AllowCancel" in changed:
            self.allow_cancel = bool(changed["AllowCancel"].value)
        moved = False
        if "Percentage" in changed:
            self._percent = percentage(int(changed["Percentage"].value))
            moved = True
        if "Status" in changed:
            self._status = vocabulary.status(int(changed["Status"].value))
            moved = True
        if "LastPackage" in changed:
            self._item = _valid_id(str(changed["LastPackage"].value)) or ""
            moved = True
        return [self._progress()] if moved else []

    def _details(self, data: dict[str, Any]) -> DetailsEvent | None:
        def text(key: str) -> str:
            value = data.get(key)
            return str(value.value) if value is not None else ""

        valid = _valid_id(text("package-id"))
        if valid is None:
            return None
        size = data.get("size")
        download = data.get("download-size")
        download_size = int(download.value) if download is not None else -1
        if download_size >= 2**63 - 1 or download_size < 0:  # G_MAXUINT64: unknown
            download_size = -1
        return DetailsEvent(
            package_id=valid,
            summary=text("summary"),
            description=text("description"),
            license=text("license"),
            url=text("url"),
            size=int(size.value) if size is not None else 0,
            download_size=download_size,
        )

    def _update_detail(self, body: Sequence[Any]) -> UpdateDetailEvent | None:
        (package_id, updates, obsoletes, _vendor, _bugzilla, cves, restart, text, changelog) = body[
            :9
        ]
        issued = body[10] if len(body) > 10 else ""
        valid = _valid_id(package_id)
        if valid is None:
            return None
        return UpdateDetailEvent(
            package_id=valid,
            updates=tuple(i for i in (_valid_id(u) for u in updates) if i),
            obsoletes=tuple(i for i in (_valid_id(o) for o in obsoletes) if i),
            cve_urls=tuple(str(url) for url in cves),
            update_text=str(text),
            changelog=str(changelog),
            restart=vocabulary.restart_hint(restart),
            issued=str(issued),
        )
