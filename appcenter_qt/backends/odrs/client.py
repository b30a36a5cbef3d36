"""The ODRS API as odrs-web (``odrs/views_api.py``) serves it, mapped to domain objects.

Every request goes through :func:`.http.request` under the caller's :class:`Deadline`; every
answer is checked field by field (a wrong type drops that review or histogram, never the
whole answer) and its text made plain (:func:`appcenter_qt.domain.reviews.plain_text`).
What the server refuses arrives as HTTP 400 ``{"success": false, "msg": …}`` and becomes an
:class:`OdrsError` with ``refused`` set and ODRS's message; ``review`` and ``vote`` succeed
only on ``"success": true``, the JSON boolean.
"""

from __future__ import annotations

import logging
import re
import urllib.parse
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from appcenter_qt.backends.odrs.config import Identity
from appcenter_qt.backends.odrs.http import Deadline, OdrsError, Response, request
from appcenter_qt.domain import Rating
from appcenter_qt.domain.ratings import other_spelling
from appcenter_qt.domain.reviews import Review, ReviewDraft, plain_text

log = logging.getLogger(__name__)

PAGE_SIZE = 20
MAX_REVIEWS_BYTES = 4 * 1024 * 1024
MAX_RATINGS_BYTES = 16 * 1024 * 1024
MAX_SMALL_BYTES = 64 * 1024
MAX_COUNT = 100_000_000
VOTES = {"up": "upvote", "down": "downvote", "report": "report", "remove": "remove"}
_SKEY = re.compile(r"[0-9a-f]{40}")
_STARS = ("star1", "star2", "star3", "star4", "star5")


@dataclass(frozen=True)
class ReviewTarget:
    """The application a request is about: its id, the other ids ODRS may know it by, and
    the package version (``unknown`` when not known)."""

    app_id: str
    compat_ids: tuple[str, ...] = ()
    version: str = "unknown"

    @classmethod
    def of(
        cls, app_id: str, desktop_id: str = "", aliases: Iterable[str] = (), version: str = ""
    ) -> ReviewTarget:
        """``compat_ids``: the other ``.desktop`` spelling of the id, the desktop file id and
        the ``provides`` ids (each spelling), as GNOME Software and Discover send them."""
        ids: list[str] = []
        for candidate in (app_id, desktop_id, *aliases):
            if not candidate:
                continue
            for key in (candidate, other_spelling(candidate)):
                if key != app_id and key not in ids:
                    ids.append(key)
        return cls(app_id, tuple(ids), version.strip() or "unknown")


@dataclass
class FetchResult:
    """One page of reviews. ``not_modified``: the server answered 304 to our ETag (the cached
    page is current); ``user_skey``: the key votes need, also sent with no reviews."""

    reviews: list[Review] = field(default_factory=list)
    user_skey: str = ""
    etag: str = ""
    not_modified: bool = False
    dropped: int = 0


def _refusal(response: Response) -> OdrsError:
    """The error for a non-200 answer: ODRS's own message when it sent one."""
    try:
        document = response.json()
    except OdrsError:
        document = None
    if isinstance(document, dict) and document.get("success") is False:
        message = plain_text(document.get("msg"), keep_newlines=False, limit=200) or "refused"
        return OdrsError(
            f"the ratings server refused: {message}", refused=True, server_message=message
        )
    return OdrsError(f"the ratings server answered HTTP {response.status}")


def _int(value: Any, low: int = 0, high: int = MAX_COUNT) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def parse_review(item: Mapping[str, Any], user_hash: str) -> Review | None:
    """One review item, or ``None`` if a field has the wrong type (logged by the caller)."""
    review_id = _int(item.get("review_id"), 1, 2**53)
    rating = _int(item.get("rating"), 0, 100)
    app_id = item.get("app_id")
    date = item.get("date_created", 0)
    if review_id is None or rating is None or not isinstance(app_id, str) or not app_id:
        return None
    if isinstance(date, bool) or not isinstance(date, int | float) or not 0 <= date < 2**40:
        return None
    for key in ("summary", "description", "user_display", "version", "distro", "locale"):
        if item.get(key) is not None and not isinstance(item.get(key), str):
            return None
    karma_up = _int(item.get("karma_up", 0))
    karma_down = _int(item.get("karma_down", 0))
    if karma_up is None or karma_down is None:
        return None
    skey = item.get("user_skey")
    return Review(
        review_id=review_id,
        app_id=plain_text(app_id, keep_newlines=False, limit=255),
        stars=round(rating / 20),
        summary=plain_text(item.get("summary"), keep_newlines=False, limit=200),
        description=plain_text(item.get("description")),
        user_display=plain_text(item.get("user_display"), keep_newlines=False, limit=100),
        date=int(date),
        version=plain_text(item.get("version"), keep_newlines=False, limit=100),
        distro=plain_text(item.get("distro"), keep_newlines=False, limit=100),
        locale=plain_text(item.get("locale"), keep_newlines=False, limit=40),
        karma_up=karma_up,
        karma_down=karma_down,
        user_skey=skey if isinstance(skey, str) and _SKEY.fullmatch(skey) else "",
        own=bool(user_hash) and item.get("user_hash") == user_hash,
        voted="vote_id" in item,
    )


def parse_histogram(entry: Any) -> Rating | None:
    """A ``/ratings`` entry → :class:`Rating` (``star0``, reviews without stars, dropped);
    ``None`` for a wrong type or a count out of range."""
    if not isinstance(entry, dict):
        return None
    counts = [_int(entry.get(key, 0)) for key in _STARS]
    valid = [count for count in counts if count is not None]
    if len(valid) != len(counts):
        return None
    return Rating.from_counts(valid)


def parse_ratings(document: Any) -> dict[str, Rating]:
    """The ``/ratings`` document: id → histogram, bad entries skipped (counted in the log)."""
    if not isinstance(document, dict):
        raise OdrsError("the ratings server sent ratings in an unknown format")
    ratings: dict[str, Rating] = {}
    bad = 0
    for key, entry in document.items():
        rating = parse_histogram(entry)
        if rating is None or not key or len(key) > 255 or any(ch.isspace() for ch in key):
            bad += 1
            continue
        if rating.total:
            ratings[key] = rating
    if bad and not ratings:
        raise OdrsError("the ratings server sent histograms of the wrong types; ignored")
    if bad:
        log.warning("ODRS ratings: %d entries with wrong types skipped", bad)
    return ratings


class OdrsClient:
    """Requests to one ODRS server on behalf of one user."""

    def __init__(self, base_url: str, identity: Identity) -> None:
        if not base_url:
            raise OdrsError("reviews are turned off (no ratings server configured)")
        self.base_url = base_url.rstrip("/")
        self.identity = identity

    def _url(self, endpoint: str) -> str:
        return f"{self.base_url}/{endpoint}"

    def _post(self, endpoint: str, body: dict[str, Any], deadline: Deadline) -> dict[str, Any]:
        """POST JSON to a write endpoint; the answer when ODRS said ``"success": true``."""
        response = request(
            "POST", self._url(endpoint), deadline, body=body, max_bytes=MAX_SMALL_BYTES
        )
        if response.status != 200:
            raise _refusal(response)
        document = response.json()
        if not isinstance(document, dict) or document.get("success") is not True:
            raise OdrsError("the ratings server did not confirm the change")
        return document

    def fetch(
        self,
        target: ReviewTarget,
        deadline: Deadline,
        *,
        start: int = 0,
        limit: int = PAGE_SIZE,
        etag: str = "",
    ) -> FetchResult:
        """One page of reviews in the server's order (``POST /fetch``)."""
        ident = self.identity
        body = {
            "app_id": target.app_id,
            "user_hash": ident.user_hash,
            "locale": ident.locale,
            "distro": ident.distro,
            "version": target.version or "unknown",
            # a count, never -1: ODRS cuts items[start:start + limit]
            "limit": max(int(limit), 0),
            "start": max(int(start), 0),
            "compat_ids": list(target.compat_ids),
        }
        headers = {"If-None-Match": etag} if etag else {}
        response = request(
            "POST",
            self._url("fetch"),
            deadline,
            body=body,
            headers=headers,
            max_bytes=MAX_REVIEWS_BYTES,
        )
        if response.status == 304 and etag:
            return FetchResult(etag=etag, not_modified=True)
        if response.status != 200:
            raise _refusal(response)
        document = response.json()
        if not isinstance(document, list):
            raise OdrsError("the ratings server sent reviews in an unknown format")
        result = FetchResult(etag=response.headers.get("etag", "")[:200])
        for item in document:
            if not isinstance(item, dict):
                result.dropped += 1
                continue
            skey = item.get("user_skey")
            if (
                not result.user_skey
                and isinstance(skey, str)
                and _SKEY.fullmatch(skey)
                and item.get("app_id") == target.app_id
            ):
                result.user_skey = skey
            if "review_id" not in item:
                continue  # the placeholder ODRS sends when there are no reviews
            review = parse_review(item, ident.user_hash)
            if review is None:
                result.dropped += 1
            else:
                result.reviews.append(review)
        if result.dropped and not result.reviews:
            raise OdrsError("the ratings server sent reviews of the wrong types; ignored")
        if result.dropped:
            log.warning(
                "ODRS reviews of %s: %d with wrong types skipped", target.app_id, result.dropped
            )
        return result

    def submit(self, target: ReviewTarget, draft: ReviewDraft, deadline: Deadline) -> int | None:
        """Send a new review (``POST /submit``); its id when ODRS gave one."""
        problems = draft.problems()
        if problems:
            raise OdrsError("; ".join(problems))
        ident = self.identity
        document = self._post(
            "submit",
            {
                "app_id": target.app_id,
                "locale": ident.locale,
                "summary": draft.summary.strip(),
                "description": draft.description.strip(),
                "user_hash": ident.user_hash,
                "version": target.version or "unknown",
                "distro": ident.distro,
                "rating": draft.rating,
                "user_display": draft.display_name,
            },
            deadline,
        )
        return _int(document.get("review_id"), 1, 2**53)

    def vote(self, review: Review, kind: str, deadline: Deadline, user_skey: str = "") -> None:
        """``kind`` ``up``, ``down``, ``report`` or ``remove`` (own review) on one review."""
        endpoint = VOTES.get(kind)
        if endpoint is None:
            raise OdrsError(f"not a vote: {kind!r} (up, down, report, remove)")
        skey = review.user_skey or user_skey
        if not skey:
            raise OdrsError("the ratings server gave no key for votes on this application")
        self._post(
            endpoint,
            {
                "review_id": int(review.review_id),
                "app_id": review.app_id,
                "user_hash": self.identity.user_hash,
                "user_skey": skey,
            },
            deadline,
        )

    def ratings(self, deadline: Deadline) -> dict[str, Rating]:
        """Every application's histogram (``GET /ratings``)."""
        response = request("GET", self._url("ratings"), deadline, max_bytes=MAX_RATINGS_BYTES)
        if response.status != 200:
            raise _refusal(response)
        return parse_ratings(response.json())

    def rating(self, app_id: str, deadline: Deadline) -> Rating | None:
        """One application's histogram (``GET /ratings/APP_ID``); ``None`` with no reviews."""
        response = request(
            "GET",
            self._url("ratings/" + urllib.parse.quote(app_id, safe="")),
            deadline,
            max_bytes=MAX_SMALL_BYTES,
        )
        if response.status != 200:
            raise _refusal(response)
        document = response.json()
        if document == []:
            return None
        rating = parse_histogram(document)
        if rating is None:
            raise OdrsError("the ratings server sent a histogram in an unknown format")
        return rating if rating.total else None
