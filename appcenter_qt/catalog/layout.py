"""The catalog's plain facts, without SQLAlchemy: the schema version, the search index's
definition and how text is split into search words and folded.

:mod:`.schema` (the SQLAlchemy tables) re-exports them; the read path
(:mod:`.queries`, :mod:`.search`, :mod:`.ranking`) imports them from here so that a process
that only reads a catalog never imports SQLAlchemy (docs/architecture.md, "The lean read
path").
"""

from __future__ import annotations

import functools
import re
import unicodedata
import zlib

SCHEMA_VERSION = 3
#: The file's ``PRAGMA application_id``: "ACQT", so ``file(1)``-style sniffers can tell it apart.
SQLITE_APPLICATION_ID = 0x41435154

#: Tables added within version 3 for the app page; files from earlier writers lack them and
#: readers check before reading them (:mod:`appcenter_qt.catalog.page_details`).
PAGE_DETAIL_TABLES = (
    "urls",
    "releases",
    "release_notes",
    "content_ratings",
    "addons",
    "addon_texts",
)

#: Full-text search, one index row per ``texts`` row (rowid = ``texts.id``); docs/search.md
#: explains what goes into each column and why. Contentless: the index stores no copy of the
#: text. ``porter`` over ``unicode61 remove_diacritics 2`` makes "recording" find "recorder"
#: and "buro" find "Büro". ``locale`` holds one token naming the row's locale
#: (:func:`search_locale_token`), so a reader restricts a match to its locale chain inside the
#: index (``locale : (…)``) without a join.
SEARCH_TABLE = "search"
SEARCH_COLUMNS = ("name", "keywords", "summary", "categories", "other", "description", "locale")
#: bm25 weights, in SEARCH_COLUMNS order (docs/search.md): name, then keywords, then summary,
#: then category names and package/command/developer names, then the description; the locale
#: token carries no weight.
SEARCH_WEIGHTS = (10.0, 5.0, 2.5, 1.5, 1.5, 0.4, 0.0)
SEARCH_TABLE_DDL = (
    "CREATE VIRTUAL TABLE search USING fts5("
    "name, keywords, summary, categories, other, description, locale, "
    "content='', columnsize=1, "
    "tokenize='porter unicode61 remove_diacritics 2')"
)
#: Version 2's index (locale-prefixed words), recognised so such a file can be named and
#: upgraded (:mod:`appcenter_qt.catalog.migrate`) instead of refused as foreign.
SEARCH_TABLE_DDL_V2 = (
    "CREATE VIRTUAL TABLE search USING fts5("
    "name, keywords, summary, pkgnames, "
    "content='', columnsize=1, "
    "tokenize='unicode61 remove_diacritics 2')"
)
#: A word, as both the index and the query split text: Unicode letters and digits.
SEARCH_WORD = re.compile(r"[^\W_]+")
_TOKEN_LETTERS = 6


@functools.lru_cache(maxsize=1024)
def search_locale_token(locale: str) -> str:
    """Six ASCII letters naming ``locale`` in the index's ``locale`` column: ``crc32(locale)``
    modulo 26⁶, written in base 26 with ``a``–``z``, most significant first (``"C"`` →
    ``"jinctj"``, ``"de"`` → ``"vhwpxz"``).

    CRC-32 because every language has it; letters only, so the tokenizer keeps it one token.
    """
    value = zlib.crc32(locale.encode("utf-8")) % 26**_TOKEN_LETTERS
    letters = []
    for _ in range(_TOKEN_LETTERS):
        value, digit = divmod(value, 26)
        letters.append(chr(ord("a") + digit))
    return "".join(reversed(letters))


def fold(text: str) -> str:
    """``text`` lower case without diacritics (``Büro`` → ``buro``): how search words and
    synonym terms are compared outside the index, matching the tokenizer's folding.

    ASCII text has no diacritics and NFKD leaves it as it is, so lower case is all it needs
    (a third of a catalog's index build went to folding names that are plain ASCII)."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
