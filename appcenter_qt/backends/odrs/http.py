"""HTTP for the ODRS client: one request with a total deadline, a size cap and JSON bodies.

Why :mod:`http.client` and not a third-party client: the project has no HTTP dependency, and
the two things a hostile or broken server can do to a client are covered here without one.

* **Time.** Per-read socket timeouts do not bound a request: a server that sends one byte
  every half second never trips a 5 s read timeout. Every request therefore runs against a
  :class:`Deadline` shared by everything one command does (fetch, then vote), enforced by a
  timer that shuts the socket down when it expires, so a blocked connect, header read or
  body read returns at once.
* **Size.** The body is read in pieces and refused past ``max_bytes``; a 50 MiB answer costs
  at most the cap in memory.

Answers are decoded as strict UTF-8 JSON; a document nested too deeply for the parser (a
``RecursionError``) is a broken answer like any other. Every failure is one
:class:`OdrsError` with a one-line message, never a traceback.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import ssl
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

from appcenter_qt.domain.errors import AppCenterError

#: The deadline of one command (a CLI call, one model action): everything it sends and reads.
DEFAULT_DEADLINE_S = 10.0
_CHUNK = 64 * 1024
USER_AGENT = "appcenter-qt/0.1 (+ODRS client)"


class OdrsError(AppCenterError):
    """The ratings service could not be used. ``refused`` is set when ODRS answered and said
    no (``{"success": false, "msg": …}``), as opposed to a network or format failure;
    ``server_message`` is ODRS's own text then."""

    def __init__(self, message: str, *, refused: bool = False, server_message: str = "") -> None:
        super().__init__(message)
        self.refused = refused
        self.server_message = server_message


class Deadline:
    """A point in time every request of one command must finish by."""

    def __init__(self, seconds: float = DEFAULT_DEADLINE_S) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds

    def remaining(self) -> float:
        """Seconds left; raises :class:`OdrsError` once there are none."""
        left = self.end - time.monotonic()
        if left <= 0:
            raise OdrsError(f"the ratings server did not answer within {self.seconds:g} s")
        return left


@dataclass
class Response:
    status: int
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)

    def json(self) -> Any:
        """The body as JSON; :class:`OdrsError` when it is not (bad UTF-8, syntax, depth)."""
        try:
            return json.loads(self.body.decode("utf-8"))
        except UnicodeDecodeError:
            raise OdrsError("the ratings server sent text that is not UTF-8") from None
        except RecursionError:
            raise OdrsError("the ratings server sent JSON nested too deeply") from None
        except ValueError:
            raise OdrsError(f"the ratings server sent no JSON (HTTP {self.status})") from None


def _abort(connection: http.client.HTTPConnection, fired: threading.Event) -> None:
    """Timer callback: unblock whatever the request thread is waiting for."""
    fired.set()
    sock = connection.sock
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)


def request(
    method: str,
    url: str,
    deadline: Deadline,
    *,
    body: Any = None,
    headers: dict[str, str] | None = None,
    max_bytes: int,
) -> Response:
    """Send one request (``body`` is sent as JSON) and read the whole answer, by the deadline.

    The exchange runs in a daemon thread the caller waits for until the deadline: the
    socket timer covers connecting and reading, and the wait also covers what no socket
    timeout reaches (a name lookup stuck in the C library)."""
    outcome: dict[str, Any] = {}

    def exchange() -> None:
        try:
            outcome["response"] = _request(
                method, url, deadline, body=body, headers=headers, max_bytes=max_bytes
            )
        except BaseException as error:  # handed to the caller's thread
            outcome["error"] = error

    worker = threading.Thread(target=exchange, name="appcenter-odrs-http", daemon=True)
    worker.start()
    worker.join(max(deadline.end - time.monotonic(), 0) + 0.5)
    if worker.is_alive():
        raise OdrsError(f"the ratings server did not answer within {deadline.seconds:g} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["response"]


def check_url(url: str) -> str:
    """``url`` if it can address a ratings server (http or https, a host, a port in range);
    otherwise :class:`OdrsError` with one line naming it, before anything connects."""
    _split(url)
    return url


def _split(url: str) -> urllib.parse.SplitResult:
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018  # raises ValueError for a port out of range or not a number
    except ValueError as error:
        raise OdrsError(f"not a usable server address {url!r}: {error}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise OdrsError(f"not an http(s) URL: {url!r}")
    return parts


def _request(
    method: str,
    url: str,
    deadline: Deadline,
    *,
    body: Any = None,
    headers: dict[str, str] | None = None,
    max_bytes: int,
) -> Response:
    """The exchange itself: connect, send, read up to ``max_bytes``; the timer cuts it off."""
    parts = _split(url)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    send_headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode("utf-8")
        # odrs-web reads request.data: a form post arrives there empty.
        send_headers["Content-Type"] = "application/json"
    send_headers.update(headers or {})
    timeout = deadline.remaining()
    connection: http.client.HTTPConnection
    host = parts.hostname or ""  # _split refused a URL without one
    if parts.scheme == "https":
        connection = http.client.HTTPSConnection(
            host, parts.port, timeout=timeout, context=ssl.create_default_context()
        )
    else:
        connection = http.client.HTTPConnection(host, parts.port, timeout=timeout)
    fired = threading.Event()
    timer = threading.Timer(timeout, _abort, args=(connection, fired))
    timer.daemon = True
    timer.start()
    try:
        connection.request(method, path, body=data, headers=send_headers)
        answer = connection.getresponse()
        chunks: list[bytes] = []
        size = 0
        while True:
            deadline.remaining()
            chunk = answer.read1(_CHUNK) if hasattr(answer, "read1") else answer.read(_CHUNK)
            if not chunk:
                break
            size += len(chunk)
            if size > max_bytes:
                raise OdrsError(
                    f"the ratings server sent more than {max_bytes // 1024} KiB; answer ignored"
                )
            chunks.append(chunk)
        if fired.is_set():
            deadline.remaining()  # the timer cut the answer short
        return Response(
            answer.status,
            b"".join(chunks),
            {k.lower(): v for k, v in answer.getheaders()},
        )
    except OdrsError:
        raise
    except (OSError, http.client.HTTPException, ValueError) as error:
        if fired.is_set() or time.monotonic() >= deadline.end:
            raise OdrsError(
                f"the ratings server did not answer within {deadline.seconds:g} s"
            ) from None
        raise OdrsError(
            f"cannot reach the ratings server {parts.hostname}: {_reason(error)}"
        ) from None
    finally:
        timer.cancel()
        connection.close()


def _reason(error: BaseException) -> str:
    if isinstance(error, socket.gaierror):
        return "unknown host"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    text = str(error) or type(error).__name__
    return text.splitlines()[0][:200]
