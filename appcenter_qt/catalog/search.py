"""Turning what a person types into safe FTS5 queries (docs/search.md).

User text never reaches SQLite's query syntax: it is split into words (Unicode letters and
digits, as FTS5's ``unicode61`` tokenizer sees them), each word becomes a quoted prefix term
``"word"*``, and the whole expression is passed as a bound parameter. Quotes, ``*``, ``NEAR(``,
``AND``/``OR`` and SQL fragments are therefore either dropped or searched for as plain words,
and can never raise a syntax error. Lone surrogates (which cannot be encoded as UTF-8) are
replaced first.

A search runs in up to three passes, each only when the ones before found fewer than
:data:`FEW` applications: every word as typed (or through a synonym); then with misspelled
words also matching their nearest known words (:class:`Corrector`); then any word instead
of all of them.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from appcenter_qt.catalog.layout import SEARCH_WORD, fold, search_locale_token

MAX_TERMS = 8
#: Prefixes this short match application names, package names and commands only.
SHORT_PREFIX = 2
MAX_TERM_LENGTH = 64
#: Fewer results than this make a search try the next, looser pass.
FEW = 5
#: Words shorter than this are never corrected: "vlx" is as close to "vlc" as to "vim".
MIN_CORRECTED = 4
#: Corrections offered per misspelled word.
MAX_CORRECTIONS = 3


def clean_user_text(text: str) -> str:
    """``text`` with anything that is not encodable as UTF-8 replaced."""
    return text.encode("utf-8", "replace").decode("utf-8")


def search_terms(text: str) -> list[str]:
    """The words of ``text`` that the search will look for, in order, deduplicated.

    Words of one or two letters before the last word are left out when a longer word is
    there: in "traitement de texte", "éditeur d'images" or "3d modelling" they are particles
    and elisions that names rarely contain (short words are matched in names only, see
    :func:`term_group`), so requiring them would lose the applications meant. The last word
    is kept, as it may be the start of a word still being typed ("gnome c")."""
    words = SEARCH_WORD.findall(clean_user_text(text))
    terms = list(dict.fromkeys(word[:MAX_TERM_LENGTH] for word in words))[:MAX_TERMS]
    if any(len(term) > SHORT_PREFIX for term in terms):
        terms = [t for n, t in enumerate(terms) if len(t) > SHORT_PREFIX or n == len(terms) - 1]
    return terms


def _quoted(term: str) -> str:
    # Terms hold only letters and digits, so wrapping them in quotes is already safe; the
    # doubling keeps it safe even if the word pattern is ever widened.
    return '"' + term.replace('"', '""') + '"'


def max_edits(word: str) -> int:
    """Edits allowed between a typed word and a correction: one up to seven letters, two
    from eight (a long name survives two slips, a short word would match too much)."""
    return 0 if len(word) < MIN_CORRECTED else (1 if len(word) < 8 else 2)


def term_group(
    term: str, synonyms: Mapping[str, str] | None = None, alternatives: Sequence[str] = ()
) -> str:
    """One typed word as an FTS5 group: the word as a prefix, OR its corrections, OR all the
    words of its synonym's expansion."""
    options = [_quoted(term) + "*"]
    options += [_quoted(word) + "*" for word in alternatives if word != term]
    expansion = (synonyms or {}).get(fold(term))
    if expansion:
        words = expansion.split()
        options.append("(" + " AND ".join(_quoted(w) + "*" for w in words) + ")")
    group = options[0] if len(options) == 1 else "(" + " OR ".join(options) + ")"
    if len(term) <= SHORT_PREFIX and not alternatives:
        # "e" or "ka" as a prefix of every summary word matches most of the catalog and
        # tells nothing; while the user has typed only that much, match names only.
        group = "{name other} : " + group
    return group


def fts_expression(
    text: str,
    locales: Sequence[str],
    *,
    synonyms: Mapping[str, str] | None = None,
    corrections: Mapping[str, Sequence[str]] | None = None,
    any_word: bool = False,
) -> str | None:
    """An FTS5 MATCH expression for ``text`` in a row of one of ``locales`` (the reader's
    locale chain, most specific first): every word (``any_word``: at least one) must match,
    each as a prefix, through its synonym or one of its ``corrections``.

    Returns ``None`` when ``text`` has no searchable word (empty, only punctuation) or
    ``locales`` is empty.
    """
    terms = search_terms(text)
    if not terms or not locales:
        return None
    corrections = corrections or {}
    groups = [term_group(t, synonyms, corrections.get(t, ())) for t in terms]
    words = " OR ".join(groups) if any_word else " AND ".join(groups)
    tokens = " OR ".join(_quoted(search_locale_token(loc)) for loc in dict.fromkeys(locales))
    return f"({words}) AND locale : ({tokens})"


@dataclass(frozen=True)
class Corrector:
    """Nearest known words to a misspelled one, by edit distance (rapidfuzz's Levenshtein),
    over the catalog's vocabulary (``search_words``: names, keywords, commands, package
    names, folded). A word is left alone when some known word starts with it."""

    words: tuple[str, ...]

    def known_prefix(self, word: str) -> bool:
        at = bisect.bisect_left(self.words, word)
        return at < len(self.words) and self.words[at].startswith(word)

    def corrections(self, term: str) -> list[str]:
        word = fold(term)
        edits = max_edits(word)
        if not edits or self.known_prefix(word):
            return []
        from rapidfuzz import process  # only a misspelling pays for the import
        from rapidfuzz.distance import Levenshtein

        found = process.extract(
            word,
            self.words,
            scorer=Levenshtein.distance,
            score_cutoff=edits,
            limit=MAX_CORRECTIONS * 4,
        )
        # Closest first; among equals, a word of the same length (a slip, not a stem).
        ranked = sorted(found, key=lambda hit: (hit[1], abs(len(hit[0]) - len(word)), hit[0]))
        return [candidate for candidate, _score, _index in ranked[:MAX_CORRECTIONS]]
