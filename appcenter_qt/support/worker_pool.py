"""Worker processes whose tasks can be stopped: a task past its time is killed with its
worker, a worker that dies costs only its own task, and the pool goes on with a fresh one.

:class:`concurrent.futures.ProcessPoolExecutor` cannot do either: a task cannot be cancelled
once it runs, so a reader stuck in native code (where :mod:`.deadline`'s ``SIGALRM`` never
reaches the interpreter) holds the pool's shutdown for as long as it spins, and a worker that
dies breaks the whole pool. Here each worker is a process of its own with one pipe; the
parent knows which task each one runs and since when. Past the task's ``deadline`` (seconds;
``None`` for none) the worker's process group is killed (with any renderer it started),
the task's result is :class:`TaskFailed` (``timed_out``), and a new worker takes the next
task. A worker that dies gives :class:`TaskFailed` (``crashed``). Leaving the pool's ``with``
block by an exception (an :class:`~.deadline.InputTimeout` raised in the parent, Ctrl-C)
kills every worker at once instead of waiting for them.

Each worker holds a constant number of descriptors (its end of one pipe), whatever the
number of tasks.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import multiprocessing
import os
import pickle
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

#: A worker asked to stop is waited for this long before it is killed.
_STOP_WAIT = 5.0
#: prctl(2): the signal a process gets when its parent dies.
_PR_SET_PDEATHSIG = 1


@dataclass(frozen=True)
class TaskFailed:
    """The task gave no result: it passed its deadline, or its worker process died."""

    timed_out: bool
    message: str


def _die_with(parent: int) -> None:
    """Have the kernel kill this worker when its parent dies (``PR_SET_PDEATHSIG``). Forked
    workers also hold their siblings' pipe ends, so after a parent killed with SIGKILL none
    of them would ever read an end of file: they would wait on each other forever."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the pipe's end of file is all there is
        return
    if os.getppid() != parent:  # it died before prctl took hold
        os._exit(1)


def _serve(connection: Connection, parent: int) -> None:
    """A worker's loop: run each ``(function, arguments)`` received, send back its result."""
    _die_with(parent)
    # The collector leaves the objects inherited from the parent alone: pages shared with
    # it until written, and a collection writes to every object it walks (alternated cold
    # ``--system -j 2`` builds: 0.2-0.3 s less CPU).
    gc.freeze()
    with contextlib.suppress(OSError):
        os.setpgrp()  # its own group: killed with whatever it starts (icon renderers)
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        function, arguments = task
        try:
            reply: tuple[bool, Any] = (True, function(*arguments))
        except BaseException as error:
            reply = (False, error)
        try:
            data = pickle.dumps(reply, pickle.HIGHEST_PROTOCOL)
        except Exception as error:
            data = pickle.dumps((False, RuntimeError(f"worker result not picklable: {error}")))
        try:
            connection.send_bytes(data)
        except (EOFError, OSError):
            return


class _Worker:
    def __init__(self, context: Any) -> None:
        self.connection, child = multiprocessing.Pipe()
        self.process = context.Process(target=_serve, args=(child, os.getpid()), daemon=True)
        self.process.start()
        child.close()
        self.ticket: int | None = None
        self.deadline = float("inf")

    def kill(self) -> None:
        if self.process.pid is not None:
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.kill()
        self.process.join()
        self.close()

    def stop(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.connection.send(None)
        self.process.join(_STOP_WAIT)
        if self.process.is_alive():
            self.kill()
        self.close()

    def close(self) -> None:
        self.connection.close()
        with contextlib.suppress(ValueError):
            self.process.close()


class WorkerPool:
    """``workers`` processes running submitted tasks, each within ``deadline`` seconds."""

    def __init__(self, workers: int, *, deadline: float | None = None) -> None:
        self.size = max(1, workers)
        self.deadline = deadline
        self._context = multiprocessing.get_context()
        self._tasks: dict[int, tuple[Callable[..., Any], tuple[Any, ...]]] = {}
        self._waiting: deque[int] = deque()
        self._results: dict[int, tuple[bool, Any]] = {}
        self._workers: list[_Worker] = []
        self._next = 0
        #: called with the ticket of each task stopped at its deadline
        self.on_timeout: Callable[[int], None] | None = None

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, kind: object, error: object, traceback: object) -> None:
        self.close(kill=error is not None)

    def submit(self, function: Callable[..., Any], *arguments: Any) -> int:
        """Queue ``function(*arguments)`` (both picklable); returns its ticket."""
        ticket = self._next
        self._next += 1
        self._tasks[ticket] = (function, arguments)
        self._waiting.append(ticket)
        return ticket

    def result(self, ticket: int) -> Any:
        """The task's return value or :class:`TaskFailed`; an exception it raised is raised
        here. Blocks, running the other tasks meanwhile."""
        while ticket not in self._results:
            self._step()
        return self._unpack(self._results.pop(ticket))

    def completed(self, tickets: Iterable[int]) -> Iterator[tuple[int, Any]]:
        """``(ticket, result)`` of each of ``tickets`` as it finishes, as :meth:`result`."""
        pending = set(tickets)
        while pending:
            for ticket in [t for t in self._results if t in pending]:  # few, not all pending
                pending.discard(ticket)
                yield ticket, self._unpack(self._results.pop(ticket))
            if pending:
                self._step()

    @staticmethod
    def _unpack(outcome: tuple[bool, Any]) -> Any:
        ok, value = outcome
        if ok:
            return value
        raise value

    def _start(self) -> None:
        """Hand waiting tasks to idle workers, starting workers up to the pool's size."""
        while self._waiting:
            idle = next((w for w in self._workers if w.ticket is None), None)
            if idle is None:
                if len(self._workers) >= self.size:
                    return
                idle = _Worker(self._context)
                self._workers.append(idle)
            ticket = self._waiting.popleft()
            function, arguments = self._tasks.pop(ticket)
            idle.ticket = ticket
            idle.deadline = (
                time.monotonic() + self.deadline if self.deadline is not None else float("inf")
            )
            with contextlib.suppress(OSError, EOFError):  # if it died, its sentinel says so
                idle.connection.send((function, arguments))

    def poll(self) -> None:
        """Settle the tasks that have finished and hand waiting ones to idle workers, without
        blocking: a caller busy with other work between :meth:`result` calls keeps the
        workers fed by polling now and then."""
        self._start()
        if any(w.ticket is not None for w in self._workers):
            self._step(block=False)

    def finished(self, ticket: int) -> bool:
        """Whether :meth:`result` of ``ticket`` would return at once."""
        return ticket in self._results

    def _step(self, *, block: bool = True) -> None:
        """Wait for one worker to answer, die or pass its deadline (with ``block``; else only
        look); settle it."""
        self._start()
        busy = [w for w in self._workers if w.ticket is not None]
        if not busy:
            raise RuntimeError("worker pool: waiting for a task that was never submitted")
        soonest = min(w.deadline for w in busy)
        timeout = None if soonest == float("inf") else max(0.0, soonest - time.monotonic())
        if not block:
            timeout = 0.0
        handles: dict[Any, _Worker] = {}
        for worker in busy:
            handles[worker.connection] = worker
            handles[worker.process.sentinel] = worker
        ready = wait(list(handles), timeout)
        settled: set[_Worker] = set()
        for handle in ready:
            worker = handles[handle]
            if worker in settled:
                continue
            settled.add(worker)
            self._settle(worker)
        now = time.monotonic()
        for worker in busy:
            if worker not in settled and worker.deadline <= now:
                self._expire(worker)

    def _settle(self, worker: _Worker) -> None:
        ticket = worker.ticket
        assert ticket is not None
        try:
            data = worker.connection.recv_bytes()
        except (EOFError, OSError):
            code = worker.process.exitcode if not worker.process.is_alive() else None
            self._replace(worker)
            message = "its worker process died"
            if code is not None and code < 0:
                with contextlib.suppress(ValueError):
                    message += f" ({signal.Signals(-code).name})"
            self._results[ticket] = (True, TaskFailed(False, message))
            return
        worker.ticket = None
        worker.deadline = float("inf")
        self._results[ticket] = pickle.loads(data)  # noqa: S301 (our own worker's reply)

    def _expire(self, worker: _Worker) -> None:
        ticket = worker.ticket
        assert ticket is not None
        self._replace(worker)
        message = f"timeout after {self.deadline:g} s, its worker process stopped"
        self._results[ticket] = (True, TaskFailed(True, message))
        if self.on_timeout is not None:
            self.on_timeout(ticket)

    def _replace(self, worker: _Worker) -> None:
        """Kill ``worker``; the next :meth:`_start` starts another in its place."""
        worker.kill()
        self._workers.remove(worker)

    def close(self, *, kill: bool = False) -> None:
        """Stop the workers: at once with ``kill``, else after their current task."""
        workers, self._workers = self._workers, []
        self._waiting.clear()
        self._tasks.clear()
        for worker in workers:
            if kill or worker.ticket is not None:
                worker.kill()
            else:
                worker.stop()
