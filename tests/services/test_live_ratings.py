"""The live ratings rule the window and appcenter-query share (services/live_ratings.py):
the configured server's cached histograms laid over a real catalog, a stale or another
server's cache told apart, reviews turned off meaning no live ratings."""

from __future__ import annotations

import time
from pathlib import Path

from appcenter_qt.catalog.queries import AppQuery, Catalog, SortOrder
from appcenter_qt.domain import Rating
from appcenter_qt.services.live_ratings import cached_ratings, overlay
from appcenter_qt.support.ratings_cache import RATINGS_MAX_AGE_S, store_ratings
from tests.catalog.conftest import simple_app, write_catalog

SERVER = "http://127.0.0.1:9/1.0/reviews/api"


def test_the_cached_histograms_rank_the_catalog(tmp_path: Path) -> None:
    path = write_catalog(
        tmp_path / "appcenter.sqlite",
        [
            simple_app("org.example.A", "A", rating=(0, 0, 0, 0, 50)),
            simple_app("org.example.B", "B", rating=(1, 0, 0, 0, 0)),
        ],
    )
    cache = tmp_path / "odrs"
    store_ratings(cache, SERVER, {"org.example.B": Rating.from_counts([0, 0, 0, 0, 900])})
    env = {"APPCENTER_ODRS_URL": SERVER + "/", "XDG_CONFIG_HOME": str(tmp_path)}
    cached = cached_ratings(directory=cache, environ=env)
    assert cached is not None and cached.server == SERVER and cached.fresh()
    with Catalog(path, "C") as catalog:
        before = [a.id for a in catalog.list(AppQuery(sort=SortOrder.RATING))]
        assert before == ["org.example.A", "org.example.B"]
        assert overlay(catalog, cached) is True
        after = catalog.list(AppQuery(sort=SortOrder.RATING))
        assert [a.id for a in after] == ["org.example.B", "org.example.A"]
        assert after[0].rating is not None and after[0].rating.total == 900
        assert overlay(catalog, None) is False  # nothing cached: the window fetches


def test_stale_other_server_and_reviews_off(tmp_path: Path) -> None:
    cache = tmp_path / "odrs"
    old = time.time() - RATINGS_MAX_AGE_S - 60
    store_ratings(cache, SERVER, {"x": Rating.from_counts([0, 0, 0, 0, 1])}, now=old)
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    stale = cached_ratings(SERVER, directory=cache, environ=env)
    assert stale is not None and not stale.fresh()
    assert cached_ratings("http://127.0.0.1:9/other", directory=cache, environ=env) is None
    assert cached_ratings("", directory=cache, environ=env) is None  # reviews turned off
