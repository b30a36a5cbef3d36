"""The SQL the :class:`~appcenter_qt.catalog.queries.Catalog` runs, built once at import.

Constructing and coercing SQLAlchemy expressions costs more than SQLite's own work for a page
of 50 cards (bench/catalog_bench.py), and prebuilt statements hit SQLAlchemy's compiled-
statement cache every time; so every statement that does not depend on the locale chain is
a module constant here, and the chain-dependent ones are built once per opened catalog by the
functions below. ``pks`` and ``chain`` are expanding bind parameters.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    BindParameter,
    ColumnClause,
    Select,
    bindparam,
    case,
    column,
    func,
    literal_column,
    select,
    table,
    text,
)

from appcenter_qt.catalog.rowcheck import well_typed
from appcenter_qt.catalog.schema import (
    SEARCH_WEIGHTS,
    ApplicationPackage,
    ApplicationRow,
    CategoryRow,
    IconRow,
    InstalledPackageRow,
    PackageRow,
    RatingRow,
    SearchSynonymRow,
    SearchWordRow,
    TextRow,
)
from appcenter_qt.domain import (
    Application,
    ApplicationSummary,
    Icon,
    IconKind,
    LocalizedText,
    Rating,
)

_search = table("search", column("rowid"))

# The per-page statements are built once: constructing and coercing SQLAlchemy expressions
# cost more than SQLite's own work for a page of 50 cards (bench/catalog_bench.py), and
# prebuilt statements also hit SQLAlchemy's compiled-statement cache every time. ``pks`` and
# ``chain`` are expanding bind parameters.
PKS: BindParameter[list[int]] = bindparam("pks", expanding=True)
CHAIN: BindParameter[list[str]] = bindparam("chain", expanding=True)
ALL_PKS = select(ApplicationRow.id)
# Large id lists go in as one JSON array parameter, read with json_each: no chunking and no
# per-value parameter expansion, which costs more than the query for thousands of names.
JSON_VALUES: Select[tuple[Any]] = select(column("value")).select_from(
    func.json_each(bindparam("values"))
)
APPS_OF_PACKAGES = (
    select(PackageRow.name, ApplicationRow.app_id)
    .join(ApplicationPackage, ApplicationPackage.package_id == PackageRow.id)
    .join(ApplicationRow, ApplicationRow.id == ApplicationPackage.application_id)
    .where(PackageRow.name.in_(JSON_VALUES.scalar_subquery()))
    .distinct()
)
ICONS = (
    select(
        IconRow.application_id,
        IconRow.kind,
        IconRow.name,
        IconRow.size,
        IconRow.scale,
        IconRow.path,
    )
    .where(IconRow.application_id.in_(PKS))
    .order_by(IconRow.application_id, IconRow.kind, IconRow.size)
)
RATINGS = select(
    RatingRow.application_id,
    RatingRow.star1,
    RatingRow.star2,
    RatingRow.star3,
    RatingRow.star4,
    RatingRow.star5,
).where(RatingRow.application_id.in_(PKS))
ALL_SCORES = select(RatingRow.application_id, RatingRow.score, RatingRow.total)
CATEGORIES = (
    select(CategoryRow.application_id, CategoryRow.category)
    .where(CategoryRow.application_id.in_(PKS))
    .order_by(CategoryRow.application_id, CategoryRow.category)
)
IN_CATEGORY = (
    select(CategoryRow.application_id)
    .where(CategoryRow.category.in_(bindparam("categories", expanding=True)))
    .distinct()
)
IN_CATEGORY_OF = IN_CATEGORY.where(CategoryRow.application_id.in_(PKS))


def search_statement() -> Any:
    weights: list[ColumnClause[Any]] = [literal_column(repr(w)) for w in SEARCH_WEIGHTS]
    # bm25() only works in a plain query of the FTS table, so the matches are
    # materialized first and grouped per application afterwards.
    matches = (
        select(_search.c.rowid, func.bm25(literal_column("search"), *weights).label("rank"))
        .where(literal_column("search").op("MATCH")(bindparam("fts")))
        .cte("matches")
        .prefix_with("MATERIALIZED")
    )
    return (
        select(TextRow.application_id, func.min(matches.c.rank))
        .join(matches, matches.c.rowid == TextRow.id)
        .group_by(TextRow.application_id)
    )


SEARCH = search_statement()
# Only rows of the declared types: a blob word would fail the corrector's sorting.
SYNONYMS = select(SearchSynonymRow.term, SearchSynonymRow.expansion).where(
    text(well_typed("search_synonyms"))
)
WORDS = (
    select(SearchWordRow.word).where(text(well_typed("search_words"))).order_by(SearchWordRow.word)
)
_PACKAGE_LIST = (
    select(func.group_concat(PackageRow.name, ";"))
    .join(ApplicationPackage, ApplicationPackage.package_id == PackageRow.id)
    .where(ApplicationPackage.application_id == ApplicationRow.id)
    .correlate(ApplicationRow)
    .scalar_subquery()
)
_INSTALLED = (
    select(literal_column("1"))
    .select_from(ApplicationPackage)
    .join(PackageRow, PackageRow.id == ApplicationPackage.package_id)
    .join(InstalledPackageRow, InstalledPackageRow.name == PackageRow.name)
    .where(ApplicationPackage.application_id == ApplicationRow.id)
    .correlate(ApplicationRow)
    .exists()
)
#: What ranking needs of every application (see :mod:`.ranking`): read once per catalog.
RANKING_FACTS = select(
    ApplicationRow.id,
    ApplicationRow.kind,
    ApplicationRow.app_id,
    ApplicationRow.binaries,
    func.coalesce(RatingRow.total, 0),
    _INSTALLED,
    _PACKAGE_LIST,
).outerjoin(RatingRow, RatingRow.application_id == ApplicationRow.id)
_TEXT_STATEMENTS: dict[tuple[str, ...], tuple[Any, Any, tuple[Any, ...]]] = {}


def text_statements(fields: tuple[str, ...]) -> tuple[Any, Any, tuple[Any, ...]]:
    """(chain lookup for all apps, the same for ``pks``, per-field fallbacks for ``pks``)."""
    cached = _TEXT_STATEMENTS.get(fields)
    if cached is None:
        columns = [getattr(TextRow, field) for field in fields]
        everyone = select(TextRow.application_id, TextRow.locale, *columns).where(
            TextRow.locale.in_(CHAIN)
        )
        fallbacks = tuple(
            select(TextRow.application_id, column_)
            .where(column_.is_not(None), TextRow.application_id.in_(PKS))
            .order_by(TextRow.application_id, TextRow.locale.desc())
            for column_ in columns
        )
        cached = (everyone, everyone.where(TextRow.application_id.in_(PKS)), fallbacks)
        _TEXT_STATEMENTS[fields] = cached
    return cached


def localized_subquery(column_: Any, chain: Sequence[str]) -> Any:
    """The application's ``column_`` in the first locale of ``chain`` that has a value, else in
    the alphabetically first locale that has one (as :meth:`LocalizedText.get` does)."""
    rank = case(
        {locale: n for n, locale in enumerate(chain)}, value=TextRow.locale, else_=len(chain)
    )
    return (
        select(column_)
        .where(TextRow.application_id == ApplicationRow.id, column_.is_not(None))
        .order_by(rank, TextRow.locale)
        .limit(1)
        .correlate(ApplicationRow)
        .scalar_subquery()
    )


def names_statement(chain: Sequence[str]) -> Any:
    return select(ApplicationRow.app_id, localized_subquery(TextRow.name, chain)).where(
        ApplicationRow.app_id.in_(JSON_VALUES.scalar_subquery())
    )


def page_statement(chain: Sequence[str]) -> Any:
    """Everything a page of cards shows, one row per application, in one statement.

    Localized name and summary come from correlated subqueries picking the first locale of
    ``chain`` that has a value, else the alphabetically first locale that has one (as
    :meth:`LocalizedText.get` does); packages and categories are ``group_concat``-ed (neither
    can contain a comma) and icons packed as JSON, because seven small queries per page cost
    more in statement execution than SQLite's work for all of them together.
    """

    def localized(column_: Any) -> Any:
        return localized_subquery(column_, chain)

    packages = (
        select(func.group_concat(PackageRow.name.distinct()))
        .join(ApplicationPackage, PackageRow.id == ApplicationPackage.package_id)
        .where(ApplicationPackage.application_id == ApplicationRow.id)
        .correlate(ApplicationRow)
        .scalar_subquery()
    )
    # Each package's origin too (name, unit separator, origin): the window routes a card's
    # application to the source that owns the origin. Names hold no comma; an origin that
    # does (none should: origins are repository ids) loses only its own pair.
    origins = (
        select(
            func.group_concat(
                (PackageRow.name + "\x1f" + func.coalesce(PackageRow.origin, "")).distinct()
            )
        )
        .join(ApplicationPackage, PackageRow.id == ApplicationPackage.package_id)
        .where(ApplicationPackage.application_id == ApplicationRow.id)
        .correlate(ApplicationRow)
        .scalar_subquery()
    )
    categories = (
        select(func.group_concat(CategoryRow.category))
        .where(CategoryRow.application_id == ApplicationRow.id)
        .correlate(ApplicationRow)
        .scalar_subquery()
    )
    icons = (
        select(
            func.json_group_array(
                func.json_array(
                    IconRow.kind, IconRow.name, IconRow.size, IconRow.scale, IconRow.path
                )
            )
        )
        .where(IconRow.application_id == ApplicationRow.id)
        .correlate(ApplicationRow)
        .scalar_subquery()
    )
    return (
        select(
            ApplicationRow.id,
            ApplicationRow.app_id,
            localized(TextRow.name),
            localized(TextRow.summary),
            RatingRow.star1,
            RatingRow.star2,
            RatingRow.star3,
            RatingRow.star4,
            RatingRow.star5,
            RatingRow.total,
            packages,
            categories,
            icons,
            origins,
        )
        .outerjoin(RatingRow, RatingRow.application_id == ApplicationRow.id)
        .where(ApplicationRow.id.in_(PKS))
    )


def summary_from_row(row: Any) -> ApplicationSummary:
    (_, app_id, name, summary, s1, s2, s3, s4, s5, total, packages, categories, icons) = row[:13]
    origins = row[13] if len(row) > 13 else None
    icon_list = tuple(
        Icon(IconKind(kind), icon_name, size, scale, path)
        for kind, icon_name, size, scale, path in sorted(json.loads(icons or "[]"))
    )
    return ApplicationSummary(
        id=app_id,
        name=name or app_id,
        summary=summary or "",
        icon=Application(id=app_id, name=LocalizedText(), icons=icon_list).icon(64),
        rating=Rating((s1, s2, s3, s4, s5)) if total is not None else None,
        package_names=tuple(sorted(packages.split(","))) if packages else (),
        categories=tuple(sorted(categories.split(","))) if categories else (),
        package_origins=_origin_pairs(origins),
    )


def _origin_pairs(text: str | None) -> tuple[tuple[str, str], ...]:
    """``name\x1forigin,…`` → sorted (name, origin) pairs; malformed pieces are skipped."""
    pairs = set()
    for piece in (text or "").split(","):
        name, sep, origin = piece.partition("\x1f")
        if sep and name:
            pairs.add((name, origin))
    return tuple(sorted(pairs))
