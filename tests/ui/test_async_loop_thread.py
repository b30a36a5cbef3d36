"""AsyncLoopThread: the sources' asyncio loop starts with its first coroutine, and holds the
coroutines submitted while a window draws its first cards (``hold``/``release``)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import json
import subprocess
import sys
import threading
import warnings
from collections.abc import AsyncIterator

import pytest

from appcenter_qt.ui.async_bridge import AsyncLoopThread


def test_the_thread_and_asyncio_start_with_the_first_coroutine() -> None:
    """In a fresh interpreter: making the loop imports nothing and starts no thread."""
    script = """
import json, sys, threading
from appcenter_qt.ui.async_bridge import AsyncLoopThread
loop = AsyncLoopThread()
before = ["asyncio" in sys.modules, loop.started(), threading.active_count()]
async def answer():
    return 42
got = loop.submit(answer()).result(timeout=10)
after = ["asyncio" in sys.modules, loop.started(), threading.active_count()]
loop.stop()
print(json.dumps([before, got, after]))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    before, got, after = json.loads(done.stdout.strip().splitlines()[-1])
    assert before == [False, False, 1]
    assert got == 42
    assert after == [True, True, 2]


def test_held_coroutines_run_in_order_after_release() -> None:
    loop = AsyncLoopThread()
    ran: list[int] = []

    async def note(n: int) -> int:
        ran.append(n)
        return n

    try:
        loop.hold()
        assert loop.holding
        held = [loop.submit(note(n)) for n in range(3)]
        assert not loop.started() and not any(f.done() for f in held)  # not even a thread
        loop.release()
        assert [f.result(timeout=5) for f in held] == [0, 1, 2]
        assert ran == [0, 1, 2] and not loop.holding
        assert loop.submit(note(3)).result(timeout=5) == 3  # not held any more
        loop.release()  # twice is harmless
    finally:
        loop.stop()


def test_a_held_coroutine_whose_future_was_cancelled_never_runs() -> None:
    loop = AsyncLoopThread()
    ran: list[str] = []

    async def note(name: str) -> None:
        ran.append(name)

    try:
        loop.hold()
        dropped = loop.submit(note("dropped"))
        kept = loop.submit(note("kept"))
        assert dropped.cancel()
        with warnings.catch_warnings():
            warnings.simplefilter("error", RuntimeWarning)  # "never awaited" would be one
            loop.release()
            kept.result(timeout=5)
            gc.collect()
        assert ran == ["kept"]
    finally:
        loop.stop()


def test_stopping_drops_what_is_held_and_a_failure_reaches_the_future() -> None:
    loop = AsyncLoopThread()

    async def fail() -> None:
        raise ValueError("from the source")

    failing = loop.submit(fail())
    with pytest.raises(ValueError, match="from the source"):
        failing.result(timeout=5)
    loop.hold()
    held = loop.submit(asyncio.sleep(0))
    loop.stop()
    assert held.cancelled()
    with pytest.raises(concurrent.futures.CancelledError):
        held.result(timeout=1)


def test_a_task_started_by_a_clean_up_while_stopping_ends_with_the_loop(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A cancelled task's ``finally`` may start another task (a transaction tidying up on
    the bus reconnects, and the connection starts its watcher). Stopping ends that one too
    and closes the loop: nothing is left pending to be "destroyed" at the interpreter's
    exit."""
    loop = AsyncLoopThread()
    running = threading.Event()
    started_in_clean_up: list[asyncio.Task[None]] = []

    async def watch_forever() -> None:
        await asyncio.sleep(3600)

    async def transaction() -> None:
        try:
            running.set()
            await asyncio.sleep(3600)
        finally:
            started_in_clean_up.append(asyncio.ensure_future(watch_forever()))

    loop.submit(transaction())
    assert running.wait(5)
    loop.stop()
    (watcher,) = started_in_clean_up
    assert watcher.cancelled()
    assert loop.loop.is_closed()
    started_in_clean_up.clear()
    del watcher
    gc.collect()
    assert "Task was destroyed" not in caplog.text


def test_a_coroutine_submitted_after_stop_is_dropped() -> None:
    loop = AsyncLoopThread()

    async def answer() -> int:
        return 42

    assert loop.submit(answer()).result(timeout=5) == 42
    loop.stop()
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # "never awaited" would be one
        late = loop.submit(answer())
        gc.collect()
    assert late.cancelled()


def test_stopping_closes_a_generator_left_half_read() -> None:
    """A source's event stream left after its first event still runs its ``finally`` (a
    transaction removes its match rules there) when the loop stops."""
    loop = AsyncLoopThread()
    closed = threading.Event()
    kept: list[object] = []

    async def events() -> AsyncIterator[int]:
        try:
            yield 1
            yield 2
        finally:
            closed.set()

    async def first_event() -> int:
        stream = events()
        kept.append(stream)
        return await anext(stream)

    assert loop.submit(first_event()).result(timeout=5) == 1
    loop.stop()
    assert closed.is_set()
