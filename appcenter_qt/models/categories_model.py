"""The category sidebar: the freedesktop main categories people know from their Applications
menu, with how many applications each holds, and the subcategories of one main category.

Counts come from :meth:`Catalog.category_counts` (one grouped query, taken once at start:
the catalog file is read-only while the program runs). Categories without applications are
left out, so the sidebar never offers an empty page. The first row is "All applications"
(id ``""``), the unfiltered grid.
"""

from __future__ import annotations

import enum
import functools
import re
from typing import Any

from PySide6.QtCore import (
    Property,
    QCoreApplication,
    QObject,
    Signal,
    Slot,
)

from appcenter_qt.domain.categories import MAIN_CATEGORIES, SUBCATEGORIES
from appcenter_qt.models.list_model import QT_USER_ROLE, ListModel, role_names


def main_category_name(category: str) -> str:
    """The translated sidebar label of a main category (spelled out for lupdate)."""
    names = {
        "": QCoreApplication.translate("Categories", "All applications"),
        "AudioVideo": QCoreApplication.translate("Categories", "Multimedia"),
        "Development": QCoreApplication.translate("Categories", "Development"),
        "Education": QCoreApplication.translate("Categories", "Education"),
        "Game": QCoreApplication.translate("Categories", "Games"),
        "Graphics": QCoreApplication.translate("Categories", "Graphics"),
        "Network": QCoreApplication.translate("Categories", "Internet"),
        "Office": QCoreApplication.translate("Categories", "Office"),
        "Science": QCoreApplication.translate("Categories", "Science"),
        "Settings": QCoreApplication.translate("Categories", "Settings"),
        "System": QCoreApplication.translate("Categories", "System"),
        "Utility": QCoreApplication.translate("Categories", "Utilities"),
    }
    return names.get(category) or _spaced(category)


def _spaced(category: str) -> str:
    """``LogicGame`` → ``Logic Game``, ``2DGraphics`` → ``2D Graphics``, ``IRCClient`` →
    ``IRC Client``: readable subcategory ids (not translated: the spec has several hundred of
    them and menus show them rarely). A word starts at a capital followed by a lower-case
    letter, or at a capital after a lower-case letter."""
    return re.sub(r"(?<=[A-Za-z0-9])(?=[A-Z][a-z])|(?<=[a-z])(?=[A-Z])", " ", category)


#: Icon theme names for the main categories, best first: Breeze and older Adwaita have the
#: ``applications-*`` names; Adwaita 43 and later only symbolic ones (tried with ``-symbolic``).
ICON_NAMES: dict[str, tuple[str, ...]] = {
    "": ("applications-all", "view-app-grid", "view-grid"),
    "AudioVideo": ("applications-multimedia",),
    "Development": ("applications-development", "applications-engineering"),
    "Education": ("applications-education", "accessories-dictionary"),
    "Game": ("applications-games",),
    "Graphics": ("applications-graphics",),
    "Network": ("applications-internet", "network-workgroup", "web-browser"),
    "Office": ("applications-office", "x-office-document"),
    "Science": ("applications-science",),
    "Settings": ("preferences-system", "preferences-desktop"),
    "System": ("applications-system",),
    "Utility": ("applications-utilities", "applications-accessories"),
}
_OTHER = ("applications-other",)


@functools.lru_cache(maxsize=64)
def icon_name(category: str) -> str:
    """The first of the category's icon names the icon theme has (as is, then symbolic);
    the first name when the theme has none of them (a theme installed later, or Qt's own
    fallback, may still find it)."""
    from PySide6.QtGui import QIcon

    names = ICON_NAMES.get(category, _OTHER)
    for name in names:
        for candidate in (name, f"{name}-symbolic"):
            if QIcon.hasThemeIcon(candidate):
                return candidate
    return names[0]


class CategoryRole(enum.IntEnum):
    """Appended, never renumbered."""

    CATEGORY_ID = QT_USER_ROLE + 1
    NAME = enum.auto()
    COUNT = enum.auto()
    COUNT_TEXT = enum.auto()
    ICON_NAME = enum.auto()


_ROLE_NAMES = role_names(CategoryRole)


class CategoriesModel(ListModel[tuple[str, int]]):
    """Main categories (``parentCategory == ""``) or the subcategories of one."""

    ROLE_NAMES = _ROLE_NAMES
    DISPLAY_ROLE = CategoryRole.NAME
    parentCategoryChanged = Signal()

    def __init__(
        self,
        counts: dict[str, int],
        total: int,
        locale: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._counts = dict(counts)
        self._total = total
        self._locale = locale
        self._parent_category = ""
        # Until the catalog's counts come, every main category is listed without a number:
        # the sidebar and the home page's tiles are in place from the first frame (issue 31).
        self._known = bool(counts) or total > 0
        self._rows = self._compute()

    def _compute(self) -> list[tuple[str, int]]:
        if not self._parent_category:
            rows = [("", self._total)]
            if not self._known:
                return rows + [(c, 0) for c in MAIN_CATEGORIES]
            rows += [(c, self._counts[c]) for c in MAIN_CATEGORIES if self._counts.get(c)]
            return rows
        subs = SUBCATEGORIES.get(self._parent_category, ())
        return [(c, self._counts[c]) for c in subs if self._counts.get(c)]

    def set_counts(self, counts: dict[str, int], total: int) -> None:
        """Counts arrive once the catalog is open (after the first frame)."""
        self._counts = dict(counts)
        self._total = total
        self._known = True
        self.replace_rows(self._compute(), key=lambda row: row[0])

    def _get_parent(self) -> str:
        return self._parent_category

    def _set_parent(self, category: str) -> None:
        if category == self._parent_category:
            return
        self._parent_category = category
        self.reset_rows(self._compute())
        self.parentCategoryChanged.emit()

    parentCategory = Property(str, _get_parent, _set_parent, notify=parentCategoryChanged)

    def role_data(self, row: tuple[str, int], role: int) -> Any:
        category, count = row
        if role == CategoryRole.NAME:
            return main_category_name(category)
        if role == CategoryRole.CATEGORY_ID:
            return category
        if role == CategoryRole.COUNT:
            return count
        if role == CategoryRole.COUNT_TEXT:
            if not count:  # before the catalog opens: no number, and no Babel import yet
                return ""
            from appcenter_qt.support.formatting import format_count

            return format_count(count, self._locale)
        if role == CategoryRole.ICON_NAME:
            return icon_name(category)
        return None

    @Slot(str, result=str)
    def nameOf(self, category: str) -> str:
        return main_category_name(category)

    @Slot(str, result=int)
    def rowOf(self, category: str) -> int:
        for n, (known, _) in enumerate(self._rows):
            if known == category:
                return n
        return -1
