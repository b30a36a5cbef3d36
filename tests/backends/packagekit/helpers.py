"""Small helpers for the PackageKit tests: run a transaction, collect its events."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from appcenter_qt.domain.backend import (
    ErrorEvent,
    FinishedEvent,
    PackageEvent,
    ProgressEvent,
    Transaction,
    TransactionEvent,
)


async def collect(
    transaction: Transaction,
    on_event: Callable[[TransactionEvent], Awaitable[None] | None] | None = None,
    timeout: float = 60.0,
) -> list[TransactionEvent]:
    events: list[TransactionEvent] = []

    async def run() -> None:
        async for event in transaction:
            events.append(event)
            if on_event is not None:
                result = on_event(event)
                if result is not None:
                    await result

    await asyncio.wait_for(run(), timeout)
    return events


def packages(events: list[TransactionEvent]) -> list[PackageEvent]:
    return [e for e in events if isinstance(e, PackageEvent)]


def errors(events: list[TransactionEvent]) -> list[ErrorEvent]:
    return [e for e in events if isinstance(e, ErrorEvent)]


def progress(events: list[TransactionEvent]) -> list[ProgressEvent]:
    return [e for e in events if isinstance(e, ProgressEvent)]


def finished(events: list[TransactionEvent]) -> FinishedEvent:
    assert isinstance(events[-1], FinishedEvent), events[-1]
    assert sum(isinstance(e, FinishedEvent) for e in events) == 1
    return events[-1]
