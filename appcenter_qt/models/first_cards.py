"""The first page's cards before any other query (issue 31, docs/ui.md "Threads").

When the catalog opens, the page in front asks for its cards first (the home page's banner,
the grid's first page) and the catalog worker holds every other query (the other pages', the
sidebar's counts) until the frame that draws those cards: a query's Python work shares the
interpreter with the GUI thread building the cards, so running them side by side delayed
the cards by 50-100 ms.
"""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QTimer

from appcenter_qt.ui.async_bridge import SerialWorker

#: The longest the held queries wait for the frame that draws the first cards, and for
#: those cards at all (a query that failed sets none).
FRAME_WAIT_MS = 100
HOLD_AT_MOST_MS = 1000


def hold_until_drawn(worker: SerialWorker, window: Any, shown: Any) -> None:
    """Hold ``worker``'s next queries until ``shown`` (a signal: the first cards are set)
    and the next frame of ``window`` has drawn them; :data:`HOLD_AT_MOST_MS` at most."""
    worker.hold()

    def on_shown(*_: Any) -> None:
        with contextlib.suppress(RuntimeError):
            shown.disconnect(on_shown)
        release_after_frame(worker, window)

    shown.connect(on_shown)
    QTimer.singleShot(HOLD_AT_MOST_MS, worker.release)


def release_after_frame(worker: SerialWorker, window: Any) -> None:
    """Let the held queries run after ``window``'s next frame, or a moment at most (a
    hidden window draws none)."""
    if not worker.holding:
        return
    released = False

    def release() -> None:
        nonlocal released
        if released:  # the frame came first, then the timer (or the other way round)
            return
        released = True
        with contextlib.suppress(RuntimeError):  # the window is gone already
            window.frameSwapped.disconnect(release)
        worker.release()

    window.frameSwapped.connect(release)
    QTimer.singleShot(FRAME_WAIT_MS, release)
