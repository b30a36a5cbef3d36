"""The ratings server's address and its cached histograms, read without the ODRS client.

The window fetches every histogram at most once a day and keeps them in
``$XDG_CACHE_HOME/appcenter-qt/odrs/ratings.json``; ``appcenter-query`` reads the same file
so its ``list --sort rating`` and ``show`` agree with the window's cards, without a network
request and without importing a source (the lean read path, docs/architecture.md). So the
file's format and the server address rule live here, below both; ``backends/odrs/`` keeps
the client and the reviews (docs/reviews.md).

The server URL, first match wins: a flag (``--odrs-url``); ``$APPCENTER_ODRS_URL``; the
``url`` key of ``[odrs]`` in ``appcenter-qt.conf`` (:func:`~appcenter_qt.support.config_files.
setting`); the public server. An empty value anywhere in that chain turns reviews off.

Files are written to a temporary name and renamed, so a crash never leaves half a file; a
file that cannot be read (corrupt, too large, another format) counts as no cache.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appcenter_qt.domain import Rating
from appcenter_qt.support.config_files import setting

log = logging.getLogger(__name__)

DEFAULT_URL = "https://odrs.gnome.org/1.0/reviews/api"
ENV_URL = "APPCENTER_ODRS_URL"
FORMAT = 1
RATINGS_MAX_AGE_S = 24 * 3600
MAX_CACHE_BYTES = 32 * 1024 * 1024


def server_url(flag: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The ODRS API base URL without a trailing slash; ``""`` means reviews are off."""
    env = os.environ if environ is None else environ
    for value in (flag, env.get(ENV_URL)):
        if value is not None:
            return value.strip().rstrip("/")
    configured = setting("odrs", "url", environ)
    if configured is not None:
        return configured[0].strip().rstrip("/")
    return DEFAULT_URL


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CACHE_HOME/appcenter-qt/odrs``, through :mod:`.user_dirs`."""
    from appcenter_qt.support import user_dirs

    return user_dirs.cache_dir(environ) / "odrs"


def write_document(path: Path, document: Any) -> None:
    """Write one cache file whole (a temporary file renamed over it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(document, out, ensure_ascii=False, separators=(",", ":"))
        os.replace(temp, path)
    finally:
        Path(temp).unlink(missing_ok=True)


def read_document(path: Path) -> dict[str, Any] | None:
    """One cache file of this :data:`FORMAT`, or ``None`` (missing or unreadable)."""
    try:
        if path.stat().st_size > MAX_CACHE_BYTES:
            raise ValueError("too large")
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, RecursionError) as error:
        log.warning("%s: unreadable cache, ignored: %s", path, error)
        return None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        return None
    return document


@dataclass
class CachedRatings:
    ratings: dict[str, Rating]
    fetched: float
    server: str

    def fresh(self, now: float | None = None) -> bool:
        age = (time.time() if now is None else now) - self.fetched
        return 0 <= age < RATINGS_MAX_AGE_S


def ratings_path(directory: Path) -> Path:
    return directory / "ratings.json"


def load_ratings(directory: Path, server: str) -> CachedRatings | None:
    """The histograms cached from ``server`` (another server's are no cache)."""
    document = read_document(ratings_path(directory))
    if document is None or document.get("server") != server:
        return None
    raw = document.get("ratings")
    if not isinstance(raw, dict):
        return None
    ratings: dict[str, Rating] = {}
    for key, stars in raw.items():
        try:
            ratings[key] = Rating.from_counts(stars)
        except (TypeError, ValueError):
            continue
    fetched = document.get("fetched")
    return CachedRatings(
        ratings, float(fetched) if isinstance(fetched, int | float) else 0.0, server
    )


def store_ratings(
    directory: Path, server: str, ratings: Mapping[str, Rating], now: float | None = None
) -> None:
    write_document(
        ratings_path(directory),
        {
            "format": FORMAT,
            "server": server,
            "fetched": time.time() if now is None else now,
            "ratings": {key: list(r.stars) for key, r in ratings.items()},
        },
    )
