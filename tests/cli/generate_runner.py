"""Running ``appcenter-generate`` as a user would, for the CLI tests: a child process, its
output captured, reproducible timestamps (``SOURCE_DATE_EPOCH``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_generate(
    *args: str, cwd: Path | None = None, epoch: str = "1700000000"
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.generate", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=cwd,
        env={**os.environ, "SOURCE_DATE_EPOCH": epoch},
    )
