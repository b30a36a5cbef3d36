"""The screenshots of one application, for the app page's carousel.

URLs are what the catalog holds: ``https://`` from metainfo (loaded by QML's network access
manager, cached on disk, see :mod:`appcenter_qt.ui.network_cache`), or ``file://`` URLs
into the catalog's own media directory (``screenshots/`` beside the file; the demo uses it).
The catalog is untrusted, so a ``file://`` URL anywhere else (``file:///etc/shadow``, a FIFO
that would block the image loader for ever, a device) is dropped: only a regular file whose
real path is inside the media directory is handed to QML, checked with
:func:`appcenter_qt.support.safe_open.open_regular`. Captions are already localized along the locale
chain.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from PySide6.QtCore import (
    Property,
    QObject,
    Signal,
)

from appcenter_qt.domain import Screenshot
from appcenter_qt.models.list_model import QT_USER_ROLE, ListModel, role_names
from appcenter_qt.support.safe_open import open_regular

_WEB_SCHEMES = ("https://", "http://")
#: Where a catalog keeps its local media, relative to the catalog file's directory.
MEDIA_DIRECTORY = "screenshots"
log = logging.getLogger(__name__)


class ScreenshotRole(enum.IntEnum):
    """Appended, never renumbered."""

    URL = QT_USER_ROLE + 1
    THUMBNAIL_URL = enum.auto()
    CAPTION = enum.auto()
    IMAGE_WIDTH = enum.auto()
    IMAGE_HEIGHT = enum.auto()


_ROLE_NAMES = role_names(ScreenshotRole)


def media_url(url: str, media_dir: Path | None) -> str:
    """The URL QML may load, or ``""``: http(s) as is; ``file://`` only for a regular file
    inside ``media_dir`` (symlinks resolved first); nothing else (``image://``, ``qrc:``,
    ``data:``, ``javascript:``)."""
    if url.startswith(_WEB_SCHEMES):
        return url
    if not url.startswith("file://") or media_dir is None:
        return ""
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost") or parts.query or parts.fragment:
        return ""
    try:
        real = Path(unquote(parts.path)).resolve(strict=True)
        if not real.is_relative_to(media_dir.resolve(strict=True)):
            log.warning("screenshot %s is outside the catalog's media directory", url[:200])
            return ""
        with open_regular(real, follow_symlinks=False):
            pass
    except (OSError, ValueError) as error:
        log.warning("screenshot %s not usable: %s", url[:200], error)
        return ""
    return real.as_uri()


#: url, thumbnail url, caption, width, height
_Shot = tuple[str, str, str, int, int]
#: The carousel's shape when the catalog gives no sizes (most screenshots are 16:10 or 16:9).
DEFAULT_ASPECT = 1.6
#: Bounds on that shape: a very tall or very wide picture still gets a usable stage.
MIN_ASPECT, MAX_ASPECT = 1.0, 2.4


def stage_aspect(sizes: Sequence[tuple[int, int]]) -> float:
    """Width / height of the carousel's stage: the median of the screenshots' known shapes
    (the catalog's sizes, so the page's layout is right before any picture has loaded)."""
    shapes = sorted(w / h for w, h in sizes if w > 0 and h > 0)
    if not shapes:
        return DEFAULT_ASPECT
    return min(MAX_ASPECT, max(MIN_ASPECT, shapes[len(shapes) // 2]))


class ScreenshotsModel(ListModel[_Shot]):
    ROLE_NAMES = _ROLE_NAMES
    DISPLAY_ROLE = ScreenshotRole.CAPTION
    countChanged = Signal()

    def __init__(self, parent: QObject | None = None, media_dir: Path | None = None) -> None:
        super().__init__(parent)
        #: The catalog's media directory; ``None`` allows no local files at all.
        self.media_dir = media_dir
        self._aspect = DEFAULT_ASPECT

    def set_screenshots(self, screenshots: Sequence[Screenshot], chain: Sequence[str]) -> None:
        rows = []
        for shot in screenshots:
            source = shot.source
            if source is None:
                continue
            thumbs = [image for image in shot.images if image.thumbnail]
            thumb = min(thumbs, key=lambda i: i.width, default=source)
            caption = shot.caption.get(chain) or ""
            url = media_url(source.url, self.media_dir)
            thumb_url = url if thumb is source else media_url(thumb.url, self.media_dir)
            rows.append((url, thumb_url, caption, source.width, source.height))
        self._aspect = stage_aspect([(row[3], row[4]) for row in rows])
        self.reset_rows(rows)
        self.countChanged.emit()

    def _get_count(self) -> int:
        return len(self._rows)

    def _get_aspect(self) -> float:
        return self._aspect

    count = Property(int, _get_count, notify=countChanged)
    aspect = Property(float, _get_aspect, notify=countChanged)

    def role_data(self, row: _Shot, role: int) -> Any:
        url, thumb, caption, width, height = row
        values: dict[int, Any] = {
            ScreenshotRole.URL: url,
            ScreenshotRole.THUMBNAIL_URL: thumb,
            ScreenshotRole.CAPTION: caption,
            ScreenshotRole.IMAGE_WIDTH: width,
            ScreenshotRole.IMAGE_HEIGHT: height,
        }
        return values.get(role)
