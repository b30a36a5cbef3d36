"""Writing a catalog: everything goes into a new temp file beside the target, which is checked
and renamed into place by :meth:`CatalogWriter.commit`. Until then the previous catalog stays
untouched, so a killed generator (even ``kill -9``) never leaves a half-written catalog.

``add()`` is an upsert keyed by app id: adding an application again replaces everything stored
for it, so feeding the same results twice gives the same file. The search index is built once
at commit from the stored rows, which keeps ``add()`` cheap and the index compact.

Output is reproducible: rows are written in the order given (the generators sort), the file is
VACUUMed, and ``created_at`` comes from ``SOURCE_DATE_EPOCH`` when that is set.
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import TracebackType

from sqlalchemy import Connection, delete, insert

from appcenter_qt import __version__
from appcenter_qt.catalog import db
from appcenter_qt.catalog.schema import (
    SCHEMA_VERSION,
    SEARCH_TABLE_DDL,
    SQLITE_APPLICATION_ID,
    ApplicationPackage,
    ApplicationRow,
    Base,
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
    search_document,
)
from appcenter_qt.domain import Application, Package, Rating
from appcenter_qt.domain.localized import UNTRANSLATED
from appcenter_qt.errors import CatalogError

_SEARCH_SOURCE = (
    "SELECT t.id, t.locale, t.name, replace(t.keywords, ';', ' '), t.summary, "
    "CASE WHEN t.locale = 'C' THEN ("
    "  SELECT group_concat(p.name, ' ') FROM application_packages ap "
    "  JOIN packages p ON p.id = ap.package_id WHERE ap.application_id = t.application_id"
    ") END FROM texts t ORDER BY t.id"
)
_SEARCH_INSERT = (
    "INSERT INTO search(rowid, name, keywords, summary, pkgnames) VALUES (?, ?, ?, ?, ?)"
)
_SEARCH_BATCH = 5000


def created_at_now() -> str:
    """ISO 8601 UTC, from ``SOURCE_DATE_EPOCH`` for reproducible builds when set."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = (
        dt.datetime.fromtimestamp(int(epoch), dt.UTC)
        if epoch and epoch.isdigit()
        else dt.datetime.now(dt.UTC)
    )
    return moment.replace(microsecond=0).isoformat().replace("+00:00", "Z")


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
    ) -> None:
        self.target = Path(target)
        if not self.target.parent.is_dir():
            raise CatalogError(f"{self.target.parent}: output directory does not exist")
        handle, name = tempfile.mkstemp(
            dir=self.target.parent, prefix=f".{self.target.name}.", suffix=".tmp"
        )
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
        self._app_pks: dict[str, int] = {}
        self._locales: set[str] = set()
        self._closed = False
        Base.metadata.create_all(self._connection)
        self._connection.exec_driver_sql(f"PRAGMA application_id={SQLITE_APPLICATION_ID:d}")
        self._connection.exec_driver_sql(f"PRAGMA user_version={SCHEMA_VERSION:d}")

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
    def provenance_id(self, provenance: str) -> int | None:
        if not provenance:
            return None
        key = _provenance_key(provenance)
        if key not in self._provenance:
            self._provenance[key] = self._connection.execute(
                insert(Provenance).values(kind=key[0], source=key[1]).returning(Provenance.id)
            ).scalar_one()
        return self._provenance[key]

    def _package_id(self, package: Package, provenance_id: int | None) -> int:
        key = (package.name, package.version, package.arch, package.origin)
        if key not in self._packages:
            self._packages[key] = self._connection.execute(
                insert(PackageRow)
                .values(
                    name=key[0],
                    version=key[1],
                    arch=key[2],
                    origin=key[3],
                    source=package.source,
                    provenance_id=provenance_id,
                )
                .returning(PackageRow.id)
            ).scalar_one()
        return self._packages[key]

    def add(self, app: Application) -> None:
        """Store ``app``, replacing any application stored before under the same id."""
        self._ensure_open()
        conn = self._connection
        if app.id in self._app_pks:
            conn.execute(delete(ApplicationRow).where(ApplicationRow.id == self._app_pks[app.id]))
        provenance_id = self.provenance_id(app.provenance)
        pk = conn.execute(
            insert(ApplicationRow)
            .values(
                app_id=app.id,
                kind=app.kind,
                desktop_id=app.desktop_id,
                developer=app.developer,
                project_license=app.project_license,
                homepage=app.homepage,
                only_show_in=";".join(app.only_show_in),
                not_show_in=";".join(app.not_show_in),
                provenance_id=provenance_id,
            )
            .returning(ApplicationRow.id)
        ).scalar_one()
        self._app_pks[app.id] = pk

        locales = sorted(
            set(app.name.values)
            | set(app.summary.values)
            | set(app.description.values)
            | set(app.keywords.values)
        )
        self._locales.update(locales)
        if locales:
            conn.execute(
                insert(TextRow),
                [
                    {
                        "application_id": pk,
                        "locale": locale,
                        "name": app.name.values.get(locale),
                        "summary": app.summary.values.get(locale),
                        "description": app.description.values.get(locale),
                        "keywords": ";".join(app.keywords.values[locale])
                        if app.keywords.values.get(locale)
                        else None,
                        "provenance_id": provenance_id,
                    }
                    for locale in locales
                ],
            )
        links = sorted({self._package_id(p, provenance_id) for p in app.packages})
        if links:
            conn.execute(
                insert(ApplicationPackage),
                [{"application_id": pk, "package_id": link} for link in links],
            )
        categories = sorted(set(app.categories))
        if categories:
            conn.execute(
                insert(CategoryRow), [{"application_id": pk, "category": c} for c in categories]
            )
        icons = {(i.kind.value, i.size, i.scale): i for i in app.icons}
        if icons:
            conn.execute(
                insert(IconRow),
                [
                    {
                        "application_id": pk,
                        "kind": kind,
                        "size": size,
                        "scale": scale,
                        "name": icon.name,
                        "path": icon.path,
                    }
                    for (kind, size, scale), icon in sorted(icons.items())
                ],
            )
        for position, shot in enumerate(app.screenshots):
            shot_id = conn.execute(
                insert(ScreenshotRow)
                .values(application_id=pk, position=position, is_default=shot.default)
                .returning(ScreenshotRow.id)
            ).scalar_one()
            if shot.images:
                conn.execute(
                    insert(ScreenshotImageRow),
                    [
                        {
                            "screenshot_id": shot_id,
                            "position": n,
                            "url": image.url,
                            "width": image.width,
                            "height": image.height,
                            "thumbnail": image.thumbnail,
                        }
                        for n, image in enumerate(shot.images)
                    ],
                )
            captions = sorted((k, v) for k, v in shot.caption.values.items() if v)
            if captions:
                conn.execute(
                    insert(ScreenshotCaptionRow),
                    [{"screenshot_id": shot_id, "locale": k, "caption": v} for k, v in captions],
                )
        if app.rating is not None:
            self._write_rating(pk, app.rating, provenance_id)

    def add_all(self, apps: Iterable[Application]) -> int:
        count = 0
        for app in apps:
            self.add(app)
            count += 1
        return count

    def _write_rating(self, pk: int, rating: Rating, provenance_id: int | None) -> None:
        self._connection.execute(delete(RatingRow).where(RatingRow.application_id == pk))
        s1, s2, s3, s4, s5 = rating.stars
        self._connection.execute(
            insert(RatingRow).values(
                application_id=pk,
                star1=s1,
                star2=s2,
                star3=s3,
                star4=s4,
                star5=s5,
                total=rating.total,
                score=round(rating.score, 6),
                provenance_id=provenance_id,
            )
        )

    def set_rating(self, app_id: str, rating: Rating, provenance: str = "") -> bool:
        """Attach a rating to an application already added; ``False`` if the id is unknown."""
        self._ensure_open()
        pk = self._app_pks.get(app_id)
        if pk is None:
            return False
        self._write_rating(pk, rating, self.provenance_id(provenance))
        return True

    @property
    def app_ids(self) -> frozenset[str]:
        return frozenset(self._app_pks)

    # -- finishing -------------------------------------------------------------------------
    def _ensure_open(self) -> None:
        if self._closed:
            raise CatalogError(f"{self.target}: writer already committed or aborted")

    def _fill_search_index(self) -> None:
        """Index every text row once, at the end, with locale-prefixed words (see
        :func:`appcenter_qt.catalog.schema.search_document`); rows in id order, so the same
        input gives the same file."""
        raw = self._connection.connection.driver_connection
        reader = raw.execute(_SEARCH_SOURCE)
        while batch := reader.fetchmany(_SEARCH_BATCH):
            raw.executemany(
                _SEARCH_INSERT,
                [
                    (
                        row_id,
                        search_document(locale, name),
                        search_document(locale, keywords),
                        search_document(locale, summary),
                        search_document(locale, packages),
                    )
                    for row_id, locale, name, keywords, summary, packages in batch
                ],
            )

    def commit(self) -> Path:
        """Finish the file, check it, and atomically replace ``target`` with it."""
        self._ensure_open()
        conn = self._connection
        try:
            meta = {
                **self._meta,
                "created_at": self._meta.get("created_at") or created_at_now(),
                "locales": ";".join(sorted(self._locales - {UNTRANSLATED})),
            }
            conn.execute(insert(Meta), [{"key": k, "value": v} for k, v in sorted(meta.items())])
            conn.exec_driver_sql(SEARCH_TABLE_DDL)
            self._fill_search_index()
            conn.exec_driver_sql("INSERT INTO search(search) VALUES ('optimize')")
            self._transaction.commit()
            conn.exec_driver_sql("PRAGMA foreign_key_check")
            conn.exec_driver_sql("ANALYZE")
            conn.exec_driver_sql("VACUUM")
            db.check_integrity(self._engine, self.temp_path)
            self._close_engine()
            db.publish(self.temp_path, self.target)
        except BaseException:
            self.abort()
            raise
        return self.target

    def _close_engine(self) -> None:
        if not self._closed:
            self._closed = True
            self._connection.close()
            self._engine.dispose()

    def abort(self) -> None:
        """Throw the temp file away; the target is left as it was."""
        try:
            if not self._closed and self._transaction.is_active:
                self._transaction.rollback()
        finally:
            self._close_engine()
            self.temp_path.unlink(missing_ok=True)
