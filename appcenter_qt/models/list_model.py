"""The one list-model shape every model here shares: a Python list of rows, roles declared
once, one method that turns a row into a role's value.

Each model used to repeat ``rowCount``, ``roleNames`` (base names plus its own), the bounds
check in ``data`` and the reset dance; a slip in one copy (a missing ``parent.isValid()``
check, a role left out of ``roleNames``) is a bug only ``QAbstractItemModelTester`` finds.
Subclasses set :attr:`ListModel.ROLE_NAMES` to :func:`role_names` of their role enum (the QML
name is the member's name in camelCase, so the two cannot drift apart; role numbers are
appended, never renumbered), optionally :attr:`ListModel.DISPLAY_ROLE`, and implement
:meth:`ListModel.role_data`. Insertions, moves and partial changes stay with the subclass,
which knows what changed.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractListModel,
    QByteArray,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
)

ModelIndex = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")
Role = TypeVar("Role", bound=enum.IntEnum)

#: ``Qt::DisplayRole`` and ``Qt::UserRole``, numbers Qt's ABI fixes. Spelled as numbers
#: because the first import of ``Qt`` from Python makes the Python enums of the whole ``Qt``
#: namespace (93 of them, 15 ms), which nothing else before a window's first cards needs
#: (issue 31; ``tests/ui/test_lean_start.py``).
QT_DISPLAY_ROLE = 0
QT_USER_ROLE = 0x0100


def role_names(roles: type[Role]) -> dict[Role, bytes]:
    """Each role of ``roles`` → the name QML binds: the member's name in camelCase
    (``APP_STATE`` → ``appState``). A member is named for its QML name, so a role whose
    plain name would shadow a delegate's own property (``id``, ``state``, ``width``,
    ``enabled``) says whose it is instead (``APP_ID``, ``IMAGE_WIDTH``, ``REPO_ENABLED``)."""
    names = {}
    for role in roles:
        head, *rest = role.name.lower().split("_")
        names[role] = (head + "".join(part.title() for part in rest)).encode()
    return names


class ListModel(QAbstractListModel, Generic[Row]):
    #: Role number (an ``IntEnum`` member from ``QT_USER_ROLE + 1`` on) → the name QML binds.
    #: Keyed by ``Any``: a mapping's key type is invariant, so ``Mapping[int, …]`` would
    #: refuse each model's ``dict[ItsRole, bytes]``; ``roleNames`` applies ``int()``.
    ROLE_NAMES: ClassVar[Mapping[Any, bytes]] = {}
    #: The role ``Qt.DisplayRole`` answers as (views and accessibility ask for it), if any.
    DISPLAY_ROLE: ClassVar[int | None] = None

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []

    def role_data(self, row: Row, role: int) -> Any:
        """The value of ``role`` for ``row``; ``None`` for a role this model does not have."""
        raise NotImplementedError

    # -- QAbstractListModel ----------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def roleNames(self) -> dict[int, QByteArray]:
        names = super().roleNames()
        names.update({int(role): QByteArray(name) for role, name in self.ROLE_NAMES.items()})
        return names

    def data(self, index: ModelIndex, role: int = QT_DISPLAY_ROLE) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role == QT_DISPLAY_ROLE and self.DISPLAY_ROLE is not None:
            role = self.DISPLAY_ROLE
        return self.role_data(self._rows[index.row()], role)

    # -- helpers ---------------------------------------------------------------------------
    def rows(self) -> list[Row]:
        """A copy of the rows, for tests and the other models (QML reads roles)."""
        return list(self._rows)

    def reset_rows(self, rows: Iterable[Row]) -> None:
        """Replace every row at once (views rebuild; use insert/change signals for less)."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def replace_rows(self, rows: Iterable[Row], key: Callable[[Row], Hashable]) -> None:
        """Replace every row, telling views no more than changed: when one block of rows
        (by ``key``) came or went, that block is inserted or removed and the rows that stayed
        are reported changed (they may say something new); anything else is a reset."""
        rows = list(rows)
        old = [key(row) for row in self._rows]
        new = [key(row) for row in rows]
        change = contiguous_change(old, new)
        if old == new:
            self._rows = rows
        elif change is not None and change[0] == "insert":
            self.beginInsertRows(QModelIndex(), change[1], change[2])
            self._rows = rows
            self.endInsertRows()
        elif change is not None:
            self.beginRemoveRows(QModelIndex(), change[1], change[2])
            self._rows = rows
            self.endRemoveRows()
        else:
            self.reset_rows(rows)
        if old and (old == new or change is not None) and rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, 0))

    def row_changed(self, row: int, roles: Iterable[int] = ()) -> None:
        """Tell views that ``row`` changed (in ``roles``, or in every role)."""
        index = self.index(row, 0)
        self.dataChanged.emit(index, index, [int(role) for role in roles])

    def all_rows_changed(self, roles: Iterable[int] = ()) -> None:
        """Tell views that every row changed in ``roles`` (the palette changed, say)."""
        if self._rows:
            last = self.index(len(self._rows) - 1, 0)
            self.dataChanged.emit(self.index(0, 0), last, [int(role) for role in roles])


def contiguous_change(old: list[Any], new: list[Any]) -> tuple[str, int, int] | None:
    """How ``new`` differs from ``old`` when it is by one block of rows: ``("insert", first,
    last)`` (rows ``first..last`` of ``new`` are new) or ``("remove", first, last)`` (rows
    ``first..last`` of ``old`` are gone); ``None`` when it is anything else, or nothing.

    Opening or closing a group is such a block: the view then keeps its scroll position and
    its current row, which a model reset would throw away.
    """
    if old == new:
        return None
    longer, shorter, kind = (new, old, "insert") if len(new) > len(old) else (old, new, "remove")
    if len(longer) == len(shorter):
        return None
    head = 0
    while head < len(shorter) and longer[head] == shorter[head]:
        head += 1
    extra = len(longer) - len(shorter)
    if longer[head + extra :] != shorter[head:]:
        return None
    return kind, head, head + extra - 1
