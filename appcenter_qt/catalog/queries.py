"""Reading the catalog: every question the UI, the updater and the CLIs ask, answered with
domain objects (never ORM rows), through SQLAlchemy constructs with bound parameters.

:class:`AppQuery` is the filter (KDE Discover's ``Filters`` idea): search text, category,
sort order and a page window, kept apart from the models that hold results. Localized
columns are picked in SQL with the locale chain of :func:`appcenter_qt.l10n.locale_chain`,
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

from sqlalchemy import (
    Engine,
    bindparam,
    column,
    exists,
    func,
    literal_column,
    select,
    table,
)
from sqlalchemy import text as sql_text
from sqlalchemy.exc import DatabaseError, OperationalError

from appcenter_qt.catalog.db import open_catalog
from appcenter_qt.catalog.origins import meta_origins
from appcenter_qt.catalog.page_details import PageDetailsReader
from appcenter_qt.catalog.ranking import TIER_WINDOW, AppFacts, is_demoted, order, prior
from appcenter_qt.catalog.rowcheck import bad_applications, well_typed
from appcenter_qt.catalog.schema import (
    AliasRow,
    ApplicationPackage,
    ApplicationRow,
    CategoryRow,
    InstalledPackageRow,
    Meta,
    PackageRow,
    Provenance,
    RatingRow,
    ScreenshotCaptionRow,
    ScreenshotImageRow,
    ScreenshotRow,
    TextRow,
    fold,
)
from appcenter_qt.catalog.search import FEW, Corrector, fts_expression, search_terms
from appcenter_qt.catalog.shelves import ShelfQueries
from appcenter_qt.catalog.statements import (
    ALL_PKS,
    ALL_SCORES,
    APPS_OF_PACKAGES,
    CATEGORIES,
    ICONS,
    IN_CATEGORY,
    IN_CATEGORY_OF,
    RANKING_FACTS,
    RATINGS,
    SEARCH,
    SYNONYMS,
    WORDS,
    names_statement,
    page_statement,
    summary_from_row,
    text_statements,
)
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
from appcenter_qt.errors import CatalogError
from appcenter_qt.l10n import locale_chain

NAME_COLLATION = "appcenter_name"
_CHUNK = 500
_ORDER_CACHE_SIZE = 16


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


def _chunks(items: Sequence[Any]) -> Iterable[Sequence[Any]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


class Catalog(ShelfQueries):
    """A read-only catalog file, answering in the locale it was opened with."""

    def __init__(self, path: str | os.PathLike[str], locale: str | None = None) -> None:
        self.path = os.fspath(path)
        self.engine: Engine = open_catalog(path, on_connect=_register_collation)
        self.chain = locale_chain(locale)
        self._page = page_statement(self.chain)
        self._names = names_statement(self.chain)
        self._order_cache: dict[tuple[str, str | None, SortOrder], tuple[int, ...]] = {}
        #: Search text → the corrected text its results came from (see :meth:`correction`).
        self._corrections: dict[str, str] = {}
        self._synonyms: dict[str, str] | None = None
        self._corrector: Corrector | None = None
        self._facts: dict[int, AppFacts] | None = None
        #: Files from writers before the ``aliases`` table (same schema version) lack it.
        self._has_aliases = bool(
            self._run(
                select(literal_column("1"))
                .select_from(table("sqlite_master"))
                .where(column("type") == "table", column("name") == "aliases")
            )
        )
        # Applications with rows of the wrong type are left out of every answer (one warning
        # each, here), rather than failing whichever query meets them first.
        self._bad = bad_applications(self._run, self.path)
        #: Links, releases, content rating and add-ons (tables older files lack).
        self._details = PageDetailsReader(self._run)
        #: Live ODRS histograms by application pk (:meth:`set_live_ratings`); they replace
        #: the ratings imported when the catalog was built.
        self._live: dict[int, Rating] = {}

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _run(self, statement: Any, **params: Any) -> Any:
        try:
            # Core, not ORM sessions: rows are read once into domain objects, and the ORM's
            # identity map costs more than the SQLite query for a page of cards.
            with self.engine.connect() as connection:
                return connection.execute(statement, params).all()
        except (DatabaseError, OperationalError) as error:
            raise CatalogError(f"{self.path}: cannot read catalog: {error.orig}") from None

    # -- lists -----------------------------------------------------------------------------
    def _localized_values(
        self, pks: Sequence[int] | None, *fields: str
    ) -> dict[str, dict[int, str]]:
        """For each of ``fields``, each application's value (``pks=None``: of all) in the
        first locale of the chain that has one; an application with no value in any chain
        locale gets its alphabetically first locale's, like :meth:`LocalizedText.get`."""
        everyone, of_pks, fallbacks = text_statements(tuple(fields))
        rank = {locale: n for n, locale in enumerate(self.chain)}
        chain = list(self.chain)
        rows = (
            self._run(everyone, chain=chain)
            if pks is None
            else self._run_chunked(of_pks, pks, chain=chain)
        )
        best: list[dict[int, tuple[int, str]]] = [{} for _ in fields]
        for pk, locale, *values in rows:
            for found, value in zip(best, values, strict=True):
                if value is not None and (pk not in found or rank[locale] < found[pk][0]):
                    found[pk] = (rank[locale], value)
        result = {
            field: {pk: value for pk, (_, value) in found.items()}
            for field, found in zip(fields, best, strict=True)
        }
        if pks is None:
            pks = [pk for (pk,) in self._run(ALL_PKS)]
        for field, fallback in zip(fields, fallbacks, strict=True):
            values = result[field]
            missing = [pk for pk in pks if pk not in values]
            for pk, value in self._run_chunked(fallback, missing):
                values[pk] = value  # the last row per pk is its alphabetically first locale
        return result

    def _search_hits(self, expression: str) -> dict[int, float]:
        """Application pk → best bm25 rank (lower is better) over the chain's text rows."""
        return {
            pk: rank
            for pk, rank in self._run(SEARCH, fts=expression)
            if isinstance(pk, int) and pk not in self._bad
        }

    # -- search (docs/search.md) -------------------------------------------------------------
    def _synonym_table(self) -> dict[str, str]:
        if self._synonyms is None:
            self._synonyms = {str(t): str(e) for t, e in self._run(SYNONYMS)}
        return self._synonyms

    def _vocabulary(self) -> Corrector:
        if self._corrector is None:
            self._corrector = Corrector(tuple(str(w) for (w,) in self._run(WORDS)))
        return self._corrector

    def _ranking_facts(self) -> dict[int, AppFacts]:
        if self._facts is None:
            facts = {}
            for pk, kind, app_id, binaries, total, installed, packages in self._run(RANKING_FACTS):
                if pk in self._bad:  # a blob among its values; it is in no answer anyway
                    continue
                names = [p for p in (packages or "").split(";") if p]
                commands = [b for b in (binaries or "").split(";") if b]
                facts[pk] = AppFacts(
                    prior=prior(int(total or 0), bool(installed)),
                    demoted=is_demoted(str(kind), str(app_id), names),
                    handles=frozenset(fold(n) for n in [*names, *commands]),
                )
            self._facts = facts
        return self._facts

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
        names = self._localized_values(best, "name")["name"] if best else {}
        return order(passes, names, self._ranking_facts())

    def correction(self, text: str) -> str:
        """The corrected text whose results a search for ``text`` added (``firefx`` →
        ``firefox``), or ``""`` when the words as typed were enough: what a front end offers
        as "Did you mean …?"."""
        self._ordered(text, None, SortOrder.RELEVANCE)
        return self._corrections.get(text, "")

    def _in_category(self, category: str, pks: Sequence[int] | None) -> set[int]:
        categories = _categories_matching(category)
        if pks is None:
            return {pk for (pk,) in self._run(IN_CATEGORY, categories=categories)}
        return {pk for (pk,) in self._run_chunked(IN_CATEGORY_OF, pks, categories=categories)}

    def _ordered(self, text: str, category: str | None, sort: SortOrder) -> tuple[int, ...]:
        """Every matching application pk in display order. Cached: the file is read-only, so
        paging through a result (the UI's fetchMore) sorts once, not once per page."""
        key = (text, category, sort)
        cached = self._order_cache.get(key)
        if cached is not None:
            return cached
        searched = self._search(text) if text else None
        pks = searched if searched is not None else [pk for (pk,) in self._run(ALL_PKS)]
        # a text row may name a blob or no application at all: only real, sound ones count
        pks = [pk for pk in pks if isinstance(pk, int) and pk not in self._bad]
        if category:
            members = self._in_category(category, pks if searched is not None else None)
            pks = [pk for pk in pks if pk in members]
        if sort is SortOrder.RELEVANCE:
            result = tuple(pks)  # already in ranking order (ranking.py), or catalog order
        else:
            names = self._localized_values(
                pks if (searched is not None or category) else None, "name"
            )["name"]
            scores: dict[int, tuple[float, int]] = {}
            if sort is SortOrder.RATING:
                scores = {pk: (score, total) for pk, score, total in self._run(ALL_SCORES)}
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
                for alias, pk in self._run(select(AliasRow.alias, AliasRow.application_id)):
                    aliases[pk].append(alias)
            rows = self._run(
                select(ApplicationRow.id, ApplicationRow.app_id, ApplicationRow.desktop_id)
            )
            for pk, app_id, desktop_id in rows:
                rating = lookup_rating(ratings, app_id, desktop_id or "", aliases.get(pk, ()))
                if rating is not None:
                    live[pk] = rating
        self._live = live
        self._order_cache.clear()
        return len(live)

    def count(self, query: AppQuery = AppQuery()) -> int:
        return len(self._ordered(query.text, query.category, self._sort_of(query)))

    @staticmethod
    def _sort_of(query: AppQuery) -> SortOrder:
        if query.sort is not None:
            return query.sort
        return SortOrder.RELEVANCE if query.text else SortOrder.NAME

    # The method below shadows the builtin in this class's annotations: they spell it
    # ``builtins.list``.
    def list(self, query: AppQuery = AppQuery()) -> list[ApplicationSummary]:
        ordered = self._ordered(query.text, query.category, self._sort_of(query))
        end = None if query.limit is None else query.offset + max(query.limit, 0)
        pks = list(ordered[query.offset : end])
        if not pks:
            return []
        rows = {row[0]: row for row in self._run_chunked(self._page, pks)}
        # a pk whose application row is missing (a hostile file's orphan text row) is skipped
        summaries = [(pk, summary_from_row(rows[pk])) for pk in pks if pk in rows]
        return [
            dataclasses.replace(summary, rating=self._live[pk]) if pk in self._live else summary
            for pk, summary in summaries
        ]

    def _run_chunked(self, statement: Any, pks: Sequence[Any], **params: Any) -> builtins.list[Any]:
        """Run ``statement`` with ``pks`` bound in chunks (SQLite caps bound variables)."""
        rows: list[Any] = []
        for chunk in _chunks(pks):
            rows.extend(self._run(statement, pks=list(chunk), **params))
        return rows

    def search(self, text: str, *, limit: int | None = 50) -> builtins.list[ApplicationSummary]:
        return self.list(AppQuery(text=text, limit=limit))

    def _icons(self, pks: Sequence[int]) -> dict[int, builtins.list[Icon]]:
        found: dict[int, list[Icon]] = defaultdict(list)
        for pk, kind, name, size, scale, path in self._run_chunked(ICONS, pks):
            found[pk].append(Icon(IconKind(kind), name, size, scale, path))
        return found

    def _ratings(self, pks: Sequence[int]) -> dict[int, Rating]:
        return {pk: Rating.from_counts(stars) for pk, *stars in self._run_chunked(RATINGS, pks)}

    def _categories(self, pks: Sequence[int]) -> dict[int, builtins.list[str]]:
        found: dict[int, list[str]] = defaultdict(list)
        for pk, category in self._run_chunked(CATEGORIES, pks):
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
        rows = self._run(
            select(
                ApplicationRow.__table__,
                Provenance.kind.label("provenance_kind"),
                Provenance.source.label("provenance_source"),
            )
            .outerjoin(Provenance, Provenance.id == ApplicationRow.provenance_id)
            .where(ApplicationRow.app_id == app_id)
        )
        if not rows or rows[0].id in self._bad:
            return None
        return self._assemble(rows[0])

    def _assemble(self, row: Any) -> Application:
        """An :class:`Application` from an ``applications`` row joined with its provenance."""
        pk = row.id
        texts: dict[str, dict[str, Any]] = defaultdict(dict)
        for text in self._run(select(TextRow).where(TextRow.application_id == pk)):
            for field in ("name", "summary", "description", "keywords"):
                value = getattr(text, field)
                if value is not None:
                    texts[field][text.locale] = value
        packages = tuple(
            Package(p.name, p.version, p.arch, p.origin, p.source)
            for p in self._run(
                select(PackageRow)
                .join(ApplicationPackage, ApplicationPackage.package_id == PackageRow.id)
                .where(ApplicationPackage.application_id == pk)
                .order_by(PackageRow.name, PackageRow.version, PackageRow.arch, PackageRow.origin)
            )
        )
        return Application(
            id=row.app_id,
            name=LocalizedText(texts["name"]),
            summary=LocalizedText(texts["summary"]),
            description=LocalizedText(texts["description"]),
            keywords=LocalizedList({k: tuple(v.split(";")) for k, v in texts["keywords"].items()}),
            categories=tuple(self._categories([pk]).get(pk, ())),
            packages=packages,
            icons=tuple(self._icons([pk]).get(pk, ())),
            screenshots=self._screenshots(pk),
            rating=self._live.get(pk) or self._ratings([pk]).get(pk),
            kind=row.kind,
            desktop_id=row.desktop_id,
            developer=row.developer,
            project_license=row.project_license,
            homepage=row.homepage,
            only_show_in=tuple(filter(None, row.only_show_in.split(";"))),
            not_show_in=tuple(filter(None, row.not_show_in.split(";"))),
            binaries=tuple(filter(None, row.binaries.split(";"))),
            project_group=row.project_group,
            provenance=f"{row.provenance_kind}:{row.provenance_source}"
            if row.provenance_kind
            else "",
            aliases=tuple(
                alias
                for (alias,) in self._run(
                    select(AliasRow.alias)
                    .where(AliasRow.application_id == pk)
                    .order_by(AliasRow.alias)
                )
            )
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
        shots = self._run(
            select(ScreenshotRow.id, ScreenshotRow.is_default)
            .where(ScreenshotRow.application_id == pk)
            .order_by(ScreenshotRow.position)
        )
        if not shots:
            return ()
        ids = [shot_id for shot_id, _ in shots]
        images: dict[int, list[ScreenshotImage]] = defaultdict(list)
        for image in self._run(
            select(ScreenshotImageRow)
            .where(ScreenshotImageRow.screenshot_id.in_(ids))
            .order_by(ScreenshotImageRow.screenshot_id, ScreenshotImageRow.position)
        ):
            images[image.screenshot_id].append(
                ScreenshotImage(image.url, image.width, image.height, image.thumbnail)
            )
        captions: dict[int, dict[str, str]] = defaultdict(dict)
        for caption in self._run(
            select(ScreenshotCaptionRow).where(ScreenshotCaptionRow.screenshot_id.in_(ids))
        ):
            captions[caption.screenshot_id][caption.locale] = caption.caption
        return tuple(
            Screenshot(tuple(images[shot_id]), LocalizedText(captions[shot_id]), bool(default))
            for shot_id, default in shots
        )

    def by_package(self, package_name: str) -> builtins.list[Application]:
        rows = self._run(
            select(
                ApplicationRow.__table__,
                Provenance.kind.label("provenance_kind"),
                Provenance.source.label("provenance_source"),
            )
            .outerjoin(Provenance, Provenance.id == ApplicationRow.provenance_id)
            .where(
                exists().where(
                    ApplicationPackage.application_id == ApplicationRow.id,
                    ApplicationPackage.package_id == PackageRow.id,
                    PackageRow.name == package_name,
                )
            )
            .order_by(ApplicationRow.app_id)
        )
        return [self._assemble(row) for row in rows if row.id not in self._bad]

    def app_ids_for_packages(self, package_names: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """Package name → ids of the applications it provides (only names that have any)."""
        found: dict[str, list[str]] = defaultdict(list)
        names = json.dumps(sorted(set(package_names)))
        for name, app_id in sorted(self._run(APPS_OF_PACKAGES, values=names)):
            found[name].append(app_id)
        return {name: tuple(ids) for name, ids in found.items()}

    def names(self, app_ids: Iterable[str]) -> dict[str, str]:
        """App id → localized name in this catalog's locale chain (unknown ids left out).

        The updater labels its rows with this; one query per chunk, not one ``get`` per app.
        """
        rows = self._run(self._names, values=json.dumps(sorted(set(app_ids))))
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
        shown = CategoryRow.application_id.not_in(sorted(self._bad))
        rows = self._run(
            select(CategoryRow.category, func.count())
            .where(shown)
            .group_by(CategoryRow.category)
            .order_by(CategoryRow.category)
        )
        counts = {category: n for category, n in rows}
        for main in set(IMPLIED_MAIN.values()):
            members = _categories_matching(main)
            counts[main] = self._run(
                select(func.count(func.distinct(CategoryRow.application_id))).where(
                    CategoryRow.category.in_(members), shown
                )
            )[0][0]
            if not counts[main]:
                del counts[main]
        return dict(sorted(counts.items()))

    def meta(self) -> dict[str, str]:
        """The file's meta values; a row of the wrong type (a blob) is left out (and named
        once when the catalog was opened)."""
        rows = self._run(select(Meta.key, Meta.value).where(sql_text(well_typed("meta"))))
        return {key: value for key, value in rows}

    def stats(self) -> dict[str, Any]:
        """Counts for ``appcenter-query stats`` and for front ends' about pages."""

        def scalar(statement: Any) -> int:
            return int(self._run(statement)[0][0])

        meta = self.meta()
        installed = self.installed_packages()
        return {
            "applications": scalar(select(func.count()).select_from(ApplicationRow))
            - len(self._bad),
            "origins": meta_origins(meta),
            "installed_packages": len(installed) if installed is not None else None,
            "installed_from": meta.get("installed_from", ""),
            "packages": scalar(select(func.count()).select_from(PackageRow)),
            "rated_applications": scalar(select(func.count()).select_from(RatingRow)),
            "screenshots": scalar(select(func.count()).select_from(ScreenshotRow)),
            "locales": [loc for loc in meta.get("locales", "").split(";") if loc],
            "categories": self.category_counts(),
            "schema_version": int(meta["schema_version"]),
            "origin": meta.get("origin", ""),
            "generator": meta.get("generator", ""),
            "created_at": meta.get("created_at", ""),
        }

    def installed_packages(self) -> dict[str, str] | None:
        """Package name → installed version from the generator's snapshot of the package
        database, or ``None`` when the catalog has none (only system-pool catalogs do). A
        live backend's answer is newer and wins."""
        if not self.meta().get("installed_from"):
            return None
        rows = self._run(
            select(InstalledPackageRow.name, InstalledPackageRow.version).where(
                sql_text(well_typed("installed_packages"))
            )
        )
        return {str(name): str(version) for name, version in rows}

    def resolve_id(self, text: str) -> str | None:
        """The canonical app id ``text`` names: itself, then as an alias, then the same two
        with the ``.desktop`` suffix toggled (``org.gnome.Mines.desktop`` ↔ ``org.gnome.Mines``);
        ``None`` if nothing matches."""
        toggled = text.removesuffix(".desktop") if text.endswith(".desktop") else f"{text}.desktop"
        by_id = select(ApplicationRow.app_id).where(ApplicationRow.app_id == bindparam("name"))
        by_alias = (
            select(ApplicationRow.app_id)
            .join(AliasRow, AliasRow.application_id == ApplicationRow.id)
            .where(AliasRow.alias == bindparam("name"))
        )
        for name in (text, toggled):
            for statement in (by_id, by_alias) if self._has_aliases else (by_id,):
                rows = self._run(statement, name=name)
                if rows:
                    return str(rows[0][0])
        return None


__all__ = ["AppQuery", "Catalog", "SortOrder"]
