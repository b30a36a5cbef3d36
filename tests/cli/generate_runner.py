"""Running ``appcenter-generate`` as a user would, for the CLI tests: its output captured,
reproducible timestamps (``SOURCE_DATE_EPOCH``).

:func:`run_generate` calls the command's ``main`` in the test's own process, with what the
console script would have (its arguments, working directory and environment, stdout and stderr,
the warning lines its ``logging.basicConfig`` prints, the exit code): a child process would pay
0.4–0.5 s of imports per run, and these tests run it many times. What only a real process
shows stays in tests that start one: :func:`run_generate_process` here (the remote-repository
tests: their HTTP server is a thread of the test's process, which the generator's workers would
be forked from; a run blocked by a lock the test holds: a process's own locks never block it),
the hostile corpus (tests/extract/hostile.py, its address space capped), the
kill -9 and concurrent-run tests, the memory and lean-import tests.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import subprocess
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path

PROGRAM = "appcenter-generate"


def run_generate_process(
    *args: str,
    cwd: Path | None = None,
    epoch: str = "1700000000",
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``python -m appcenter_qt.cli.generate ARGS`` in a child process, ``env`` added to its
    environment."""
    return subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.generate", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=cwd,
        env={**os.environ, "SOURCE_DATE_EPOCH": epoch, **(env or {})},
    )


@contextlib.contextmanager
def _as_a_process(cwd: Path | None, environment: dict[str, str]) -> Iterator[None]:
    """The working directory and environment variables of the run, restored after it."""
    previous_dir = os.getcwd()
    previous = {name: os.environ.get(name) for name in environment}
    os.environ.update(environment)
    if cwd is not None:
        os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(previous_dir)
        for name, value in previous.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _stream() -> io.TextIOWrapper:
    """A text stream with a byte buffer underneath, like a pipe's (never a terminal)."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8")


def run_generate(
    *args: str,
    cwd: Path | None = None,
    epoch: str = "1700000000",
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``appcenter-generate ARGS`` run by its ``main`` in this process (see the module's
    docstring), with ``env`` added to the environment; the result as :func:`subprocess.run`
    would give it."""
    from appcenter_qt.cli import generate

    out, err = _stream(), _stream()
    # What run_cli's logging.basicConfig gives a fresh process: warnings on stderr, one line
    # each (here the root logger has pytest's handlers already, so basicConfig does nothing).
    handler = logging.StreamHandler(err)
    handler.setFormatter(logging.Formatter(f"{PROGRAM}: %(message)s"))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    try:
        with (
            _as_a_process(cwd, {"SOURCE_DATE_EPOCH": epoch, **(env or {})}),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            try:
                code: object = generate.main(list(args))
            except SystemExit as done:  # argparse's usage errors
                code = done.code
            except Exception:  # what the interpreter prints when a command dies
                traceback.print_exc()
                code = 1
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=err)
        code = 1
    return subprocess.CompletedProcess([PROGRAM, *args], code, stdout=_text(out), stderr=_text(err))
