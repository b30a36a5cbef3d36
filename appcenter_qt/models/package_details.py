"""What the source says about the application's package: the version it would install (or
has installed) and the download/installed size, shown on the app page under "Package".

The version people read is the upstream part ("43.1", :func:`human_version`); the full
package versions ("gnome-mines 1:43.1-2") go to a tooltip. Until PackageKit answers (and
without a backend) the catalog's package version, else the newest announced release, stands in.

The catalog knows the package names; sizes and the current repository version only the
package manager knows, so they come from ``Resolve`` + ``GetDetails`` on the asyncio thread,
and simply stay empty when there is no backend or it cannot answer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Property, QObject, Signal

from appcenter_qt.domain import Application
from appcenter_qt.domain.backend import DetailsEvent, ErrorEvent, PackageBackend, PackageEvent
from appcenter_qt.domain.package_ref import InvalidPackageRef
from appcenter_qt.domain.releases import human_version, newest_release
from appcenter_qt.errors import BackendError
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher

log = logging.getLogger(__name__)


class PackageDetails(QObject):
    changed = Signal()

    def __init__(
        self,
        backend: PackageBackend | None,
        loop: AsyncLoopThread | None,
        dispatcher: GuiDispatcher,
        locale: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._backend = backend if loop is not None else None
        self._loop = loop
        self._post: Callable[[Callable[[], Any]], None] = dispatcher.post
        self._locale = locale
        self._app_id = ""
        self._size = 0
        self._download = -1
        self._versions: list[str] = []
        #: (human version, full versions) from the catalog, until PackageKit answers
        self._fallback = ("", "")

    def load(self, app: Application) -> None:
        self._app_id = app.id
        self._size = 0
        self._download = -1
        self._versions = []
        self._fallback = _catalog_version(app)
        self.changed.emit()
        if self._backend is not None and self._loop is not None and app.package_names:
            self._loop.submit(self._query(app.id, app.package_names))

    async def _query(self, app_id: str, names: tuple[str, ...]) -> None:
        backend = self._backend
        assert backend is not None
        try:
            ids: list[str] = []
            async for event in backend.resolve(names):
                if isinstance(event, PackageEvent):
                    ids.append(event.package_id)
                elif isinstance(event, ErrorEvent):
                    return
            if not ids:
                return
            size = 0
            download = -1
            async for event in backend.get_details(ids):
                if isinstance(event, DetailsEvent):
                    size += max(0, event.size)
                    if event.download_size >= 0:
                        download = max(0, download) + event.download_size
        except BackendError as error:
            log.info("no package details for %s: %s", app_id, error)
            return
        versions = []
        for package_id in dict.fromkeys(ids):
            try:
                parsed = backend.parse_ref(package_id)
            except InvalidPackageRef:
                continue
            versions.append(f"{parsed.name} {parsed.version}".strip())
        self._post(lambda: self._apply(app_id, size, versions, download))

    def _apply(self, app_id: str, size: int, versions: list[str], download: int = -1) -> None:
        if app_id == self._app_id:
            self._size = size
            self._download = download
            self._versions = versions
            self.changed.emit()

    def _get_size_text(self) -> str:
        if not self._size:
            return ""
        from appcenter_qt.formatting import format_size

        return format_size(self._size, self._locale)

    def _get_versions(self) -> list[str]:
        return list(self._versions)

    def _get_download_size_text(self) -> str:
        """Bytes to download; "" when unknown (older PackageKit) or nothing to download."""
        if self._download <= 0:
            return ""
        from appcenter_qt.formatting import format_size

        return format_size(self._download, self._locale)

    def _get_version_text(self) -> str:
        """The version people know ("43.1"), from PackageKit's answer, else the catalog's."""
        for line in self._versions:
            version = line.rpartition(" ")[2]
            if version:
                return human_version(version)
        return self._fallback[0]

    def _get_version_tooltip(self) -> str:
        """Every package with its full version, one a line, for the version's tooltip."""
        return "\n".join(self._versions) if self._versions else self._fallback[1]

    sizeText = Property(str, _get_size_text, notify=changed)
    versions = Property(list, _get_versions, notify=changed)
    downloadSizeText = Property(str, _get_download_size_text, notify=changed)
    versionText = Property(str, _get_version_text, notify=changed)
    versionTooltip = Property(str, _get_version_tooltip, notify=changed)


def _catalog_version(app: Application) -> tuple[str, str]:
    """(human version, full versions) from the catalog's packages, else the newest release."""
    versioned = [p for p in app.packages if p.version]
    if versioned:
        lines = dict.fromkeys(f"{p.name} {p.version}" for p in versioned)
        return human_version(versioned[0].version), "\n".join(lines)
    release = newest_release(app.releases)
    return (release.version, release.version) if release else ("", "")
