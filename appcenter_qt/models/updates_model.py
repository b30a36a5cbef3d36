"""The Updates page's model (skeleton: the updater work fills it in).

Contract the Updates page binds to, fixed now so QML and the updater can be written apart:
one row per update shown to people (an application, or the single "System infrastructure"
group of every non-application package), roles below appended and never renumbered, a
``count`` property and a ``refresh()`` slot. Until the updater lands the model is empty and
``available`` is false, which the page shows as "Updates are not available yet".
"""

from __future__ import annotations

import enum
from typing import Any

from PySide6.QtCore import (
    Property,
    QAbstractListModel,
    QByteArray,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)

ModelIndex = QModelIndex | QPersistentModelIndex


class UpdateRole(enum.IntEnum):
    """Appended, never renumbered."""

    ID = Qt.ItemDataRole.UserRole + 1
    NAME = enum.auto()
    SUMMARY = enum.auto()
    ICON_URL = enum.auto()
    VERSION = enum.auto()
    SIZE_TEXT = enum.auto()
    SEVERITY = enum.auto()
    SELECTED = enum.auto()
    PACKAGE_COUNT = enum.auto()


_ROLE_NAMES = {
    UpdateRole.ID: b"updateId",
    UpdateRole.NAME: b"name",
    UpdateRole.SUMMARY: b"summary",
    UpdateRole.ICON_URL: b"iconUrl",
    UpdateRole.VERSION: b"version",
    UpdateRole.SIZE_TEXT: b"sizeText",
    UpdateRole.SEVERITY: b"severity",
    UpdateRole.SELECTED: b"selected",
    UpdateRole.PACKAGE_COUNT: b"packageCount",
}


class UpdatesModel(QAbstractListModel):
    countChanged = Signal()
    availableChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[dict[str, Any]] = []

    def _get_count(self) -> int:
        return len(self._rows)

    def _get_available(self) -> bool:
        return False

    count = Property(int, _get_count, notify=countChanged)
    available = Property(bool, _get_available, notify=availableChanged)

    @Slot()
    def refresh(self) -> None:
        """Ask the backend for updates (the updater implements this)."""

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def roleNames(self) -> dict[int, QByteArray]:
        names = super().roleNames()
        names.update({int(role): QByteArray(name) for role, name in _ROLE_NAMES.items()})
        return names

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        name = _ROLE_NAMES.get(UpdateRole(role)) if role in iter(UpdateRole) else None
        return None if name is None else self._rows[index.row()].get(name.decode())
