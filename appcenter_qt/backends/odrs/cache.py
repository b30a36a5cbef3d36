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
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from appcenter_qt.domain import Rating
from appcenter_qt.domain.reviews import Review
from appcenter_qt.support.ratings_cache import (
    FORMAT,
    MAX_CACHE_BYTES,
    RATINGS_MAX_AGE_S,
    CachedRatings,
    cache_dir,
    load_ratings,
    ratings_path,
    read_document,
    store_ratings,
    write_document,
)

log = logging.getLogger(__name__)

__all__ = [
    "FORMAT",
    "MAX_CACHE_BYTES",
    "RATINGS_MAX_AGE_S",
    "CachedRatings",
    "CachedReviews",
    "OdrsCache",
    "cache_dir",
]

# The ratings file and its format are shared with appcenter-query's lean read path.
_read = read_document
_write = write_document


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
        return ratings_path(self.directory)

    def load_ratings(self) -> CachedRatings | None:
        return load_ratings(self.directory, self.server)

    def store_ratings(self, ratings: Mapping[str, Rating], now: float | None = None) -> None:
        store_ratings(self.directory, self.server, ratings, now)

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
