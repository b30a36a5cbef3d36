"""Star ratings and the score the UI sorts and shows.

A plain mean lets one five-star vote beat five hundred votes averaging 4.6. We rank by a
Bayesian lower bound instead: Evan Miller, "Ranking Items With Star Ratings" (2015,
https://www.evanmiller.org/ranking-items-with-star-ratings.html). Each star level gets one
pseudo-vote (a flat Dirichlet prior), and the score is the posterior mean minus ``z`` standard
errors of it; ``z = 1.65`` is a one-sided 95 % bound. Few votes pull the score toward the
middle and down, many votes let it approach the true mean.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import cast

#: One-sided 95 % normal quantile used for the lower bound.
Z_LOWER_BOUND = 1.65
STAR_LEVELS = (1, 2, 3, 4, 5)
DESKTOP_SUFFIX = ".desktop"


@dataclass(frozen=True)
class Rating:
    """A star histogram: ``stars[0]`` is the count of one-star votes, ``stars[4]`` five-star."""

    stars: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    def __post_init__(self) -> None:
        if len(self.stars) != len(STAR_LEVELS) or any(
            not isinstance(n, int) or n < 0 for n in self.stars
        ):
            raise ValueError(f"a rating needs five non-negative counts, got {self.stars!r}")

    @classmethod
    def from_counts(cls, counts: Iterable[int]) -> Rating:
        """A rating from counts as rows, JSON and YAML hold them (one-star first), whose
        length only :meth:`__post_init__` can check: anything but five counts is a ValueError."""
        return cls(cast("tuple[int, int, int, int, int]", tuple(counts)))

    @property
    def total(self) -> int:
        return sum(self.stars)

    @property
    def mean(self) -> float | None:
        """The plain average on the 1..5 scale, or ``None`` without votes."""
        if not self.total:
            return None
        return sum(level * n for level, n in zip(STAR_LEVELS, self.stars, strict=True)) / self.total

    @property
    def score(self) -> float:
        """The Bayesian lower bound of the mean star value, on the 1..5 scale."""
        return bayesian_lower_bound(self.stars)


def bayesian_lower_bound(stars: tuple[int, ...], z: float = Z_LOWER_BOUND) -> float:
    """Lower bound of the expected star value under a flat Dirichlet prior (see module doc)."""
    pseudo_total = sum(stars) + len(STAR_LEVELS)
    weights = [(n + 1) / pseudo_total for n in stars]
    mean = sum(level * w for level, w in zip(STAR_LEVELS, weights, strict=True))
    mean_sq = sum(level * level * w for level, w in zip(STAR_LEVELS, weights, strict=True))
    variance = max(mean_sq - mean * mean, 0.0)
    return mean - z * math.sqrt(variance / (pseudo_total + 1))


def other_spelling(app_id: str) -> str:
    """The id with ``.desktop`` added or removed: ODRS keys apps by both spellings."""
    if app_id.endswith(DESKTOP_SUFFIX):
        return app_id.removesuffix(DESKTOP_SUFFIX)
    return app_id + DESKTOP_SUFFIX


def rating_keys(app_id: str, desktop_id: str = "", compat_ids: Iterable[str] = ()) -> Iterator[str]:
    """The ids an application's histogram may be published under, best first: its own id,
    its other spelling, its desktop file id (both spellings), then ``provides``/compat ids."""
    seen: set[str] = set()
    for candidate in (app_id, desktop_id, *compat_ids):
        if not candidate:
            continue
        for key in (candidate, other_spelling(candidate)):
            if key not in seen:
                seen.add(key)
                yield key


def lookup_rating(
    ratings: Mapping[str, Rating],
    app_id: str,
    desktop_id: str = "",
    compat_ids: Iterable[str] = (),
) -> Rating | None:
    """The histogram of an application: the first of :func:`rating_keys` that has one.

    Never a sum of several entries: ODRS links an application's ids (``org.gnome.Mines`` and
    ``org.gnome.Mines.desktop``) to one parent component, whose published histogram already
    counts the reviews of its linked children, so adding the entries counts reviews twice."""
    for key in rating_keys(app_id, desktop_id, compat_ids):
        rating = ratings.get(key)
        if rating is not None and rating.total:
            return rating
    return None
