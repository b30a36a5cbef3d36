"""The one HTTP client: ODRS (``backends/odrs``) and repository downloads (``extract/download``).

It sits in ``support/`` because both adapters use it and adapters never import each other.
It is a thin layer over httpx (imported on first use, so a catalog read never loads it) that
adds what a slow, broken or hostile server must not be able to do to us:

* **Time.** ``connect_timeout`` bounds the connection (TCP and TLS), ``read_timeout`` each
  wait for data, and ``deadline`` (an absolute ``time.time()``, so processes can share it) the
  whole exchange. Per-read timeouts alone do not bound a request: a server that sends one
  byte every half second never trips them. So the exchange runs in a daemon thread the
  caller waits for until the deadline (which also covers a name lookup stuck in the C
  library), and the thread checks the deadline between chunks and stops writing once the
  caller has given up.
* **Size.** ``max_bytes`` caps the body: refused at once when ``Content-Length`` says more,
  and stopped as soon as more arrives (the body is streamed, to a file or to memory).
* **Redirects** are followed by hand, at most :data:`MAX_REDIRECTS`, and never to another
  scheme (``https`` → ``http`` would drop the certificate check; anything else is not ours).
* **TLS** uses the system's trust store (``ssl.create_default_context``, which honours
  ``SSL_CERT_FILE``), not a bundle of our own; ``cafile`` replaces it (tests, private mirrors).

Conditional requests: pass ``If-None-Match`` in ``headers`` and read :attr:`Response.etag`;
a 304 comes back as a response like any other. Every failure is one :class:`HttpError` whose
one-line message starts with the URL.
"""

from __future__ import annotations

import ssl
import threading
import time
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from appcenter_qt.domain.errors import AppCenterError

if TYPE_CHECKING:
    import httpx

DEFAULT_CONNECT_TIMEOUT = 15.0
DEFAULT_READ_TIMEOUT = 60.0
MAX_REDIRECTS = 5
_CHUNK = 64 * 1024
#: How long past the deadline the caller waits for the thread to report its own timeout.
_GRACE_S = 0.5


class HttpError(AppCenterError):
    """A request failed; the message names the URL and the cause. ``status`` is the HTTP
    status when the server answered with an error."""

    def __init__(self, message: str, *, status: int = 0) -> None:
        super().__init__(message)
        self.status = status


class HttpTimeout(HttpError):
    """The connection, a read, or the whole exchange took too long."""


class TooLarge(HttpError):
    """The body is bigger than the cap."""


class CertificateError(HttpError):
    """The server's certificate is not trusted or not for this host name."""


@dataclass
class Response:
    """A finished exchange: the status, headers (names in lower case), the final URL after
    redirects, and the body (empty when it went to a ``sink``)."""

    status: int
    url: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    size: int = 0

    @property
    def etag(self) -> str:
        return self.headers.get("etag", "")


def check_url(url: str) -> urllib.parse.SplitResult:
    """``url``'s parts when it is http(s) with a host and a port in range; :class:`HttpError`
    otherwise, before anything connects."""
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018  # raises ValueError for a port out of range or not a number
    except ValueError as error:
        raise HttpError(f"{url}: not a usable address: {error}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise HttpError(f"{url}: not an http(s) URL")
    return parts


@dataclass(frozen=True)
class Limits:
    """The bounds of one request. ``deadline`` is absolute (``time.time()``)."""

    deadline: float
    max_bytes: int
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT
    read_timeout: float = DEFAULT_READ_TIMEOUT

    @classmethod
    def within(cls, seconds: float, max_bytes: int, **timeouts: float) -> Limits:
        return cls(time.time() + seconds, max_bytes, **timeouts)


def request(
    method: str,
    url: str,
    limits: Limits,
    *,
    headers: Mapping[str, str] | None = None,
    content: bytes | None = None,
    sink: IO[bytes] | None = None,
    on_chunk: Callable[[bytes], None] | None = None,
    cafile: str | None = None,
) -> Response:
    """Send one request and read the whole answer by ``limits.deadline``; the body goes to
    ``sink`` when given (and each piece to ``on_chunk``), else into :attr:`Response.body`.

    Any status is returned (the caller decides what a 404 or 304 means); only transport
    failures, the limits and bad redirects raise :class:`HttpError`."""
    check_url(url)
    if limits.deadline - time.time() <= 0:
        raise HttpTimeout(f"{url}: timed out (no time left for this request)")
    outcome: dict[str, Any] = {}
    gave_up = threading.Event()

    def exchange() -> None:
        try:
            outcome["response"] = _exchange(
                method, url, limits, headers, content, sink, on_chunk, cafile, gave_up
            )
        except BaseException as error:  # handed to the caller's thread
            outcome["error"] = error

    worker = threading.Thread(target=exchange, name="appcenter-http", daemon=True)
    worker.start()
    worker.join(max(limits.deadline - time.time(), 0) + _GRACE_S)
    if worker.is_alive():
        gave_up.set()
        raise HttpTimeout(f"{url}: timed out (the deadline passed before the answer ended)")
    if "error" in outcome:
        raise outcome["error"]
    response: Response = outcome["response"]
    return response


def _context(cafile: str | None) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=cafile)


def _exchange(
    method: str,
    url: str,
    limits: Limits,
    headers: Mapping[str, str] | None,
    content: bytes | None,
    sink: IO[bytes] | None,
    on_chunk: Callable[[bytes], None] | None,
    cafile: str | None,
    gave_up: threading.Event,
) -> Response:
    import httpx

    remaining = limits.deadline - time.time()
    timeout = httpx.Timeout(
        min(limits.read_timeout, remaining),
        connect=min(limits.connect_timeout, remaining),
        pool=min(limits.connect_timeout, remaining),
    )
    with httpx.Client(
        verify=_context(cafile), timeout=timeout, follow_redirects=False, trust_env=True
    ) as client:
        current = url
        for _ in range(MAX_REDIRECTS + 1):
            scheme = check_url(current).scheme
            try:
                with client.stream(method, current, headers=headers, content=content) as answer:
                    if answer.is_redirect and "location" in answer.headers:
                        target = urllib.parse.urljoin(current, answer.headers["location"])
                        if check_url(target).scheme != scheme:
                            raise HttpError(
                                f"{url}: redirected from {scheme} to another scheme: {target}"
                            )
                        current = target
                        continue
                    return _read(url, current, answer, limits, sink, on_chunk, gave_up)
            except httpx.HTTPError as error:
                raise _translated(url, error, limits) from None
        raise HttpError(f"{url}: more than {MAX_REDIRECTS} redirects")


def _read(
    url: str,
    final: str,
    answer: httpx.Response,
    limits: Limits,
    sink: IO[bytes] | None,
    on_chunk: Callable[[bytes], None] | None,
    gave_up: threading.Event,
) -> Response:
    length = answer.headers.get("content-length", "")
    if length.isdigit() and int(length) > limits.max_bytes:
        raise TooLarge(
            f"{url}: too big: {_mib(int(length))}, over the limit of {_mib(limits.max_bytes)}"
        )
    pieces: list[bytes] = []
    size = 0
    for chunk in answer.iter_raw(_CHUNK):
        if gave_up.is_set():
            raise HttpTimeout(f"{url}: timed out")
        size += len(chunk)
        if size > limits.max_bytes:
            raise TooLarge(f"{url}: too big: over the limit of {_mib(limits.max_bytes)}")
        if time.time() > limits.deadline:
            raise HttpTimeout(f"{url}: timed out (the deadline passed while reading)")
        if on_chunk is not None:
            on_chunk(chunk)
        if sink is not None:
            sink.write(chunk)
        else:
            pieces.append(chunk)
    headers = {name.lower(): value for name, value in answer.headers.items()}
    if length.isdigit() and size != int(length) and _has_body(answer):
        raise HttpError(f"{url}: truncated: {size} of {length} bytes")
    return Response(answer.status_code, final, headers, b"".join(pieces), size)


def _has_body(answer: httpx.Response) -> bool:
    """Whether the answer's length header describes a body that was sent (not for HEAD,
    304 or 204)."""
    return answer.request.method != "HEAD" and answer.status_code not in (204, 304)


def _translated(url: str, error: httpx.HTTPError, limits: Limits) -> HttpError:
    import httpx

    if isinstance(error, httpx.ConnectTimeout):
        return HttpTimeout(
            f"{url}: timed out after {min(limits.connect_timeout, _left(limits)):.0f} s connecting"
        )
    if isinstance(error, httpx.TimeoutException):
        return HttpTimeout(f"{url}: timed out after {limits.read_timeout:.0f} s without data")
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, ssl.SSLCertVerificationError):
            reason = cause.verify_message or str(cause)
            return CertificateError(f"{url}: certificate not accepted: {reason}")
        cause = cause.__cause__ or cause.__context__
    text = str(error).splitlines()[0][:200] if str(error) else type(error).__name__
    if "CERTIFICATE_VERIFY_FAILED" in text:
        return CertificateError(f"{url}: certificate not accepted: {text}")
    return HttpError(f"{url}: {text}")


def _left(limits: Limits) -> float:
    return max(limits.deadline - time.time(), 0.0)


def _mib(count: int) -> str:
    return f"{count / 1024**2:.1f} MiB"
