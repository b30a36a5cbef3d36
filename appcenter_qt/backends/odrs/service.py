"""Offline-first reviews and ratings: the cache answers at once, the server refreshes it.

Both front ends (the app page's model and ``appcenter-query``) go through
:class:`ReviewsService`, so they agree on the rules: a server failure with a cached copy
gives the copy and a one-line ``stale`` reason; without a copy it is an error; a broken answer
never replaces what is stored; ratings are fetched at most once a day unless asked.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from dataclasses import dataclass, field

from appcenter_qt.backends.odrs.cache import CachedRatings, CachedReviews, OdrsCache
from appcenter_qt.backends.odrs.client import PAGE_SIZE, OdrsClient, ReviewTarget
from appcenter_qt.backends.odrs.config import Identity, server_url
from appcenter_qt.backends.odrs.http import DEFAULT_DEADLINE_S, Deadline, OdrsError, check_url
from appcenter_qt.domain.reviews import Review, ReviewDraft


@dataclass
class ReviewsPage:
    """Reviews to show. ``stale`` is why they may be out of date ("" when the server just
    confirmed them); ``cached`` says they came from disk."""

    reviews: list[Review] = field(default_factory=list)
    user_skey: str = ""
    cached: bool = False
    stale: str = ""
    has_more: bool = False


class ReviewsService:
    """One user's view of one ODRS server, with its cache."""

    def __init__(
        self, client: OdrsClient, cache: OdrsCache, deadline_s: float = DEFAULT_DEADLINE_S
    ) -> None:
        self.client = client
        self.cache = cache
        self.deadline_s = deadline_s

    @classmethod
    def create(
        cls, locale: str, url: str | None = None, *, cache: OdrsCache | None = None
    ) -> ReviewsService | None:
        """The service for the configured server, or ``None`` when reviews are turned off;
        :class:`OdrsError` when the configured address cannot be a server's."""
        base = server_url(url)
        if not base:
            return None
        check_url(base)
        return cls(OdrsClient(base, Identity.current(locale)), cache or OdrsCache(base))

    @property
    def locale(self) -> str:
        return self.client.identity.locale

    def deadline(self) -> Deadline:
        return Deadline(self.deadline_s)

    # -- reviews ---------------------------------------------------------------------------
    def cached_reviews(self, target: ReviewTarget) -> ReviewsPage | None:
        cached = self.cache.load_reviews(target.app_id, self.locale)
        if cached is None:
            return None
        return ReviewsPage(
            cached.reviews, cached.user_skey, True, "", len(cached.reviews) >= PAGE_SIZE
        )

    def reviews(self, target: ReviewTarget, deadline: Deadline | None = None) -> ReviewsPage:
        """The first page from the server (stored), else the cached one marked stale; raises
        :class:`OdrsError` only when there is neither."""
        deadline = deadline or self.deadline()
        cached = self.cache.load_reviews(target.app_id, self.locale)
        try:
            result = self.client.fetch(target, deadline, etag=cached.etag if cached else "")
        except OdrsError as error:
            if cached is None:
                raise
            page = self.cached_reviews(target) or ReviewsPage()
            page.stale = str(error)
            return page
        if result.not_modified and cached is not None:
            fresh = dataclasses.replace(cached, fetched=time.time())
        else:
            fresh = CachedReviews(result.reviews, result.etag, result.user_skey, time.time())
        with contextlib.suppress(OSError):  # a read-only cache still shows the answer
            self.cache.store_reviews(target.app_id, self.locale, fresh)
        return ReviewsPage(
            fresh.reviews, fresh.user_skey, False, "", len(fresh.reviews) >= PAGE_SIZE
        )

    def more(self, target: ReviewTarget, start: int) -> ReviewsPage:
        """The page after ``start`` reviews (not cached: the first page is what shows at once)."""
        result = self.client.fetch(target, self.deadline(), start=start)
        return ReviewsPage(
            result.reviews, result.user_skey, False, "", len(result.reviews) >= PAGE_SIZE
        )

    def submit(self, target: ReviewTarget, draft: ReviewDraft) -> int | None:
        """Send a review, then refresh the cached page so the new review shows (best effort,
        within the same deadline)."""
        deadline = self.deadline()
        review_id = self.client.submit(target, draft, deadline)
        with contextlib.suppress(OdrsError):
            self.reviews(target, deadline)
        return review_id

    def vote(
        self, target: ReviewTarget, review: Review | int, kind: str, user_skey: str = ""
    ) -> None:
        """Vote on a review. Given only its id (the CLI), the reviews are fetched first for the
        review's own app id and key; fetch and vote share one deadline."""
        deadline = self.deadline()
        if isinstance(review, int):
            page = self.reviews(target, deadline)
            found = next((r for r in page.reviews if r.review_id == review), None)
            if found is None:
                found = Review(review, target.app_id, 0, "", "", "", 0, "", "", "", 0, 0)
            user_skey = user_skey or page.user_skey
            if page.stale and not found.user_skey and not user_skey:
                raise OdrsError(page.stale)
            review = found
        self.client.vote(review, kind, deadline, user_skey)

    # -- ratings ---------------------------------------------------------------------------
    def cached_ratings(self) -> CachedRatings | None:
        return self.cache.load_ratings()

    def refresh_ratings(self, *, force: bool = False) -> CachedRatings:
        """Every histogram: the cache when under a day old (unless ``force``), else the
        server's, stored. A failure raises and leaves the stored ratings as they were."""
        cached = self.cache.load_ratings()
        if cached is not None and cached.fresh() and not force:
            return cached
        ratings = self.client.ratings(self.deadline())
        now = time.time()
        self.cache.store_ratings(ratings, now)
        return CachedRatings(ratings, now, self.cache.server)
