"""The screenshots of one application, for the app page's carousel.

URLs are what the catalog holds: ``https://`` from metainfo (loaded by QML's network access
manager, cached on disk, see :mod:`appcenter_qt.models.network_cache`) or ``file://`` for
the demo. Captions are already localized along the locale chain.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
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
)

from appcenter_qt.domain import Screenshot

ModelIndex = QModelIndex | QPersistentModelIndex
_ALLOWED_SCHEMES = ("https://", "http://", "file://")


class ScreenshotRole(enum.IntEnum):
    """Appended, never renumbered."""

    URL = Qt.ItemDataRole.UserRole + 1
    THUMBNAIL_URL = enum.auto()
    CAPTION = enum.auto()
    WIDTH = enum.auto()
    HEIGHT = enum.auto()


_ROLE_NAMES = {
    ScreenshotRole.URL: b"url",
    ScreenshotRole.THUMBNAIL_URL: b"thumbnailUrl",
    ScreenshotRole.CAPTION: b"caption",
    ScreenshotRole.WIDTH: b"imageWidth",
    ScreenshotRole.HEIGHT: b"imageHeight",
}


def _safe(url: str) -> str:
    """Only web and file URLs reach QML's Image (no ``image://``, ``qrc:``, ``data:``)."""
    return url if url.startswith(_ALLOWED_SCHEMES) else ""


class ScreenshotsModel(QAbstractListModel):
    countChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, str, str, int, int]] = []

    def set_screenshots(self, screenshots: Sequence[Screenshot], chain: Sequence[str]) -> None:
        rows = []
        for shot in screenshots:
            source = shot.source
            if source is None:
                continue
            thumbs = [image for image in shot.images if image.thumbnail]
            thumb = min(thumbs, key=lambda i: i.width, default=source)
            caption = shot.caption.get(chain) or ""
            rows.append((_safe(source.url), _safe(thumb.url), caption, source.width, source.height))
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()
        self.countChanged.emit()

    def _get_count(self) -> int:
        return len(self._rows)

    count = Property(int, _get_count, notify=countChanged)

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def roleNames(self) -> dict[int, QByteArray]:
        names = super().roleNames()
        names.update({int(role): QByteArray(name) for role, name in _ROLE_NAMES.items()})
        return names

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        url, thumb, caption, width, height = self._rows[index.row()]
        values = {
            ScreenshotRole.URL: url,
            ScreenshotRole.THUMBNAIL_URL: thumb,
            ScreenshotRole.CAPTION: caption,
            ScreenshotRole.WIDTH: width,
            ScreenshotRole.HEIGHT: height,
            Qt.ItemDataRole.DisplayRole: caption,
        }
        return values.get(role)  # type: ignore[call-overload]
