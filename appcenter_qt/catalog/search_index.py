"""Building the search index of a catalog from its stored rows (docs/search.md).

One index row per ``texts`` row, so a reader matches in its own locale chain and bm25 sees
each language's text on its own. What belongs to the application rather than to a language
(keywords of every locale, category names in every shipped translation, package names,
commands, developer and project group) goes on the application's *primary* row: its ``C``
row, or its first row when it has none, since ``C`` is in every reader's chain. Category names
also go on each translated row in that row's language, so "büro libre" can match a German
name and a German category name in one row.

Used by the writer at commit and by the version 2 → 3 upgrade, which both read the same
tables; rows go in id order, so the same input gives the same file.
"""

from __future__ import annotations

import gc
import itertools
import re
import sqlite3
from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from appcenter_qt.catalog.category_names import category_translations, category_words
from appcenter_qt.catalog.schema import SEARCH_TABLE_DDL, SEARCH_WORD, fold, search_locale_token

#: Descriptions are indexed up to this many characters (untranslated, translated): the first
#: paragraphs say what an application is for; the rest (feature lists, credits) mostly adds
#: noise. Translations get less because there are many of them: on Debian 12 (292 locales)
#: indexing 500 characters of every translation would grow the catalog by 38%; these limits
#: keep it near 20% (docs/search.md).
DESCRIPTION_CHARS = (1000, 200)
#: Words shorter than this are not offered as typo corrections.
MIN_WORD = 3
_BATCH = 5000
#: Applications whose facts are held at a time while the index is filled.
_FACTS_WINDOW = 2000
#: Applications per task when worker processes compute the rows (~ 1 MiB of rows with 20
#: locales), a few tasks in flight. Small, so this process, which inserts them (SQLite's
#: tokenizing: the slower half), waits less for the first rows and for an uneven window:
#: 500 left it waiting 0.34 s of Debian's 1.0 s index, 100 about 0.15 s.
_PARALLEL_WINDOW = 100
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
#: FTS5's own tables behind ``search`` (``content=''``: no content table).
SHADOW_TABLES = ("search_data", "search_idx", "search_docsize", "search_config")
OPTIMIZE = "INSERT INTO search(search) VALUES ('optimize')"
INSERT_ROW = (
    "INSERT INTO search(rowid, name, keywords, summary, categories, other, description, "
    "locale) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


@dataclass
class _AppFacts:
    keywords: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    other: list[str] = field(default_factory=list)
    primary: int | None = None


def id_words(app_id: str) -> str:
    """The words of an application id that can name it or its project, without the
    top-level domain and the ``.desktop`` suffix: ``io.github.lxqt.qterminal`` →
    ``github lxqt qterminal``, ``org.kde.kmines.desktop`` → ``kde kmines``."""
    parts = app_id.removesuffix(".desktop").split(".")
    return " ".join(parts[1:] if len(parts) > 2 else parts)


def name_parts(name: str | None) -> str | None:
    """``name`` followed by the parts of its joined words (``LibreOffice Writer`` →
    ``LibreOffice Writer Libre Office``, ``SimpleScreenRecorder`` → ``… Simple Screen
    Recorder``), so "office" and "recorder" find them. Splits where a lower-case letter is
    followed by a capital, as the name's author wrote it."""
    if not name:
        return name
    split = _CAMEL.sub(" ", name)
    extra = [part for part in split.split() if part not in name.split()]
    return f"{name} {' '.join(extra)}" if extra else name


def _words_of(texts: Iterable[str | None]) -> set[str]:
    found: set[str] = set()
    for text in texts:
        if text:
            found.update(w for w in SEARCH_WORD.findall(fold(text)) if len(w) >= MIN_WORD)
    return found


def _listed(text: str | None) -> list[str]:
    """The items of a stored ``;``-separated list (``binaries``, ``keywords``…)."""
    return [item for item in (text or "").split(";") if item]


def _other_words(
    app_id: str, binaries: str | None, developer: str | None, group: str | None, only_in: str
) -> list[str]:
    """The ``other`` column's words from an ``applications`` row (package names follow)."""
    named = [text for text in (developer, group, id_words(app_id)) if text]
    return [*_listed(binaries), *named, *_listed(only_in)]


def application_facts(
    application: tuple[Any, ...],
    package_names: Iterable[str],
    categories: list[str],
    texts: Iterable[tuple[Any, ...]],
) -> _AppFacts:
    """One application's facts from the rows the writer stores for it: its ``applications``
    row as :func:`_app_facts` selects it, its distinct package names and its categories, both
    sorted, and its ``(id, locale, keywords)`` texts; what :func:`_app_facts` reads back."""
    _pk, app_id, binaries, developer, group, only_in = application
    facts = _AppFacts(categories=categories)
    facts.other = [*_other_words(app_id, binaries, developer, group, only_in), *package_names]
    for row_id, _locale, keywords in sorted(texts, key=lambda row: (row[1] != "C", row[1])):
        if facts.primary is None:
            facts.primary = row_id
        facts.keywords += _listed(keywords)
    return facts


def _app_facts(raw: sqlite3.Connection, low: int, high: int) -> dict[int, _AppFacts]:
    """The facts of the applications with ``low <= id < high``: a window, so a catalog of any
    size is indexed in bounded memory (each application's facts are its own rows only)."""
    facts: dict[int, _AppFacts] = defaultdict(_AppFacts)
    window = (low, high)
    for pk, app_id, binaries, developer, group, only_in in raw.execute(
        "SELECT id, app_id, binaries, developer, project_group, only_show_in "
        "FROM applications WHERE id >= ? AND id < ? ORDER BY id",
        window,
    ):
        facts[pk].other += _other_words(app_id, binaries, developer, group, only_in)
    for pk, name in raw.execute(
        "SELECT DISTINCT ap.application_id, p.name FROM application_packages ap "
        "JOIN packages p ON p.id = ap.package_id "
        "WHERE ap.application_id >= ? AND ap.application_id < ? "
        "ORDER BY ap.application_id, p.name",
        window,
    ):
        facts[pk].other.append(name)
    for pk, category in raw.execute(
        "SELECT application_id, category FROM categories "
        "WHERE application_id >= ? AND application_id < ? ORDER BY application_id, category",
        window,
    ):
        facts[pk].categories.append(category)
    # The primary row: C if present, else the first in locale order.
    for row_id, pk, keywords in raw.execute(
        "SELECT id, application_id, keywords FROM texts "
        "WHERE application_id >= ? AND application_id < ? "
        "ORDER BY application_id, locale = 'C' DESC, locale",
        window,
    ):
        app = facts[pk]
        if app.primary is None:
            app.primary = row_id
        app.keywords += _listed(keywords)
    return facts


def opening(description: str | None, locale: str) -> str | None:
    """The first characters of ``description`` (see :data:`DESCRIPTION_CHARS`), cut at a
    space so no half word is indexed."""
    if not description:
        return None
    limit = DESCRIPTION_CHARS[0 if locale == "C" else 1]
    if len(description) <= limit:
        return description
    cut = description[: limit + 1]
    return cut[: cut.rfind(" ")] if " " in cut else cut[:limit]


def _localized_categories(words: Mapping[str, list[str]], locale: str) -> list[str]:
    if locale in words:
        return words[locale]
    language = locale.split("_")[0].split("@")[0]
    return words.get(language, [])


def _index_rows(
    texts: Iterable[tuple[Any, ...]],
    facts_for: Callable[[int], dict[int, _AppFacts]],
    vocabulary: set[str],
) -> Iterator[tuple[Any, ...]]:
    """The index rows of ``texts`` rows (in id order), adding their words to ``vocabulary``;
    ``facts_for(pk)`` loads the window of facts starting at an application not yet seen."""
    facts: dict[int, _AppFacts] = {}
    translations = category_translations()
    category_cache: dict[int, dict[str, list[str]]] = {}
    for row_id, pk, locale, name, keywords, summary, description in texts:
        if pk not in facts:  # rows come in id order, so application by application
            facts = facts_for(pk)
            category_cache.clear()
        app = facts[pk]
        words = category_cache.get(pk)
        if words is None:
            words = category_cache[pk] = category_words(app.categories, translations)
        if row_id == app.primary:
            keyword_text = " ".join(dict.fromkeys(app.keywords))
            categories = " ".join(" ".join(names) for names in words.values())
            other = " ".join(app.other)
            vocabulary |= _words_of(app.keywords) | _words_of(app.other)
        else:
            keyword_text = (keywords or "").replace(";", " ")
            categories = " ".join(_localized_categories(words, locale))
            other = ""
        vocabulary |= _words_of([name])
        yield (
            row_id,
            name_parts(name),
            keyword_text or None,
            summary,
            categories or None,
            other or None,
            opening(description, locale),
            search_locale_token(locale),
        )


_TEXTS = "SELECT id, application_id, locale, name, keywords, summary, description FROM texts"


def _fill_serial(raw: sqlite3.Connection, vocabulary: set[str]) -> None:
    cursor = raw.execute(f"{_TEXTS} ORDER BY id")
    texts = itertools.chain.from_iterable(iter(lambda: cursor.fetchmany(_BATCH), []))
    rows = _index_rows(texts, lambda pk: _app_facts(raw, pk, pk + _FACTS_WINDOW), vocabulary)
    while batch := list(itertools.islice(rows, _BATCH)):
        raw.executemany(INSERT_ROW, batch)


#: Each worker process's read-only connection to the file being indexed.
_readers: dict[str, sqlite3.Connection] = {}


def _window(path: str, low: int, high: int) -> tuple[list[tuple[Any, ...]], set[str]]:
    """In a worker process: the index rows and words of applications ``low <= id < high``,
    read from the committed file (the writer only adds index rows meanwhile)."""
    raw = _readers.get(path)
    if raw is None:
        raw = _readers[path] = sqlite3.connect(f"file:{quote(path)}?mode=ro", uri=True)
    words: set[str] = set()
    texts = raw.execute(
        f"{_TEXTS} WHERE application_id >= ? AND application_id < ? ORDER BY id",
        (low, high),
    ).fetchall()
    return index_rows(texts, _app_facts(raw, low, high), words), words


def index_rows(
    texts: Iterable[tuple[Any, ...]], facts: dict[int, _AppFacts], vocabulary: set[str]
) -> list[tuple[Any, ...]]:
    """The index rows of ``texts`` (in id order), whose applications' ``facts`` are all
    given; their words are added to ``vocabulary``."""
    return list(_index_rows(texts, lambda _pk: facts, vocabulary))


def _fill_parallel(raw: sqlite3.Connection, path: Path, workers: int, vocabulary: set[str]) -> None:
    """The Python half of the index (facts, name parts, words: two thirds of the time) in
    ``workers`` processes, a window of applications each; this process inserts their rows
    in order while they compute the next windows, so SQLite's tokenizing overlaps them."""
    (last,) = raw.execute("SELECT coalesce(max(id), 0) FROM applications").fetchone()
    pending: deque[Future[tuple[list[tuple[Any, ...]], set[str]]]] = deque()

    def insert_next() -> None:
        rows, words = pending.popleft().result()
        raw.executemany(INSERT_ROW, rows)
        vocabulary.update(words)

    # each worker's collector leaves what it inherits alone (pages shared until written)
    with ProcessPoolExecutor(max_workers=workers, initializer=gc.freeze) as pool:
        for low in range(1, last + 1, _PARALLEL_WINDOW):
            high = min(low + _PARALLEL_WINDOW, last + 1)
            pending.append(pool.submit(_window, str(path), low, high))
            if len(pending) > 2 * workers:  # bounded: memory stays flat on any catalog
                insert_next()
        while pending:
            insert_next()


def fill_search_index(
    raw: sqlite3.Connection,
    synonyms: Mapping[str, str],
    *,
    workers: int = 1,
    path: Path | None = None,
    in_order: bool = False,
) -> None:
    """Create and fill ``search``, ``search_words`` and ``search_synonyms`` in ``raw``'s
    open transaction (the tables of version 3 must exist, ``search`` must not).

    With ``workers > 1`` and the file's ``path``, whose other tables must be committed,
    the rows are computed in that many processes reading the file; the index is the same
    row for row, in the same order, provided ``in_order``: the caller knows ``texts`` in id
    order is in application order too (the writer's files are), so windows of application
    ids give the rows in the order one scan by id gives them."""
    raw.execute(SEARCH_TABLE_DDL)
    vocabulary: set[str] = set()
    if workers > 1 and path is not None and in_order:
        _fill_parallel(raw, path, workers, vocabulary)
    else:
        _fill_serial(raw, vocabulary)
    raw.execute(OPTIMIZE)
    raw.executemany("INSERT INTO search_words(word) VALUES (?)", [(w,) for w in sorted(vocabulary)])
    _write_synonyms(raw, synonyms)


def _write_synonyms(raw: sqlite3.Connection, synonyms: Mapping[str, str]) -> None:
    raw.executemany(
        "INSERT INTO search_synonyms(term, expansion) VALUES (?, ?)", sorted(synonyms.items())
    )


def copy_search_index(raw: sqlite3.Connection, schema: str, synonyms: Mapping[str, str]) -> None:
    """Create ``search``, ``search_words`` and ``search_synonyms`` in ``raw``'s open
    transaction from an index built in the attached database ``schema`` (a ``search`` table
    declared as this one, filled and optimized, and its vocabulary in ``words``): FTS5's
    shadow tables are plain tables, so their rows are the index, copied in key order."""
    raw.execute(SEARCH_TABLE_DDL)
    for table in SHADOW_TABLES:  # the new table's own first rows replaced by the built ones
        raw.execute(f"DELETE FROM main.{table}")  # noqa: S608 (this module's names)
        raw.execute(f"INSERT INTO main.{table} SELECT * FROM {schema}.{table}")  # noqa: S608
    raw.execute(f"INSERT INTO search_words(word) SELECT word FROM {schema}.words")  # noqa: S608
    _write_synonyms(raw, synonyms)
