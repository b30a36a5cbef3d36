"""FlatpakJob's worker thread outliving the asyncio loop that listened to it."""

from __future__ import annotations

import asyncio
import threading

import pytest

job_module = pytest.importorskip("appcenter_qt.backends.flatpak.job")


def test_a_job_ending_after_its_loop_closed_drops_its_last_events() -> None:
    """A window (or command) that ends while libflatpak is still working closes its loop;
    the work's last events then have nobody to reach, and the job's thread ends quietly
    instead of raising "Event loop is closed"."""
    release = threading.Event()
    failures: list[BaseException | None] = []

    def work(_context: object) -> None:
        release.wait(10)  # libflatpak, not yet at its next cancellation check

    job = job_module.FlatpakJob(work)

    async def listen_then_leave() -> None:
        first = asyncio.ensure_future(anext(aiter(job)))
        await asyncio.sleep(0.05)
        first.cancel()

    before = set(threading.enumerate())
    asyncio.run(listen_then_leave())
    (thread,) = [t for t in threading.enumerate() if t not in before and t.name == "flatpak-job"]
    hook = threading.excepthook
    threading.excepthook = lambda args: failures.append(args.exc_value)
    try:
        release.set()
        thread.join(10)
    finally:
        threading.excepthook = hook
    assert not thread.is_alive()
    assert failures == []
