"""One application in full, for the app page: texts in the user's locale, rating histogram,
packages and screenshots. Loaded on the catalog worker thread; properties change together
(one ``changed`` signal), because the page shows one application at a time.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Signal, Slot

from appcenter_qt.domain import Addon, Application
from appcenter_qt.domain.categories import main_categories_of
from appcenter_qt.domain.licenses import UNKNOWN, license_kind, license_url
from appcenter_qt.domain.links import safe_link
from appcenter_qt.domain.releases import newest_release
from appcenter_qt.models.addons_model import AddonsModel
from appcenter_qt.models.categories_model import main_category_name
from appcenter_qt.models.page_texts import link_label, reason_text, release_kind_label
from appcenter_qt.models.screenshots_model import MEDIA_DIRECTORY, ScreenshotsModel
from appcenter_qt.support.formatting import format_day
from appcenter_qt.support.text_blocks import description_blocks, markdown_blocks
from appcenter_qt.ui.async_bridge import SerialWorker
from appcenter_qt.ui.icon_provider import IconRegistry, icon_url

if TYPE_CHECKING:
    from appcenter_qt.catalog.queries import Catalog

log = logging.getLogger(__name__)
#: Releases the page lists (the catalog keeps up to 30).
MAX_SHOWN_RELEASES = 5


_LIST_ITEM = re.compile(r"(?:•|\d{1,3}\.) ")


def _block(block: str) -> str:
    """One paragraph: wrapped lines folded into one, except list items (``• x``, ``1. x``,
    docs/catalog-schema.md), which keep one line each."""
    lines: list[str] = []
    for raw in block.split("\n"):
        line = " ".join(raw.split())
        if not line:
            continue
        if lines and not _LIST_ITEM.match(line):
            lines[-1] = f"{lines[-1]} {line}"
        else:
            lines.append(line)
    return "\n".join(lines)


def paragraphs(text: str) -> list[str]:
    """Description text → paragraphs (blank-line separated); a list stays one item a line."""
    blocks = [_block(block) for block in text.replace("\r\n", "\n").split("\n\n")]
    return [block for block in blocks if block]


class AppDetails(QObject):
    changed = Signal()
    loadingChanged = Signal()
    #: Emitted with the application once it is loaded (the actions model listens).
    loaded = Signal(object)

    def __init__(
        self,
        catalog: Catalog | None,
        worker: SerialWorker,
        icons: IconRegistry | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._catalog = catalog
        self._worker = worker
        self._icons = icons
        self._app: Application | None = None
        self._requested = ""
        self._loading = False
        self._screenshots = ScreenshotsModel(self)
        self._addons = AddonsModel(self)

    def set_catalog(self, catalog: Catalog) -> None:
        self._catalog = catalog
        if self._requested:
            self.load(self._requested)

    @Slot(str)
    def load(self, app_id: str) -> None:
        self._requested = app_id
        self._loading = True
        self.loadingChanged.emit()
        catalog = self._catalog
        if catalog is None:
            return  # set_catalog() loads it

        def query() -> tuple[Application | None, list[Addon]]:
            app = catalog.get(app_id)
            return app, catalog.addons(app) if app is not None else []

        self._worker.submit(query, lambda found, error: self._apply(app_id, found, error))

    def _apply(
        self,
        app_id: str,
        found: tuple[Application | None, list[Addon]] | None,
        error: BaseException | None,
    ) -> None:
        if app_id != self._requested:
            return
        self._loading = False
        app, addons = found if found is not None else (None, [])
        if error is not None:
            log.error("cannot load %s: %s", app_id, error)
            app, addons = None, []
        self._app = app
        if app is not None and self._icons is not None:
            self._icons.remember(app.id, app.icons)
        catalog = self._catalog
        self._screenshots.media_dir = (
            Path(catalog.path).parent / MEDIA_DIRECTORY if catalog is not None else None
        )
        self._screenshots.set_screenshots(app.screenshots if app else (), self._chain())
        self._addons.set_addons(addons, self._chain())
        self.loadingChanged.emit()
        self.changed.emit()
        if app is not None:
            self.loaded.emit(app)

    def _chain(self) -> tuple[str, ...]:
        return self._catalog.chain if self._catalog is not None else ("C",)

    @property
    def _locale(self) -> str:
        return self._chain()[0]

    @property
    def application(self) -> Application | None:
        return self._app

    # -- properties for QML ----------------------------------------------------------------
    def _text(self, field: str) -> str:
        if self._app is None:
            return ""
        return getattr(self._app, field).get(self._chain()) or ""

    def _get_app_id(self) -> str:
        return self._app.id if self._app else self._requested

    def _get_found(self) -> bool:
        return self._app is not None

    def _get_loading(self) -> bool:
        return self._loading

    def _get_name(self) -> str:
        return self._text("name") or (self._app.id if self._app else "")

    def _get_summary(self) -> str:
        return self._text("summary")

    def _get_description(self) -> list[str]:
        return paragraphs(self._text("description"))

    def _get_developer(self) -> str:
        return self._app.developer if self._app else ""

    def _get_license(self) -> str:
        return self._app.project_license if self._app else ""

    def _get_homepage(self) -> str:
        return self._app.homepage if self._app else ""

    def _get_desktop_id(self) -> str:
        return self._app.desktop_id if self._app else ""

    def _get_icon_url(self) -> str:
        return icon_url(self._app.id, 128) if self._app else ""

    def _get_package_names(self) -> list[str]:
        return list(self._app.package_names) if self._app else []

    def _get_packages_text(self) -> list[str]:
        if self._app is None:
            return []
        return [
            " ".join(part for part in (p.name, p.version, p.arch) if part)
            for p in self._app.packages
        ]

    def _get_categories(self) -> list[str]:
        if self._app is None:
            return []
        return [main_category_name(c) for c in main_categories_of(self._app.categories)]

    def _get_rating_score(self) -> float:
        rating = self._app.rating if self._app else None
        return rating.score if rating and rating.total else 0.0

    def _get_rating_mean(self) -> float:
        rating = self._app.rating if self._app else None
        return (rating.mean or 0.0) if rating else 0.0

    def _get_rating_count(self) -> int:
        rating = self._app.rating if self._app else None
        return rating.total if rating else 0

    def _get_histogram(self) -> list[int]:
        """Votes per star level, five stars first (the order the page lists them in)."""
        rating = self._app.rating if self._app else None
        return list(reversed(rating.stars)) if rating else [0, 0, 0, 0, 0]

    def _get_histogram_max(self) -> int:
        return max(self._get_histogram()) or 1

    def _get_screenshots(self) -> ScreenshotsModel:
        return self._screenshots

    # -- the page's richer parts (issue 18, item 6) ----------------------------------------
    def _get_description_blocks(self) -> list[dict[str, Any]]:
        """Paragraphs and list items of the structured description, for plain-text labels."""
        return [block.as_dict() for block in description_blocks(self._text("description"))]

    def _get_links(self) -> list[dict[str, str]]:
        """The homepage and the other AppStream links that may be opened (http(s), mailto),
        with their button text."""
        if self._app is None:
            return []
        found = [("homepage", self._app.homepage), *self._app.urls]
        links = []
        seen = set()
        for kind, url in found:
            link = safe_link(url)
            if link and kind not in seen:
                seen.add(kind)
                links.append({"kind": kind, "url": link, "label": link_label(kind)})
        return links

    def _get_releases(self) -> list[dict[str, Any]]:
        """Releases newest first: version, localized date, kind and the notes as blocks
        (Markdown in notes is read, never shown as markup)."""
        if self._app is None:
            return []
        rows = []
        for release in self._app.releases[:MAX_SHOWN_RELEASES]:
            notes = release.description.get(self._chain()) or ""
            day = (
                format_day(
                    dt.datetime.fromtimestamp(release.timestamp, dt.UTC).date(), self._locale
                )
                if release.timestamp
                else ""
            )
            rows.append(
                {
                    "version": release.version,
                    "date": day,
                    "kindText": release_kind_label(release.kind),
                    "blocks": [block.as_dict() for block in markdown_blocks(notes)],
                }
            )
        return rows

    def _get_newest_version(self) -> str:
        release = newest_release(self._app.releases) if self._app else None
        return release.version if release else ""

    def _get_rating_known(self) -> bool:
        return self._app is not None and self._app.content_rating is not None

    def _get_minimum_age(self) -> int:
        rating = self._app.content_rating if self._app else None
        return rating.minimum_age if rating else -1

    def _get_age_reasons(self) -> list[str]:
        rating = self._app.content_rating if self._app else None
        if rating is None:
            return []
        return [reason_text(attribute, intensity) for attribute, intensity, _ in rating.reasons()]

    def _get_license_kind(self) -> str:
        return license_kind(self._app.project_license) if self._app else UNKNOWN

    def _get_license_url(self) -> str:
        return license_url(self._app.project_license) if self._app else ""

    def _get_addons(self) -> AddonsModel:
        return self._addons

    def addons_model(self) -> AddonsModel:
        """The add-ons list (for Python callers: ``addons`` is the QML property)."""
        return self._addons

    appId = Property(str, _get_app_id, notify=changed)
    found = Property(bool, _get_found, notify=changed)
    loading = Property(bool, _get_loading, notify=loadingChanged)
    name = Property(str, _get_name, notify=changed)
    summary = Property(str, _get_summary, notify=changed)
    description = Property(list, _get_description, notify=changed)
    developer = Property(str, _get_developer, notify=changed)
    license = Property(str, _get_license, notify=changed)
    homepage = Property(str, _get_homepage, notify=changed)
    iconUrl = Property(str, _get_icon_url, notify=changed)
    desktopId = Property(str, _get_desktop_id, notify=changed)
    packageNames = Property(list, _get_package_names, notify=changed)
    packages = Property(list, _get_packages_text, notify=changed)
    categories = Property(list, _get_categories, notify=changed)
    ratingScore = Property(float, _get_rating_score, notify=changed)
    ratingMean = Property(float, _get_rating_mean, notify=changed)
    ratingCount = Property(int, _get_rating_count, notify=changed)
    histogram = Property(list, _get_histogram, notify=changed)
    histogramMax = Property(int, _get_histogram_max, notify=changed)
    screenshots = Property(QObject, _get_screenshots, constant=True)
    descriptionBlocks = Property(list, _get_description_blocks, notify=changed)
    links = Property(list, _get_links, notify=changed)
    releases = Property(list, _get_releases, notify=changed)
    newestVersion = Property(str, _get_newest_version, notify=changed)
    contentRatingKnown = Property(bool, _get_rating_known, notify=changed)
    minimumAge = Property(int, _get_minimum_age, notify=changed)
    ageReasons = Property(list, _get_age_reasons, notify=changed)
    licenseKind = Property(str, _get_license_kind, notify=changed)
    licenseUrl = Property(str, _get_license_url, notify=changed)
    addons = Property(QObject, _get_addons, constant=True)
