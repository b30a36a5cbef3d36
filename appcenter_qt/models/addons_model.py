"""The add-ons of the application on the app page (plugins, language packs, codecs: catalog
add-ons whose ``extends`` names it), each installable and removable from the page.

An add-on is installed like an application: the transactions model knows it by its id and
package names (:meth:`TransactionsModel.register_summary`), runs the install or removal and
reports its state, which this model turns into each row's ``appState``/``percent``.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Qt, Signal

from appcenter_qt.domain import Addon
from appcenter_qt.models.list_model import ListModel, role_names

if TYPE_CHECKING:
    from appcenter_qt.models.transactions_model import TransactionsModel


class AddonRole(enum.IntEnum):
    """Appended, never renumbered."""

    ADDON_ID = Qt.ItemDataRole.UserRole + 1
    NAME = enum.auto()
    SUMMARY = enum.auto()
    APP_STATE = enum.auto()
    PERCENT = enum.auto()
    PACKAGE_NAMES = enum.auto()


@dataclass(frozen=True)
class _Row:
    addon_id: str
    name: str
    summary: str
    packages: tuple[str, ...]


_ROLE_NAMES = role_names(AddonRole)


class AddonsModel(ListModel[_Row]):
    ROLE_NAMES = _ROLE_NAMES
    DISPLAY_ROLE = AddonRole.NAME
    countChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._transactions: TransactionsModel | None = None

    def attach(self, transactions: TransactionsModel) -> None:
        """Install/remove through ``transactions`` and show the states it reports."""
        self._transactions = transactions
        transactions.appChanged.connect(self._state_changed)
        self._register()

    def set_addons(self, addons: Sequence[Addon], chain: tuple[str, ...]) -> None:
        rows = [
            _Row(a.id, a.name.get(chain) or a.id, a.summary.get(chain) or "", a.packages)
            for a in addons
            if a.packages
        ]
        self.reset_rows(rows)
        self._register()
        self.countChanged.emit()

    def _register(self) -> None:
        transactions = self._transactions
        if transactions is None:
            return
        for row in self._rows:
            transactions.register_summary(row.addon_id, row.name, row.packages)
        transactions.refresh_states([row.addon_id for row in self._rows])

    def _state_changed(self, app_id: str) -> None:
        for n, row in enumerate(self._rows):
            if row.addon_id == app_id:
                index = self.index(n, 0)
                self.dataChanged.emit(index, index, [AddonRole.APP_STATE, AddonRole.PERCENT])

    def role_data(self, row: _Row, role: int) -> Any:
        if role == AddonRole.APP_STATE or role == AddonRole.PERCENT:
            state, percent = (
                self._transactions.state_of(row.addon_id)
                if self._transactions is not None
                else (None, -1)
            )
            if role == AddonRole.PERCENT:
                return percent
            return str(state) if state is not None else "unknown"
        values: dict[int, object] = {
            AddonRole.ADDON_ID: row.addon_id,
            AddonRole.NAME: row.name,
            AddonRole.SUMMARY: row.summary,
            AddonRole.PACKAGE_NAMES: list(row.packages),
        }
        return values.get(int(role))

    def _get_count(self) -> int:
        return len(self._rows)

    count = Property(int, _get_count, notify=countChanged)
