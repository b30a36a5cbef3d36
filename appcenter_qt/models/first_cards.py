"""The first page's cards before any other query (issue 31, docs/ui.md "Threads").

When the catalog opens, the page in front asks for its cards first (the home page's banner,
the grid's first page) and the catalog worker holds every other query (the other pages', the
sidebar's counts) until the frame that draws those cards: a query's Python work shares the
interpreter with the GUI thread building the cards, so running them side by side delayed
the cards by 50-100 ms. The sources' asyncio loop holds its coroutines (the installed
state, the updates) the same way: its thread, asyncio and the D-Bus library start then.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, Protocol

from PySide6.QtCore import QTimer

#: The longest the held queries wait for the frame that draws the first cards, and for
#: those cards at all (a query that failed sets none).
FRAME_WAIT_MS = 100
HOLD_AT_MOST_MS = 1000


class Holder(Protocol):
    """What keeps work back until released: the catalog worker
    (:class:`~appcenter_qt.ui.async_bridge.SerialWorker`) and the sources' asyncio loop
    (:class:`~appcenter_qt.ui.async_bridge.AsyncLoopThread`)."""

    @property
    def holding(self) -> bool: ...

    def hold(self) -> None: ...

    def release(self) -> None: ...


def hold_until_drawn(holders: Sequence[Holder], window: Any, shown: Any) -> None:
    """Hold the next work of each of ``holders`` until ``shown`` (a signal: the first cards
    are set) and the next frame of ``window`` has drawn them; :data:`HOLD_AT_MOST_MS` at
    most."""
    for holder in holders:
        holder.hold()

    def on_shown(*_: Any) -> None:
        with contextlib.suppress(RuntimeError):
            shown.disconnect(on_shown)
        release_after_frame(holders, window)

    shown.connect(on_shown)
    QTimer.singleShot(HOLD_AT_MOST_MS, lambda: _release(holders))


def _release(holders: Sequence[Holder]) -> None:
    for holder in holders:
        holder.release()


def release_after_frame(holders: Sequence[Holder], window: Any) -> None:
    """Let the held work run after ``window``'s next frame, or a moment at most (a hidden
    window draws none)."""
    if not any(holder.holding for holder in holders):
        return
    released = False

    def release() -> None:
        nonlocal released
        if released:  # the frame came first, then the timer (or the other way round)
            return
        released = True
        with contextlib.suppress(RuntimeError):  # the window is gone already
            window.frameSwapped.disconnect(release)
        _release(holders)

    window.frameSwapped.connect(release)
    QTimer.singleShot(FRAME_WAIT_MS, release)
