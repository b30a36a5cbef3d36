"""What the source says about the application's package: the version it would install (or
has installed) and the download/installed size, shown on the app page under "Package".

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
        self._versions: list[str] = []

    def load(self, app: Application) -> None:
        self._app_id = app.id
        self._size = 0
        self._versions = []
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
            async for event in backend.get_details(ids):
                if isinstance(event, DetailsEvent):
                    size += max(0, event.size)
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
        self._post(lambda: self._apply(app_id, size, versions))

    def _apply(self, app_id: str, size: int, versions: list[str]) -> None:
        if app_id == self._app_id:
            self._size = size
            self._versions = versions
            self.changed.emit()

    def _get_size_text(self) -> str:
        if not self._size:
            return ""
        from appcenter_qt.formatting import format_size

        return format_size(self._size, self._locale)

    def _get_versions(self) -> list[str]:
        return list(self._versions)

    sizeText = Property(str, _get_size_text, notify=changed)
    versions = Property(list, _get_versions, notify=changed)
