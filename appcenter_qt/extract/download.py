"""Downloading a remote repository's files, and checking any file against its index's checksum.

``appcenter-generate --repo http(s)://…`` reads a repository on a web server: the indexes
are fetched by the main process, each package a worker is about to read by that worker,
into a private temporary directory (a package is removed as soon as it has been read, so the
disk holds at most one package per worker). The exchange is the shared client's
(:mod:`appcenter_qt.support.http_client`: redirects within one scheme, proxies from the
environment, HTTPS with the system's certificates, connect and read timeouts).

Every download is bounded three ways, because a slow or hostile server must not hold a
distribution's run for ever or fill its disk: one **deadline** for all downloads of the run
(an absolute wall-clock time, so worker processes share it), a **size cap** per file
(checked against ``Content-Length`` before reading and against the bytes as they arrive), and
the bytes go **straight to disk** in chunks, never whole into memory. A failure is one
line naming the URL and the cause: ``HTTP 404 Not Found``, ``timed out after 30 s``,
``larger than the --fetch-max-size of 1.0 MiB``, or the network error.

:func:`file_digest` and :class:`ChecksumMismatch` are the integrity half: a package is
checked against the checksum its index gives before it is extracted (downloads are hashed
while they stream in, at no extra read).
"""

from __future__ import annotations

import hashlib
import http
import os
import time
from dataclasses import dataclass
from pathlib import Path

from appcenter_qt import __version__
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.support.safe_open import open_regular

#: Bytes per read: small enough that the deadline is checked often on a slow server.
_CHUNK = 256 * 1024
#: Seconds one socket operation may block, at most (less when the deadline is nearer).
_SOCKET_TIMEOUT = 60.0
DEFAULT_FETCH_TIMEOUT = 3600.0
DEFAULT_FETCH_MAX_BYTES = 2 * 1024**3
REMOTE_SCHEMES = ("http://", "https://")


class FetchError(ExtractError):
    """A download failed; the message names the URL and the cause."""


class NotFound(FetchError):
    """The server says the file does not exist (HTTP 404 or 410): optional files may be."""


class ChecksumMismatch(ExtractError):
    """A file is not what its index says (checksum or size); the message names the file."""


@dataclass(frozen=True)
class FetchLimits:
    """The run's download bounds, handed to the workers with each remote job.

    ``deadline`` is an absolute ``time.time()`` (shared by every process of the run);
    ``max_bytes`` caps each file; ``directory`` is the run's private download directory."""

    deadline: float
    max_bytes: int
    directory: str

    @classmethod
    def starting_now(cls, seconds: float, max_bytes: int, directory: Path) -> FetchLimits:
        return cls(
            time.time() + seconds if seconds > 0 else float("inf"), max_bytes, str(directory)
        )


def _mib(count: int) -> str:
    return f"{count / 1024**2:.1f} MiB"


def download(url: str, target: Path, limits: FetchLimits, algorithm: str = "sha256") -> str:
    """Stream ``url`` into ``target`` (through a temporary name, renamed when complete) and
    return its ``algorithm`` hex digest; :class:`NotFound` or :class:`FetchError` else."""
    from appcenter_qt.support import http_client

    if not url.startswith(REMOTE_SCHEMES):
        raise FetchError(f"{url}: not an http(s) URL")
    remaining = limits.deadline - time.time()
    if remaining <= 0:
        raise FetchError(f"{url}: timed out (the --fetch-timeout for all downloads is spent)")
    agent = {"User-Agent": f"appcenter-generate/{__version__}"}
    partial = target.with_name(f".{target.name}.part")
    digest = hashlib.new(algorithm)
    bounds = http_client.Limits(
        limits.deadline,
        limits.max_bytes,
        connect_timeout=min(remaining, _SOCKET_TIMEOUT),
        read_timeout=min(remaining, _SOCKET_TIMEOUT),
    )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with partial.open("wb") as sink:
            answer = http_client.request(
                "GET", url, bounds, headers=agent, sink=sink, on_chunk=digest.update
            )
        if answer.status >= 400:
            cls = NotFound if answer.status in (404, 410) else FetchError
            raise cls(f"{url}: HTTP {answer.status} {_reason(answer.status)}")
        if answer.status != 200:
            raise FetchError(f"{url}: unexpected HTTP {answer.status} {_reason(answer.status)}")
        os.replace(partial, target)
    except http_client.TooLarge as error:
        raise FetchError(str(error).replace("the limit of", "the --fetch-max-size of")) from None
    except http_client.HttpError as error:
        raise FetchError(str(error)) from None
    except OSError as error:
        raise FetchError(f"{url}: {error.strerror or error}") from None
    finally:
        if partial.exists():
            partial.unlink()
    return digest.hexdigest()


def _reason(status: int) -> str:
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return ""


def file_digest(path: Path, algorithm: str = "sha256") -> str:
    """The hex digest of a regular file, read in chunks."""
    digest = hashlib.new(algorithm)
    with open_regular(path) as handle:
        while chunk := handle.read(1024 * 1024):
            digest.update(chunk)
    return digest.hexdigest()


def hash_algorithm(name: str) -> str:
    """The :mod:`hashlib` name of an index's checksum type (``sha256``, ``SHA256``, rpm's
    old ``sha`` for SHA-1); :class:`ValueError` for one hashlib does not know."""
    name = name.lower()
    name = {"sha": "sha1"}.get(name, name)
    hashlib.new(name)  # ValueError if unknown
    return name


def verify(name: str, actual: str, expected: str, algorithm: str = "sha256") -> None:
    """:class:`ChecksumMismatch` naming ``name`` unless the digests agree."""
    if actual.lower() != expected.lower():
        raise ChecksumMismatch(
            f"{name}: {algorithm} mismatch: the index says {expected[:16]}…, "
            f"the file is {actual[:16]}…"
        )


__all__ = [
    "DEFAULT_FETCH_MAX_BYTES",
    "DEFAULT_FETCH_TIMEOUT",
    "REMOTE_SCHEMES",
    "ChecksumMismatch",
    "FetchError",
    "FetchLimits",
    "NotFound",
    "download",
    "file_digest",
    "hash_algorithm",
    "verify",
]
