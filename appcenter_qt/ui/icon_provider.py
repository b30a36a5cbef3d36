"""Application icons for QML: ``image://appicon/<app id>/<size>``.

Icons live in the icon archive beside the catalog (:class:`IconArchive`); the models tell the
:class:`IconRegistry` which archive members (or theme names) an application has as they load
it, and the provider picks the member closest to the requested size. A missing, unreadable or
undecodable icon is drawn as a generic application icon, so a card never shows a hole. QML
may ask from its image loader threads (``asynchronous: true``): the registry is locked and the
archive reads with ``pread`` on the file it holds open (the file of the set the window opened,
whatever has been republished since; a reload hands the provider the next set's archive).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from urllib.parse import quote, unquote

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPainterPath
from PySide6.QtQuick import QQuickImageProvider

from appcenter_qt.domain import PIXEL_ICON_KINDS, Icon, IconKind
from appcenter_qt.extract.appstream.icon_archive import IconArchive, read_local_icon

PROVIDER_ID = "appicon"
MAX_ICON_SIZE = 512


def icon_url(app_id: str, size: int) -> str:
    return f"image://{PROVIDER_ID}/{quote(app_id, safe='')}/{size}"


class IconRegistry:
    """App id → its icons, filled by the models from catalog rows; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._icons: dict[str, tuple[Icon, ...]] = {}

    def remember(self, app_id: str, icons: Iterable[Icon]) -> None:
        icons = tuple(icons)
        with self._lock:
            known = self._icons.get(app_id, ())
            self._icons[app_id] = tuple(dict.fromkeys((*known, *icons)))

    def icons(self, app_id: str) -> tuple[Icon, ...]:
        with self._lock:
            return self._icons.get(app_id, ())


def _best(icons: tuple[Icon, ...], size: int) -> list[Icon]:
    """Cached or local icons closest to ``size`` first (larger preferred), then stock ones."""
    cached = [icon for icon in icons if icon.kind in PIXEL_ICON_KINDS]
    cached.sort(key=lambda i: (i.size * i.scale < size, abs(i.size * i.scale - size)))
    return cached + [icon for icon in icons if icon.kind is IconKind.STOCK]


def generic_icon(size: int) -> QImage:
    """A neutral rounded square with a window outline: "an application, no icon known"."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    margin = size / 16
    outline = QPainterPath()
    outline.addRoundedRect(
        QRectF(margin, margin, size - 2 * margin, size - 2 * margin), size / 5, size / 5
    )
    painter.fillPath(outline, QColor("#7f8c8d"))
    inner = QRectF(size * 0.25, size * 0.3, size * 0.5, size * 0.4)
    window = QPainterPath()
    window.addRoundedRect(inner, size / 24, size / 24)
    painter.fillPath(window, QColor("#ecf0f1"))
    painter.fillRect(
        QRectF(inner.x(), inner.y(), inner.width(), inner.height() * 0.18), QColor("#bdc3c7")
    )
    painter.end()
    return image


def fit(image: QImage, size: int) -> QImage:
    """``image`` made to fit ``size`` pixels: shrunk smoothly when larger, kept as it is when
    smaller. A small icon is scaled once, by the view that draws it (every icon ``Image``
    has its size set), instead of enlarged here and resampled again there."""
    if image.width() <= size and image.height() <= size:
        return image
    # Qt's namespace of enums is made on first use (15 ms): not before the first cards,
    # whose icons (the pool's 64 px ones) never shrink.
    from PySide6.QtCore import Qt

    return image.scaled(
        size, size, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
    )


class AppIconProvider(QQuickImageProvider):
    def __init__(self, archive: IconArchive | None, registry: IconRegistry) -> None:
        super().__init__(QQuickImageProvider.ImageType.Image)
        self._archive = archive
        self._registry = registry
        self._pool_root = "/"

    def set_archive(self, archive: IconArchive | None, pool_root: str = "/") -> None:
        """The archive beside the catalog, known once the catalog is open, and the root its
        ``LOCAL`` icon paths are relative to (``meta.pool_root``, ``/`` on a real system)."""
        self._archive = archive
        self._pool_root = pool_root

    def _decode(self, icon: Icon) -> QImage | None:
        if icon.kind is IconKind.CACHED and self._archive is not None:
            data = self._archive.read(icon.path)
            if data:
                image = QImage.fromData(data)
                if not image.isNull():
                    return image
        elif icon.kind is IconKind.LOCAL:
            data = read_local_icon(icon.path, self._pool_root)
            local = QImage.fromData(data) if data else None
            if local is not None and not local.isNull():
                return local
        elif icon.kind is IconKind.STOCK and QIcon.hasThemeIcon(icon.name):
            image = QIcon.fromTheme(icon.name).pixmap(QSize(128, 128)).toImage()
            if not image.isNull():
                return image
        return None

    def requestImage(self, id: str, size: QSize, requested: QSize) -> QImage:
        app_part, _, size_part = id.rpartition("/")
        app_id = unquote(app_part)
        wanted = int(size_part) if size_part.isdigit() else 64
        if requested.isValid() and requested.width() > 0:
            wanted = requested.width()
        wanted = max(8, min(wanted, MAX_ICON_SIZE))
        image = None
        for icon in _best(self._registry.icons(app_id), wanted):
            image = self._decode(icon)
            if image is not None:
                break
        image = generic_icon(wanted) if image is None else fit(image, wanted)
        if size is not None:
            size.setWidth(image.width())
            size.setHeight(image.height())
        return image
