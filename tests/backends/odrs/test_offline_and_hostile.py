"""Offline-first: the cache answers when the server cannot, a broken answer never replaces
what is stored, and every hostile server ends within the deadline with one message."""

from __future__ import annotations

import json
import time

import pytest

from appcenter_qt.backends.odrs.client import ReviewTarget
from appcenter_qt.backends.odrs.http import OdrsError
from appcenter_qt.domain.reviews import ReviewDraft
from tests.odrs_server import HOSTILE_MODES

APP = ReviewTarget.of("org.example.Mines")


def test_reviews_are_cached_and_the_etag_sent_back(odrs, service) -> None:
    odrs.state.add("org.example.Mines", 4, "Good")
    first = service.reviews(APP)
    assert [r.summary for r in first.reviews] == ["Good"] and not first.stale
    cached = service.cached_reviews(APP)
    assert cached is not None and cached.cached and cached.reviews == first.reviews
    again = service.reviews(APP)
    assert odrs.state.requests[-1]["headers"]["If-None-Match"].startswith('"')
    assert again.reviews == first.reviews and again.user_skey == first.user_skey


def test_server_gone_gives_the_cache_with_a_reason(odrs, service) -> None:
    odrs.state.add("org.example.Mines", 4, "Good")
    service.reviews(APP)
    odrs.stop()
    page = service.reviews(APP)
    assert [r.summary for r in page.reviews] == ["Good"]
    assert page.cached and "cannot reach the ratings server" in page.stale


def test_no_cache_and_no_server_is_one_error(odrs, service) -> None:
    odrs.stop()
    with pytest.raises(OdrsError, match="cannot reach"):
        service.reviews(APP)


def test_refusal_carries_the_server_message(odrs, service) -> None:
    service.submit(APP, ReviewDraft(4, "Good", "Very good."))
    with pytest.raises(OdrsError, match="already reviewed this app"):
        service.submit(APP, ReviewDraft(4, "Good", "Very good."))


def test_vote_by_id_fetches_then_votes(odrs, service) -> None:
    review = odrs.state.add("org.example.Mines", 4, "Good")
    service.vote(APP, review.review_id, "down")
    assert review.karma_down == 1


def test_ratings_refresh_at_most_daily(odrs, service) -> None:
    odrs.state.add("org.example.Mines", 4)
    assert service.refresh_ratings().ratings["org.example.Mines"].total == 1
    odrs.state.add("org.example.Mines", 5, user_hash="e" * 40)
    assert service.refresh_ratings().ratings["org.example.Mines"].total == 1  # under a day
    assert service.refresh_ratings(force=True).ratings["org.example.Mines"].total == 2
    requests = [r for r in odrs.state.requests if r["path"].endswith("/ratings")]
    assert len(requests) == 2


@pytest.mark.parametrize("mode", HOSTILE_MODES)
def test_hostile_server_ends_in_time_and_keeps_stored_data(odrs, service, mode) -> None:
    odrs.state.add("org.example.Mines", 4, "Good")
    service.reviews(APP)
    service.refresh_ratings()
    stored_reviews = service.cache.reviews_path(APP.app_id, service.locale).read_bytes()
    stored_ratings = service.cache.ratings_path.read_bytes()
    odrs.state.mode = mode
    service.deadline_s = 0.6
    started = time.monotonic()
    page = service.reviews(APP)
    with pytest.raises(OdrsError) as ratings_error:
        service.refresh_ratings(force=True)
    with pytest.raises(OdrsError) as submit_error:
        service.submit(APP, ReviewDraft(4, "Good", "Very good."))
    elapsed = time.monotonic() - started
    assert [r.summary for r in page.reviews] == ["Good"] and page.stale
    assert "\n" not in page.stale
    assert service.cache.reviews_path(APP.app_id, service.locale).read_bytes() == stored_reviews
    assert service.cache.ratings_path.read_bytes() == stored_ratings
    for error in (ratings_error.value, submit_error.value):
        assert "\n" not in str(error) and len(str(error)) < 200
    # three commands, each under its own 0.6 s deadline (the CLI's is 10 s)
    assert elapsed < 3 * 0.6 + 2
    if mode in ("silent", "trickle"):
        assert "within 0.6 s" in str(ratings_error.value)


def test_one_review_of_the_wrong_type_drops_only_itself(odrs, service) -> None:
    odrs.state.add("org.example.Mines", 4, "Good")
    odrs.state.add("org.example.Mines", 2, "Bad", user_hash="e" * 40)
    odrs.state.reviews[1].rating = "high"  # type: ignore[assignment]
    assert [r.summary for r in service.reviews(APP).reviews] == ["Good"]


def test_wrong_types_in_a_cache_file_count_as_no_cache(odrs, service) -> None:
    odrs.state.add("org.example.Mines", 4, "Good")
    service.reviews(APP)
    path = service.cache.reviews_path(APP.app_id, service.locale)
    document = json.loads(path.read_text())
    document["reviews"] = [{"nonsense": 1}]
    path.write_text(json.dumps(document))
    assert service.cached_reviews(APP) is None
    path.write_text("[" * 100_000)
    assert service.cached_reviews(APP) is None
