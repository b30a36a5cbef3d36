"""Icons are rendered in a supervised child process, never in the process reading packages.

resvg and Pillow's decoders are native code. A crafted SVG can crash resvg outright (a stack
overflow on thousands of nested groups is a SIGSEGV, which no ``except`` catches), hang it (a
filter on a huge canvas), or make it allocate gigabytes. In the reading process that would end
the run, and with ``--jobs 1`` lose every package read alongside. So each process of the
generator keeps one small renderer child (started on first use, over pipes) that:

* runs with an address-space limit (``RLIMIT_AS``, :data:`RENDER_MEMORY_BYTES`) and a CPU limit,
  set by the child itself before it reads any input;
* gets :data:`RENDER_TIMEOUT` seconds per icon; past that it is killed;
* is restarted for the next icon after it crashed, timed out or was killed.

A crash, timeout or out-of-memory becomes :class:`IconRenderFailed` (an
:class:`~appcenter_qt.generator.icons.IconError`) with a one-line reason such as
``timeout after 20 s``; the composer reports it as ``icon-render-failed`` and goes on.

The protocol is length-prefixed frames on the child's stdin/stdout: request
``(format, size, data)``, reply ``(status, payload)`` with the PNG or the error message.
"""

from __future__ import annotations

import atexit
import logging
import os
import resource
import selectors
import signal
import struct
import subprocess
import sys
import time
from typing import IO, BinaryIO

from appcenter_qt.generator.icons import IconError, render_icon

log = logging.getLogger(__name__)

#: Seconds one icon may take. Real icons render in milliseconds; this only catches hangs.
RENDER_TIMEOUT = 20.0
#: Address space of the renderer child: resvg on a real icon needs tens of MiB.
RENDER_MEMORY_BYTES = 1024 * 1024 * 1024
#: CPU seconds of the child over its life; a backstop should the parent not be scheduled.
_CPU_SECONDS = 3600
_REQUEST = struct.Struct(">8sIQ")
_REPLY = struct.Struct(">BQ")
_OK, _FAILED = 0, 1
_MAX_REPLY = 64 * 1024 * 1024


class IconRenderFailed(IconError):
    """The renderer crashed, timed out or ran out of memory on this icon."""


# -- the child -----------------------------------------------------------------------------
def _read_exact(stream: BinaryIO, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


def serve(memory: int = RENDER_MEMORY_BYTES) -> None:
    """The child's loop: limits first, then one reply per request until stdin closes."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (_CPU_SECONDS, _CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    requests, replies = sys.stdin.buffer, sys.stdout.buffer
    while True:
        header = _read_exact(requests, _REQUEST.size)
        if header is None:
            return
        fmt, size, length = _REQUEST.unpack(header)
        data = _read_exact(requests, length)
        if data is None:
            return
        try:
            status, payload = _OK, render_icon(data, fmt.rstrip(b"\0").decode(), size)
        except IconError as error:
            status, payload = _FAILED, str(error).encode()
        except MemoryError:
            status, payload = _FAILED, b"out of memory"
        replies.write(_REPLY.pack(status, len(payload)) + payload)
        replies.flush()


# -- the parent ----------------------------------------------------------------------------
class RenderWorker:
    """One renderer child, used by one process; :meth:`render` restarts it as needed."""

    def __init__(
        self, *, timeout: float = RENDER_TIMEOUT, memory: int = RENDER_MEMORY_BYTES
    ) -> None:
        self.timeout = timeout
        self.memory = memory
        self._child: subprocess.Popen[bytes] | None = None

    def _start(self) -> subprocess.Popen[bytes]:
        if self._child is None or self._child.poll() is not None:
            self._child = subprocess.Popen(
                [sys.executable, "-m", __name__, str(self.memory)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                close_fds=True,
            )
        return self._child

    def close(self) -> None:
        child, self._child = self._child, None
        if child is None:
            return
        if child.stdin is not None:
            child.stdin.close()
        try:
            child.wait(timeout=2)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        if child.stdout is not None:
            child.stdout.close()

    def _kill(self) -> int:
        child, self._child = self._child, None
        if child is None:
            return 0
        if child.poll() is None:
            child.kill()
        code = child.wait()
        for pipe in (child.stdin, child.stdout):
            if pipe is not None:
                pipe.close()
        return code

    def render(self, data: bytes, fmt: str, size: int) -> bytes:
        """PNG bytes, :class:`IconError` for a bad icon, :class:`IconRenderFailed` when the
        renderer crashed, hung or ran out of memory on it."""
        child = self._start()
        assert child.stdin is not None and child.stdout is not None
        deadline = time.monotonic() + self.timeout
        try:
            child.stdin.write(_REQUEST.pack(fmt.encode()[:8], size, len(data)) + data)
            child.stdin.flush()
            header = self._receive(child.stdout, _REPLY.size, deadline)
            status, length = _REPLY.unpack(header)
            if length > _MAX_REPLY:
                raise EOFError
            payload = self._receive(child.stdout, length, deadline)
        except TimeoutError:
            self._kill()
            raise IconRenderFailed(f"timeout after {self.timeout:g} s") from None
        except (BrokenPipeError, EOFError):
            code = self._kill()
            raise IconRenderFailed(_crash_reason(code)) from None
        except BaseException:  # e.g. the per-input time limit: no child may be left half-fed
            self._kill()
            raise
        if status == _OK:
            return payload
        message = payload.decode("utf-8", "replace")
        if message == "out of memory":
            raise IconRenderFailed(f"out of memory (limit {self.memory // 2**20} MiB)")
        raise IconError(message)

    @staticmethod
    def _receive(stream: IO[bytes], size: int, deadline: float) -> bytes:
        parts, left = [], size
        fd = stream.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while left:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not selector.select(remaining):
                    raise TimeoutError
                chunk = os.read(fd, min(left, 1024 * 1024))
                if not chunk:
                    raise EOFError
                parts.append(chunk)
                left -= len(chunk)
        return b"".join(parts)


def _crash_reason(code: int) -> str:
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        if -code in (signal.SIGKILL, signal.SIGXCPU):
            return f"renderer killed ({name})"
        return f"renderer crashed ({name})"
    return f"renderer exited with status {code}"


_worker: RenderWorker | None = None
_worker_pid = 0


def render_supervised(data: bytes, fmt: str, size: int, *, timeout: float | None = None) -> bytes:
    """:func:`~appcenter_qt.generator.icons.render_icon` in this process's renderer child."""
    global _worker, _worker_pid
    if _worker is None or _worker_pid != os.getpid():  # a forked pool worker gets its own
        _worker, _worker_pid = RenderWorker(), os.getpid()
        atexit.register(_worker.close)
    if timeout is not None:
        _worker.timeout = timeout
    return _worker.render(data, fmt, size)


if __name__ == "__main__":
    logging.disable(logging.CRITICAL)
    serve(int(sys.argv[1]) if len(sys.argv) > 1 else RENDER_MEMORY_BYTES)
