"""Running one of the composer's passes over worker processes, surviving dead and stuck ones.

Kept apart from :mod:`.composer` (its rules) because this is only machinery: results come
back in argument order whatever order the workers finish in, a worker that dies outright (a
crashing C decoder) costs only the input it was reading, and one stuck past its time limit
(native code that never returns to the interpreter, where ``SIGALRM`` cannot reach it) is
killed with that input and replaced (:mod:`appcenter_qt.support.worker_pool`): the other
inputs go on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from appcenter_qt.extract.readers import unit_source
from appcenter_qt.extract.result import Hint
from appcenter_qt.generator.composition import Job, UnitScan
from appcenter_qt.generator.unit_file import job_name
from appcenter_qt.support.worker_pool import TaskFailed, WorkerPool

log = logging.getLogger("appcenter_qt.generator.composer")

#: A worker whose input's own limit has passed gets this much longer (the limit raised in
#: the worker ends most readers cleanly) before it is killed from outside.
GRACE_SECONDS = 2.0


def hard_deadline(timeout: float | None) -> float | None:
    """When the parent kills a task whose input has ``timeout`` seconds (None: never)."""
    return None if not timeout else timeout + max(GRACE_SECONDS, timeout / 10)


def map_units(
    function: Callable,
    argument_lists: list[tuple],
    stage: str,
    workers: int,
    progress: Callable[[str, UnitScan | None], None],
    timeout: float | None = None,
) -> list:
    """``function(*arguments)`` for each argument list, with ``workers`` processes (1 = in
    this process); ``progress(stage, scan)`` after each. ``timeout`` is each input's limit:
    a worker still at it a little later is killed and the input reported timed out."""
    results: list = [None] * len(argument_lists)
    if workers == 1 or len(argument_lists) <= 1:
        for position, arguments in enumerate(argument_lists):
            results[position] = function(*arguments)
            progress(stage, results[position] if stage == "scan" else None)
        return results
    with WorkerPool(min(workers, len(argument_lists)), deadline=hard_deadline(timeout)) as pool:
        tickets = {
            pool.submit(function, *arguments): n for n, arguments in enumerate(argument_lists)
        }
        for ticket, result in pool.completed(tickets):
            position = tickets[ticket]
            if isinstance(result, TaskFailed):
                result = _failed(result, argument_lists[position][0], stage, timeout)
            results[position] = result
            progress(stage, results[position] if stage == "scan" else None)
    return results


def _failed(failure: TaskFailed, job: Job, stage: str, timeout: float | None):
    """What a pass gets for an input whose worker died or was killed: a failed scan naming
    it (pass 1) or no icons (pass 2); one log line either way."""
    name = Path(job_name(job)).name
    if failure.timed_out:
        message = f"timeout after {timeout:g} s, its worker process killed"
        log.warning("%s: %s", name, message)
    else:
        log.warning("%s: the worker process reading this input crashed", name)
    if stage != "scan":
        return {}
    scan = UnitScan(job, unit_source(job.kind, Path(job.path)), failed=True)
    if failure.timed_out:
        scan.hints.append(Hint(scan.source, "input-timeout", f"{name}: {message}"))
        scan.seconds = hard_deadline(timeout) or 0.0
    else:
        message = "the worker process reading this input crashed"
        scan.hints.append(Hint(scan.source, "internal-error", message))
    return scan
