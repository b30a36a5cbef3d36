"""SerialWorker: tasks run in order on one thread; held back while the window draws its
first cards (``hold``/``release``), except a task submitted ``ahead``."""

from __future__ import annotations

import threading

from appcenter_qt.ui.async_bridge import GuiDispatcher, SerialWorker


def test_held_tasks_wait_for_release_in_order_and_ahead_goes_first(qapp, qtbot) -> None:  # type: ignore[no-untyped-def]
    worker = SerialWorker(GuiDispatcher())
    ran: list[str] = []
    answered: list[tuple[str, object]] = []
    try:
        worker.hold()
        held = [
            worker.submit(
                lambda n=n: ran.append(f"held {n}") or n, lambda r, e: answered.append(("held", r))
            )
            for n in range(3)
        ]
        first = worker.submit(lambda: ran.append("ahead") or "a", ahead=True)
        assert first.result(timeout=5) == "a"
        assert ran == ["ahead"] and not any(f.done() for f in held)  # still held
        assert worker.holding
        worker.release()
        assert [f.result(timeout=5) for f in held] == [0, 1, 2]
        assert ran == ["ahead", "held 0", "held 1", "held 2"]
        qtbot.waitUntil(lambda: len(answered) == 3, timeout=5000)  # on the GUI thread
        assert answered == [("held", 0), ("held", 1), ("held", 2)]
        assert not worker.holding
        worker.release()  # twice is harmless
    finally:
        worker.shutdown()


def test_shutting_down_drops_the_held_tasks(qapp) -> None:  # type: ignore[no-untyped-def]
    worker = SerialWorker(GuiDispatcher())
    ran = threading.Event()
    worker.hold()
    future = worker.submit(ran.set)
    worker.shutdown()
    assert future.cancelled() and not ran.is_set()


def test_tasks_queued_at_shutdown_are_dropped_without_a_traceback(qapp, caplog) -> None:  # type: ignore[no-untyped-def]
    # Closing the window while queries wait behind a slow one: the waiting ones are
    # cancelled, and their answers have nobody to go to. concurrent.futures logs any
    # exception a done-callback raises ("exception calling callback for <Future …>", with a
    # traceback on the terminal the window was started from).
    worker = SerialWorker(GuiDispatcher())
    started, go_on = threading.Event(), threading.Event()
    answered: list[object] = []
    worker.submit(lambda: started.set() or go_on.wait(5), lambda r, e: answered.append(r))
    queued = [worker.submit(lambda: "late", lambda r, e: answered.append(r)) for _ in range(3)]
    assert started.wait(5)
    closing = threading.Thread(target=worker.shutdown)
    closing.start()
    threading.Timer(0.2, go_on.set).start()  # the slow query ends while shutting down
    closing.join(10)
    assert all(future.cancelled() for future in queued)
    assert not [r for r in caplog.records if r.name == "concurrent.futures"], caplog.text
