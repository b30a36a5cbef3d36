"""Remote screenshots are cached on disk, under the user cache directory.

QML's ``Image`` loads ``https://`` sources asynchronously through the engine's network
access manager; giving that manager a :class:`QNetworkDiskCache` means a screenshot seen once
shows again offline and is not downloaded twice. An unreachable URL simply ends in
``Image.Error``, which the carousel shows as a placeholder: nothing blocks the UI.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtNetwork import QNetworkAccessManager, QNetworkDiskCache
from PySide6.QtQml import QQmlApplicationEngine, QQmlNetworkAccessManagerFactory

from appcenter_qt.support import user_dirs

CACHE_BYTES = 200 * 1024 * 1024


def screenshot_cache_dir() -> Path:
    return user_dirs.cache_dir() / "screenshots"


class CachingNetworkFactory(QQmlNetworkAccessManagerFactory):
    """Every manager the engine asks for (one per loading thread): with the disk cache, and
    with local and private addresses refused when ``block_local`` (``ui/media_guard.py``)."""

    def __init__(self, directory: Path, block_local: bool = False) -> None:
        super().__init__()
        self._directory = directory
        self.block_local = block_local

    def create(self, parent: QObject) -> QNetworkAccessManager:
        from appcenter_qt.ui.media_guard import GuardedNetworkAccessManager

        manager = (
            GuardedNetworkAccessManager(parent)
            if self.block_local
            else QNetworkAccessManager(parent)
        )
        cache = QNetworkDiskCache(manager)
        cache.setCacheDirectory(str(self._directory))
        cache.setMaximumCacheSize(CACHE_BYTES)
        manager.setCache(cache)
        return manager


def install_disk_cache(
    engine: QQmlApplicationEngine, directory: Path | None = None, *, block_local: bool = False
) -> CachingNetworkFactory:
    factory = CachingNetworkFactory(directory or screenshot_cache_dir(), block_local)
    engine.setNetworkAccessManagerFactory(factory)
    engine._appcenter_network_factory = factory  # type: ignore[attr-defined]  # the engine does not own it: keep it alive
    return factory
