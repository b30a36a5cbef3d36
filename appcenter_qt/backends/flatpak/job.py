"""One Flatpak operation as a :class:`~appcenter_qt.domain.backend.Transaction`.

libflatpak's calls are synchronous (``Transaction.run``, ``list_remote_refs_sync``…) and
report progress through GObject signals on the thread that runs them. A :class:`FlatpakJob`
runs its work function in a worker thread of its own, with a fresh ``Gio.Cancellable``; the
work emits neutral events, which reach the caller's asyncio loop through
``call_soon_threadsafe``. ``cancel()`` cancels the cancellable: libflatpak stops at its next
check and the job ends with ``cancelled``. A job silent for ``inactivity_timeout`` seconds
is cancelled and reported as ``timeout``. Like PackageKit's transactions, a job does nothing
until it is iterated, and always ends with one :class:`FinishedEvent`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from appcenter_qt.domain.backend import (
    ErrorEvent,
    ErrorKind,
    FinishedEvent,
    Outcome,
    TransactionEvent,
)

from ._gi import Gio, GLib
from .vocabulary import kind_for, message_for

if TYPE_CHECKING:  # imported by the job's coroutine: a window lists its sources before its cards
    import asyncio

log = logging.getLogger(__name__)


class JobError(Exception):
    """A failure the work function names itself (a vanished remote, an unknown id)."""

    def __init__(self, kind: ErrorKind, message: str, *, code: str = "", details: str = ""):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.code = code
        self.details = details


@dataclass
class JobContext:
    """What the work function gets: ``emit`` an event, the ``cancellable`` to pass to every
    libflatpak call."""

    emit: Callable[[TransactionEvent], None]
    cancellable: Gio.Cancellable


def error_nick(error: GLib.Error) -> tuple[str, str]:
    """(domain, code nick) of a ``GLib.Error``: ``("flatpak-error-quark", "ref-not-found")``."""
    domain = error.domain if isinstance(error.domain, str) else GLib.quark_to_string(error.domain)
    nick = str(error.code)
    enum = {"flatpak-error-quark": "Flatpak", "g-io-error-quark": "Gio"}.get(domain)
    if enum is not None:
        from ._gi import Flatpak

        values = (Flatpak.Error if enum == "Flatpak" else Gio.IOErrorEnum).__enum_values__
        if error.code in values:
            nick = values[error.code].value_nick
    return domain, nick


def error_event(error: GLib.Error, headline: str = "") -> ErrorEvent:
    domain, nick = error_nick(error)
    kind = kind_for(domain, nick)
    return ErrorEvent(kind, headline or message_for(kind), code=nick, details=error.message)


class FlatpakJob:
    """A not-yet-started Flatpak operation: ``work(context)`` runs in a worker thread."""

    def __init__(
        self, work: Callable[[JobContext], None], *, inactivity_timeout: float = 120.0
    ) -> None:
        self._work = work
        self.inactivity_timeout = inactivity_timeout
        self.cancellable = Gio.Cancellable()
        self._cancelled_early = False
        self._started = False

    def __aiter__(self) -> AsyncIterator[TransactionEvent]:
        return self._events()

    async def cancel(self) -> None:
        if not self._started:
            self._cancelled_early = True
        self.cancellable.cancel()

    async def _events(self) -> AsyncIterator[TransactionEvent]:
        if self._started:
            raise RuntimeError("a Flatpak job runs once")
        self._started = True
        if self._cancelled_early:
            yield FinishedEvent(Outcome.CANCELLED, 0, "cancelled")
            return
        import asyncio

        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[TransactionEvent] = asyncio.Queue()

        def emit(event: TransactionEvent) -> None:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, event)
            except RuntimeError:  # the loop is closed: its window or command has ended
                log.debug("Flatpak job event after its loop closed: %r", event)

        context = JobContext(emit, self.cancellable)
        started = time.monotonic()
        thread = threading.Thread(
            target=self._run, args=(context, started), name="flatpak-job", daemon=True
        )
        thread.start()
        finished = False
        try:
            while True:
                try:
                    event = await asyncio.wait_for(queue.get(), self.inactivity_timeout)
                except TimeoutError:
                    self.cancellable.cancel()
                    yield ErrorEvent(ErrorKind.TIMEOUT, message_for(ErrorKind.TIMEOUT))
                    finished = True
                    elapsed = int((time.monotonic() - started) * 1000)
                    yield FinishedEvent(Outcome.FAILED, elapsed, "timeout")
                    return
                yield event
                if isinstance(event, FinishedEvent):
                    finished = True
                    return
        finally:
            if not finished:  # the caller stopped listening: stop the work too
                self.cancellable.cancel()

    def _run(self, context: JobContext, started: float) -> None:
        def finish(outcome: Outcome, code: str = "") -> None:
            elapsed = int((time.monotonic() - started) * 1000)
            context.emit(FinishedEvent(outcome, elapsed, code))

        try:
            self._work(context)
        except JobError as error:
            if error.kind is ErrorKind.CANCELLED or self.cancellable.is_cancelled():
                finish(Outcome.CANCELLED, "cancelled")
                return
            context.emit(ErrorEvent(error.kind, error.message, error.code, error.details))
            finish(Outcome.FAILED, error.code)
        except GLib.Error as error:
            event = error_event(error)
            if event.kind is ErrorKind.CANCELLED or self.cancellable.is_cancelled():
                finish(Outcome.CANCELLED, "cancelled")
                return
            context.emit(event)
            finish(Outcome.FAILED, event.code)
        except Exception as error:  # a bug or a libflatpak surprise: one event, not a hang
            log.exception("Flatpak job failed")
            context.emit(
                ErrorEvent(ErrorKind.FAILED, message_for(ErrorKind.FAILED), details=repr(error))
            )
            finish(Outcome.FAILED, "internal-error")
        else:  # done, even if a cancel came too late to stop it: say what happened
            finish(Outcome.SUCCESS)
