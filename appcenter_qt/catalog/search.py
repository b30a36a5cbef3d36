"""Turning what a person types into a safe FTS5 query.

User text never reaches SQLite's query syntax: it is split into words (Unicode letters and
digits, as FTS5's ``unicode61`` tokenizer sees them), each word becomes a quoted prefix term
``"word"*``, and the whole expression is passed as a bound parameter. Quotes, ``*``, ``NEAR(``,
``AND``/``OR`` and SQL fragments are therefore either dropped or searched for as plain words,
and can never raise a syntax error. Lone surrogates (which cannot be encoded as UTF-8) are
replaced first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

MAX_TERMS = 8
#: Prefixes this short match application and package names only (see fts_expression).
SHORT_PREFIX = 2
MAX_TERM_LENGTH = 64
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def clean_user_text(text: str) -> str:
    """``text`` with anything that is not encodable as UTF-8 replaced."""
    return text.encode("utf-8", "replace").decode("utf-8")


def search_terms(text: str) -> list[str]:
    """The words of ``text`` that the search will look for, in order, deduplicated."""
    words = _WORD.findall(clean_user_text(text))
    terms = list(dict.fromkeys(word[:MAX_TERM_LENGTH] for word in words))
    return terms[:MAX_TERMS]


def locale_tag(locale: str) -> str:
    """The ``locale_tag`` token of a text row (see ``catalog.schema.SEARCH_LOCALE_TAG_SQL``)."""
    return "l" + locale.replace("_", "").replace("@", "").lower()


def _quoted(term: str) -> str:
    # Terms hold only letters and digits, so wrapping them in quotes is already safe; the
    # doubling keeps it safe even if the word pattern is ever widened.
    return '"' + term.replace('"', '""') + '"'


def fts_expression(text: str, locales: Sequence[str] = ()) -> str | None:
    """An FTS5 MATCH expression for ``text``: every word must match, each as a prefix, in a
    text row of one of ``locales`` (any locale when empty).

    Returns ``None`` when ``text`` has no searchable word (empty, only punctuation).
    """
    terms = search_terms(text)
    if not terms:
        return None
    words = " ".join(_quoted(term) + "*" for term in terms)
    if all(len(term) <= SHORT_PREFIX for term in terms):
        # "e" or "ka" as a prefix of every summary word matches most of the catalog and
        # tells nothing; while the user has typed only that much, match names only.
        words = f"{{name pkgnames}}: ({words})"
    if not locales:
        return words
    tags = " OR ".join(_quoted(locale_tag(locale)) for locale in locales)
    return f"{{locale_tag}}: ({tags}) AND ({words})"
