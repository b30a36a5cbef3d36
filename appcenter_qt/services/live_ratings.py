"""Live ratings over a catalog: one rule for the window's cards and ``appcenter-query``.

The catalog's imported ratings are replaced by the ratings server's histograms the window
cached (``support/ratings_cache``) when there are any: :func:`overlay` lays them over an
open catalog (``Catalog.set_live_ratings``: what cards show and the rating order ranks by).
The window then refreshes a stale cache in the background (``models/live_ratings.py``);
the command line only reads it (no network on the read path), so the two show the same
stars and order on the same machine. Importing this module imports no source (lean).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from appcenter_qt.domain import Rating
from appcenter_qt.support.ratings_cache import CachedRatings, cache_dir, load_ratings, server_url


class RatedCatalog(Protocol):
    def set_live_ratings(self, ratings: Mapping[str, Rating] | None) -> int: ...


def cached_ratings(
    url: str | None = None,
    *,
    directory: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> CachedRatings | None:
    """The configured server's cached histograms (``url`` beats the configuration; reviews
    turned off or nothing cached: ``None``)."""
    server = server_url(url, environ)
    if not server:
        return None
    return load_ratings(directory if directory is not None else cache_dir(environ), server)


def overlay(catalog: RatedCatalog, cached: CachedRatings | None) -> bool:
    """Show and rank ``catalog`` by the cached histograms, if any; ``True`` when they are
    under a day old (the window need not fetch them again)."""
    if cached is not None and cached.ratings:
        catalog.set_live_ratings(cached.ratings)
    return cached is not None and cached.fresh()
