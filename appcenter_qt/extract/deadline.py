"""A time limit per input, for every reader.

Size caps bound memory, but not time: a decompressor fed a crafted stream, a parser on a
pathological document or a bug can spin on one input for ever, and the run (with its other
thousands of inputs) never finishes. Each input is therefore read under :func:`time_limit`:
a ``SIGALRM`` timer that raises :class:`InputTimeout` in the reading code when the input's
time is up. The reader's caller turns it into an ``input-timeout`` report line and goes on
with the next input.

Signals are delivered to the main thread only, which is where every reader runs: in the
generator's process (``--jobs 1``, catalogs, ratings) and in each pool worker process (a
:mod:`appcenter_qt.support.worker_pool` worker runs its tasks in its main thread).
Elsewhere (a reader used from a thread of some other program) the limit is skipped rather
than misapplied. Native code that never returns to the interpreter is not interrupted this
way: icons, the known risk, render in a separate process with their own limit
(:mod:`.icon_worker`), and a pool worker still busy a little after its input's limit is
killed from outside (:mod:`.pool_map`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import TYPE_CHECKING

from appcenter_qt.domain.errors import ExtractError

if TYPE_CHECKING:  # made only when a read is limited: the defaults here import nothing more
    from appcenter_qt.extract.result import ExtractResult

#: Default seconds per input; an icon theme package takes a few seconds.
DEFAULT_INPUT_TIMEOUT = 300.0
#: **Tests only** (docs/generator.md): the file name of an input whose reading then hangs as
#: native code would, deaf to ``SIGALRM``, so that killing its worker can be tested.
STALL_VARIABLE = "APPCENTER_TEST_STALL_INPUT"


class InputTimeout(BaseException):
    """Reading one input took longer than its limit.

    A :class:`BaseException`, like :class:`KeyboardInterrupt`, because it arrives
    asynchronously anywhere in a reader: the readers' ``except Exception`` handlers (which
    turn a bug into an ``internal-error`` line, or a library's error into "corrupt archive")
    must not swallow it and report the wrong reason. Only the callers of :func:`time_limit`
    catch it."""

    def __init__(self, what: str, seconds: float) -> None:
        super().__init__(f"{what}: timeout after {seconds:g} s")
        self.seconds = seconds


@contextlib.contextmanager
def time_limit(seconds: float | None, what: str) -> Iterator[None]:
    """Raise :class:`InputTimeout` inside the block once ``seconds`` have passed.

    ``None`` or ``0`` means no limit. Limits nest: an inner limit restores the outer timer
    (with the time the outer one has left) when it ends."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(_signum: int, _frame: FrameType | None) -> None:
        raise InputTimeout(what, seconds)

    previous_handler = signal.signal(signal.SIGALRM, expired)
    started = time.monotonic()
    previous_delay, _interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous_handler)
        if previous_delay:
            left = previous_delay - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))


def stall_if_asked(name: str) -> None:
    """Hang for an hour with ``SIGALRM`` blocked if :data:`STALL_VARIABLE` names ``name``
    (a test hook; unset, as in every real run, this does nothing)."""
    if name and os.environ.get(STALL_VARIABLE) == name:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(3600)


def read_limited(
    read: Callable[[], ExtractResult], seconds: float | None, what: str
) -> ExtractResult:
    """``read()`` under :func:`time_limit`; past the limit, an empty result whose one
    ``input-timeout`` error names ``what`` (what was read before is not trusted: a reader cut
    off mid-way may hold half a component). An input that cannot be read at all (not a
    regular file, not a catalog) is likewise one ``corrupt-archive`` error, so the run goes
    on as it does for a bad package."""
    from appcenter_qt.extract.result import ExtractResult

    result = ExtractResult()
    try:
        with time_limit(seconds, what):
            return read()
    except InputTimeout as error:
        result.hint(what, "input-timeout", str(error).removeprefix(f"{what}: "))
    except ExtractError as error:
        message = str(error).rpartition(f"{what}: ")[2] or str(error)
        result.hint(what, "corrupt-archive", message)
    return result
