"""The Updates page's contract with QML: one role per thing a row shows.

Roles are appended and never renumbered (QML binds them by name, tests and other front ends
by number). Values are computed from an :class:`~appcenter_qt.models.update_rows.UpdateRow`
when asked, so the model keeps plain rows and formats only what is on screen.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

from appcenter_qt.domain.updates import version_change
from appcenter_qt.models.list_model import QT_USER_ROLE, role_names
from appcenter_qt.models.update_rows import UpdateRow


class UpdateRole(enum.IntEnum):
    """Appended, never renumbered."""

    UPDATE_ID = QT_USER_ROLE + 1
    NAME = enum.auto()
    SUMMARY = enum.auto()
    ICON_URL = enum.auto()
    VERSION = enum.auto()
    SIZE_TEXT = enum.auto()
    SEVERITY = enum.auto()
    SELECTED = enum.auto()
    PACKAGE_COUNT = enum.auto()
    KIND = enum.auto()
    CHECK_STATE = enum.auto()
    LOCKED = enum.auto()
    EXPANDED = enum.auto()
    WHATS_NEW = enum.auto()
    PULLS_IN_COUNT = enum.auto()
    PULLS_IN_APPS = enum.auto()
    PENDING = enum.auto()
    NEEDED_BY = enum.auto()
    PULLED_COUNT = enum.auto()
    SECURITY_COUNT = enum.auto()
    PERCENT = enum.auto()
    STATUS_TEXT = enum.auto()
    DONE = enum.auto()
    RESTART = enum.auto()


ROLE_NAMES = role_names(UpdateRole)


def role_value(row: UpdateRow, role: UpdateRole, format_size: Callable[[int], str]) -> Any:
    """What ``role`` of ``row`` is for QML (``format_size`` renders sizes in the UI locale)."""
    values: dict[UpdateRole, Callable[[], Any]] = {
        UpdateRole.UPDATE_ID: lambda: row.ident,
        UpdateRole.NAME: lambda: row.name,
        UpdateRole.SUMMARY: lambda: row.summary,
        UpdateRole.ICON_URL: lambda: row.icon_url,
        UpdateRole.VERSION: lambda: version_change(row.installed_version, row.new_version),
        UpdateRole.SIZE_TEXT: lambda: format_size(row.size),
        UpdateRole.SEVERITY: lambda: row.severity,
        UpdateRole.SELECTED: lambda: row.check_state != "unchecked",
        UpdateRole.PACKAGE_COUNT: lambda: row.package_count,
        UpdateRole.KIND: lambda: row.kind,
        UpdateRole.CHECK_STATE: lambda: str(row.check_state),
        UpdateRole.LOCKED: lambda: row.locked,
        UpdateRole.EXPANDED: lambda: row.expanded,
        UpdateRole.WHATS_NEW: lambda: row.whats_new,
        UpdateRole.PULLS_IN_COUNT: lambda: row.pulls_in_count,
        UpdateRole.PULLS_IN_APPS: lambda: ", ".join(row.pulls_in_apps),
        UpdateRole.PENDING: lambda: row.pending,
        UpdateRole.NEEDED_BY: lambda: ", ".join(row.needed_by),
        UpdateRole.PULLED_COUNT: lambda: row.pulled_count,
        UpdateRole.SECURITY_COUNT: lambda: row.security_count,
        UpdateRole.PERCENT: lambda: row.percent,
        UpdateRole.STATUS_TEXT: lambda: row.status,
        UpdateRole.DONE: lambda: row.done,
        UpdateRole.RESTART: lambda: row.restart,
    }
    return values[role]()
