"""How ``appcenter-generate --system`` reports progress on stderr: a rich bar on a terminal,
one line per stage in a log, or with ``--progress json`` one JSON object per step
(``{"stage": "catalogs", "fraction": 0.42, "what": "/var/lib/swcatalog/yaml/…"}``), which
is what the application center reads to draw its "Preparing the catalog…" bar."""

from __future__ import annotations

import json
import sys
import time

PROGRAM = "appcenter-generate"
#: JSON progress lines are written at most this often (seconds), plus every stage change.
_JSON_INTERVAL = 0.1


class SystemProgress:
    """Progress of a system build on stderr, in the form the caller asked for."""

    def __init__(self, mode: str, quiet: bool) -> None:
        self.mode = mode
        self.quiet = quiet
        self._stage = ""
        self._last = 0.0
        self._bar = None
        if mode == "auto" and not quiet and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TaskProgressColumn

            self._bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                TaskProgressColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self._task = self._bar.add_task("reading the pool", total=1.0)
            self._bar.start()

    def __call__(self, stage: str, fraction: float, what: str) -> None:
        changed = stage != self._stage
        self._stage = stage
        if self.mode == "json":
            now = time.monotonic()
            if changed or now - self._last >= _JSON_INTERVAL or fraction >= 1.0:
                self._last = now
                line = {"stage": stage, "fraction": round(min(fraction, 1.0), 4), "what": what}
                print(json.dumps(line), file=sys.stderr, flush=True)
        elif self._bar is not None:
            self._bar.update(self._task, completed=fraction, description=stage)
        elif changed and not self.quiet and stage != "done":
            print(f"{PROGRAM}: {stage}…", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
