"""ODRS ratings: the ``ratings`` JSON the Open Desktop Ratings Service publishes.

The file maps application ids to a star histogram::

    {"org.gnome.Mines.desktop": {"star0": 2, "star1": 1, "star2": 0, "star3": 4,
                                 "star4": 9, "star5": 30, "total": 46}, ...}

``star0`` counts reviews that gave no star value; it is not a vote on the 1..5 scale, so it
is dropped and the stored total is ``star1 + … + star5``. ODRS keys carry ids as clients sent
them over the years, with and without the ``.desktop`` suffix, so :func:`ratings_for` looks an
application up under its own id first, else its other spelling or its desktop file id, and
takes the first entry it finds. It never adds entries: ODRS links the spellings of one
application to a parent component whose histogram already counts its children's reviews
(:func:`appcenter_qt.domain.ratings.lookup_rating`). The displayed score is computed from the
histogram in :mod:`appcenter_qt.domain.ratings`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import PurePath
from typing import Any

from appcenter_qt.domain import Rating
from appcenter_qt.domain.ratings import lookup_rating
from appcenter_qt.extract.result import ExtractResult

PROVENANCE_KIND = "odrs"
DESKTOP_SUFFIX = ".desktop"
#: Larger counts are not plausible for one application and are refused as corrupt.
MAX_VOTES = 100_000_000
#: ODRS files are two levels deep (ids → histograms); far deeper nesting is hostile, and the
#: JSON parser would meet it with a RecursionError.
MAX_JSON_DEPTH = 32
#: Digits of a number kept as a number; longer ones (a 5,000-digit count) make only their
#: own entry invalid instead of Python's int-conversion limit failing the whole file.
MAX_NUMBER_DIGITS = 18
_BRACKET_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_STARS = ("star1", "star2", "star3", "star4", "star5")


class _Absurd:
    """A JSON number too long to be a vote count; :func:`_count` rejects it by entry."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"a {len(self.text)}-digit number"


def _number(text: str) -> int | _Absurd:
    return _Absurd(text) if len(text.lstrip("-")) > MAX_NUMBER_DIGITS else int(text)


def _float(text: str) -> float | _Absurd:
    return _Absurd(text) if len(text) > MAX_NUMBER_DIGITS + 8 else float(text)


def json_depth(data: bytes | str, limit: int) -> int:
    """The nesting depth of a JSON document, counted without recursion and without parsing
    (brackets inside strings do not count), stopping as soon as it exceeds ``limit``."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    depth = deepest = 0
    for match in _BRACKET_OR_STRING.finditer(text):
        char = match.group()
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif char in "]}":
            depth -= 1
    return deepest


def _count(entry: Mapping[str, Any], key: str) -> int:
    value = entry.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VOTES:
        raise ValueError(f"{key} must be a non-negative whole number, not {value!r:.40}")
    return value


def parse_ratings(data: bytes, source: str, result: ExtractResult) -> dict[str, Rating]:
    """Histograms keyed by the id as written in the file; bad entries become hints."""
    name = PurePath(source).name or source
    if json_depth(data, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        message = f"JSON nested deeper than {MAX_JSON_DEPTH} levels; not an ODRS ratings file"
        result.hint(name, "malformed-json", message)
        return {}
    try:
        document = json.loads(data, parse_int=_number, parse_float=_float)
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        result.hint(name, "malformed-json", f"not valid JSON: {error}")
        return {}
    if not isinstance(document, dict):
        result.hint(name, "not-odrs", "expected an object of id → histogram")
        return {}
    ratings: dict[str, Rating] = {}
    for key, entry in document.items():
        where = f"{name} ({key[:80]})"
        try:
            if not key or len(key) > 255 or any(ch.isspace() for ch in key):
                raise ValueError("not a usable application id")
            if not isinstance(entry, dict):
                raise ValueError(f"histogram must be an object, not {type(entry).__name__}")
            stars = tuple(_count(entry, star) for star in _STARS)
            _count(entry, "star0")
            _count(entry, "total")
        except ValueError as error:
            result.hint(where, "invalid-rating", str(error))
            continue
        rating = Rating.from_counts(stars)
        if rating.total:
            ratings[key] = rating
    return ratings


def ratings_for(
    ratings: Mapping[str, Rating], app_id: str, desktop_id: str = "", compat_ids: Iterable[str] = ()
) -> Rating | None:
    """The histogram of an application in a parsed ratings file (see the module doc)."""
    return lookup_rating(ratings, app_id, desktop_id, compat_ids)
