"""Turning what a person types into a safe FTS5 query.

User text never reaches SQLite's query syntax: it is split into words (Unicode letters and
digits, as FTS5's ``unicode61`` tokenizer sees them), each word becomes a quoted prefix term
``"word"*``, and the whole expression is passed as a bound parameter. Quotes, ``*``, ``NEAR(``,
``AND``/``OR`` and SQL fragments are therefore either dropped or searched for as plain words,
and can never raise a syntax error. Lone surrogates (which cannot be encoded as UTF-8) are
replaced first.
"""

from __future__ import annotations

from collections.abc import Sequence

from appcenter_qt.catalog.schema import SEARCH_WORD, search_locale_prefix

MAX_TERMS = 8
#: Prefixes this short match application and package names only (see fts_expression).
SHORT_PREFIX = 2
MAX_TERM_LENGTH = 64


def clean_user_text(text: str) -> str:
    """``text`` with anything that is not encodable as UTF-8 replaced."""
    return text.encode("utf-8", "replace").decode("utf-8")


def search_terms(text: str) -> list[str]:
    """The words of ``text`` that the search will look for, in order, deduplicated."""
    words = SEARCH_WORD.findall(clean_user_text(text))
    terms = list(dict.fromkeys(word[:MAX_TERM_LENGTH] for word in words))
    return terms[:MAX_TERMS]


def _quoted(term: str) -> str:
    # Terms hold only letters and digits, so wrapping them in quotes is already safe; the
    # doubling keeps it safe even if the word pattern is ever widened.
    return '"' + term.replace('"', '""') + '"'


def fts_expression(text: str, locales: Sequence[str]) -> str | None:
    """An FTS5 MATCH expression for ``text``: every word must match, each as a prefix, in a
    text row of one of ``locales`` (the reader's locale chain, most specific first).

    Each word becomes ``("<prefix of locale 1>word"* OR "<prefix of locale 2>word"* …)``:
    the index stores every word behind its row's locale prefix
    (:func:`appcenter_qt.catalog.schema.search_document`). Returns ``None`` when ``text`` has
    no searchable word (empty, only punctuation) or ``locales`` is empty.
    """
    terms = search_terms(text)
    if not terms or not locales:
        return None
    prefixes = [search_locale_prefix(locale) for locale in dict.fromkeys(locales)]
    groups = [
        "(" + " OR ".join(_quoted(prefix + term) + "*" for prefix in prefixes) + ")"
        for term in terms
    ]
    expression = " AND ".join(groups)
    if all(len(term) <= SHORT_PREFIX for term in terms):
        # "e" or "ka" as a prefix of every summary word matches most of the catalog and
        # tells nothing; while the user has typed only that much, match names only.
        expression = f"{{name pkgnames}}: ({expression})"
    return expression
