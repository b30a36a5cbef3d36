"""Ordering search results so the application the person meant comes first (docs/search.md).

The order, from strongest to weakest signal:

1. the search pass that found it (as typed, then corrected, then any word);
2. a *tier*: the name is exactly what was typed (0); the name starts with it, or a package
   name or command is exactly it (1); anything else (2). Add-ons, fonts, codecs and
   documentation go one tier down, below applications that match as well as they do;
3. bm25 over the weighted columns (name, keywords, summary, categories, package names,
   description), nudged by a *prior*: applications many people rated, or installed here,
   win a close call (at most :data:`PRIOR_WEIGHT` of their score).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from appcenter_qt.catalog.layout import SEARCH_WORD, fold

#: How far the prior can move a score: 0.3 = by up to 30%.
PRIOR_WEIGHT = 0.3
#: Ratings count towards the prior up to this many (log scale): 1,000 ratings is the most any
#: application needs to win a tie.
RATINGS_SATURATION = 1000
#: Component kinds that extend or support an application rather than being one.
DEMOTED_KINDS = frozenset(
    {"addon", "font", "codec", "inputmethod", "localization", "driver", "firmware", "runtime"}
)
#: Ids and package names of documentation and data components.
DEMOTED_SUFFIXES = ("-doc", "-docs", ".doc", ".docs", "-help", ".help", "-manual", ".manual")
#: Applications whose tier is computed (the best this many by score per pass); the rest
#: keep tier 2, which changes nothing for the results a person looks at.
TIER_WINDOW = 50


@dataclass(frozen=True)
class AppFacts:
    """What ranking knows of an application besides the match itself."""

    prior: float = 0.0
    demoted: bool = False
    #: Folded package names and commands.
    handles: frozenset[str] = frozenset()


def prior(ratings: int, installed: bool) -> float:
    """0..1: the share of rating votes (log scale, saturating) and being installed."""
    votes = min(1.0, math.log10(1 + max(ratings, 0)) / math.log10(1 + RATINGS_SATURATION))
    return 0.6 * votes + 0.4 * (1.0 if installed else 0.0)


def is_demoted(kind: str, app_id: str, packages: Iterable[str]) -> bool:
    names = [p.lower() for p in packages]
    if kind in DEMOTED_KINDS or app_id.lower().endswith(DEMOTED_SUFFIXES):
        return True
    return bool(names) and all(name.endswith(DEMOTED_SUFFIXES) for name in names)


def normalized(text: str) -> str:
    """Folded words joined by one space: how a name and a query are compared."""
    return " ".join(SEARCH_WORD.findall(fold(text)))


def tier(query: str, name: str, facts: AppFacts) -> int:
    """0 exact name, 1 name prefix or exact package name/command, 2 otherwise; demoted
    components one lower."""
    return _tier(normalized(query), fold(query.strip()), name, facts)


def _tier(wanted: str, folded: str, name: str, facts: AppFacts) -> int:
    have = normalized(name)
    if wanted and have == wanted:
        level = 0
    elif wanted and (have.startswith(wanted) or folded in facts.handles):
        level = 1
    else:
        level = 2
    return level + (1 if facts.demoted else 0)


def order(
    passes: list[tuple[str, dict[int, float]]],
    names: Mapping[int, str],
    facts: Mapping[int, AppFacts],
) -> list[int]:
    """Application pks of every pass, best first: ``passes`` is (query as searched, pk →
    bm25) per pass, strongest pass first; a pk found by an earlier pass keeps that place."""
    seen: set[int] = set()
    result: list[int] = []
    none = AppFacts()
    for query, hits in passes:
        wanted, folded = normalized(query), fold(query.strip())
        # (bm25 scaled up by the prior, pk, demoted) of the pass's new hits, best first: one
        # sort for the tier window, one for the pass's order (plain tuples, no key function).
        scored = []
        for pk, score in hits.items():
            if pk not in seen:
                known = facts.get(pk, none)
                scored.append((score * (1.0 + PRIOR_WEIGHT * known.prior), pk, known.demoted))
        scored.sort()
        levels = {
            pk: _tier(wanted, folded, names.get(pk, ""), facts.get(pk, none))
            for _score, pk, _demoted in scored[:TIER_WINDOW]
        }
        ranked = sorted(
            (levels.get(pk, 3 if demoted else 2), score, pk) for score, pk, demoted in scored
        )
        for _level, _score, pk in ranked:
            seen.add(pk)
            result.append(pk)
    return result
