"""``python -m appcenter_qt.generator OPTIONS_JSON``: one engine run in a child process.

The window builds its system catalog this way (:mod:`appcenter_qt.services.system_catalog`):
a child keeps the generator's memory and worker processes out of the window, and a crash in
it costs one failed build. The one argument is :meth:`GenerateOptions.to_json`; the protocol
is ``appcenter-generate``'s: progress on stderr (``progress="json"``: one JSON object per
step), problems as ``appcenter-generate: reason`` lines on stderr, the exit status.
"""

from __future__ import annotations

import logging
import sys

from appcenter_qt.domain.errors import AppCenterError
from appcenter_qt.generator.options import EXIT_USAGE, PROGRAM, GenerateOptions
from appcenter_qt.support.batch_process import batch_gc, exit_now


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.WARNING, format=f"{PROGRAM}: %(message)s")
    try:
        if len(argv) != 1:
            raise ValueError("expected one argument: the options as JSON")
        options = GenerateOptions.from_json(argv[0])
    except ValueError as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return EXIT_USAGE
    from appcenter_qt.generator import entry

    try:
        with batch_gc():  # as appcenter-generate's (the window's first build is a cold one)
            if options.shards:
                from appcenter_qt.generator import engine

                return engine.merge(options)
            return entry.run(options)
    except AppCenterError as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    exit_now(main(sys.argv[1:]))
