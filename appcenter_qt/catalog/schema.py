"""The shared catalog's tables, schema version 3. ``docs/catalog-schema.md`` is the spec; this
module is its one implementation, and the two must change together.

Design choices, each for a reason:

* Applications have an integer surrogate key (``applications.id``) and a unique public
  ``app_id``; every child table points at the integer, which keeps child rows and indexes small.
* Localized text is one row per (application, locale) with a column per field (``texts``):
  40 locales cost 40 rows instead of 160, and the full-text index can point at a text row by
  its rowid without storing the text a second time (a contentless FTS5 table, see
  :data:`SEARCH_TABLE_DDL`).
* Keywords are stored ``;``-separated, the Desktop Entry list form, so a front end needs no
  extra table to show them.
* ``ratings.score`` is derived (the Bayesian lower bound of the histogram, computed by
  :mod:`appcenter_qt.domain.ratings` when the catalog is written) so front ends can sort by it
  in SQL without reimplementing the formula.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# The plain facts live in layout.py (no SQLAlchemy), for the lean read path; re-exported.
from appcenter_qt.catalog.layout import (
    PAGE_DETAIL_TABLES,
    SCHEMA_VERSION,
    SEARCH_COLUMNS,
    SEARCH_TABLE,
    SEARCH_TABLE_DDL,
    SEARCH_TABLE_DDL_V2,
    SEARCH_WEIGHTS,
    SEARCH_WORD,
    SQLITE_APPLICATION_ID,
    fold,
    search_locale_token,
)


class Base(DeclarativeBase):
    pass


class Meta(Base):
    """Key/value facts about the file: ``schema_version``, ``generator``, ``generator_version``,
    ``created_at`` (ISO 8601 UTC), ``origin``, ``origins``, ``locales`` and, when the writer
    was given the installed packages, ``installed_from``."""

    __tablename__ = "meta"
    key: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Provenance(Base):
    """One input that produced rows: ``kind`` is ``deb``, ``rpm``, ``tree``, ``dep11``,
    ``appstream-xml``, ``odrs`` or ``demo``; ``source`` the file or tree name (no directory)."""

    __tablename__ = "provenance"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String)
    source: Mapped[str] = mapped_column(String)
    __table_args__ = (UniqueConstraint("kind", "source"),)


class ApplicationRow(Base):
    __tablename__ = "applications"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    app_id: Mapped[str] = mapped_column(String, unique=True)
    kind: Mapped[str] = mapped_column(String, default="desktop-application")
    desktop_id: Mapped[str] = mapped_column(String, default="")
    developer: Mapped[str] = mapped_column(String, default="")
    project_license: Mapped[str] = mapped_column(String, default="")
    homepage: Mapped[str] = mapped_column(String, default="")
    only_show_in: Mapped[str] = mapped_column(String, default="")
    not_show_in: Mapped[str] = mapped_column(String, default="")
    provenance_id: Mapped[int | None] = mapped_column(ForeignKey("provenance.id"))
    #: ``;``-separated commands (AppStream ``provides/binary``); added in version 3.
    binaries: Mapped[str] = mapped_column(String, default="")
    #: AppStream ``project_group`` (``GNOME``, ``KDE``, ``LXQt``); added in version 3.
    project_group: Mapped[str] = mapped_column(String, default="")


class PackageRow(Base):
    __tablename__ = "packages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String)
    version: Mapped[str] = mapped_column(String, default="")
    arch: Mapped[str] = mapped_column(String, default="")
    origin: Mapped[str] = mapped_column(String, default="")
    source: Mapped[str] = mapped_column(String, default="")
    provenance_id: Mapped[int | None] = mapped_column(ForeignKey("provenance.id"))
    __table_args__ = (
        UniqueConstraint("name", "version", "arch", "origin"),
        Index("ix_packages_name", "name"),
    )


class ApplicationPackage(Base):
    """Which packages provide which applications (many to many)."""

    __tablename__ = "application_packages"
    application_id: Mapped[int] = mapped_column(
        ForeignKey("applications.id", ondelete="CASCADE"), primary_key=True
    )
    package_id: Mapped[int] = mapped_column(
        ForeignKey("packages.id", ondelete="CASCADE"), primary_key=True
    )
    __table_args__ = (Index("ix_application_packages_package", "package_id"),)


class TextRow(Base):
    """Every translatable field of one application in one locale (``C`` = untranslated)."""

    __tablename__ = "texts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"))
    locale: Mapped[str] = mapped_column(String)
    name: Mapped[str | None] = mapped_column(Text)
    summary: Mapped[str | None] = mapped_column(Text)
    description: Mapped[str | None] = mapped_column(Text)
    keywords: Mapped[str | None] = mapped_column(Text)
    provenance_id: Mapped[int | None] = mapped_column(ForeignKey("provenance.id"))
    __table_args__ = (UniqueConstraint("application_id", "locale"),)


class CategoryRow(Base):
    __tablename__ = "categories"
    application_id: Mapped[int] = mapped_column(
        ForeignKey("applications.id", ondelete="CASCADE"), primary_key=True
    )
    category: Mapped[str] = mapped_column(String, primary_key=True)
    __table_args__ = (Index("ix_categories_category", "category", "application_id"),)


class IconRow(Base):
    """``kind`` cached: ``path`` is a member of the icon archive; stock: ``name`` is a theme
    icon name; remote: ``path`` is a URL; local: ``path`` is an absolute file path on the
    machine the catalog describes (the AppStream pool's icon cache), ``name`` its file name.
    ``size`` is the logical pixel size (0 = any)."""

    __tablename__ = "icons"
    application_id: Mapped[int] = mapped_column(
        ForeignKey("applications.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String, primary_key=True)
    size: Mapped[int] = mapped_column(Integer, primary_key=True)
    scale: Mapped[int] = mapped_column(Integer, primary_key=True, default=1)
    name: Mapped[str] = mapped_column(String, default="")
    path: Mapped[str] = mapped_column(String, default="")


class AliasRow(Base):
    """Another id people or older catalogs use for an application (``provides/id``, a renamed
    id, the id without ``.desktop``). Never a canonical ``applications.app_id``; one alias
    names one application (the first written that claims it)."""

    __tablename__ = "aliases"
    alias: Mapped[str] = mapped_column(String, primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"))
    __table_args__ = (Index("ix_aliases_application", "application_id"),)


class InstalledPackageRow(Base):
    """A package the machine's package database (``meta.installed_from``: ``dpkg`` or
    ``rpm``) listed as installed when the catalog was generated: a snapshot that lets a front
    end show "Installed" before any backend answers; a live backend's answer overrides it."""

    __tablename__ = "installed_packages"
    name: Mapped[str] = mapped_column(String, primary_key=True)
    version: Mapped[str] = mapped_column(String, default="")
    arch: Mapped[str] = mapped_column(String, primary_key=True)


class ScreenshotRow(Base):
    __tablename__ = "screenshots"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)
    __table_args__ = (UniqueConstraint("application_id", "position"),)


class ScreenshotImageRow(Base):
    __tablename__ = "screenshot_images"
    screenshot_id: Mapped[int] = mapped_column(
        ForeignKey("screenshots.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    url: Mapped[str] = mapped_column(String)
    width: Mapped[int] = mapped_column(Integer, default=0)
    height: Mapped[int] = mapped_column(Integer, default=0)
    thumbnail: Mapped[bool] = mapped_column(Boolean, default=False)


class ScreenshotCaptionRow(Base):
    __tablename__ = "screenshot_captions"
    screenshot_id: Mapped[int] = mapped_column(
        ForeignKey("screenshots.id", ondelete="CASCADE"), primary_key=True
    )
    locale: Mapped[str] = mapped_column(String, primary_key=True)
    caption: Mapped[str] = mapped_column(Text)


class RatingRow(Base):
    __tablename__ = "ratings"
    application_id: Mapped[int] = mapped_column(
        ForeignKey("applications.id", ondelete="CASCADE"), primary_key=True
    )
    star1: Mapped[int] = mapped_column(Integer, default=0)
    star2: Mapped[int] = mapped_column(Integer, default=0)
    star3: Mapped[int] = mapped_column(Integer, default=0)
    star4: Mapped[int] = mapped_column(Integer, default=0)
    star5: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    score: Mapped[float] = mapped_column(Float, default=0.0)
    provenance_id: Mapped[int | None] = mapped_column(ForeignKey("provenance.id"))
    __table_args__ = (Index("ix_ratings_score", "score"),)


class UrlRow(Base):
    """An AppStream ``<url>`` besides the homepage (``bugtracker``, ``help``, ``donation``,
    ``translate``, ``contact``…); added within version 3, readers tolerate its absence."""

    __tablename__ = "urls"
    application_id: Mapped[int] = mapped_column(
        ForeignKey("applications.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String, primary_key=True)
    url: Mapped[str] = mapped_column(String)


class ReleaseRow(Base):
    """One announced release (AppStream ``<release>``), newest first by ``position``;
    ``timestamp`` in seconds since the epoch, 0 if unknown. Added within version 3."""

    __tablename__ = "releases"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("applications.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    version: Mapped[str] = mapped_column(String, default="")
    timestamp: Mapped[int] = mapped_column(Integer, default=0)
    kind: Mapped[str] = mapped_column(String, default="stable")
    __table_args__ = (UniqueConstraint("application_id", "position"),)


class ReleaseNoteRow(Base):
    """A release's notes in one locale, in the description format (plain paragraphs)."""

    __tablename__ = "release_notes"
    release_id: Mapped[int] = mapped_column(
        ForeignKey("releases.id", ondelete="CASCADE"), primary_key=True
    )
    locale: Mapped[str] = mapped_column(String, primary_key=True)
    description: Mapped[str] = mapped_column(Text)


class ContentRatingRow(Base):
    """The OARS content rating: ``kind`` (``oars-1.1``) and the attributes rated above
    ``none`` as ``attribute=intensity;…``. No row: the component has no rating (unknown);
    a row with empty ``attributes``: suitable for all ages. Added within version 3."""

    __tablename__ = "content_ratings"
    application_id: Mapped[int] = mapped_column(
        ForeignKey("applications.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String, default="oars-1.1")
    attributes: Mapped[str] = mapped_column(String, default="")


class ColorRow(Base):
    """An application's colours (:mod:`appcenter_qt.domain.colors`): ``kind`` ``primary``
    (the developer's AppStream ``<branding>`` colour, ``scheme`` ``light``, ``dark`` or empty
    for either) or ``key`` (the icon's key colour, computed by the generator from the stored
    icon; ``scheme`` empty); ``color`` ``#rrggbb``. The home page's banner paints with them.
    Added within version 3 (issue 32): readers check for the table before reading it."""

    __tablename__ = "colors"
    application_id: Mapped[int] = mapped_column(
        ForeignKey("applications.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String, primary_key=True)
    scheme: Mapped[str] = mapped_column(String, primary_key=True, default="")
    color: Mapped[str] = mapped_column(String)


class AddonRow(Base):
    """An add-on (AppStream ``type="addon"``) of the application ``extends`` names (an
    ``app_id``, which need not be in this catalog): one row per extended application.
    ``packages`` is ``;``-separated. Add-ons are not applications: they never appear in
    lists or the search index. Added within version 3."""

    __tablename__ = "addons"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    addon_id: Mapped[str] = mapped_column(String)
    extends: Mapped[str] = mapped_column(String)
    packages: Mapped[str] = mapped_column(String, default="")
    project_license: Mapped[str] = mapped_column(String, default="")
    __table_args__ = (
        UniqueConstraint("addon_id", "extends"),
        Index("ix_addons_extends", "extends"),
    )


class AddonTextRow(Base):
    """An add-on's name and summary in one locale (``C`` = untranslated)."""

    __tablename__ = "addon_texts"
    addon_id: Mapped[int] = mapped_column(
        ForeignKey("addons.id", ondelete="CASCADE"), primary_key=True
    )
    locale: Mapped[str] = mapped_column(String, primary_key=True)
    name: Mapped[str | None] = mapped_column(Text)
    summary: Mapped[str | None] = mapped_column(Text)


class SearchSynonymRow(Base):
    """A word people type for what applications describe in other words (``photoshop`` →
    ``image editor``): a search for ``term`` also finds what ``expansion`` finds. ``term`` is
    one word, folded (lower case, no diacritics); see docs/search.md."""

    __tablename__ = "search_synonyms"
    term: Mapped[str] = mapped_column(String, primary_key=True)
    expansion: Mapped[str] = mapped_column(String)


class SearchWordRow(Base):
    """The vocabulary of names, keywords, commands and package names, folded: what a
    misspelled search word is corrected against (edit distance), without reading texts."""

    __tablename__ = "search_words"
    word: Mapped[str] = mapped_column(String, primary_key=True)
    __table_args__ = ({"sqlite_with_rowid": False},)


__all__ = [
    "PAGE_DETAIL_TABLES",
    "SCHEMA_VERSION",
    "SEARCH_COLUMNS",
    "SEARCH_TABLE",
    "SEARCH_TABLE_DDL",
    "SEARCH_TABLE_DDL_V2",
    "SEARCH_WEIGHTS",
    "SEARCH_WORD",
    "SQLITE_APPLICATION_ID",
    "fold",
    "search_locale_token",
]
