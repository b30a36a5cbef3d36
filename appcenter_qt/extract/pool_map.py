"""Running one of the composer's passes over a process pool, surviving dead workers.

Kept apart from :mod:`.composer` (its rules) because this is only machinery: results come
back in argument order whatever order the workers finish in, and a worker that dies outright
(a crashing C decoder) costs only the input it was reading.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from appcenter_qt.extract.composition import Job, UnitScan
from appcenter_qt.extract.readers import unit_source
from appcenter_qt.extract.result import Hint

log = logging.getLogger("appcenter_qt.extract.composer")


def map_units(
    function: Callable,
    argument_lists: list[tuple],
    stage: str,
    workers: int,
    progress: Callable[[str, UnitScan | None], None],
) -> list:
    """``function(*arguments)`` for each argument list, with ``workers`` processes (1 = in
    this process); ``progress(stage, scan)`` after each."""
    results: list = [None] * len(argument_lists)
    if workers == 1 or len(argument_lists) <= 1:
        for position, arguments in enumerate(argument_lists):
            results[position] = function(*arguments)
            progress(stage, results[position] if stage == "scan" else None)
        return results
    pending = set(range(len(argument_lists)))
    try:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {
                pool.submit(function, *arguments): position
                for position, arguments in enumerate(argument_lists)
            }
            for future in as_completed(futures):
                position = futures[future]
                results[position] = future.result()
                pending.discard(position)
                progress(stage, results[position] if stage == "scan" else None)
    except BrokenProcessPool:
        # A worker died (a C decoder crashed on some input): redo what is left one by
        # one in fresh single-worker pools, so only the culprit is lost, with a reason.
        log.warning("a worker process died; retrying %d inputs one by one", len(pending))
        for position in sorted(pending):
            results[position] = _isolated(function, argument_lists[position], stage)
            progress(stage, results[position] if stage == "scan" else None)
    return results


def _isolated(function: Callable, arguments: tuple, stage: str):
    try:
        with ProcessPoolExecutor(max_workers=1) as pool:
            return pool.submit(function, *arguments).result()
    except BrokenProcessPool:
        if stage != "scan":
            return {}
        job: Job = arguments[0]
        scan = UnitScan(job, unit_source(job.kind, Path(job.path)), failed=True)
        message = "the worker process reading this input crashed"
        scan.hints.append(Hint(scan.source, "internal-error", message))
        return scan
