"""One application in full, for the app page: texts in the user's locale, rating histogram,
packages and screenshots. Loaded on the catalog worker thread; properties change together
(one ``changed`` signal), because the page shows one application at a time.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Property, QObject, Signal, Slot

from appcenter_qt.domain import Application
from appcenter_qt.domain.categories import main_categories_of
from appcenter_qt.models.categories_model import main_category_name
from appcenter_qt.models.screenshots_model import MEDIA_DIRECTORY, ScreenshotsModel
from appcenter_qt.ui.async_bridge import SerialWorker
from appcenter_qt.ui.icon_provider import IconRegistry, icon_url

if TYPE_CHECKING:
    from appcenter_qt.catalog.queries import Catalog

log = logging.getLogger(__name__)


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
        self._worker.submit(
            lambda: catalog.get(app_id), lambda app, error: self._apply(app_id, app, error)
        )

    def _apply(self, app_id: str, app: Application | None, error: BaseException | None) -> None:
        if app_id != self._requested:
            return
        self._loading = False
        if error is not None:
            log.error("cannot load %s: %s", app_id, error)
            app = None
        self._app = app
        if app is not None and self._icons is not None:
            self._icons.remember(app.id, app.icons)
        catalog = self._catalog
        self._screenshots.media_dir = (
            Path(catalog.path).parent / MEDIA_DIRECTORY if catalog is not None else None
        )
        self._screenshots.set_screenshots(app.screenshots if app else (), self._chain())
        self.loadingChanged.emit()
        self.changed.emit()
        if app is not None:
            self.loaded.emit(app)

    def _chain(self) -> tuple[str, ...]:
        return self._catalog.chain if self._catalog is not None else ("C",)

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
