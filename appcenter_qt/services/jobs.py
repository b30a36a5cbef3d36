"""Reading one job (a source's :class:`~appcenter_qt.domain.backend.Transaction`) to its end.

Every caller used to write its own ``async for event in transaction`` loop, each with its own
idea of a percent and of when a job failed. :func:`collect` is that loop once (GNOME
Software's ``GsPluginJob`` result, reduced): progress goes to a callback with the percent
clamped, everything else is kept in a :class:`JobResult` the caller reads. Ctrl+C or a
cancelled task asks the source to stop too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from appcenter_qt.domain.backend import (
    ErrorEvent,
    FinishedEvent,
    PackageEvent,
    PackageState,
    ProgressEvent,
    RestartHint,
    RestartRequiredEvent,
    Transaction,
    TransactionEvent,
)
from appcenter_qt.domain.errors import BackendError

#: Called with each progress event's clamped percent (-1: unknown) and the event itself.
ProgressCallback = Callable[[int, ProgressEvent], None]


def clamp_percent(percent: int | None) -> int:
    """A source's percent as the product shows it: 0…100 (a buggy source may send anything),
    or -1 when the source cannot tell."""
    return -1 if percent is None else max(0, min(100, percent))


@dataclass
class JobResult:
    """What one job said, in order (``events``) and sorted by kind."""

    events: list[TransactionEvent] = field(default_factory=list)
    packages: list[PackageEvent] = field(default_factory=list)
    errors: list[ErrorEvent] = field(default_factory=list)
    restarts: list[RestartRequiredEvent] = field(default_factory=list)
    finished: FinishedEvent | None = None

    @property
    def success(self) -> bool:
        """Ended with success and reported no error."""
        return self.finished is not None and self.finished.success and not self.errors

    @property
    def error(self) -> ErrorEvent | None:
        return self.errors[0] if self.errors else None

    def package_ids(self, *states: PackageState) -> list[str]:
        """The references reported in any of ``states`` (all when none given), once each."""
        found = (p.package_id for p in self.packages if not states or p.state in states)
        return list(dict.fromkeys(found))

    def restart_hints(self) -> list[str]:
        """The restarts asked for, by name, without ``none``."""
        hints = {e.kind.value for e in self.restarts if e.kind is not RestartHint.NONE}
        return sorted(hints)

    def raise_for_error(self) -> JobResult:
        """``self`` when the job succeeded; else :class:`BackendError`, its code the first
        error's kind (or ``failed``/``cancelled`` when it ended so without one)."""
        error = self.error
        if error is not None:
            raise BackendError(str(error.kind), error.details or error.message)
        if not self.success:
            ended = self.finished.exit if self.finished is not None else "no answer"
            code = "cancelled" if ended == "cancelled" else "failed"
            raise BackendError(code, f"the job ended: {ended}")
        return self


async def collect(
    transaction: Transaction,
    on_progress: ProgressCallback | None = None,
    on_event: Callable[[TransactionEvent], None] | None = None,
) -> JobResult:
    """Run ``transaction`` to its end. ``on_progress`` sees each progress event (percent
    clamped), ``on_event`` every other event as it arrives (a list growing on screen)."""
    # here, not at the top: a running coroutine has asyncio loaded already, and the window
    # imports this module before its first frame, when no loop runs yet
    import asyncio

    result = JobResult()
    try:
        async for event in transaction:
            result.events.append(event)
            if isinstance(event, ProgressEvent):
                if on_progress is not None:
                    on_progress(clamp_percent(event.percent), event)
                continue
            if isinstance(event, PackageEvent):
                result.packages.append(event)
            elif isinstance(event, ErrorEvent):
                result.errors.append(event)
            elif isinstance(event, RestartRequiredEvent):
                result.restarts.append(event)
            elif isinstance(event, FinishedEvent):
                result.finished = event
            if on_event is not None:
                on_event(event)
    except asyncio.CancelledError:  # Ctrl+C or a closed window: ask the source to stop too
        await asyncio.shield(transaction.cancel())
        raise
    return result
