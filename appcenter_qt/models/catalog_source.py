"""Finding and opening the catalog, on the catalog worker thread, after the first frame.

Importing SQLAlchemy and opening the file cost most of a second on a slow machine; doing it
before the window exists would make the application look slow to start
(``bench/ui_bench.py``). So the window is shown first, with the grid "loading", and this
object opens the catalog in the background and hands it to the models when ready. QML sees
``ready``, ``isDemo`` and ``errorText``.

On a machine whose catalog is its own AppStream pool, the first start (or the first after the
pool changed) builds that catalog, which takes seconds: ``preparing`` is true from the first
frame until the catalog is open, and ``progress`` (0..1, or -1 while not yet known) drives a
real progress bar. ``warningText`` says why a fallback is shown (a stale catalog, the demo).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Property, QObject, Signal

from appcenter_qt.ui.async_bridge import SerialWorker

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
    #: Installed package names from the catalog's snapshot of the package database (system
    #: catalogs), or None: "Installed" is known before any backend answers.
    installed: frozenset[str] | None = None


def open_catalog(
    explicit: str | None,
    locale: str,
    progress: Callable[[float, str], None] | None = None,
) -> OpenedCatalog:
    """Choose (:func:`~appcenter_qt.system_catalog.choose_catalog`, building the system-pool
    catalog if needed), open, and count for the sidebar; runs on the worker thread."""
    from appcenter_qt.catalog.queries import Catalog
    from appcenter_qt.system_catalog import choose_catalog

    location = choose_catalog(explicit, progress=progress)
    catalog = Catalog(location.path, locale)
    try:
        snapshot = catalog.installed_packages()
        installed = frozenset(snapshot) if snapshot is not None else None
        return OpenedCatalog(
            catalog, location, catalog.category_counts(), catalog.count(), installed
        )
    except BaseException:
        catalog.close()
        raise


class CatalogSource(QObject):
    changed = Signal()
    #: Build progress moved (emitted from the worker thread, delivered queued).
    progressChanged = Signal()
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
        self._progress = -1.0
        self._progress_text = ""

    def start(self) -> None:
        if self._started:
            return
        self._started = True
        explicit, locale = self._explicit, self._locale
        self.changed.emit()  # preparing from the first frame
        self._worker.submit(lambda: open_catalog(explicit, locale, self._on_progress), self._done)

    def _on_progress(self, fraction: float, what: str) -> None:
        """Worker thread: plain attribute writes, then a signal Qt queues to the GUI thread."""
        self._progress = max(0.0, min(1.0, fraction))
        self._progress_text = what
        self.progressChanged.emit()

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

    def _get_preparing(self) -> bool:
        return self._result is None and not self._error

    def _get_progress(self) -> float:
        return self._progress

    def _get_progress_text(self) -> str:
        return self._progress_text

    def _get_warning(self) -> str:
        return self._result.location.warning if self._result else ""

    ready = Property(bool, _get_ready, notify=changed)
    isDemo = Property(bool, _get_demo, notify=changed)
    errorText = Property(str, _get_error, notify=changed)
    path = Property(str, _get_path, notify=changed)
    preparing = Property(bool, _get_preparing, notify=changed)
    progress = Property(float, _get_progress, notify=progressChanged)
    progressText = Property(str, _get_progress_text, notify=progressChanged)
    warningText = Property(str, _get_warning, notify=changed)

    def busy(self) -> bool:
        return self._started and self._result is None and not self._error
