"""The supervised renderer child and the per-input time limit, with real resvg and real
signals: a renderer that hangs is killed at its limit, one that crashes is reported and
replaced, and the next icon renders as usual."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from appcenter_qt.extract.deadline import InputTimeout, time_limit
from appcenter_qt.generator.icon_worker import IconRenderFailed, RenderWorker
from appcenter_qt.generator.icons import IconError, check_svg
from tests.extract import hostile, samples


@pytest.fixture
def worker():
    worker = RenderWorker(timeout=3)
    yield worker
    worker.close()


def test_renders_and_reports_bad_icons_as_icon_errors(worker: RenderWorker) -> None:
    png = worker.render(samples.SVG.encode(), "svg", 32)
    assert png.startswith(b"\x89PNG")
    with pytest.raises(IconError) as raised:
        worker.render(b"<svg", "svg", 32)
    assert not isinstance(raised.value, IconRenderFailed)


def test_a_hanging_render_is_killed_and_the_next_icon_renders(worker: RenderWorker) -> None:
    started = time.monotonic()
    with pytest.raises(IconRenderFailed, match=r"^timeout after 3 s$"):
        worker.render(hostile.slow_svg().encode(), "svg", 64)
    assert time.monotonic() - started < 30
    assert worker.render(samples.png(16), "png", 32).startswith(b"\x89PNG")


def test_a_crashing_renderer_is_reported_and_replaced(worker: RenderWorker) -> None:
    worker.timeout = 60
    worker.render(samples.png(16), "png", 16)  # started
    child = worker._child
    assert child is not None
    threading.Timer(0.5, os.kill, (child.pid, signal.SIGSEGV)).start()
    with pytest.raises(IconRenderFailed, match=r"renderer crashed \(SIGSEGV\)"):
        worker.render(hostile.slow_svg().encode(), "svg", 64)
    assert worker.render(samples.SVG.encode(), "svg", 16).startswith(b"\x89PNG")
    assert worker._child is not None and worker._child.pid != child.pid


@pytest.mark.parametrize("label", sorted(hostile.hostile_svgs()))
def test_hostile_svgs_are_refused_before_rendering(label: str) -> None:
    with pytest.raises(IconError):
        check_svg(hostile.hostile_svgs()[label].encode())


def test_time_limit_interrupts_python_code_and_restores_the_outer_limit() -> None:
    with time_limit(30, "outer"):
        with (
            pytest.raises(InputTimeout, match=r"^inner: timeout after 0.2 s$"),
            time_limit(0.2, "inner"),
        ):
            while True:
                time.sleep(0.01)
        remaining, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 25 < remaining <= 30
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
