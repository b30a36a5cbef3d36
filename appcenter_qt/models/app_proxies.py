"""Page-specific orders over an application list model, as thin ``QSortFilterProxyModel``
subclasses (Discover's ``ResourcesProxyModel``): the list model answers the roles
(:mod:`appcenter_qt.models.app_list`), the proxy only orders what it shows, reading those
roles. Only pages that order rows on the client have one; the grid's search and order run
in SQL.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from PySide6.QtCore import (
    Property,
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Signal,
    Slot,
)

from appcenter_qt.models.app_list import AppRole

INSTALLED_ORDERS = ("name", "size", "date")


def folded(name: str) -> str:
    """``name`` compared as a person reads it: case and accents ignored ("Éditeur" by E)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def installed_key(order: str, name: str, app_id: str, size: float, date: float) -> tuple[Any, ...]:
    """The Installed page's orders: name A–Z; size and date largest/newest first, unknown
    last, then by name (the id breaks ties, so the order never depends on arrival)."""
    by_name = (folded(name), app_id)
    if order == "size":
        return (size < 0, -size, *by_name)
    if order == "date":
        return (date <= 0, -date, *by_name)
    return by_name


class InstalledSortProxy(QSortFilterProxyModel):
    """The Installed page's rows in the order the page's sort box picks (``order``);
    ``count`` and ``loading`` are the list's, so the page binds this one object."""

    countChanged = Signal()
    loadingChanged = Signal()
    orderChanged = Signal()

    def __init__(self, source: QAbstractItemModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._order = "name"
        #: source row → its sort key for the current order; computed once per sort (each
        #: comparison would otherwise ask the source twice in Python)
        self._keys: dict[int, tuple[Any, ...]] = {}
        # connected before setSourceModel: the proxy's own handlers run after these
        for signal in (
            source.modelReset,
            source.rowsInserted,
            source.rowsRemoved,
            source.rowsMoved,
            source.dataChanged,
            source.layoutChanged,
        ):
            signal.connect(self._forget_keys)
        self.setSourceModel(source)
        for signal in (self.rowsInserted, self.rowsRemoved, self.modelReset):
            signal.connect(self.countChanged)
        loading = getattr(source, "loadingChanged", None)
        if loading is not None:
            loading.connect(self.loadingChanged)
        self.sort(0)

    @Slot()
    def _forget_keys(self) -> None:
        # a slot of this object, not ``self._keys.clear``: Qt drops the connection when the
        # proxy goes, where a plain callable outlived it and crashed the interpreter's exit
        self._keys.clear()

    def _key(self, index: QModelIndex | QPersistentModelIndex) -> tuple[Any, ...]:
        key = self._keys.get(index.row())
        if key is None:
            model = index.model()
            size, date = model.data(index, AppRole.SIZE), model.data(index, AppRole.DATE)
            key = self._keys[index.row()] = installed_key(
                self._order,
                str(model.data(index, AppRole.NAME) or ""),
                str(model.data(index, AppRole.APP_ID) or ""),
                -1.0 if size is None else float(size),
                0.0 if date is None else float(date),
            )
        return key

    def lessThan(
        self,
        left: QModelIndex | QPersistentModelIndex,
        right: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        return self._key(left) < self._key(right)

    # -- properties --------------------------------------------------------------------------
    def _get_order(self) -> str:
        return self._order

    def _set_order(self, order: str) -> None:
        if order in INSTALLED_ORDERS and order != self._order:
            self._order = order
            self._keys.clear()
            self.orderChanged.emit()
            self.invalidate()
            self.sort(0)

    def _get_count(self) -> int:
        return self.rowCount()

    def _get_loading(self) -> bool:
        return bool(self.sourceModel().property("loading"))

    #: "name", "size" or "date" (not ``sortOrder``: that is the base class's Qt.SortOrder)
    order = Property(str, _get_order, _set_order, notify=orderChanged)
    count = Property(int, _get_count, notify=countChanged)
    loading = Property(bool, _get_loading, notify=loadingChanged)
