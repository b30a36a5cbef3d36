"""The application roles, declared once, and the one list model every application list is.

Discover's ``ResourcesModel`` declares its roles once and every page's list answers them,
each page narrowing or ordering the list with a proxy. Here :class:`AppRole` is that one
declaration (the grid, the home page's rows and the Installed page bind its names), and
:class:`AppListModel` answers the roles every application row has (id, icon, state,
progress) through one code path: the state and progress come from the
:class:`~appcenter_qt.services.registry.AppRegistry`, so no page keeps its own copy. A page
that orders its rows client-side does it in a thin ``QSortFilterProxyModel``
(:mod:`appcenter_qt.models.app_proxies`); the search stays in SQL (:mod:`apps_model`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication, QPalette

from appcenter_qt.domain import ApplicationSummary
from appcenter_qt.domain.colors import tile_colors
from appcenter_qt.domain.state import AppState
from appcenter_qt.models.list_model import QT_USER_ROLE, ListModel, Row, role_names
from appcenter_qt.services.registry import AppRegistry
from appcenter_qt.ui.icon_provider import icon_url

#: ``app id → (state, percent)`` (the registry's :meth:`~AppRegistry.state_of`); percent is
#: -1 when no change runs.
StateLookup = Callable[[str], tuple[AppState, int]]


class AppRole(enum.IntEnum):
    """Every role an application row may answer. Appended, never renumbered: QML binds by
    name (``appId``, ``appState``…), tests and caches by number. A model answers ``None``
    for a role its rows do not have."""

    APP_ID = QT_USER_ROLE + 1
    NAME = enum.auto()
    SUMMARY = enum.auto()
    ICON_URL = enum.auto()
    RATING = enum.auto()
    RATING_COUNT = enum.auto()
    RATING_MEAN = enum.auto()
    APP_STATE = enum.auto()
    PROGRESS = enum.auto()
    CATEGORIES = enum.auto()
    PACKAGE_NAMES = enum.auto()
    #: The banner tile's background and text (``#rrggbb``; empty without colours):
    #: :func:`~appcenter_qt.domain.colors.tile_colors` for the window's scheme.
    TILE_COLOR = enum.auto()
    TILE_TEXT_COLOR = enum.auto()
    # -- the Installed page's rows ---------------------------------------------------------
    SIZE = enum.auto()
    SIZE_TEXT = enum.auto()
    DATE = enum.auto()
    DATE_TEXT = enum.auto()
    DESKTOP_ID = enum.auto()
    IN_CATALOG = enum.auto()
    CAN_REMOVE = enum.auto()
    #: the source it came from when not the distribution ("flathub (Flatpak)")
    SOURCE_TEXT = enum.auto()


APP_ROLE_NAMES = role_names(AppRole)
#: What a change of state redraws.
STATE_ROLES = (AppRole.APP_STATE, AppRole.PROGRESS)


def no_state(_app_id: str) -> tuple[AppState, int]:
    return AppState.UNKNOWN, -1


class AppListModel(ListModel[Row]):
    """A list of applications: the shared roles answered here, a row's own in
    :meth:`app_data`. Subclasses say how a row names its application (:meth:`app_id_of`)."""

    ROLE_NAMES = APP_ROLE_NAMES
    DISPLAY_ROLE = AppRole.NAME
    #: What a row shows while the registry knows no state for it (the Installed page lists
    #: only what is installed, so its rows are installed until a source says otherwise).
    UNKNOWN_STATE: ClassVar[AppState] = AppState.UNKNOWN

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state_of: StateLookup = no_state

    def app_id_of(self, row: Row) -> str:
        raise NotImplementedError

    def app_data(self, row: Row, role: int) -> Any:
        """A role only this model's rows have (``None`` when they do not have it)."""
        return None

    # -- the registry ----------------------------------------------------------------------
    def set_state_lookup(self, lookup: StateLookup) -> None:
        self._state_of = lookup

    def follow(self, registry: AppRegistry) -> None:
        """Show the states ``registry`` holds, and redraw a row when its state changes."""
        self.set_state_lookup(registry.state_of)
        registry.subscribe(self.app_changed)

    def rows_of(self, app_id: str) -> Iterable[int]:
        """The rows showing ``app_id`` (a model with an index by id answers faster)."""
        return (n for n, row in enumerate(self._rows) if self.app_id_of(row) == app_id)

    def app_changed(self, app_id: str) -> None:
        """State or progress of ``app_id`` changed (the registry said so)."""
        for row in self.rows_of(app_id):
            self.row_changed(row, STATE_ROLES)

    # -- the roles -------------------------------------------------------------------------
    def role_data(self, row: Row, role: int) -> Any:
        if role == AppRole.APP_ID:
            return self.app_id_of(row)
        if role == AppRole.ICON_URL:
            return icon_url(self.app_id_of(row), 64)
        if role == AppRole.APP_STATE:
            state = self._state_of(self.app_id_of(row))[0]
            return str(self.UNKNOWN_STATE if state is AppState.UNKNOWN else state)
        if role == AppRole.PROGRESS:
            return self._state_of(self.app_id_of(row))[1]
        return self.app_data(row, role)


class CardListModel(AppListModel[ApplicationSummary]):
    """Catalog applications shown as cards: the grid and the home page's rows, which show
    the same cards and so answer the same roles the same way."""

    def app_id_of(self, row: ApplicationSummary) -> str:
        return row.id

    def app_data(self, app: ApplicationSummary, role: int) -> Any:
        if role == AppRole.NAME:
            return app.name
        if role == AppRole.SUMMARY:
            return app.summary
        if role == AppRole.RATING:
            return app.rating.score if app.rating and app.rating.total else 0.0
        if role == AppRole.RATING_COUNT:
            return app.rating.total if app.rating else 0
        if role == AppRole.RATING_MEAN:
            return (app.rating.mean or 0.0) if app.rating else 0.0
        if role == AppRole.CATEGORIES:
            return list(app.categories)
        if role == AppRole.PACKAGE_NAMES:
            return list(app.package_names)
        if role in (AppRole.TILE_COLOR, AppRole.TILE_TEXT_COLOR):
            pair = tile_colors(app.colors, dark_palette()) if app.colors else None
            if pair is None:
                return ""
            return pair[0] if role == AppRole.TILE_COLOR else pair[1]
        return None

    def palette_changed(self) -> None:
        """Tile colours are picked for a light or dark palette: pick them again."""
        self.all_rows_changed((AppRole.TILE_COLOR, AppRole.TILE_TEXT_COLOR))


def dark_palette() -> bool:
    """Whether the window is dark (its palette's window colour), as Theme.qml decides."""
    app = QGuiApplication.instance()
    if not isinstance(app, QGuiApplication):
        return False
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128
