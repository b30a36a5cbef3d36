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

``reload()`` chooses again while the window is open (a Flatpak remote was added, removed or
refreshed: the pool's fingerprint changed), when the catalog is the automatic one
(:func:`~appcenter_qt.services.system_catalog.is_automatic`; an installed or ``--catalog`` file is
left alone). The choice, which may rebuild the catalog in a child process for seconds, runs
on a build thread of its own, so the pages keep answering from the open catalog meanwhile
(``reloading``, ``progress``); a new file is then opened on the catalog worker, handed to the
models through ``opened``, and the old one is closed by a job queued on that same worker
after every query already submitted against it: no query ever meets a closed catalog.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Property, QObject, Signal

from appcenter_qt.ui.async_bridge import SerialWorker

if TYPE_CHECKING:
    from appcenter_qt.catalog.locate import CatalogLocation
    from appcenter_qt.catalog.queries import Catalog
    from appcenter_qt.extract.appstream.icon_archive import IconArchive

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class OpenedCatalog:
    """One published set, held open: the catalog and its icon archive (both by open file,
    so the window keeps this set until it opens the next, whatever is republished)."""

    catalog: Catalog
    location: CatalogLocation
    #: Installed package names from the catalog's snapshot of the package database (system
    #: catalogs), or None: "Installed" is known before any backend answers.
    installed: frozenset[str] | None = None
    #: The icon archive of the same set, or None when the set has none.
    icons: IconArchive | None = None


def _identity(path: Path) -> tuple[str, int, int]:
    """The file as opened: its path, inode and modification time (a rebuild publishes a
    new file, an unchanged choice returns the very same one). A file removed meanwhile (its
    set replaced twice since) has no inode: any choice differs from it."""
    try:
        status = path.stat()
    except OSError:
        return str(path), 0, 0
    return str(path), status.st_ino, status.st_mtime_ns


@dataclass(frozen=True)
class CatalogCounts:
    """The sidebar's numbers: applications per category, and in all."""

    categories: dict[str, int]
    total: int


def count_catalog(catalog: Catalog) -> CatalogCounts:
    """Count for the sidebar (runs on the worker thread, after the first page's queries:
    the counts check every row of the file for values of the wrong type)."""
    return CatalogCounts(catalog.category_counts(), catalog.count())


def open_location(location: CatalogLocation, locale: str) -> OpenedCatalog:
    """Open ``location``'s set (the catalog and the icon archive from one real directory,
    :func:`~appcenter_qt.catalog.locate.resolve_set`); runs on the worker thread."""
    from appcenter_qt.catalog.locate import resolve_set
    from appcenter_qt.catalog.queries import Catalog
    from appcenter_qt.extract.appstream.icon_archive import IconArchive

    location = resolve_set(location)
    catalog = Catalog(location.path, locale)
    try:
        icons = IconArchive(location.icon_archive) if location.icon_archive else None
        snapshot = catalog.installed_packages()
        installed = frozenset(snapshot) if snapshot is not None else None
        return OpenedCatalog(catalog, location, installed, icons)
    except BaseException:
        catalog.close()
        raise


def open_catalog(
    explicit: str | None,
    locale: str,
    progress: Callable[[float, str], None] | None = None,
) -> OpenedCatalog:
    """Choose (:func:`~appcenter_qt.services.system_catalog.choose_catalog`, building the
    system-pool catalog if needed) and open; runs on the worker thread."""
    from appcenter_qt.services.system_catalog import choose_catalog

    return open_location(choose_catalog(explicit, progress=progress), locale)


class CatalogSource(QObject):
    changed = Signal()
    #: Build progress moved (emitted from the worker thread, delivered queued).
    progressChanged = Signal()
    #: The catalog is open (GUI thread): models get it from here.
    opened = Signal(object)
    #: The catalog could not be found or read; the message names the file.
    failed = Signal(str)
    #: A reload has ended (GUI thread): True when another catalog was opened.
    reloaded = Signal(bool)

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
        self._reloading = False
        self._reload_again = False
        self._reload_warning = ""
        self._opened_identity: tuple[str, int, int] | None = None
        self._builder: SerialWorker | None = None
        self._closed = False

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
        from appcenter_qt.domain.errors import AppCenterError

        if error is not None or result is None:
            if not isinstance(error, AppCenterError):
                log.error("opening the catalog failed", exc_info=error)
            self._error = str(error)
            self.changed.emit()
            self.failed.emit(self._error)
            return
        self._result = result
        self._opened_identity = _identity(result.location.path)
        self.changed.emit()
        self.opened.emit(result)

    # -- choosing again while the window is open -----------------------------------------
    def _get_reloadable(self) -> bool:
        from appcenter_qt.services.system_catalog import is_automatic

        result = self._result
        return self._explicit is None and result is not None and is_automatic(result.location)

    def reload(self) -> None:
        """Choose the catalog again (rebuilding it when the sources changed) and switch the
        models to it; nothing for an installed or explicit catalog. A request during a
        reload runs once more after it, since it may follow a newer change."""
        if self._closed or not self._get_reloadable():
            return
        if self._reloading:
            self._reload_again = True
            return
        self._reloading = True
        self._progress, self._progress_text = -1.0, ""
        self.changed.emit()
        self.progressChanged.emit()
        if self._builder is None:
            self._builder = SerialWorker(self._worker.dispatcher, name="catalog-build")
        explicit, progress = self._explicit, self._on_progress
        current = self._opened_identity

        def choose() -> tuple[CatalogLocation, bool]:
            from appcenter_qt.services.system_catalog import choose_catalog

            location = choose_catalog(explicit, progress=progress)
            return location, _identity(location.path) != current

        self._builder.submit(choose, self._chosen)

    def _chosen(
        self, chosen: tuple[CatalogLocation, bool] | None, error: BaseException | None
    ) -> None:
        if self._closed:
            return
        if error is not None or chosen is None:
            log.warning("choosing the catalog again failed: %s", error)
            self._reload_warning = str(error)
            self._reload_done(False)
            return
        location, changed = chosen
        if not changed:
            # The same file: up to date, or kept because a rebuild failed (which says why).
            self._reload_warning = location.warning
            self._reload_done(False)
            return
        locale = self._locale
        self._worker.submit(lambda: open_location(location, locale), self._reopened)

    def _reopened(self, result: OpenedCatalog | None, error: BaseException | None) -> None:
        if self._closed:
            if result is not None:
                result.catalog.close()  # the window closed while it was opened
            return
        if error is not None or result is None:
            log.warning("the new catalog could not be opened: %s", error)
            self._reload_warning = str(error)
            self._reload_done(False)
            return
        old = self._result
        self._result = result
        self._opened_identity = _identity(result.location.path)
        self._reload_warning = ""
        self.opened.emit(result)  # the models submit their queries against the new one
        if old is not None:
            # Queued behind every query submitted against the old catalog so far.
            self._worker.submit(old.catalog.close)
        self._reload_done(True)

    def _reload_done(self, switched: bool) -> None:
        self._reloading = False
        self.changed.emit()
        self.reloaded.emit(switched)
        if self._reload_again:
            self._reload_again = False
            self.reload()

    def shutdown(self) -> None:
        """Wait for a reload's build to end (the window is closing); nothing it chose is
        opened after this."""
        self._closed = True
        if self._builder is not None:
            self._builder.shutdown()

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
        if self._reload_warning:
            return self._reload_warning
        return self._result.location.warning if self._result else ""

    ready = Property(bool, _get_ready, notify=changed)
    isDemo = Property(bool, _get_demo, notify=changed)
    errorText = Property(str, _get_error, notify=changed)
    path = Property(str, _get_path, notify=changed)
    preparing = Property(bool, _get_preparing, notify=changed)
    progress = Property(float, _get_progress, notify=progressChanged)
    progressText = Property(str, _get_progress_text, notify=progressChanged)
    warningText = Property(str, _get_warning, notify=changed)
    #: The catalog is being chosen again (maybe rebuilt); the pages keep the open one.
    reloading = Property(bool, lambda self: self._reloading, notify=changed)
    #: Whether the catalog follows source changes while the window is open.
    reloadable = Property(bool, _get_reloadable, notify=changed)

    def busy(self) -> bool:
        return self._reloading or (self._started and self._result is None and not self._error)
