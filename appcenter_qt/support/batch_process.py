"""What a command's process does unlike an interactive one: the catalog builds
(``appcenter-generate`` and the window's child, ``python -m appcenter_qt.generator``)
allocate millions of short-lived objects, and they and ``appcenter-query`` end right after
their work, so nothing is gained by tearing the interpreter down."""

from __future__ import annotations

import atexit
import contextlib
import gc
import os
import sys
from collections.abc import Iterator
from typing import NoReturn

#: The collector's thresholds for a build (the default is 700, 10, 10).
BUILD_GC_THRESHOLD = (50_000, 20, 10)


@contextlib.contextmanager
def batch_gc() -> Iterator[None]:
    """Collect cycles far less often than an interactive program does, while a build runs.
    A build allocates millions of short-lived objects that form no cycles (YAML nodes,
    records, rows), and the default young-generation pass every 700 allocations cost 0.2-0.3
    s of a cold ``--system`` build; the peak RSS is the same. The worker processes inherit
    it (fork). mypy's command does the same for the same reason. Restored afterwards, for a
    caller that runs a build in its own process."""
    previous = gc.get_threshold()
    gc.set_threshold(*BUILD_GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*previous)


def exit_now(status: int) -> NoReturn:
    """End the process without the interpreter's teardown, freeing every object and module
    one by one (0.1 s after a pool build; 12 ms of an 80 ms ``appcenter-query`` search), as
    mypy's command does. The exit handlers still run (temporary download folders, worker
    processes) and the output is flushed; the caller has published and closed what it wrote."""
    atexit._run_exitfuncs()
    with contextlib.suppress(OSError):  # a closed pipe: nothing more to say
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(status)
