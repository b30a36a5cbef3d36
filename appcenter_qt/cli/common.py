"""What every console script shares: exit codes and turning our errors into one line.

Exit codes: 0 success, 1 the operation ran but failed (or ``--strict`` found problems),
2 usage error or an input that cannot be used (bad catalog path, not SQLite, wrong schema).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from appcenter_qt.domain.errors import AppCenterError

if TYPE_CHECKING:  # rich is imported only when a bar is shown; locate only to find a catalog
    from rich.progress import Progress, TaskID

    from appcenter_qt.catalog.locate import CatalogLocation

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


def run_cli(program: str, body: Callable[[], int]) -> int:
    """Run ``body``; our errors and Ctrl+C become one line on stderr, never a traceback."""
    logging.basicConfig(level=logging.WARNING, format=f"{program}: %(message)s")
    try:
        return body()
    except AppCenterError as error:
        print(f"{program}: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"{program}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


def choose_catalog_for_cli(program: str, explicit: str | None) -> CatalogLocation:
    """The catalog a console script reads (see :mod:`appcenter_qt.services.system_catalog`).
    Building the system-pool catalog shows progress on stderr (a rich bar on a terminal, one line in
    a
    log), never on stdout, which stays the command's output; a fallback's reason is printed
    as a warning."""
    from appcenter_qt.catalog.locate import find_installed

    installed = find_installed(explicit)
    if installed is not None:  # the common case needs none of the pool machinery below
        return installed
    from appcenter_qt.services.system_catalog import choose_catalog

    started = False
    shown: tuple[Progress, TaskID] | None = None

    def progress(fraction: float, what: str) -> None:
        nonlocal started, shown
        if not started:
            started = True
            if sys.stderr.isatty():
                from rich.console import Console
                from rich.progress import BarColumn, Progress, TaskProgressColumn

                bar = Progress(
                    "Preparing the catalog…",
                    BarColumn(),
                    TaskProgressColumn(),
                    console=Console(stderr=True),
                    transient=True,
                )
                task = bar.add_task("catalog", total=1.0)
                bar.start()
                shown = (bar, task)
            else:
                print(
                    f"{program}: preparing the catalog from this system's AppStream pool…",
                    file=sys.stderr,
                    flush=True,
                )
        if shown is not None:
            shown[0].update(shown[1], completed=fraction)

    try:
        location = choose_catalog(explicit, progress=progress)
    finally:
        if shown is not None:
            shown[0].stop()
    if location.warning:
        fallback = "demo applications" if location.is_demo else f"the {location.reason}"
        print(f"{program}: warning: {location.warning}; using {fallback}", file=sys.stderr)
    return location
