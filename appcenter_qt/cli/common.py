"""What every console script shares: exit codes and turning our errors into one line.

Exit codes: 0 success, 1 the operation ran but failed (or ``--strict`` found problems),
2 usage error or an input that cannot be used (bad catalog path, not SQLite, wrong schema).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from appcenter_qt.errors import AppCenterError

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
