"""Writing a catalog: everything goes into a new temp file beside the target, which is checked
and renamed into place by :meth:`CatalogWriter.commit`. Until then the previous catalog stays
untouched, so a killed generator (even ``kill -9``) never leaves a half-written catalog.

``add()`` is an upsert keyed by app id: adding an application again replaces everything stored
for it, so feeding the same results twice gives the same file. The search index is built once
from the stored rows (:mod:`.search_index`), which keeps ``add()`` cheap and the index
compact: at commit, or with ``workers`` by a process of its own while applications are added
(:mod:`.index_feed`), the same index either way.

Rows are queued per table and written with one ``executemany`` per table (at commit, before a
replacement, or every :data:`_FLUSH_ROWS` rows). Ids are assigned here exactly as SQLite would
assign them (the last id plus one, re-read after a deletion), so child rows can be queued before
their parent is written and the file is the same as with one INSERT per row.

Output is reproducible: rows are written in the order given (the generators sort), the file is
VACUUMed, and ``created_at`` comes from ``SOURCE_DATE_EPOCH`` when that is set.
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import Connection, insert
from sqlalchemy.exc import SQLAlchemyError

from appcenter_qt import __version__
from appcenter_qt.catalog import db
from appcenter_qt.catalog.index_feed import IndexFeed
from appcenter_qt.catalog.installed_state import check_installed_source, installed_rows
from appcenter_qt.catalog.origins import META_KEY, format_sources, join_list, parse_sources
from appcenter_qt.catalog.page_details import addon_rows, application_rows
from appcenter_qt.catalog.schema import (
    SCHEMA_VERSION,
    SQLITE_APPLICATION_ID,
    Base,
    Meta,
)
from appcenter_qt.catalog.search_index import copy_search_index, fill_search_index
from appcenter_qt.catalog.synonyms import load_synonyms
from appcenter_qt.domain import Addon, Application, Package, Rating
from appcenter_qt.domain.errors import CatalogError
from appcenter_qt.domain.localized import UNTRANSLATED
from appcenter_qt.support.reproducible import created_at_now


def _insert(table: str, *columns: str) -> str:
    """An INSERT for this module's own table and column names (never outside text)."""
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"  # noqa: S608


#: Row inserts. The tables before ``ratings`` are queued as applications are added and flushed
#: in this order, every parent table before the tables pointing at it; the rest are written at
#: commit. Plain SQL through the DB-API cursor, because building a SQLAlchemy
#: statement per row cost more than SQLite's work (3 s of a 4 s import of Debian's pool).
_INSERT_SQL = {
    "provenance": _insert("provenance", "id", "kind", "source"),
    "applications": _insert(
        "applications",
        "id",
        "app_id",
        "kind",
        "desktop_id",
        "developer",
        "project_license",
        "homepage",
        "only_show_in",
        "not_show_in",
        "provenance_id",
        "binaries",
        "project_group",
    ),
    "packages": _insert(
        "packages", "id", "name", "version", "arch", "origin", "source", "provenance_id"
    ),
    "texts": _insert(
        "texts",
        "application_id",
        "locale",
        "name",
        "summary",
        "description",
        "keywords",
        "provenance_id",
    ),
    "application_packages": _insert("application_packages", "application_id", "package_id"),
    "categories": _insert("categories", "application_id", "category"),
    "icons": _insert("icons", "application_id", "kind", "size", "scale", "name", "path"),
    "screenshots": _insert("screenshots", "id", "application_id", "position", "is_default"),
    "screenshot_images": _insert(
        "screenshot_images", "screenshot_id", "position", "url", "width", "height", "thumbnail"
    ),
    "screenshot_captions": _insert("screenshot_captions", "screenshot_id", "locale", "caption"),
    "urls": _insert("urls", "application_id", "kind", "url"),
    "releases": _insert(
        "releases", "id", "application_id", "position", "version", "timestamp", "kind"
    ),
    "release_notes": _insert("release_notes", "release_id", "locale", "description"),
    "content_ratings": _insert("content_ratings", "application_id", "kind", "attributes"),
    "colors": _insert("colors", "application_id", "kind", "scheme", "color"),
    "ratings": _insert(
        "ratings",
        "application_id",
        "star1",
        "star2",
        "star3",
        "star4",
        "star5",
        "total",
        "score",
        "provenance_id",
    ),
    "aliases": _insert("aliases", "alias", "application_id"),
    "installed_packages": _insert("installed_packages", "name", "version", "arch"),
    "addons": _insert("addons", "id", "addon_id", "extends", "packages", "project_license"),
    "addon_texts": _insert("addon_texts", "addon_id", "locale", "name", "summary"),
}
#: Tables written row by row as applications are added (the others are written at commit).
_QUEUED_TABLES = tuple(_INSERT_SQL)[: tuple(_INSERT_SQL).index("ratings")]
_DELETE_RATING = "DELETE FROM ratings WHERE application_id = ?"
#: Tables whose ids are deleted with an application, so their last id is re-read after a
#: removal.
_LAST_ID_SQL = {
    "applications": "SELECT coalesce(max(id), 0) FROM applications",
    "screenshots": "SELECT coalesce(max(id), 0) FROM screenshots",
    "releases": "SELECT coalesce(max(id), 0) FROM releases",
}
#: Queued rows that trigger a flush, so memory stays bounded on any catalog size.
_FLUSH_ROWS = 50_000


def _reason(error: BaseException) -> str:
    """The short cause of a database or file error ("database or disk is full")."""
    original = getattr(error, "orig", None) or error
    if isinstance(original, OSError) and original.strerror:
        return original.strerror
    return str(original).splitlines()[0] if str(original) else type(original).__name__


def _provenance_key(text: str) -> tuple[str, str]:
    kind, _, source = text.partition(":")
    return (kind, source) if source else ("unknown", kind)


class CatalogWriter:
    """Build a catalog file at ``target``; use as a context manager or call ``commit()``."""

    def __init__(
        self,
        target: str | os.PathLike[str],
        *,
        origin: str = "",
        generator: str = "appcenter-qt",
        extra_meta: Mapping[str, str] | None = None,
        synonyms: Mapping[str, str] | None = None,
        workers: int = 1,
    ) -> None:
        self.target = Path(target)
        #: processes that compute the search index's rows at commit (1: this one)
        self.workers = workers
        if not self.target.parent.is_dir():
            raise CatalogError(f"{self.target.parent}: output directory does not exist")
        try:
            handle, name = tempfile.mkstemp(
                dir=self.target.parent, prefix=f".{self.target.name}.", suffix=".tmp"
            )
        except OSError as error:
            raise CatalogError(f"{self.target}: cannot write: {_reason(error)}") from None
        os.close(handle)
        self.temp_path = Path(name)
        self.temp_path.unlink()  # SQLite must create the file itself
        self._meta = {
            "schema_version": str(SCHEMA_VERSION),
            "generator": generator,
            "generator_version": __version__,
            "origin": origin,
            **(extra_meta or {}),
        }
        self._engine = db.create_writable(self.temp_path)
        self._connection: Connection = self._engine.connect()
        self._transaction = self._connection.begin()
        self._provenance: dict[tuple[str, str], int] = {}
        self._packages: dict[tuple[str, str, str, str], int] = {}
        self._pending: dict[str, list[tuple[Any, ...]]] = {table: [] for table in _QUEUED_TABLES}
        self._ratings: dict[int, tuple[Any, ...]] = {}
        self._rating_deletes: set[int] = set()
        self._last_ids = dict.fromkeys(("provenance", "packages", *_LAST_ID_SQL), 0)
        self._app_pks: dict[str, int] = {}
        self._locales: set[str] = set()
        #: (alias, application pk) in write order; resolved at commit (see _write_aliases)
        self._alias_claims: list[tuple[str, int]] = []
        self._installed: list[tuple[str, str, str]] | None = None
        #: add-ons by id (a later one replaces an earlier), written at commit
        self._addons: dict[str, Addon] = {}
        #: ``None``: the shipped defaults and the system's search-synonyms.d (read at commit)
        self._synonyms = synonyms
        self._closed = False
        #: with workers, the search index built meanwhile in a process of its own
        self._feed = (
            IndexFeed(self.temp_path.with_name(f"{self.temp_path.stem}.index.tmp"))
            if workers > 1
            else None
        )
        try:
            Base.metadata.create_all(self._connection)
            self._connection.exec_driver_sql(f"PRAGMA application_id={SQLITE_APPLICATION_ID:d}")
            self._connection.exec_driver_sql(f"PRAGMA user_version={SCHEMA_VERSION:d}")
        except (sqlite3.Error, SQLAlchemyError, OSError) as error:  # e.g. a full disk
            self.abort()
            raise CatalogError(f"{self.target}: cannot write: {_reason(error)}") from None

    # -- context manager -------------------------------------------------------------------
    def __enter__(self) -> CatalogWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if exc_type is None:
            self.commit()
        else:
            self.abort()

    # -- rows ------------------------------------------------------------------------------
    @property
    def _raw(self) -> sqlite3.Connection:
        """The DB-API connection under SQLAlchemy's, inside the same transaction."""
        return db.sqlite_connection(self._connection)

    def _queue(self, table: str, row: tuple[Any, ...]) -> None:
        self._pending[table].append(row)

    def _flush(self) -> None:
        """Write the queued rows, one ``executemany`` per table, parents before children so
        the foreign keys hold; within a table the rows keep the order they were queued in."""
        raw = self._raw
        for table, rows in self._pending.items():
            if rows:
                try:
                    raw.executemany(_INSERT_SQL[table], rows)
                except sqlite3.OperationalError as error:  # "database or disk is full"
                    raise CatalogError(f"{self.target}: cannot write: {error}") from None
                rows.clear()
        if self._rating_deletes:
            raw.executemany(_DELETE_RATING, [(pk,) for pk in sorted(self._rating_deletes)])
            self._rating_deletes.clear()
        if self._ratings:
            raw.executemany(_INSERT_SQL["ratings"], self._ratings.values())
            self._ratings.clear()

    def _next_id(self, table: str) -> int:
        """The id SQLite would give the next row of ``table`` (``max(id) + 1``), assigned here
        so child rows can be queued before their parent is written."""
        self._last_ids[table] += 1
        return self._last_ids[table]

    def provenance_id(self, provenance: str) -> int | None:
        if not provenance:
            return None
        key = _provenance_key(provenance)
        if key not in self._provenance:
            self._provenance[key] = self._next_id("provenance")
            self._queue("provenance", (self._provenance[key], *key))
        return self._provenance[key]

    def _package_id(self, package: Package, provenance_id: int | None) -> int:
        key = (package.name, package.version, package.arch, package.origin)
        pk = self._packages.get(key)
        if pk is None:
            pk = self._packages[key] = self._next_id("packages")
            self._queue("packages", (pk, *key, package.source, provenance_id))
        return pk

    def _remove(self, pk: int) -> None:
        """Delete an application stored before (its child rows cascade), then take the next
        ids from what is left, as SQLite itself would."""
        self._flush()
        self._stop_feed()  # its rows are indexed already: the index is filled at commit
        raw = self._raw
        raw.execute("DELETE FROM applications WHERE id = ?", (pk,))
        for table, sql in _LAST_ID_SQL.items():
            (self._last_ids[table],) = raw.execute(sql).fetchone()

    def add(self, app: Application) -> None:
        """Store ``app``, replacing any application stored before under the same id."""
        self._ensure_open()
        if app.id in self._app_pks:
            self._remove(self._app_pks[app.id])
        provenance_id = self.provenance_id(app.provenance)
        pk = self._next_id("applications")
        pending = self._pending
        row = (
            pk,
            app.id,
            app.kind,
            app.desktop_id,
            app.developer,
            app.project_license,
            app.homepage,
            ";".join(app.only_show_in),
            ";".join(app.not_show_in),
            provenance_id,
            ";".join(app.binaries),
            app.project_group,
        )
        pending["applications"].append(row)
        self._app_pks[app.id] = pk

        names, summaries = app.name.values, app.summary.values
        descriptions, keywords = app.description.values, app.keywords.values
        locales = sorted(set(names) | set(summaries) | set(descriptions) | set(keywords))
        self._locales.update(locales)
        texts = [
            (
                pk,
                locale,
                names.get(locale),
                summaries.get(locale),
                descriptions.get(locale),
                ";".join(words) if (words := keywords.get(locale)) else None,
                provenance_id,
            )
            for locale in locales
        ]
        pending["texts"] += texts
        links = sorted({self._package_id(p, provenance_id) for p in app.packages})
        pending["application_packages"].extend((pk, link) for link in links)
        categories = sorted(set(app.categories))
        pending["categories"].extend((pk, category) for category in categories)
        if self._feed is not None:
            # the columns the index reads back: id, app_id, binaries, developer, project_group,
            # only_show_in
            facts_row = (pk, app.id, row[10], app.developer, app.project_group, row[7])
            names_of_packages = sorted({p.name for p in app.packages})
            self._feed.add(facts_row, names_of_packages, categories, texts)
        icons = {(i.kind.value, i.size, i.scale): i for i in app.icons}
        pending["icons"].extend(
            (pk, kind, size, scale, icon.name, icon.path)
            for (kind, size, scale), icon in sorted(icons.items())
        )
        for position, shot in enumerate(app.screenshots):
            shot_id = self._next_id("screenshots")
            pending["screenshots"].append((shot_id, pk, position, shot.default))
            pending["screenshot_images"].extend(
                (shot_id, n, image.url, image.width, image.height, image.thumbnail)
                for n, image in enumerate(shot.images)
            )
            pending["screenshot_captions"].extend(
                (shot_id, locale, caption)
                for locale, caption in sorted(shot.caption.values.items())
                if caption
            )
        for table_name, rows in application_rows(
            app, pk, lambda: self._next_id("releases")
        ).items():
            pending[table_name].extend(rows)
        if app.rating is not None:
            self._write_rating(pk, app.rating, provenance_id)
        self._alias_claims.extend((alias, pk) for alias in app.aliases if alias)
        if sum(map(len, pending.values())) >= _FLUSH_ROWS:
            self._flush()

    def add_addon(self, addon: Addon) -> None:
        """Store an add-on (listed on the pages of the applications it extends, never as an
        application), replacing one added before under the same id."""
        self._ensure_open()
        if addon.extends:
            self._addons[addon.id] = addon

    def add_all(self, apps: Iterable[Application]) -> int:
        count = 0
        for app in apps:
            self.add(app)
            count += 1
        return count

    def _write_rating(self, pk: int, rating: Rating, provenance_id: int | None) -> None:
        """Queue ``pk``'s rating, replacing one queued before."""
        s1, s2, s3, s4, s5 = rating.stars
        self._ratings[pk] = (
            pk,
            s1,
            s2,
            s3,
            s4,
            s5,
            rating.total,
            round(rating.score, 6),
            provenance_id,
        )

    def set_rating(self, app_id: str, rating: Rating, provenance: str = "") -> bool:
        """Attach a rating to an application already added; ``False`` if the id is unknown."""
        self._ensure_open()
        pk = self._app_pks.get(app_id)
        if pk is None:
            return False
        if self._ratings.pop(pk, None) is None:
            self._rating_deletes.add(pk)  # it may have been written already
        self._write_rating(pk, rating, self.provenance_id(provenance))
        return True

    def set_installed(self, packages: Iterable[Package], source: str) -> None:
        """Record what the package database ``source`` (``dpkg`` or ``rpm``) lists as installed
        now: table ``installed_packages`` and ``meta.installed_from``. A second call replaces
        the first. One row per name and architecture, the first given winning (rpm can list
        several versions of an install-only package such as the kernel)."""
        self._ensure_open()
        check_installed_source(self.target, source)
        self._installed = installed_rows(packages)
        self._meta["installed_from"] = source

    @property
    def app_ids(self) -> frozenset[str]:
        return frozenset(self._app_pks)

    # -- finishing -------------------------------------------------------------------------
    def _ensure_open(self) -> None:
        if self._closed:
            raise CatalogError(f"{self.target}: writer already committed or aborted")

    def _write_aliases(self) -> None:
        """Store each alias once: claims of applications replaced since, and aliases that are
        some application's canonical id (the id wins, so a lookup never depends on which
        was written first), are dropped; of the rest the first claim in write order wins."""
        live = set(self._app_pks.values())
        owners: dict[str, int] = {}
        for alias, pk in self._alias_claims:
            if pk in live and alias not in self._app_pks:
                owners.setdefault(alias, pk)
        self._raw.executemany(_INSERT_SQL["aliases"], sorted(owners.items()))
        if self._installed is not None:
            self._raw.executemany(_INSERT_SQL["installed_packages"], self._installed)
        ids = itertools.count(1)
        for addon_id in sorted(self._addons):
            for table_name, row in addon_rows(self._addons[addon_id], lambda: next(ids)):
                self._raw.execute(_INSERT_SQL[table_name], row)

    def _origins(self) -> list[str]:
        """The distinct non-empty origins of the stored packages, sorted (``meta.origins``)."""
        rows = self._raw.execute(
            "SELECT DISTINCT origin FROM packages WHERE origin != '' ORDER BY origin"
        )
        return [origin for (origin,) in rows]

    def commit(self) -> Path:
        """Finish the file, check it, and atomically replace ``target`` with it."""
        self._ensure_open()
        conn = self._connection
        try:
            self._flush()
            self._write_aliases()
            origins = self._origins()
            meta = {
                **self._meta,
                "created_at": self._meta.get("created_at") or created_at_now(),
                "locales": ";".join(sorted(self._locales - {UNTRANSLATED})),
                "origins": join_list(origins),
                META_KEY: format_sources(origins, parse_sources(self._meta.get(META_KEY, ""))),
            }
            conn.execute(insert(Meta), [{"key": k, "value": v} for k, v in sorted(meta.items())])
            synonyms = load_synonyms() if self._synonyms is None else self._synonyms
            built = self._built_index()
            parallel = self.workers > 1
            if parallel:
                # The rows so far are committed, so worker processes can read them while
                # this one fills the index (the file is private and unjournaled either way),
                # and the index is one transaction of its own, DDL included. A built index
                # is attached meanwhile (SQLite attaches between transactions only).
                self._transaction.commit()
                if built is not None:
                    self._raw.execute("ATTACH DATABASE ? AS built", (str(built),))
                self._transaction = conn.begin()
                self._raw.execute("BEGIN")
            if built is not None:
                copy_search_index(self._raw, "built", synonyms)
            else:
                # in_order: each application's texts are added right after it, with ids
                # above every earlier one (after a removal too: SQLite gives max + 1)
                fill_search_index(
                    self._raw, synonyms, workers=self.workers, path=self.temp_path, in_order=True
                )
            if parallel:
                # ANALYZE in that transaction (the same statistics): one commit fewer, as
                # many as one process makes, so the header's change counter and with it
                # every byte of the file is what a run with one process writes.
                conn.exec_driver_sql("ANALYZE main")
            self._transaction.commit()
            if built is not None:
                self._raw.execute("DETACH DATABASE built")
                self._stop_feed()
            conn.exec_driver_sql("PRAGMA foreign_key_check")
            if not parallel:
                conn.exec_driver_sql("ANALYZE")
            conn.exec_driver_sql("VACUUM")
            db.check_integrity(self._engine, self.temp_path)
            self._close_engine()
            db.publish(self.temp_path, self.target)
        except (sqlite3.Error, SQLAlchemyError, OSError) as error:
            # A full disk, a read-only directory: one line naming the file, not a traceback.
            self.abort()
            raise CatalogError(
                f"{self.target}: cannot write the catalog: {_reason(error)}"
            ) from None
        except BaseException:
            self.abort()
            raise
        return self.target

    def _built_index(self) -> Path | None:
        """The search index the feed built, if it indexed every stored text row."""
        if self._feed is None:
            return None
        built = self._feed.finish()
        (count, last) = self._raw.execute(
            "SELECT count(*), coalesce(max(id), 0) FROM texts"
        ).fetchone()
        if built is not None and count == last == self._feed.rows:
            return built
        self._stop_feed()
        return None

    def _stop_feed(self) -> None:
        if self._feed is not None:
            self._feed.stop()
            self._feed = None

    def _close_engine(self) -> None:
        if not self._closed:
            self._closed = True
            self._connection.close()
            self._engine.dispose()

    def abort(self) -> None:
        """Throw the temp file away; the target is left as it was."""
        self._stop_feed()
        try:
            if not self._closed and self._transaction.is_active:
                self._transaction.rollback()
        finally:
            self._close_engine()
            self.temp_path.unlink(missing_ok=True)
