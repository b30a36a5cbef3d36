"""WorkerPool: real worker processes; a task past its deadline is killed with its worker and
the pool goes on, a dead worker costs only its task, an exception in the parent kills the
workers at once, and the parent's descriptors do not grow with the number of tasks."""

from __future__ import annotations

import gc
import os
import signal
import time

import pytest

from appcenter_qt.support.worker_pool import TaskFailed, WorkerPool


def square(n: int) -> int:
    return n * n


def hang_deaf(n: int) -> int:
    """Native code that never returns, as the pool sees it: deaf to SIGALRM, asleep."""
    if n == 3:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(3600)
    return n


def die(n: int) -> int:
    if n == 2:
        os._exit(9)
    return n


def fail(n: int) -> int:
    raise ValueError(f"bad {n}")


def open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_results_by_ticket_and_as_completed() -> None:
    with WorkerPool(2) as pool:
        tickets = [pool.submit(square, n) for n in range(20)]
        assert pool.result(tickets[7]) == 49
        done = dict(pool.completed(tickets[:7] + tickets[8:]))
    assert done == {t: n * n for n, t in enumerate(tickets) if n != 7}


def test_a_stuck_task_is_killed_and_the_others_go_on() -> None:
    started = time.monotonic()
    stopped: list[int] = []
    with WorkerPool(2, deadline=1.0) as pool:
        pool.on_timeout = stopped.append
        tickets = [pool.submit(hang_deaf, n) for n in range(8)]
        results = dict(pool.completed(tickets))
    assert time.monotonic() - started < 15
    assert stopped == [tickets[3]]
    failed = results.pop(tickets[3])
    assert isinstance(failed, TaskFailed) and failed.timed_out
    assert results == {t: n for n, t in enumerate(tickets) if n != 3}


def test_a_dead_worker_costs_only_its_task() -> None:
    with WorkerPool(2) as pool:
        tickets = [pool.submit(die, n) for n in range(6)]
        results = dict(pool.completed(tickets))
    failed = results.pop(tickets[2])
    assert isinstance(failed, TaskFailed) and not failed.timed_out
    assert "died" in failed.message
    assert results == {t: n for n, t in enumerate(tickets) if n != 2}


def test_an_exception_in_a_task_is_raised_in_the_parent() -> None:
    with WorkerPool(1) as pool:
        ticket = pool.submit(fail, 5)
        with pytest.raises(ValueError, match="bad 5"):
            pool.result(ticket)
        assert pool.result(pool.submit(square, 3)) == 9  # the worker is still there


def test_leaving_by_an_exception_kills_the_workers_at_once() -> None:
    started = time.monotonic()
    pids = []
    with pytest.raises(KeyboardInterrupt), WorkerPool(2) as pool:
        for _ in range(4):
            pool.submit(hang_deaf, 3)
        pool._start()  # the hanging tasks are running
        pids = [worker.process.pid for worker in pool._workers]
        raise KeyboardInterrupt
    assert time.monotonic() - started < 10
    assert len(pids) == 2
    for pid in pids:
        with pytest.raises(ProcessLookupError):  # killed and reaped
            os.kill(pid, 0)


def test_descriptors_do_not_grow_with_the_tasks() -> None:
    # what earlier tests left for the collector (a spool's file) is closed first, not
    # while this test counts
    gc.collect()
    with WorkerPool(2) as pool:
        list(pool.completed([pool.submit(square, n) for n in range(10)]))
        before = open_descriptors()
        list(pool.completed([pool.submit(square, n) for n in range(2000)]))
        assert open_descriptors() == before
    with WorkerPool(2, deadline=0.5) as pool:
        list(pool.completed([pool.submit(hang_deaf, 3) for _ in range(3)]))  # 3 replacements
        assert open_descriptors() <= before


_ORPHANS = """
import sys, time
from appcenter_qt.support.worker_pool import WorkerPool
pool = WorkerPool(2)
tickets = [pool.submit(time.sleep, 0) for _ in range(4)]
for ticket in tickets:
    pool.result(ticket)
print(" ".join(str(w.process.pid) for w in pool._workers), flush=True)
time.sleep(600)
"""


def test_workers_die_with_a_parent_killed_by_sigkill() -> None:
    # kill -9 of the generator (a test does it at every moment) must not leave its workers
    # waiting on each other's pipe ends for ever.
    import os
    import signal
    import subprocess
    import sys
    import time

    parent = subprocess.Popen([sys.executable, "-c", _ORPHANS], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    pids = [int(pid) for pid in parent.stdout.readline().split()]
    assert len(pids) == 2
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 10
    alive = pids
    while alive and time.monotonic() < deadline:
        alive = [pid for pid in pids if os.path.exists(f"/proc/{pid}") and _running(pid)]
        time.sleep(0.05)
    assert alive == [], f"workers outlived their parent: {alive}"


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_polling_keeps_the_workers_fed_while_the_parent_is_busy() -> None:
    """A parent doing other work between results (the catalog writer reading coloured
    applications) polls: finished tasks are collected and the next ones handed out, so
    every task is done without a blocking ``result`` call."""
    with WorkerPool(2) as pool:
        tickets = [pool.submit(square, n) for n in range(6)]
        pool.poll()  # starts the workers without waiting for any of them
        deadline = time.monotonic() + 20
        while not all(pool.finished(t) for t in tickets) and time.monotonic() < deadline:
            time.sleep(0.01)  # the parent's own work
            pool.poll()
        assert all(pool.finished(t) for t in tickets)
        assert [pool.result(t) for t in tickets] == [n * n for n in range(6)]
