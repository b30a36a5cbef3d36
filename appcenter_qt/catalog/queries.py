"""Reading the catalog: every question the UI, the updater and the CLIs ask, answered with
domain objects (never ORM rows), through SQLAlchemy constructs with bound parameters.

:class:`AppQuery` is the filter (KDE Discover's ``Filters`` idea): search text, category,
sort order and a page window, kept apart from the models that hold results. Localized
columns are picked in SQL with the locale chain of :func:`appcenter_qt.l10n.locale_chain`,
one indexed lookup per locale, so a page of cards costs a handful of queries whatever the
number of locales in the file.
"""

from __future__ import annotations

import enum
import os
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
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
from sqlalchemy.exc import DatabaseError, OperationalError

from appcenter_qt.catalog.db import open_catalog
from appcenter_qt.catalog.schema import (
    SEARCH_WEIGHTS,
    ApplicationPackage,
    ApplicationRow,
    CategoryRow,
    IconRow,
    Meta,
    PackageRow,
    Provenance,
    RatingRow,
    ScreenshotCaptionRow,
    ScreenshotImageRow,
    ScreenshotRow,
    TextRow,
)
from appcenter_qt.catalog.search import fts_expression
from appcenter_qt.domain import (
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
from appcenter_qt.errors import CatalogError
from appcenter_qt.l10n import locale_chain

NAME_COLLATION = "appcenter_name"
_search = table("search", column("rowid"))
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


class Catalog:
    """A read-only catalog file, answering in the locale it was opened with."""

    def __init__(self, path: str | os.PathLike[str], locale: str | None = None) -> None:
        self.path = os.fspath(path)
        self.engine: Engine = open_catalog(path, on_connect=_register_collation)
        self.chain = locale_chain(locale)
        self._order_cache: dict[tuple[str, str | None, SortOrder], tuple[int, ...]] = {}

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _run(self, statement: Any) -> Any:
        try:
            # Core, not ORM sessions: rows are read once into domain objects, and the ORM's
            # identity map costs more than the SQLite query for a page of cards.
            with self.engine.connect() as connection:
                return connection.execute(statement).all()
        except (DatabaseError, OperationalError) as error:
            raise CatalogError(f"{self.path}: cannot read catalog: {error.orig}") from None

    # -- lists -----------------------------------------------------------------------------
    def _localized_values(
        self, pks: Sequence[int] | None, *fields: str
    ) -> dict[str, dict[int, str]]:
        """For each of ``fields``, each application's value (``pks=None``: of all) in the
        first locale of the chain that has one; an application with no value in any chain
        locale gets its alphabetically first locale's, like :meth:`LocalizedText.get`."""
        columns = [getattr(TextRow, field) for field in fields]
        rank = {locale: n for n, locale in enumerate(self.chain)}
        statement = select(TextRow.application_id, TextRow.locale, *columns).where(
            TextRow.locale.in_(self.chain)
        )
        rows = (
            self._run(statement)
            if pks is None
            else self._run_chunked(
                lambda chunk: statement.where(TextRow.application_id.in_(chunk)), pks
            )
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
            pks = [pk for (pk,) in self._run(select(ApplicationRow.id))]
        for field, column_ in zip(fields, columns, strict=True):
            values = result[field]
            missing = [pk for pk in pks if pk not in values]
            fallback = select(TextRow.application_id, column_).where(column_.is_not(None))
            for pk, value in self._run_chunked(
                lambda chunk, fallback=fallback: fallback.where(
                    TextRow.application_id.in_(chunk)
                ).order_by(TextRow.application_id, TextRow.locale.desc()),
                missing,
            ):
                values[pk] = value  # the last row per pk is its alphabetically first locale
        return result

    def _search_hits(self, expression: str) -> dict[int, float]:
        """Application pk → best bm25 rank (lower is better) over the chain's text rows."""
        weights = [literal_column(repr(w)) for w in SEARCH_WEIGHTS]
        # bm25() only works in a plain query of the FTS table, so the matches are
        # materialized first and grouped per application afterwards.
        matches = (
            select(_search.c.rowid, func.bm25(literal_column("search"), *weights).label("rank"))
            .where(literal_column("search").op("MATCH")(bindparam("fts", expression)))
            .cte("matches")
            .prefix_with("MATERIALIZED")
        )
        statement = (
            select(TextRow.application_id, func.min(matches.c.rank))
            .join(matches, matches.c.rowid == TextRow.id)
            .group_by(TextRow.application_id)
        )
        return {pk: rank for pk, rank in self._run(statement)}

    def _in_category(self, category: str, pks: Sequence[int] | None) -> set[int]:
        statement = (
            select(CategoryRow.application_id)
            .where(CategoryRow.category.in_(_categories_matching(category)))
            .distinct()
        )
        if pks is None:
            return {pk for (pk,) in self._run(statement)}
        found: set[int] = set()
        for chunk in _chunks(pks):
            found.update(
                pk for (pk,) in self._run(statement.where(CategoryRow.application_id.in_(chunk)))
            )
        return found

    def _ordered(self, text: str, category: str | None, sort: SortOrder) -> tuple[int, ...]:
        """Every matching application pk in display order. Cached: the file is read-only, so
        paging through a result (the UI's fetchMore) sorts once, not once per page."""
        key = (text, category, sort)
        cached = self._order_cache.get(key)
        if cached is not None:
            return cached
        expression = fts_expression(text, self.chain) if text else None
        ranks: dict[int, float] = {}
        if text and expression is None:
            pks: list[int] = []
        elif expression is not None:
            ranks = self._search_hits(expression)
            pks = list(ranks)
        else:
            pks = [pk for (pk,) in self._run(select(ApplicationRow.id))]
        if category:
            members = self._in_category(category, pks if expression else None)
            pks = [pk for pk in pks if pk in members]
        if sort is SortOrder.RELEVANCE:
            # Ties in rank keep catalog order (pk order = app id order, as writers sort).
            result = tuple(sorted(pks, key=lambda pk: (ranks.get(pk, 0.0), pk)))
        else:
            names = self._localized_values(pks if (expression or category) else None, "name")[
                "name"
            ]
            scores: dict[int, tuple[float, int]] = {}
            if sort is SortOrder.RATING:
                scores = {
                    pk: (score, total)
                    for pk, score, total in self._run(
                        select(RatingRow.application_id, RatingRow.score, RatingRow.total)
                    )
                }

            def order(pk: int) -> tuple[Any, ...]:
                score, total = scores.get(pk, (0.0, 0))
                return (-score, -total, _name_key(names.get(pk, "")), pk)

            result = tuple(sorted(pks, key=order))
        if len(self._order_cache) >= _ORDER_CACHE_SIZE:
            self._order_cache.pop(next(iter(self._order_cache)))
        self._order_cache[key] = result
        return result

    def count(self, query: AppQuery = AppQuery()) -> int:
        return len(self._ordered(query.text, query.category, self._sort_of(query)))

    @staticmethod
    def _sort_of(query: AppQuery) -> SortOrder:
        if query.sort is not None:
            return query.sort
        return SortOrder.RELEVANCE if query.text else SortOrder.NAME

    def list(self, query: AppQuery = AppQuery()) -> list[ApplicationSummary]:
        ordered = self._ordered(query.text, query.category, self._sort_of(query))
        end = None if query.limit is None else query.offset + max(query.limit, 0)
        pks = list(ordered[query.offset : end])
        if not pks:
            return []
        app_ids = dict(
            self._run_chunked(
                lambda chunk: select(ApplicationRow.id, ApplicationRow.app_id).where(
                    ApplicationRow.id.in_(chunk)
                ),
                pks,
            )
        )
        texts = self._localized_values(pks, "name", "summary")
        names, summaries = texts["name"], texts["summary"]
        icons = self._icons(pks)
        ratings = self._ratings(pks)
        packages = self._package_names(pks)
        categories = self._categories(pks)
        return [
            ApplicationSummary(
                id=app_ids[pk],
                name=names.get(pk) or app_ids[pk],
                summary=summaries.get(pk, ""),
                icon=Application(id=app_ids[pk], name=LocalizedText(), icons=tuple(icons[pk])).icon(
                    64
                ),
                rating=ratings.get(pk),
                package_names=tuple(packages[pk]),
                categories=tuple(categories[pk]),
            )
            for pk in pks
        ]

    def _run_chunked(self, make: Any, items: Sequence[Any]) -> list[Any]:
        rows: list[Any] = []
        for chunk in _chunks(items):
            rows.extend(self._run(make(chunk)))
        return rows

    def search(self, text: str, *, limit: int | None = 50) -> list[ApplicationSummary]:
        return self.list(AppQuery(text=text, limit=limit))

    def _icons(self, pks: Sequence[int]) -> dict[int, list[Icon]]:
        found: dict[int, list[Icon]] = defaultdict(list)
        for chunk in _chunks(pks):
            for row in self._run(
                select(IconRow)
                .where(IconRow.application_id.in_(chunk))
                .order_by(IconRow.application_id, IconRow.kind, IconRow.size)
            ):
                icon = row
                found[icon.application_id].append(
                    Icon(IconKind(icon.kind), icon.name, icon.size, icon.scale, icon.path)
                )
        return found

    def _ratings(self, pks: Sequence[int]) -> dict[int, Rating]:
        found: dict[int, Rating] = {}
        for chunk in _chunks(pks):
            for row in self._run(select(RatingRow).where(RatingRow.application_id.in_(chunk))):
                found[row.application_id] = Rating(
                    (row.star1, row.star2, row.star3, row.star4, row.star5)
                )
        return found

    def _package_names(self, pks: Sequence[int]) -> dict[int, list[str]]:
        found: dict[int, list[str]] = defaultdict(list)
        for chunk in _chunks(pks):
            statement = (
                select(ApplicationPackage.application_id, PackageRow.name)
                .join(PackageRow, PackageRow.id == ApplicationPackage.package_id)
                .where(ApplicationPackage.application_id.in_(chunk))
                .distinct()
                .order_by(ApplicationPackage.application_id, PackageRow.name)
            )
            for pk, name in self._run(statement):
                found[pk].append(name)
        return found

    def _categories(self, pks: Sequence[int]) -> dict[int, list[str]]:
        found: dict[int, list[str]] = defaultdict(list)
        for chunk in _chunks(pks):
            statement = (
                select(CategoryRow.application_id, CategoryRow.category)
                .where(CategoryRow.application_id.in_(chunk))
                .order_by(CategoryRow.application_id, CategoryRow.category)
            )
            for pk, category in self._run(statement):
                found[pk].append(category)
        return found

    # -- single applications ---------------------------------------------------------------
    def get(self, app_id: str) -> Application | None:
        """The full application (all locales, screenshots, packages), or ``None``."""
        rows = self._run(
            select(
                ApplicationRow.__table__,
                Provenance.kind.label("provenance_kind"),
                Provenance.source.label("provenance_source"),
            )
            .outerjoin(Provenance, Provenance.id == ApplicationRow.provenance_id)
            .where(ApplicationRow.app_id == app_id)
        )
        if not rows:
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
            rating=self._ratings([pk]).get(pk),
            kind=row.kind,
            desktop_id=row.desktop_id,
            developer=row.developer,
            project_license=row.project_license,
            homepage=row.homepage,
            only_show_in=tuple(filter(None, row.only_show_in.split(";"))),
            not_show_in=tuple(filter(None, row.not_show_in.split(";"))),
            provenance=f"{row.provenance_kind}:{row.provenance_source}"
            if row.provenance_kind
            else "",
        )

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

    def by_package(self, package_name: str) -> list[Application]:
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
        return [self._assemble(row) for row in rows]

    def app_ids_for_packages(self, package_names: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """Package name → ids of the applications it provides (only names that have any)."""
        names = sorted(set(package_names))
        found: dict[str, list[str]] = defaultdict(list)
        for chunk in _chunks(names):
            statement = (
                select(PackageRow.name, ApplicationRow.app_id)
                .join(ApplicationPackage, ApplicationPackage.package_id == PackageRow.id)
                .join(ApplicationRow, ApplicationRow.id == ApplicationPackage.application_id)
                .where(PackageRow.name.in_(chunk))
                .distinct()
                .order_by(PackageRow.name, ApplicationRow.app_id)
            )
            for name, app_id in self._run(statement):
                found[name].append(app_id)
        return {name: tuple(ids) for name, ids in found.items()}

    # -- facts -----------------------------------------------------------------------------
    def category_counts(self) -> dict[str, int]:
        """Applications per category; a main category also counts the apps of categories that
        imply it (``Audio``/``Video`` → ``AudioVideo``)."""
        rows = self._run(
            select(CategoryRow.category, func.count())
            .group_by(CategoryRow.category)
            .order_by(CategoryRow.category)
        )
        counts = {category: n for category, n in rows}
        for main in set(IMPLIED_MAIN.values()):
            members = _categories_matching(main)
            counts[main] = self._run(
                select(func.count(func.distinct(CategoryRow.application_id))).where(
                    CategoryRow.category.in_(members)
                )
            )[0][0]
            if not counts[main]:
                del counts[main]
        return dict(sorted(counts.items()))

    def meta(self) -> dict[str, str]:
        return {key: value for key, value in self._run(select(Meta.key, Meta.value))}

    def stats(self) -> dict[str, Any]:
        """Counts for ``appcenter-query stats`` and for front ends' about pages."""

        def scalar(statement: Any) -> int:
            return int(self._run(statement)[0][0])

        meta = self.meta()
        return {
            "applications": scalar(select(func.count()).select_from(ApplicationRow)),
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


__all__ = ["AppQuery", "Catalog", "SortOrder"]
