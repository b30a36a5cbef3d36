"""Finding and opening the catalog, on the catalog worker thread, after the first frame.

Importing SQLAlchemy and opening the file cost most of a second on a slow machine; doing it
before the window exists would make the application look slow to start
(``bench/ui_bench.py``). So the window is shown first, with the grid "loading", and this
object opens the catalog in the background and hands it to the models when ready. QML sees
``ready``, ``isDemo`` and ``errorText``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Property, QObject, Signal

from appcenter_qt.models.async_bridge import SerialWorker

if TYPE_CHECKING:
    from appcenter_qt.catalog.locate import CatalogLocation
    from appcenter_qt.catalog.queries import Catalog

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class OpenedCatalog:
    catalog: Catalog
    location: CatalogLocation
    counts: dict[str, int]
    total: int


def open_catalog(explicit: str | None, locale: str) -> OpenedCatalog:
    """Search order of :func:`find_catalog`, open, and the sidebar's counts (worker thread)."""
    from appcenter_qt.catalog.locate import find_catalog
    from appcenter_qt.catalog.queries import Catalog

    location = find_catalog(explicit)
    catalog = Catalog(location.path, locale)
    try:
        return OpenedCatalog(catalog, location, catalog.category_counts(), catalog.count())
    except BaseException:
        catalog.close()
        raise


class CatalogSource(QObject):
    changed = Signal()
    #: The catalog is open (GUI thread): models get it from here.
    opened = Signal(object)
    #: The catalog could not be found or read; the message names the file.
    failed = Signal(str)

    def __init__(
        self,
        worker: SerialWorker,
        explicit: str | None,
        locale: str,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._worker = worker
        self._explicit = explicit
        self._locale = locale
        self._started = False
        self._result: OpenedCatalog | None = None
        self._error = ""

    def start(self) -> None:
        if self._started:
            return
        self._started = True
        explicit, locale = self._explicit, self._locale
        self._worker.submit(lambda: open_catalog(explicit, locale), self._done)

    def _done(self, result: OpenedCatalog | None, error: BaseException | None) -> None:
        from appcenter_qt.errors import AppCenterError

        if error is not None or result is None:
            if not isinstance(error, AppCenterError):
                log.error("opening the catalog failed", exc_info=error)
            self._error = str(error)
            self.changed.emit()
            self.failed.emit(self._error)
            return
        self._result = result
        self.changed.emit()
        self.opened.emit(result)

    @property
    def result(self) -> OpenedCatalog | None:
        return self._result

    def _get_ready(self) -> bool:
        return self._result is not None

    def _get_demo(self) -> bool:
        return self._result is not None and self._result.location.is_demo

    def _get_error(self) -> str:
        return self._error

    def _get_path(self) -> str:
        return str(self._result.location.path) if self._result else ""

    ready = Property(bool, _get_ready, notify=changed)
    isDemo = Property(bool, _get_demo, notify=changed)
    errorText = Property(str, _get_error, notify=changed)
    path = Property(str, _get_path, notify=changed)

    def busy(self) -> bool:
        return self._started and self._result is None and not self._error
