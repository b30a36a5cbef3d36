"""The catalog's search (docs/search.md): the full-text hits of the locale chain's texts, the
synonyms and the spelling corrector read once, the ranking facts of the matches, and the
up-to-three passes whose results :func:`~appcenter_qt.catalog.ranking.order` merges.

A mixin of :class:`~appcenter_qt.catalog.queries.Catalog` like
:class:`~appcenter_qt.catalog.shelves.ShelfQueries` (kept apart so each module stays a readable
size, issue 30); it uses the catalog's connection, locale chain, caches and row checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from appcenter_qt.catalog import compiled as sql
from appcenter_qt.catalog.layout import fold
from appcenter_qt.catalog.ranking import TIER_WINDOW, AppFacts, is_demoted, order, prior
from appcenter_qt.catalog.rowcheck import RowChecker
from appcenter_qt.catalog.search import FEW, Corrector, fts_expression, search_terms


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


class SearchQueries:
    """Search and its ranking (mixed into ``Catalog``)."""

    # Provided by Catalog.
    chain: tuple[str, ...]
    _rows: RowChecker
    _synonyms: dict[str, str] | None
    _corrector: Corrector | None
    _facts: dict[int, AppFacts]
    _corrections: dict[str, str]

    def _run(self, statement: Any, **params: Any) -> Any:  # pragma: no cover - Catalog's
        raise NotImplementedError

    @property
    def _bad(self) -> Mapping[int, str]:  # pragma: no cover - Catalog's
        raise NotImplementedError

    def _texts_of(self, pks: Sequence[int]) -> tuple[dict[int, str], dict[int, str]]:
        raise NotImplementedError  # pragma: no cover - Catalog's

    def _search_hits(self, expression: str) -> dict[int, float]:
        """Application pk → best bm25 rank (lower is better) over the chain's text rows."""
        return {
            pk: rank
            for pk, rank in self._run(sql.SEARCH, fts=expression)
            if isinstance(pk, int) and pk not in self._bad
        }

    # -- search (docs/search.md) -------------------------------------------------------------
    def _synonym_table(self) -> dict[str, str]:
        if self._synonyms is None:
            self._rows.unowned("search_synonyms")
            self._synonyms = {str(t): str(e) for t, e in self._run(sql.SYNONYMS)}
        return self._synonyms

    def _vocabulary(self) -> Corrector:
        if self._corrector is None:
            self._rows.unowned("search_words")
            self._corrector = Corrector(tuple(str(w) for (w,) in self._run(sql.WORDS)))
        return self._corrector

    def _ranking_facts(self, pks: Iterable[int]) -> dict[int, AppFacts]:
        """The ranking facts of ``pks`` (read once per application, kept); read before the
        applications are checked (:mod:`.rowcheck`), so values of the wrong type count as
        empty."""
        facts = self._facts
        missing = [pk for pk in pks if pk not in facts]
        if missing:
            for pk, kind, app_id, binaries, total, installed, packages in self._run(
                sql.RANKING_FACTS, pks=missing
            ):
                names = [p for p in _text(packages).split(";") if p]
                commands = [b for b in _text(binaries).split(";") if b]
                facts[pk] = AppFacts(
                    prior=prior(total if isinstance(total, int) else 0, bool(installed)),
                    demoted=is_demoted(_text(kind), _text(app_id), names),
                    handles=frozenset(fold(n) for n in [*names, *commands]),
                )
        return facts

    def _search(self, text: str) -> list[int]:
        """Every application matching ``text``, best first, in up to three passes (as typed,
        corrected, any word), each only while the ones before found fewer than FEW."""
        synonyms = self._synonym_table()
        expression = fts_expression(text, self.chain, synonyms=synonyms)
        if expression is None:
            return []
        passes = [(text, self._search_hits(expression))]
        found = set(passes[0][1])
        terms = search_terms(text)
        if len(found) < FEW:
            corrector = self._vocabulary()
            corrections = {t: fixes for t in terms if (fixes := corrector.corrections(t))}
            if corrections:
                corrected = " ".join(corrections[t][0] if t in corrections else t for t in terms)
                expression = fts_expression(
                    text, self.chain, synonyms=synonyms, corrections=corrections
                )
                hits = self._search_hits(expression) if expression else {}
                if set(hits) - found:
                    self._corrections[text] = corrected
                    passes.append((corrected, hits))
                    found |= set(hits)
            if len(found) < FEW and len(terms) > 1:
                expression = fts_expression(
                    text, self.chain, synonyms=synonyms, corrections=corrections, any_word=True
                )
                if expression:
                    passes.append((text, self._search_hits(expression)))
        # Names decide the tier (exact, prefix) of each pass's best TIER_WINDOW only.
        best = sorted(
            {pk for _q, hits in passes for pk in sorted(hits, key=hits.__getitem__)[:TIER_WINDOW]}
        )
        names = self._texts_of(best)[0] if best else {}
        return order(passes, names, self._ranking_facts({pk for _q, h in passes for pk in h}))
