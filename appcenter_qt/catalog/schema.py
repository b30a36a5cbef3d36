"""The shared catalog's tables, schema version 2. ``docs/catalog-schema.md`` is the spec; this
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

SCHEMA_VERSION = 2
#: The file's ``PRAGMA application_id``: "ACQT", so ``file(1)``-style sniffers can tell it apart.
SQLITE_APPLICATION_ID = 0x41435154

TEXT_FIELDS = ("name", "summary", "description", "keywords")


class Base(DeclarativeBase):
    pass


class Meta(Base):
    """Key/value facts about the file: ``schema_version``, ``generator``, ``generator_version``,
    ``created_at`` (ISO 8601 UTC), ``origin``, ``locales``."""

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
    icon name; remote: ``path`` is a URL. ``size`` is the logical pixel size (0 = any)."""

    __tablename__ = "icons"
    application_id: Mapped[int] = mapped_column(
        ForeignKey("applications.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String, primary_key=True)
    size: Mapped[int] = mapped_column(Integer, primary_key=True)
    scale: Mapped[int] = mapped_column(Integer, primary_key=True, default=1)
    name: Mapped[str] = mapped_column(String, default="")
    path: Mapped[str] = mapped_column(String, default="")


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


#: Full-text search over name, keywords, summary (per text row) and package names (on the
#: untranslated row only). Contentless: the index points at ``texts.id`` by rowid and stores no
#: copy of the text. ``remove_diacritics 2`` folds "Café" and "cafe" together; a two-letter
#: prefix index makes the first keystrokes cheap (measured in bench/catalog_bench.py: 1- and
#: 3-letter indexes cost 40 % more space and gained nothing, as one-letter queries search names
#: only).
SEARCH_TABLE = "search"
SEARCH_COLUMNS = ("name", "keywords", "summary", "pkgnames", "locale_tag")
#: bm25 weights, in SEARCH_COLUMNS order: a name hit outranks a keyword hit, which outranks a
#: package-name hit, which outranks a summary hit; the locale tag never adds to the rank.
SEARCH_WEIGHTS = (10.0, 5.0, 1.0, 2.0, 0.0)
#: ``locale_tag`` holds one token per row, ``l`` + the row's locale lower-cased without
#: ``_``/``@`` (``de_AT`` → ``ldeat``, ``sr@latin`` → ``lsrlatin``, ``C`` → ``lc``), so a query
#: restricts itself to the reader's locale chain inside the index instead of ranking every
#: locale's rows and throwing most away (10× faster with 40 locales).
SEARCH_LOCALE_TAG_SQL = "'l' || lower(replace(replace(t.locale, '_', ''), '@', ''))"
SEARCH_TABLE_DDL = (
    "CREATE VIRTUAL TABLE search USING fts5("
    "name, keywords, summary, pkgnames, locale_tag, "
    "content='', columnsize=1, "
    "tokenize='unicode61 remove_diacritics 2', prefix='2')"
)
