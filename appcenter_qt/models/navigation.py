"""Which page the window shows, with a back history: kept in Python so a ``--page`` option, a
second launch's ``appstream://`` URL and QML clicks all go through the same few slots.

Page names are :class:`~appcenter_qt.domain.pages.Page`; QML compares ``page`` with the
constant ``pages`` map (``navigation.page === navigation.pages.app``) instead of spelling
them, so a renamed or added page cannot leave a stale string literal behind."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot

from appcenter_qt.domain.pages import Page


class Navigation(QObject):
    pageChanged = Signal()
    appIdChanged = Signal()
    canGoBackChanged = Signal()
    #: An application page was asked for (also when it is already shown).
    appRequested = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._page = Page.BROWSE
        self._app_id = ""
        self._history: list[tuple[Page, str]] = []

    def _get_page(self) -> str:
        return str(self._page)

    def _get_pages(self) -> dict[str, Any]:
        return {page.name.lower(): str(page) for page in Page}

    def _get_app_id(self) -> str:
        return self._app_id

    def _get_can_go_back(self) -> bool:
        return bool(self._history)

    page = Property(str, _get_page, notify=pageChanged)
    #: ``{"browse": "browse", "app": "app", …}``: every :class:`Page`, for QML comparisons.
    pages = Property(dict, _get_pages, constant=True)  # a QVariantMap in QML
    appId = Property(str, _get_app_id, notify=appIdChanged)
    canGoBack = Property(bool, _get_can_go_back, notify=canGoBackChanged)

    def _go(self, page: Page, app_id: str, remember: bool = True) -> None:
        if remember and (page, app_id) != (self._page, self._app_id):
            self._history.append((self._page, self._app_id))
            del self._history[:-50]
            self.canGoBackChanged.emit()
        if app_id != self._app_id:
            self._app_id = app_id
            self.appIdChanged.emit()
        if page != self._page:
            self._page = page
            self.pageChanged.emit()

    @Slot(str)
    def openApp(self, app_id: str) -> None:
        if app_id:
            self._go(Page.APP, app_id)
            self.appRequested.emit(app_id)

    def adopt_canonical_id(self, requested: str, canonical: str) -> None:
        """The app page was asked for ``org.kde.kcalc`` and the catalog knows it as
        ``org.kde.kcalc.desktop``: from now on the page's id is the canonical one, so
        install state and updates, which are keyed by it, match."""
        if self._page == Page.APP and self._app_id == requested and canonical != requested:
            self._app_id = canonical
            self.appIdChanged.emit()

    @Slot()
    def showBrowse(self) -> None:
        self._go(Page.BROWSE, self._app_id)

    @Slot()
    def showUpdates(self) -> None:
        self._go(Page.UPDATES, self._app_id)

    @Slot()
    def back(self) -> None:
        if not self._history:
            return
        page, app_id = self._history.pop()
        self.canGoBackChanged.emit()
        self._go(page, app_id, remember=False)
        if page == Page.APP:
            self.appRequested.emit(app_id)
