"""Every statement the reader runs, written once in SQLAlchemy against :mod:`.schema` and
compiled ahead of time into :mod:`.compiled` (plain SQL text with named parameters), which the
read path runs through the standard library's ``sqlite3`` (docs/architecture.md, "The lean
read path").

This module is the owner: change a statement here, then run
``python -m appcenter_qt.catalog.compile_sql`` to rewrite :mod:`.compiled`;
``tests/catalog/test_compiled_sql.py`` fails while the two disagree. Only the generator and
that test import it; a reading process never does.

Conventions the reader relies on:

* lists of values are one JSON array parameter read with ``json_each`` (``pks``, ``ids``,
  ``values``, ``categories``), never expanded parameters, so one statement text serves any
  length and needs no chunking;
* the locale chain is the parameters ``c0`` … ``c15`` (unused ones NULL, which matches
  nothing) and ``chain_len``: :func:`chain_params` fills them;
* every public upper-case name that is a SQLAlchemy statement is compiled.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    bindparam,
    case,
    column,
    distinct,
    exists,
    func,
    literal_column,
    select,
    table,
    text,
)

from appcenter_qt.catalog.row_rules import well_typed
from appcenter_qt.catalog.schema import (
    SEARCH_WEIGHTS,
    AddonRow,
    AddonTextRow,
    AliasRow,
    ApplicationPackage,
    ApplicationRow,
    CategoryRow,
    ColorRow,
    ContentRatingRow,
    IconRow,
    InstalledPackageRow,
    Meta,
    PackageRow,
    Provenance,
    RatingRow,
    ReleaseNoteRow,
    ReleaseRow,
    ScreenshotCaptionRow,
    ScreenshotImageRow,
    ScreenshotRow,
    SearchSynonymRow,
    SearchWordRow,
    TextRow,
    UrlRow,
)

#: Locales of the chain a statement can hold (:func:`appcenter_qt.support.l10n.locale_chain` gives
#: at most twelve).
MAX_CHAIN = 16
_search = table("search", column("rowid"))
_master = table("sqlite_master", column("type"), column("name"))


def json_list(name: str) -> Any:
    """``(SELECT value FROM json_each(:name))``: a JSON array parameter as a set of values."""
    return select(column("value")).select_from(func.json_each(bindparam(name))).scalar_subquery()


PKS = json_list("pks")
_CHAIN: list[Any] = [bindparam(f"c{n}") for n in range(MAX_CHAIN)]

# -- the file ----------------------------------------------------------------------------------
TABLES = select(_master.c.name).where(_master.c.type == "table")
#: The meta values of the declared types (a blob value is left out, not read as a value).
META = select(Meta.key, Meta.value).where(text(well_typed("meta")))
META_VALUE = select(Meta.value).where(Meta.key == bindparam("key"))

# -- lists and search (docs/search.md) ------------------------------------------------------------
ALL_PKS = select(ApplicationRow.id)
APPS_OF_PACKAGES = (
    select(PackageRow.name, ApplicationRow.app_id)
    .join(ApplicationPackage, ApplicationPackage.package_id == PackageRow.id)
    .join(ApplicationRow, ApplicationRow.id == ApplicationPackage.application_id)
    .where(PackageRow.name.in_(json_list("values")))
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
    .where(CategoryRow.category.in_(json_list("categories")))
    .distinct()
)
IN_CATEGORY_OF = IN_CATEGORY.where(CategoryRow.application_id.in_(PKS))


def _search_statement() -> Any:
    weights: list[Any] = [literal_column(repr(w)) for w in SEARCH_WEIGHTS]
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


#: Application pk → best bm25 over the chain's text rows of every match.
SEARCH = _search_statement()
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
#: What ranking needs of the applications ``pks`` (see :mod:`.ranking`): read for a
#: search's matches only, not for the whole catalog.
RANKING_FACTS = (
    select(
        ApplicationRow.id,
        ApplicationRow.kind,
        ApplicationRow.app_id,
        ApplicationRow.binaries,
        func.coalesce(RatingRow.total, 0),
        _INSTALLED,
        _PACKAGE_LIST,
    )
    .outerjoin(RatingRow, RatingRow.application_id == ApplicationRow.id)
    .where(ApplicationRow.id.in_(PKS))
)

# -- localized names (chain parameters) --------------------------------------------------------
_CHAIN_NAMES = select(TextRow.application_id, TextRow.locale, TextRow.name).where(
    TextRow.locale.in_(_CHAIN)
)
#: Every application's name rows in the chain's locales.
CHAIN_NAMES = _CHAIN_NAMES
CHAIN_NAMES_OF = _CHAIN_NAMES.where(TextRow.application_id.in_(PKS))
#: The name and summary rows of ``pks`` in the chain's locales (a page of cards).
CHAIN_TEXTS_OF = select(
    TextRow.application_id, TextRow.locale, TextRow.name, TextRow.summary
).where(TextRow.locale.in_(_CHAIN), TextRow.application_id.in_(PKS))
#: Names in any locale, alphabetically last locale first (the reader keeps the last row).
NAME_FALLBACKS_OF = (
    select(TextRow.application_id, TextRow.name)
    .where(TextRow.name.is_not(None), TextRow.application_id.in_(PKS))
    .order_by(TextRow.application_id, TextRow.locale.desc())
)
#: Names and summaries in any locale, likewise.
TEXT_FALLBACKS_OF = (
    select(TextRow.application_id, TextRow.name, TextRow.summary)
    .where(TextRow.application_id.in_(PKS))
    .order_by(TextRow.application_id, TextRow.locale.desc())
)


def _localized(column_: Any) -> Any:
    """The application's ``column_`` in the first chain locale that has a value, else in the
    alphabetically first locale that has one (as :meth:`LocalizedText.get` does)."""
    rank = case(
        *((TextRow.locale == param, literal_column(str(n))) for n, param in enumerate(_CHAIN)),
        else_=bindparam("chain_len"),
    )
    return (
        select(column_)
        .where(TextRow.application_id == ApplicationRow.id, column_.is_not(None))
        .order_by(rank, TextRow.locale)
        .limit(1)
        .correlate(ApplicationRow)
        .scalar_subquery()
    )


NAMES = select(ApplicationRow.app_id, _localized(TextRow.name)).where(
    ApplicationRow.app_id.in_(json_list("values"))
)


def _page_statement() -> Any:
    """Everything a page of cards shows but the localized texts, one row per application, in
    one statement (the texts: :data:`CHAIN_TEXTS_OF`, picked in Python, which costs a third of
    a correlated subquery per card).

    Packages and categories are ``group_concat``-ed (neither can contain a comma) and icons
    packed as JSON, because seven small queries per page cost more in statement execution
    than SQLite's work for all of them together.
    """
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


#: A page of cards (:func:`appcenter_qt.catalog.rows.summary_from_row`).
PAGE = _page_statement()

# -- single applications -----------------------------------------------------------------------
_FULL_ROW = select(
    ApplicationRow.__table__,
    Provenance.kind.label("provenance_kind"),
    Provenance.source.label("provenance_source"),
).outerjoin(Provenance, Provenance.id == ApplicationRow.provenance_id)
APPLICATION = _FULL_ROW.where(ApplicationRow.app_id == bindparam("app_id"))
APPLICATIONS_OF_PACKAGE = _FULL_ROW.where(
    exists().where(
        ApplicationPackage.application_id == ApplicationRow.id,
        ApplicationPackage.package_id == PackageRow.id,
        PackageRow.name == bindparam("package"),
    )
).order_by(ApplicationRow.app_id)
TEXTS_OF = select(
    TextRow.locale, TextRow.name, TextRow.summary, TextRow.description, TextRow.keywords
).where(TextRow.application_id == bindparam("pk"))
PACKAGES_OF = (
    select(
        PackageRow.name, PackageRow.version, PackageRow.arch, PackageRow.origin, PackageRow.source
    )
    .join(ApplicationPackage, ApplicationPackage.package_id == PackageRow.id)
    .where(ApplicationPackage.application_id == bindparam("pk"))
    .order_by(PackageRow.name, PackageRow.version, PackageRow.arch, PackageRow.origin)
)
ALIASES_OF = (
    select(AliasRow.alias)
    .where(AliasRow.application_id == bindparam("pk"))
    .order_by(AliasRow.alias)
)
ALL_ALIASES = select(AliasRow.alias, AliasRow.application_id)
ALL_IDS = select(ApplicationRow.id, ApplicationRow.app_id, ApplicationRow.desktop_id)
SCREENSHOTS_OF = (
    select(ScreenshotRow.id, ScreenshotRow.is_default)
    .where(ScreenshotRow.application_id == bindparam("pk"))
    .order_by(ScreenshotRow.position)
)
SCREENSHOT_IMAGES = (
    select(
        ScreenshotImageRow.screenshot_id,
        ScreenshotImageRow.url,
        ScreenshotImageRow.width,
        ScreenshotImageRow.height,
        ScreenshotImageRow.thumbnail,
    )
    .where(ScreenshotImageRow.screenshot_id.in_(json_list("ids")))
    .order_by(ScreenshotImageRow.screenshot_id, ScreenshotImageRow.position)
)
SCREENSHOT_CAPTIONS = select(
    ScreenshotCaptionRow.screenshot_id, ScreenshotCaptionRow.locale, ScreenshotCaptionRow.caption
).where(ScreenshotCaptionRow.screenshot_id.in_(json_list("ids")))
ID_BY_ID = select(ApplicationRow.app_id).where(ApplicationRow.app_id == bindparam("name"))
ID_BY_ALIAS = (
    select(ApplicationRow.app_id)
    .join(AliasRow, AliasRow.application_id == ApplicationRow.id)
    .where(AliasRow.alias == bindparam("name"))
)

# -- facts -------------------------------------------------------------------------------------
# The applications readers skip (``:bad``, :mod:`.rowcheck`) are not counted.
CATEGORY_COUNTS = (
    select(CategoryRow.category, func.count())
    .where(CategoryRow.application_id.not_in(json_list("bad")))
    .group_by(CategoryRow.category)
    .order_by(CategoryRow.category)
)
CATEGORY_MEMBERS = select(func.count(distinct(CategoryRow.application_id))).where(
    CategoryRow.category.in_(json_list("categories")),
    CategoryRow.application_id.not_in(json_list("bad")),
)
COUNT_APPLICATIONS = select(func.count()).select_from(ApplicationRow)
COUNT_PACKAGES = select(func.count()).select_from(PackageRow)
COUNT_RATINGS = select(func.count()).select_from(RatingRow)
COUNT_SCREENSHOTS = select(func.count()).select_from(ScreenshotRow)
INSTALLED = select(InstalledPackageRow.name, InstalledPackageRow.version).where(
    text(well_typed("installed_packages"))
)

# -- the home and Installed pages (:mod:`.shelves`) --------------------------------------------
_releases = table("releases", column("application_id"), column("timestamp"))
_newest = func.max(_releases.c.timestamp)
PKS_OF_IDS = select(ApplicationRow.id, ApplicationRow.app_id).where(
    ApplicationRow.app_id.in_(json_list("ids"))
)
RECENTLY_RELEASED = (
    select(ApplicationRow.app_id, _newest)
    .join(_releases, _releases.c.application_id == ApplicationRow.id)
    .where(_releases.c.timestamp > 0, ApplicationRow.kind == "desktop-application")
    .group_by(ApplicationRow.id)
    .order_by(_newest.desc(), ApplicationRow.app_id)
    .limit(bindparam("limit"))
)
#: The colours of ``ids`` (the ``colors`` table, optional: readers check it is there).
COLORS_OF_IDS = (
    select(ApplicationRow.app_id, ColorRow.kind, ColorRow.scheme, ColorRow.color)
    .join(ColorRow, ColorRow.application_id == ApplicationRow.id)
    .where(ApplicationRow.app_id.in_(json_list("ids")))
)
KINDS_OF_IDS = select(ApplicationRow.app_id, ApplicationRow.kind).where(
    ApplicationRow.app_id.in_(json_list("ids"))
)
DESKTOP_IDS = select(ApplicationRow.desktop_id, ApplicationRow.app_id).where(
    ApplicationRow.desktop_id != ""
)
WITHOUT_PACKAGES = select(ApplicationRow.app_id).where(
    ApplicationRow.id.not_in(select(ApplicationPackage.application_id).distinct().scalar_subquery())
)

# -- the app page's extra facts (:mod:`.page_details`) -----------------------------------------
URLS_OF = select(UrlRow.kind, UrlRow.url).where(UrlRow.application_id == bindparam("pk"))
RELEASES_OF = (
    select(ReleaseRow.id, ReleaseRow.version, ReleaseRow.timestamp, ReleaseRow.kind)
    .where(ReleaseRow.application_id == bindparam("pk"))
    .order_by(ReleaseRow.position)
    .limit(bindparam("limit"))
)
RELEASE_NOTES = select(
    ReleaseNoteRow.release_id, ReleaseNoteRow.locale, ReleaseNoteRow.description
).where(ReleaseNoteRow.release_id.in_(json_list("ids")))
CONTENT_RATING_OF = select(ContentRatingRow.kind, ContentRatingRow.attributes).where(
    ContentRatingRow.application_id == bindparam("pk")
)
ADDONS_EXTENDING = (
    select(AddonRow.id, AddonRow.addon_id, AddonRow.packages, AddonRow.project_license)
    .where(AddonRow.extends.in_(json_list("ids")))
    .order_by(AddonRow.addon_id)
)
ADDON_TEXTS = select(
    AddonTextRow.addon_id, AddonTextRow.locale, AddonTextRow.name, AddonTextRow.summary
).where(AddonTextRow.addon_id.in_(json_list("ids")))
