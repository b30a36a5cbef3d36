"""The shared list-model base: roles declared once, display role, row replacement that tells
views only what changed (one inserted or removed block keeps the view's place)."""

from __future__ import annotations

import enum

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import Qt
from PySide6.QtTest import QAbstractItemModelTester

from appcenter_qt.models.list_model import ListModel, contiguous_change


class _Role(enum.IntEnum):
    KEY = Qt.ItemDataRole.UserRole + 1
    LABEL = enum.auto()


_NAMES = {_Role.KEY: b"key", _Role.LABEL: b"label"}


class _Words(ListModel[str]):
    ROLE_NAMES = _NAMES
    DISPLAY_ROLE = _Role.LABEL

    def role_data(self, row: str, role: int) -> object:
        return {_Role.KEY: row, _Role.LABEL: row.upper()}.get(role)  # type: ignore[call-overload]


def test_opening_and_closing_a_group_is_one_block_of_rows() -> None:
    rows = ["a", "b", "group", "c"]
    assert contiguous_change(rows, ["a", "b", "group", "p1", "p2", "c"]) == ("insert", 3, 4)
    assert contiguous_change(["a", "group", "p1", "p2"], ["a", "group"]) == ("remove", 2, 3)
    assert contiguous_change([], ["a"]) == ("insert", 0, 0)
    assert contiguous_change(rows, rows) is None
    assert contiguous_change(rows, ["b", "a", "group", "c"]) is None  # reordered
    assert contiguous_change(rows, ["a", "x", "group"]) is None  # two changes


def test_roles_rows_and_replacement(qtbot) -> None:  # type: ignore[no-untyped-def]
    model = _Words()
    QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    model.reset_rows(["a", "b"])
    names = {bytes(name) for name in model.roleNames().values()}
    assert {b"key", b"label", b"display"} <= names
    assert model.data(model.index(1, 0), Qt.ItemDataRole.DisplayRole) == "B"
    assert model.data(model.index(1, 0), _Role.KEY) == "b"
    assert model.data(model.index(2, 0), _Role.KEY) is None

    inserted: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _parent, first, last: inserted.append((first, last)))
    with qtbot.assertNotEmitted(model.modelReset):
        model.replace_rows(["a", "x", "y", "b"], key=str)
    assert inserted == [(1, 2)] and model.rows() == ["a", "x", "y", "b"]
    with qtbot.waitSignal(model.modelReset):
        model.replace_rows(["b", "a"], key=str)  # reordered: a reset
    assert model.rowCount() == 2
