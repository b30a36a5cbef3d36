"""The offline copy of what ODRS said, in ``$XDG_CACHE_HOME/appcenter-qt/odrs/``.

* ``ratings.json``: every histogram and when it was fetched; refreshed at most once a day
  (:data:`RATINGS_MAX_AGE_S`), in the background.
* ``reviews/<hash>.json``: the first page of one application's reviews in one locale from
  one server, with the ETag sent back as ``If-None-Match`` and the ``user_skey`` votes need.

Files are written to a temporary name and renamed, so a crash or a full disk never leaves a
half-written cache. A broken server answer never reaches this module: callers store only
what parsed, so the previous copy stays. A cache file that cannot be read (corrupt, another
version) counts as no cache.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from appcenter_qt.domain import Rating
from appcenter_qt.domain.reviews import Review
from appcenter_qt.support import user_dirs

log = logging.getLogger(__name__)

FORMAT = 1
RATINGS_MAX_AGE_S = 24 * 3600
MAX_CACHE_BYTES = 32 * 1024 * 1024


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    return user_dirs.cache_dir(environ) / "odrs"


def _write(path: Path, document: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(document, out, ensure_ascii=False, separators=(",", ":"))
        os.replace(temp, path)
    finally:
        Path(temp).unlink(missing_ok=True)


def _read(path: Path) -> dict[str, Any] | None:
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


@dataclass
class CachedReviews:
    reviews: list[Review] = field(default_factory=list)
    etag: str = ""
    user_skey: str = ""
    fetched: float = 0.0


class OdrsCache:
    """Reading and writing the files of one server's cache."""

    def __init__(self, server: str, directory: Path | None = None) -> None:
        self.server = server
        self.directory = directory if directory is not None else cache_dir()

    @property
    def ratings_path(self) -> Path:
        return self.directory / "ratings.json"

    def load_ratings(self) -> CachedRatings | None:
        document = _read(self.ratings_path)
        if document is None or document.get("server") != self.server:
            return None
        ratings: dict[str, Rating] = {}
        raw = document.get("ratings")
        if not isinstance(raw, dict):
            return None
        for key, stars in raw.items():
            try:
                ratings[key] = Rating.from_counts(stars)
            except (TypeError, ValueError):
                continue
        fetched = document.get("fetched")
        return CachedRatings(
            ratings, float(fetched) if isinstance(fetched, int | float) else 0.0, self.server
        )

    def store_ratings(self, ratings: Mapping[str, Rating], now: float | None = None) -> None:
        _write(
            self.ratings_path,
            {
                "format": FORMAT,
                "server": self.server,
                "fetched": time.time() if now is None else now,
                "ratings": {key: list(r.stars) for key, r in ratings.items()},
            },
        )

    def reviews_path(self, app_id: str, locale: str) -> Path:
        key = hashlib.sha256(f"{self.server}\n{app_id}\n{locale}".encode()).hexdigest()[:32]
        return self.directory / "reviews" / f"{key}.json"

    def load_reviews(self, app_id: str, locale: str) -> CachedReviews | None:
        document = _read(self.reviews_path(app_id, locale))
        if document is None or document.get("app_id") != app_id:
            return None
        reviews = []
        for item in document.get("reviews") or []:
            try:
                reviews.append(Review(**item))
            except TypeError:
                return None  # another layout: no cache
        return CachedReviews(
            reviews,
            str(document.get("etag") or ""),
            str(document.get("user_skey") or ""),
            float(document.get("fetched") or 0.0),
        )

    def store_reviews(self, app_id: str, locale: str, cached: CachedReviews) -> None:
        _write(
            self.reviews_path(app_id, locale),
            {
                "format": FORMAT,
                "app_id": app_id,
                "locale": locale,
                "etag": cached.etag,
                "user_skey": cached.user_skey,
                "fetched": cached.fetched or time.time(),
                "reviews": [dataclasses.asdict(review) for review in cached.reviews],
            },
        )
