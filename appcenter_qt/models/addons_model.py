"""The add-ons of the application on the app page (plugins, language packs, codecs: catalog
add-ons whose ``extends`` names it), each installable and removable from the page.

An add-on is installed like an application: the transactions model knows it by its id and
package names (:meth:`TransactionsModel.register_summary`), runs the install or removal and
reports its state in the registry, which each row shows as ``appState``/``progress``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Signal

from appcenter_qt.domain import Addon
from appcenter_qt.models.app_list import AppListModel, AppRole

if TYPE_CHECKING:
    from appcenter_qt.models.transactions_model import TransactionsModel


@dataclass(frozen=True)
class _Row:
    addon_id: str
    name: str
    summary: str
    packages: tuple[str, ...]


class AddonsModel(AppListModel[_Row]):
    """The app page's add-ons: application rows (``appId``, ``name``, ``appState``,
    ``progress``…) whose state is the registry's, like every other list's."""

    countChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._transactions: TransactionsModel | None = None

    def attach(self, transactions: TransactionsModel) -> None:
        """Install/remove through ``transactions`` and show the states its registry holds."""
        self._transactions = transactions
        self.follow(transactions.registry)
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

    def app_id_of(self, row: _Row) -> str:
        return row.addon_id

    def app_data(self, row: _Row, role: int) -> Any:
        if role == AppRole.NAME:
            return row.name
        if role == AppRole.SUMMARY:
            return row.summary
        if role == AppRole.PACKAGE_NAMES:
            return list(row.packages)
        return None

    def _get_count(self) -> int:
        return len(self._rows)

    count = Property(int, _get_count, notify=countChanged)
