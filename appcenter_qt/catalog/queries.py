"""Reading the catalog: every question the UI, the updater and the CLIs ask, answered with
domain objects (never rows), through the statements :mod:`.statements` defines and
:mod:`.compiled` holds as plain SQL, run with bound parameters on the standard library's
``sqlite3`` (no SQLAlchemy in a reading process: docs/architecture.md, "The lean read path").

:class:`AppQuery` is the filter (KDE Discover's ``Filters`` idea): search text, category,
sort order and a page window, kept apart from the models that hold results. Localized
columns are picked in SQL with the locale chain of :func:`appcenter_qt.support.l10n.locale_chain`,
one indexed lookup per locale, so a page of cards costs a handful of queries whatever the
number of locales in the file.
"""

from __future__ import annotations

import builtins
import dataclasses
import enum
import json
import os
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from appcenter_qt.catalog import compiled as sql
from appcenter_qt.catalog.connect import CatalogFile, chain_params
from appcenter_qt.catalog.origins import meta_origins
from appcenter_qt.catalog.page_details import PageDetailsReader
from appcenter_qt.catalog.ranking import AppFacts
from appcenter_qt.catalog.rowcheck import RowChecker
from appcenter_qt.catalog.rows import summary_from_row
from appcenter_qt.catalog.search import Corrector
from appcenter_qt.catalog.search_queries import SearchQueries
from appcenter_qt.catalog.shelves import ShelfQueries
from appcenter_qt.domain import (
    Addon,
    Application,
    ApplicationSummary,
    Icon,
    IconKind,
    LocalizedList,
    LocalizedText,
    Package,
    Rating,
    Screenshot,
    ScreenshotImage,
)
from appcenter_qt.domain.categories import IMPLIED_MAIN
from appcenter_qt.domain.ratings import lookup_rating
from appcenter_qt.support.l10n import locale_chain

NAME_COLLATION = "appcenter_name"
_ORDER_CACHE_SIZE = 16
#: Applications whose localized name and summary a reader keeps.
_TEXT_CACHE_SIZE = 4096


class SortOrder(enum.StrEnum):
    NAME = "name"
    RATING = "rating"
    RELEVANCE = "relevance"


@dataclass(frozen=True)
class AppQuery:
    """Which applications, in which order, which slice. ``sort=None`` means relevance when
    searching and name otherwise."""

    text: str = ""
    category: str | None = None
    sort: SortOrder | None = None
    offset: int = 0
    limit: int | None = None


def _name_key(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _collate_names(left: str | None, right: str | None) -> int:
    a, b = _name_key(left or ""), _name_key(right or "")
    return (a > b) - (a < b)


def _register_collation(dbapi_connection: Any) -> None:
    dbapi_connection.create_collation(NAME_COLLATION, _collate_names)


def _categories_matching(category: str) -> list[str]:
    return [category, *(sub for sub, main in IMPLIED_MAIN.items() if main == category)]


class Catalog(SearchQueries, ShelfQueries):
    """A read-only catalog file, answering in the locale it was opened with."""

    def __init__(self, path: str | os.PathLike[str], locale: str | None = None) -> None:
        self.path = os.fspath(path)
        self._file = CatalogFile(path, on_connect=_register_collation)
        self._engine: Any = None
        self.chain = locale_chain(locale)
        #: The chain as the statements' parameters (:func:`.connect.chain_params`).
        self._chain = chain_params(self.chain)
        self._order_cache: dict[tuple[str, str | None, SortOrder], tuple[int, ...]] = {}
        #: Search text → the corrected text its results came from (see :meth:`correction`).
        self._corrections: dict[str, str] = {}
        self._synonyms: dict[str, str] | None = None
        self._corrector: Corrector | None = None
        #: Ranking facts by application pk, read for the matches of each search as needed.
        self._facts: dict[int, AppFacts] = {}
        #: Localized (name, summary) by application pk (:meth:`_texts_of`).
        self._texts: dict[int, tuple[str | None, str | None]] = {}
        self._tables = frozenset(str(name) for (name,) in self._run(sql.TABLES))
        #: Files from writers before the ``aliases`` table (same schema version) lack it.
        self._has_aliases = "aliases" in self._tables
        # Applications with rows of the wrong type are left out of every answer (one warning
        # each), rather than failing whichever query meets them first; checked when about to
        # be answered with, not all at opening (catalog/rowcheck.py).
        self._rows = RowChecker(self._run, self.path, self._tables)
        #: Links, releases, content rating and add-ons (tables older files lack).
        self._details = PageDetailsReader(self._run, self._tables)
        #: Live ODRS histograms by application pk (:meth:`set_live_ratings`); they replace
        #: the ratings imported when the catalog was built.
        self._live: dict[int, Rating] = {}

    @property
    def engine(self) -> Any:
        """An SQLAlchemy engine on this catalog's own connection, made on first use, for
        tools and tests that want one; reading never needs it (nor imports SQLAlchemy)."""
        if self._engine is None:
            from appcenter_qt.catalog.db import engine_on

            self._engine = engine_on(self._file.connection, self._file.clock)
        return self._engine

    def close(self) -> None:
        if self._engine is not None:
            self._engine.dispose()
        self._file.close()

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _run(self, statement: Any, **params: Any) -> Any:
        return self._file.run(statement, **params)

    @property
    def _bad(self) -> Mapping[int, str]:
        """The broken applications found so far (pk → why)."""
        return self._rows.bad

    def _good(self, pks: Iterable[int]) -> builtins.list[int]:
        return self._rows.good(pks)

    # -- lists -----------------------------------------------------------------------------
    def _names_of(self, pks: Sequence[int] | None) -> dict[int, str]:
        """Each application's name (``pks=None``: of all) in the first locale of the chain
        that has one; an application with no name in any chain locale gets its
        alphabetically first locale's, like :meth:`LocalizedText.get`. Used to order
        applications not yet checked (:mod:`.rowcheck`), so a value that is not text counts
        as none."""
        rank = {locale: n for n, locale in enumerate(self.chain)}
        rows = (
            self._run(sql.CHAIN_NAMES, **self._chain)
            if pks is None
            else self._run(sql.CHAIN_NAMES_OF, pks=list(pks), **self._chain)
        )
        found: dict[int, tuple[int, str]] = {}
        for pk, locale, value in rows:
            if isinstance(value, str) and (pk not in found or rank[locale] < found[pk][0]):
                found[pk] = (rank[locale], value)
        names = {pk: value for pk, (_, value) in found.items()}
        if pks is None:
            pks = [pk for (pk,) in self._run(sql.ALL_PKS)]
        missing = [pk for pk in pks if pk not in names]
        if missing:
            for pk, value in self._run(sql.NAME_FALLBACKS_OF, pks=missing):
                if isinstance(value, str):
                    names[pk] = value  # the last row per pk: its alphabetically first locale
        return names

    def _cards(self, pks: Sequence[int]) -> dict[int, ApplicationSummary]:
        """The cards of ``pks`` by pk (one page statement, one of texts)."""
        if not pks:
            return {}
        names, summaries = self._texts_of(pks)
        return {
            row[0]: summary_from_row(row, names.get(row[0]), summaries.get(row[0]))
            for row in self._run(sql.PAGE, pks=list(pks))
        }

    def _texts_of(self, pks: Sequence[int]) -> tuple[dict[int, str], dict[int, str]]:
        """Name and summary of each of ``pks`` as :meth:`_names_of` picks names. Kept: a
        search reads them for the best matches' tiers, and its page shows mostly those."""
        known = self._texts
        # One lookup per pk, then only this snapshot: another thread may clear the cache.
        entries = {pk: known.get(pk) for pk in pks}
        wanted = [pk for pk, entry in entries.items() if entry is None]
        if wanted:
            fresh = self._read_texts(wanted)
            if len(known) + len(fresh) > _TEXT_CACHE_SIZE:
                known.clear()
            known.update(fresh)
            entries.update(fresh)
        names: dict[int, str] = {}
        summaries: dict[int, str] = {}
        for pk, entry in entries.items():
            name, summary = entry or (None, None)
            if name is not None:
                names[pk] = name
            if summary is not None:
                summaries[pk] = summary
        return names, summaries

    def _read_texts(self, pks: builtins.list[int]) -> dict[int, tuple[str | None, str | None]]:
        rank = {locale: n for n, locale in enumerate(self.chain)}
        best: tuple[dict[int, tuple[int, str]], dict[int, tuple[int, str]]] = ({}, {})
        for pk, locale, *values in self._run(sql.CHAIN_TEXTS_OF, pks=pks, **self._chain):
            level = rank[locale]
            for found, value in zip(best, values, strict=True):
                # Not yet checked (a search's tiers): a value that is not text counts as none.
                if isinstance(value, str) and (pk not in found or level < found[pk][0]):
                    found[pk] = (level, value)
        chosen = tuple({pk: value for pk, (_, value) in found.items()} for found in best)
        missing = [pk for pk in pks if pk not in chosen[0] or pk not in chosen[1]]
        if missing:
            fallback: tuple[dict[int, str], dict[int, str]] = ({}, {})
            for pk, *values in self._run(sql.TEXT_FALLBACKS_OF, pks=missing):
                for found_any, value in zip(fallback, values, strict=True):
                    if isinstance(value, str):
                        found_any[pk] = value  # the last is the alphabetically first locale
            for field, found_any in zip(chosen, fallback, strict=True):
                for pk, value in found_any.items():
                    field.setdefault(pk, value)
        return {pk: (chosen[0].get(pk), chosen[1].get(pk)) for pk in pks}

    def correction(self, text: str) -> str:
        """The corrected text whose results a search for ``text`` added (``firefx`` →
        ``firefox``), or ``""`` when the words as typed were enough: what a front end offers
        as "Did you mean …?"."""
        self._ordered(text, None, SortOrder.RELEVANCE)
        return self._corrections.get(text, "")

    def _in_category(self, category: str, pks: Sequence[int] | None) -> set[int]:
        categories = _categories_matching(category)
        if pks is None:
            return {pk for (pk,) in self._run(sql.IN_CATEGORY, categories=categories)}
        return {pk for (pk,) in self._run(sql.IN_CATEGORY_OF, pks=list(pks), categories=categories)}

    def _ordered(self, text: str, category: str | None, sort: SortOrder) -> tuple[int, ...]:
        """Every matching application pk in display order. Cached: the file is read-only, so
        paging through a result (the UI's fetchMore) sorts once, not once per page."""
        key = (text, category, sort)
        cached = self._order_cache.get(key)
        if cached is not None:
            return cached
        searched = self._search(text) if text else None
        pks = searched if searched is not None else [pk for (pk,) in self._run(sql.ALL_PKS)]
        # a text row may name a blob or no application at all: only real, sound ones count
        pks = [pk for pk in pks if isinstance(pk, int) and pk not in self._bad]
        if category:
            members = self._in_category(category, pks if searched is not None else None)
            pks = [pk for pk in pks if pk in members]
        if sort is SortOrder.RELEVANCE:
            result = tuple(pks)  # already in ranking order (ranking.py), or catalog order
        else:
            names = self._names_of(pks if (searched is not None or category) else None)
            scores: dict[int, tuple[float, int]] = {}
            if sort is SortOrder.RATING:
                scores = {
                    pk: (score, total)
                    for pk, score, total in self._run(sql.ALL_SCORES)
                    if isinstance(score, int | float) and isinstance(total, int)
                }
                scores.update({pk: (r.score, r.total) for pk, r in self._live.items()})

            def order(pk: int) -> tuple[Any, ...]:
                score, total = scores.get(pk, (0.0, 0))
                return (-score, -total, _name_key(names.get(pk, "")), pk)

            result = tuple(sorted(pks, key=order))
        if len(self._order_cache) >= _ORDER_CACHE_SIZE:
            self._order_cache.pop(next(iter(self._order_cache)))
        self._order_cache[key] = result
        return result

    def set_live_ratings(self, ratings: Mapping[str, Rating] | None) -> int:
        """Show and rank by ``ratings`` (id → histogram, as the ratings server publishes them)
        instead of the imported ones: each application takes the entry under its id, else
        its other spelling, desktop id or ``provides`` ids, never a sum
        (:func:`appcenter_qt.domain.ratings.lookup_rating`). ``None`` goes back to the
        imported ratings. Returns how many applications matched."""
        live: dict[int, Rating] = {}
        if ratings:
            aliases: dict[int, list[str]] = defaultdict(list)
            if self._has_aliases:
                for alias, pk in self._run(sql.ALL_ALIASES):
                    aliases[pk].append(alias)
            for pk, app_id, desktop_id in self._run(sql.ALL_IDS):
                rating = lookup_rating(ratings, app_id, desktop_id or "", aliases.get(pk, ()))
                if rating is not None:
                    live[pk] = rating
        self._live = live
        self._order_cache.clear()
        return len(live)

    def _checked(self, key: tuple[str, str | None, SortOrder], end: int | None) -> tuple[int, ...]:
        """The order of ``key`` with its first ``end`` applications (``None``: all) checked
        for rows of the wrong type, and those found broken taken out of it."""
        ordered = self._ordered(*key)
        while True:
            head = ordered if end is None else ordered[:end]
            if len(self._rows.good(head)) == len(head):
                return ordered
            bad = self._rows.bad
            ordered = tuple(pk for pk in ordered if pk not in bad)
            if key in self._order_cache:
                self._order_cache[key] = ordered

    def count(self, query: AppQuery = AppQuery(), *, checked: bool = True) -> int:
        """How many applications ``query`` matches. Exact, every match checked for rows of
        the wrong type (for many matches, one scan of every table: 40 ms on Debian's
        catalog); ``checked=False`` leaves out only the ones found broken so far, an upper
        bound that is exact unless the file has broken rows, for a first page shown before
        the exact count."""
        key = (query.text, query.category, self._sort_of(query))
        return len(self._checked(key, None) if checked else self._ordered(*key))

    @staticmethod
    def _sort_of(query: AppQuery) -> SortOrder:
        if query.sort is not None:
            return query.sort
        return SortOrder.RELEVANCE if query.text else SortOrder.NAME

    # The method below shadows the builtin in this class's annotations: they spell it
    # ``builtins.list``.
    def list(self, query: AppQuery = AppQuery()) -> list[ApplicationSummary]:
        end = None if query.limit is None else query.offset + max(query.limit, 0)
        ordered = self._checked((query.text, query.category, self._sort_of(query)), end)
        pks = list(ordered[query.offset : end])
        if not pks:
            return []
        cards = self._cards(pks)
        # a pk whose application row is missing (a hostile file's orphan text row) is skipped
        summaries = [(pk, cards[pk]) for pk in pks if pk in cards]
        return [
            dataclasses.replace(summary, rating=self._live[pk]) if pk in self._live else summary
            for pk, summary in summaries
        ]

    def search(self, text: str, *, limit: int | None = 50) -> builtins.list[ApplicationSummary]:
        return self.list(AppQuery(text=text, limit=limit))

    def _icons(self, pks: Sequence[int]) -> dict[int, builtins.list[Icon]]:
        found: dict[int, list[Icon]] = defaultdict(list)
        for pk, kind, name, size, scale, path in self._run(sql.ICONS, pks=list(pks)):
            found[pk].append(Icon(IconKind(kind), name, size, scale, path))
        return found

    def _ratings(self, pks: Sequence[int]) -> dict[int, Rating]:
        return {
            pk: Rating.from_counts(stars) for pk, *stars in self._run(sql.RATINGS, pks=list(pks))
        }

    def _categories(self, pks: Sequence[int]) -> dict[int, builtins.list[str]]:
        found: dict[int, list[str]] = defaultdict(list)
        for pk, category in self._run(sql.CATEGORIES, pks=list(pks)):
            found[pk].append(category)
        return found

    # -- single applications ---------------------------------------------------------------
    def get(self, app_id: str) -> Application | None:
        """The full application (all locales, screenshots, packages), or ``None``. ``app_id``
        may be the canonical id or any spelling :meth:`resolve_id` knows (``org.kde.kcalc``
        for ``org.kde.kcalc.desktop``, a ``provides/id``, a renamed id)."""
        found = self._get_exact(app_id)
        if found is None:
            canonical = self.resolve_id(app_id)
            if canonical is not None and canonical != app_id:
                found = self._get_exact(canonical)
        return found

    def _get_exact(self, app_id: str) -> Application | None:
        rows = self._file.run_named(sql.APPLICATION, app_id=app_id)
        if not rows or not self._good([rows[0]["id"]]):
            return None
        return self._assemble(rows[0])

    def _assemble(self, row: Mapping[str, Any]) -> Application:
        """An :class:`Application` from an ``applications`` row joined with its provenance."""
        pk = row["id"]
        texts: dict[str, dict[str, Any]] = defaultdict(dict)
        fields = ("name", "summary", "description", "keywords")
        for locale, *values in self._run(sql.TEXTS_OF, pk=pk):
            for field, value in zip(fields, values, strict=True):
                if value is not None:
                    texts[field][locale] = value
        packages = tuple(
            Package(name, version, arch, origin, source)
            for name, version, arch, origin, source in self._run(sql.PACKAGES_OF, pk=pk)
        )
        return Application(
            id=row["app_id"],
            name=LocalizedText(texts["name"]),
            summary=LocalizedText(texts["summary"]),
            description=LocalizedText(texts["description"]),
            keywords=LocalizedList({k: tuple(v.split(";")) for k, v in texts["keywords"].items()}),
            categories=tuple(self._categories([pk]).get(pk, ())),
            packages=packages,
            icons=tuple(self._icons([pk]).get(pk, ())),
            screenshots=self._screenshots(pk),
            rating=self._live.get(pk) or self._ratings([pk]).get(pk),
            kind=row["kind"],
            desktop_id=row["desktop_id"],
            developer=row["developer"],
            project_license=row["project_license"],
            homepage=row["homepage"],
            only_show_in=tuple(filter(None, row["only_show_in"].split(";"))),
            not_show_in=tuple(filter(None, row["not_show_in"].split(";"))),
            binaries=tuple(filter(None, row["binaries"].split(";"))),
            project_group=row["project_group"],
            provenance=f"{row['provenance_kind']}:{row['provenance_source']}"
            if row["provenance_kind"]
            else "",
            aliases=tuple(alias for (alias,) in self._run(sql.ALIASES_OF, pk=pk))
            if self._has_aliases
            else (),
            urls=self._details.urls(pk),
            releases=self._details.releases(pk),
            content_rating=self._details.content_rating(pk),
        )

    def addons(self, app: Application) -> builtins.list[Addon]:
        """The add-ons that extend ``app`` (named by its id or one of its aliases)."""
        return self._details.addons((app.id, *app.aliases))

    def _screenshots(self, pk: int) -> tuple[Screenshot, ...]:
        shots = self._run(sql.SCREENSHOTS_OF, pk=pk)
        if not shots:
            return ()
        ids = [shot_id for shot_id, _ in shots]
        images: dict[int, list[ScreenshotImage]] = defaultdict(list)
        for shot_id, url, width, height, thumbnail in self._run(sql.SCREENSHOT_IMAGES, ids=ids):
            images[shot_id].append(ScreenshotImage(url, width, height, bool(thumbnail)))
        captions: dict[int, dict[str, str]] = defaultdict(dict)
        for shot_id, locale, caption in self._run(sql.SCREENSHOT_CAPTIONS, ids=ids):
            captions[shot_id][locale] = caption
        return tuple(
            Screenshot(tuple(images[shot_id]), LocalizedText(captions[shot_id]), bool(default))
            for shot_id, default in shots
        )

    def by_package(self, package_name: str) -> builtins.list[Application]:
        rows = self._file.run_named(sql.APPLICATIONS_OF_PACKAGE, package=package_name)
        good = set(self._good(row["id"] for row in rows))
        return [self._assemble(row) for row in rows if row["id"] in good]

    def app_ids_for_packages(self, package_names: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """Package name → ids of the applications it provides (only names that have any)."""
        found: dict[str, list[str]] = defaultdict(list)
        names = json.dumps(sorted(set(package_names)))
        for name, app_id in sorted(self._run(sql.APPS_OF_PACKAGES, values=names)):
            found[name].append(app_id)
        return {name: tuple(ids) for name, ids in found.items()}

    def names(self, app_ids: Iterable[str]) -> dict[str, str]:
        """App id → localized name in this catalog's locale chain (unknown ids left out).

        The updater labels its rows with this; one query per chunk, not one ``get`` per app.
        """
        rows = self._run(sql.NAMES, values=json.dumps(sorted(set(app_ids))), **self._chain)
        return {
            app_id: name
            for app_id, name in rows
            if isinstance(app_id, str) and isinstance(name, str)
        }

    # -- facts -----------------------------------------------------------------------------
    def category_counts(self) -> dict[str, int]:
        """Applications per category; a main category also counts the apps of categories that
        imply it (``Audio``/``Video`` → ``AudioVideo``)."""
        # the applications skipped for wrong-typed rows (a blob category) are not counted
        self._rows.check_all()
        bad = sorted(self._bad)
        rows = self._run(sql.CATEGORY_COUNTS, bad=bad)
        counts = {category: n for category, n in rows}
        for main in set(IMPLIED_MAIN.values()):
            members = _categories_matching(main)
            counts[main] = self._run(sql.CATEGORY_MEMBERS, categories=members, bad=bad)[0][0]
            if not counts[main]:
                del counts[main]
        return dict(sorted(counts.items()))

    def meta(self) -> dict[str, str]:
        """The file's meta values; a row of the wrong type (a blob) is left out (and named
        once)."""
        self._rows.unowned("meta")
        return {key: value for key, value in self._run(sql.META)}

    def stats(self) -> dict[str, Any]:
        """Counts for ``appcenter-query stats`` and for front ends' about pages."""

        def scalar(statement: Any) -> int:
            return int(self._run(statement)[0][0])

        meta = self.meta()
        installed = self.installed_packages()
        return {
            "applications": self._count_shown(),
            "origins": meta_origins(meta),
            "installed_packages": len(installed) if installed is not None else None,
            "installed_from": meta.get("installed_from", ""),
            "packages": scalar(sql.COUNT_PACKAGES),
            "rated_applications": scalar(sql.COUNT_RATINGS),
            "screenshots": scalar(sql.COUNT_SCREENSHOTS),
            "locales": [loc for loc in meta.get("locales", "").split(";") if loc],
            "categories": self.category_counts(),
            "schema_version": int(meta["schema_version"]),
            "origin": meta.get("origin", ""),
            "generator": meta.get("generator", ""),
            "created_at": meta.get("created_at", ""),
        }

    def _count_shown(self) -> int:
        """Applications in the file less those readers skip (all of them checked)."""
        self._rows.check_all()
        return int(self._run(sql.COUNT_APPLICATIONS)[0][0]) - len(self._bad)

    def installed_packages(self) -> dict[str, str] | None:
        """Package name → installed version from the generator's snapshot of the package
        database, or ``None`` when the catalog has none (only system-pool catalogs do). A
        live backend's answer is newer and wins."""
        if not self.meta().get("installed_from"):
            return None
        self._rows.unowned("installed_packages")
        rows = self._run(sql.INSTALLED)
        return {str(name): str(version) for name, version in rows}

    def resolve_id(self, text: str) -> str | None:
        """The canonical app id ``text`` names: itself, then as an alias, then the same two
        with the ``.desktop`` suffix toggled (``org.gnome.Mines.desktop`` ↔ ``org.gnome.Mines``);
        ``None`` if nothing matches."""
        toggled = text.removesuffix(".desktop") if text.endswith(".desktop") else f"{text}.desktop"
        for name in (text, toggled):
            for statement in (
                (sql.ID_BY_ID, sql.ID_BY_ALIAS) if self._has_aliases else (sql.ID_BY_ID,)
            ):
                rows = self._run(statement, name=name)
                if rows:
                    return str(rows[0][0])
        return None


__all__ = ["AppQuery", "Catalog", "SortOrder"]
