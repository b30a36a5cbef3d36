"""The card grid's model: applications matching a search text and a category, in pages.

Every catalog query runs on the catalog worker thread (:class:`SerialWorker`), never on the
GUI thread; each answer carries the generation of the filter it was asked for, so an answer
to an older search that arrives late is dropped instead of overwriting a newer one. Rows are
loaded lazily, ``PAGE_SIZE`` at a time, through ``canFetchMore``/``fetchMore``, so a 60,000-app
catalog costs one count and one page at start.

Typing in the search field sets ``searchText``; the query starts ``searchDelay`` ms after the
last keystroke (debounce), so fast typing asks one question instead of one per letter.

A search covers every application, whichever category is selected (as GNOME Software and
Discover users expect: a category page is for browsing, the search field for finding); the
page offers to narrow it to the selected category (``searchScoped``), and says so while it
is narrowed, with one click to widen it again. ``correction`` is the corrected spelling whose
results a misspelled search added ("Did you mean …?").
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    Property,
    QModelIndex,
    QObject,
    QTimer,
    Signal,
    Slot,
)

from appcenter_qt.domain import ApplicationSummary
from appcenter_qt.models.app_list import CardListModel
from appcenter_qt.models.list_model import ModelIndex
from appcenter_qt.ui.async_bridge import SerialWorker
from appcenter_qt.ui.icon_provider import IconRegistry

if TYPE_CHECKING:  # SQLAlchemy costs ~0.7 s to import: not before the first frame
    from appcenter_qt.catalog.queries import AppQuery, Catalog

log = logging.getLogger(__name__)
SORT_ORDERS = ("", "name", "rating", "relevance")

PAGE_SIZE = 60
DEFAULT_SEARCH_DELAY_MS = 120


class AppsModel(CardListModel):
    """The grid: the catalog's cards for the current search and category (in SQL)."""

    searchTextChanged = Signal()
    categoryChanged = Signal()
    sortOrderChanged = Signal()
    countChanged = Signal()
    loadingChanged = Signal()
    searchDelayChanged = Signal()
    searchScopedChanged = Signal()
    correctionChanged = Signal()
    #: Emitted on the GUI thread after the rows of a new filter are in place.
    refreshed = Signal()
    #: A catalog query failed; the message names the file.
    failed = Signal(str)

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
        self._row_of: dict[str, int] = {}
        self._total = 0
        self._text = ""
        self._category = ""
        self._scoped = False
        self._correction = ""
        self._sort = ""
        self._generation = 0
        self._fetching = False
        self._loading = False
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEFAULT_SEARCH_DELAY_MS)
        self._debounce.timeout.connect(self.refresh)

    # -- properties ------------------------------------------------------------------------
    def _get_text(self) -> str:
        return self._text

    def _set_text(self, text: str) -> None:
        text = text[:200]  # a search longer than this is a paste accident, not a query
        if text == self._text:
            return
        self._text = text
        self.searchTextChanged.emit()
        if not text and self._scoped:  # the next search starts unscoped again
            self._scoped = False
            self.searchScopedChanged.emit()
        if self._debounce.interval() <= 0:
            self.refresh()
        else:
            self._set_loading(True)  # results are pending: no "nothing found" flash meanwhile
            self._debounce.start()

    def _get_category(self) -> str:
        return self._category

    def _set_category(self, category: str) -> None:
        if category != self._category:
            self._category = category
            self.categoryChanged.emit()
            self.refresh()

    def _get_scoped(self) -> bool:
        return self._scoped

    def _set_scoped(self, scoped: bool) -> None:
        if scoped != self._scoped:
            self._scoped = scoped
            self.searchScopedChanged.emit()
            if self._text and self._category:
                self.refresh()

    def _get_correction(self) -> str:
        return self._correction

    def _get_sort(self) -> str:
        return self._sort

    def _set_sort(self, sort: str) -> None:
        if sort not in SORT_ORDERS:
            log.warning("unknown sort order %r ignored", sort)
            return
        if sort != self._sort:
            self._sort = sort
            self.sortOrderChanged.emit()
            self.refresh()

    def _get_delay(self) -> int:
        return self._debounce.interval()

    def _set_delay(self, delay: int) -> None:
        if delay != self._debounce.interval():
            self._debounce.setInterval(max(0, delay))
            self.searchDelayChanged.emit()

    def _get_count(self) -> int:
        return self._total

    def _get_loading(self) -> bool:
        return self._loading

    searchText = Property(str, _get_text, _set_text, notify=searchTextChanged)
    category = Property(str, _get_category, _set_category, notify=categoryChanged)
    sortOrder = Property(str, _get_sort, _set_sort, notify=sortOrderChanged)
    searchDelay = Property(int, _get_delay, _set_delay, notify=searchDelayChanged)
    #: While searching: only in ``category`` (True) or everywhere (False, the default).
    searchScoped = Property(bool, _get_scoped, _set_scoped, notify=searchScopedChanged)
    correction = Property(str, _get_correction, notify=correctionChanged)
    count = Property(int, _get_count, notify=countChanged)
    loading = Property(bool, _get_loading, notify=loadingChanged)

    # -- querying --------------------------------------------------------------------------
    def set_catalog(self, catalog: Catalog) -> None:
        """The catalog is opened after the first frame (see app.py); ask it now."""
        self._catalog = catalog
        self.refresh()

    def _query(self, offset: int = 0) -> AppQuery:
        from appcenter_qt.catalog.queries import AppQuery, SortOrder

        scoped = not self._text or self._scoped
        return AppQuery(
            text=self._text,
            category=(self._category or None) if scoped else None,
            sort=SortOrder(self._sort) if self._sort else None,
            offset=offset,
            limit=PAGE_SIZE,
        )

    def _set_loading(self, loading: bool) -> None:
        if loading != self._loading:
            self._loading = loading
            self.loadingChanged.emit()

    @Slot()
    def refresh(self) -> None:
        """Ask the catalog again for the current filter (count + first page)."""
        self._debounce.stop()
        self._generation += 1
        generation = self._generation
        self._set_loading(True)
        catalog = self._catalog
        if catalog is None:
            return  # set_catalog() refreshes
        query = self._query()

        def work() -> tuple[int, list[ApplicationSummary], str]:
            correction = catalog.correction(query.text) if query.text else ""
            rows = catalog.list(query)
            return catalog.count(query, checked=False), rows, correction

        self._worker.submit(work, lambda result, error: self._apply(generation, result, error))
        # The exact count after the first page: checking every application for broken rows
        # is not between the window and its cards (issue 31). The same number but for a
        # broken file.
        self._worker.submit(
            lambda: catalog.count(query), lambda total, error: self._recount(generation, total)
        )

    def _apply(
        self,
        generation: int,
        result: tuple[int, list[ApplicationSummary], str] | None,
        error: BaseException | None,
    ) -> None:
        if generation != self._generation:
            return  # a newer filter was asked for while this one ran
        self._set_loading(False)
        if error is not None or result is None:
            log.error("catalog query failed: %s", error)
            self.failed.emit(str(error))
            return
        total, rows, correction = result
        if correction != self._correction:
            self._correction = correction
            self.correctionChanged.emit()
        self._remember_icons(rows)
        self.beginResetModel()
        self._rows = list(rows)
        self._row_of = {row.id: n for n, row in enumerate(self._rows)}
        self._fetching = False
        self.endResetModel()
        if total != self._total:
            self._total = total
            self.countChanged.emit()
        self.refreshed.emit()

    def _recount(self, generation: int, total: int | None) -> None:
        if generation != self._generation or total is None or total == self._total:
            return  # a newer filter, a failed query (the page's error says it), or the same
        self._total = total
        self.countChanged.emit()

    def _remember_icons(self, rows: list[ApplicationSummary]) -> None:
        if self._icons is not None:
            for row in rows:
                if row.icon is not None:
                    self._icons.remember(row.id, (row.icon,))

    def canFetchMore(self, parent: ModelIndex = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and not self._fetching and len(self._rows) < self._total

    def fetchMore(self, parent: ModelIndex = QModelIndex()) -> None:  # noqa: B008
        if not self.canFetchMore(parent):
            return
        catalog = self._catalog
        if catalog is None:
            return
        self._fetching = True
        generation = self._generation
        query = self._query(offset=len(self._rows))
        self._worker.submit(
            lambda: catalog.list(query),
            lambda result, error: self._append(generation, query.offset, result, error),
        )

    def _append(
        self,
        generation: int,
        offset: int,
        rows: list[ApplicationSummary] | None,
        error: BaseException | None,
    ) -> None:
        if generation != self._generation:
            return
        if offset != len(self._rows) or error is not None or not rows:
            self._fetching = False
            if error is not None:
                self.failed.emit(str(error))
            return
        self._remember_icons(rows)
        start = len(self._rows)
        # Still "fetching" while rows go in: a view reacting to the insertion must not start
        # a second fetch for an offset that is about to be stale.
        self.beginInsertRows(QModelIndex(), start, start + len(rows) - 1)
        self._rows.extend(rows)
        for n, row in enumerate(rows, start):
            self._row_of[row.id] = n
        self.endInsertRows()
        self._fetching = False

    # -- helpers for QML and the other models ----------------------------------------------
    @Slot(int, result=str)
    def appIdAt(self, row: int) -> str:
        return self._rows[row].id if 0 <= row < len(self._rows) else ""

    def summary_of(self, app_id: str) -> ApplicationSummary | None:
        row = self._row_of.get(app_id)
        return None if row is None else self._rows[row]

    def rows_of(self, app_id: str) -> Iterable[int]:
        row = self._row_of.get(app_id)
        return () if row is None else (row,)

    def loaded_ids(self) -> list[str]:
        return [row.id for row in self._rows]
