"""HTTP for the ODRS client: one request with a total deadline, a size cap and JSON bodies.

The exchange itself is the shared client's (:mod:`appcenter_qt.support.http_client`, on
httpx, imported on first use): connect and read timeouts, one :class:`Deadline` shared by
everything one command does (fetch, then vote) and enforced whatever the server does (a
server that sends one byte every half second still ends at the deadline), a size cap on the
body, no redirect to another scheme. This module keeps ODRS's words: every failure is one
:class:`OdrsError` with a one-line message, never a traceback.

Answers are decoded as strict UTF-8 JSON; a document nested too deeply for the parser (a
``RecursionError``) is a broken answer like any other. ETags: the client sends
``If-None-Match`` and reads ``etag`` from :attr:`Response.headers`.
"""

from __future__ import annotations

import json
import time
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

from appcenter_qt.domain.errors import AppCenterError

#: The deadline of one command (a CLI call, one model action): everything it sends and reads.
DEFAULT_DEADLINE_S = 10.0
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


def request(
    method: str,
    url: str,
    deadline: Deadline,
    *,
    body: Any = None,
    headers: dict[str, str] | None = None,
    max_bytes: int,
) -> Response:
    """Send one request (``body`` is sent as JSON) and read the whole answer, by the deadline,
    through the shared client (:mod:`appcenter_qt.support.http_client`); its failures become
    :class:`OdrsError` in the ratings service's words."""
    from appcenter_qt.support import http_client

    parts = _split(url)
    send_headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode("utf-8")
        # odrs-web reads request.data: a form post arrives there empty.
        send_headers["Content-Type"] = "application/json"
    send_headers.update(headers or {})
    left = deadline.remaining()
    limits = http_client.Limits(time.time() + left, max_bytes, left, left)
    try:
        answer = http_client.request(method, url, limits, headers=send_headers, content=data)
    except http_client.TooLarge:
        raise OdrsError(
            f"the ratings server sent more than {max_bytes // 1024} KiB; answer ignored"
        ) from None
    except http_client.HttpTimeout:
        raise OdrsError(
            f"the ratings server did not answer within {deadline.seconds:g} s"
        ) from None
    except http_client.HttpError as error:
        if time.monotonic() >= deadline.end:
            raise OdrsError(
                f"the ratings server did not answer within {deadline.seconds:g} s"
            ) from None
        reason = str(error).removeprefix(f"{url}: ")
        raise OdrsError(f"cannot reach the ratings server {parts.hostname}: {reason}") from None
    return Response(answer.status, answer.body, answer.headers)


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
