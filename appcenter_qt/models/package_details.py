"""What the sources say about the application's packages: per source the version it would
install (or has installed), the download and installed size and, for a sandboxed source, a
permissions summary. Shown on the app page under "Package", and as the source picker when
the application comes from several sources ("Debian GNU/Linux" or "flathub (Flatpak)").

The version people read is the upstream part ("43.1", :func:`human_version`); the full
package versions ("gnome-mines 1:43.1-2") go to a tooltip. Until a source answers (and
without one) the catalog's package version, else the newest announced release, stands in.

The catalog knows the package names and which source owns each (``meta.sources``, routed by
:class:`~appcenter_qt.services.source_set.SourceSet`); sizes, the current version and permissions
only the sources know, so they come from ``resolve`` + ``get_details`` on the asyncio thread, one
source after the other, and simply stay empty when a source cannot answer. The selected
source starts as the default one (the distribution first,
:func:`appcenter_qt.services.source_set.sources_for`); the picker changes it, and Install/Remove
act on it (``transactions.installFrom(appId, packageDetails.selectedSource)``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import Property, QCoreApplication, QObject, Signal, Slot

from appcenter_qt.domain import Application
from appcenter_qt.domain.backend import DetailsEvent, PackageBackend
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef
from appcenter_qt.domain.permissions import UNSAFE, Permission, ordered
from appcenter_qt.domain.releases import human_version, newest_release
from appcenter_qt.models.source_labels import source_label
from appcenter_qt.services.jobs import collect
from appcenter_qt.services.source_set import SourceSet
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher

log = logging.getLogger(__name__)


def permission_text(permission: Permission) -> str:
    """One line of the permissions summary (GNOME Software's wording, shortened)."""
    texts = {
        Permission.ESCAPE_SANDBOX: QCoreApplication.translate(
            "Permissions", "Can run programs outside its sandbox"
        ),
        Permission.FILESYSTEM_FULL: QCoreApplication.translate(
            "Permissions", "Full file system read/write access"
        ),
        Permission.FILESYSTEM_READ: QCoreApplication.translate(
            "Permissions", "Full file system read access"
        ),
        Permission.HOME_FULL: QCoreApplication.translate(
            "Permissions", "Home folder read/write access"
        ),
        Permission.HOME_READ: QCoreApplication.translate("Permissions", "Home folder read access"),
        Permission.DOWNLOADS_FULL: QCoreApplication.translate(
            "Permissions", "Download folder read/write access"
        ),
        Permission.DOWNLOADS_READ: QCoreApplication.translate(
            "Permissions", "Download folder read access"
        ),
        Permission.FILESYSTEM_OTHER: QCoreApplication.translate(
            "Permissions", "Access to some other folders"
        ),
        Permission.SYSTEM_BUS: QCoreApplication.translate(
            "Permissions", "Uses system services (system bus)"
        ),
        Permission.SESSION_BUS: QCoreApplication.translate(
            "Permissions", "Uses every session service (session bus)"
        ),
        Permission.DEVICES: QCoreApplication.translate(
            "Permissions", "Access to devices such as webcams or gaming controllers"
        ),
        Permission.X11: QCoreApplication.translate(
            "Permissions", "Uses a legacy windowing system (X11): can see other windows"
        ),
        Permission.NETWORK: QCoreApplication.translate("Permissions", "Network access"),
        Permission.SETTINGS: QCoreApplication.translate(
            "Permissions", "Can change the desktop's settings"
        ),
    }
    return texts[permission]


def no_permissions_text() -> str:
    return QCoreApplication.translate("Permissions", "No special permissions (sandboxed)")


@dataclass(frozen=True)
class SourceOption:
    """One source of the application, as the picker shows it."""

    source: str
    label: str
    #: "name version" per package, from the source (else the catalog's)
    versions: tuple[str, ...] = ()
    size: int = 0
    download: int = -1
    #: ``None``: the source says nothing about permissions (distribution packages)
    permissions: frozenset[Permission] | None = None
    #: the release version the source reports beside its refs' (a Flatpak app's "2.14.2"
    #: where its ref says "stable"); shown first, the refs stay in the tooltip
    release: str = ""
    answered: bool = False
    #: the catalog's "name version arch" of this source's packages (the page's "Package")
    packages: tuple[str, ...] = ()


class PackageDetails(QObject):
    changed = Signal()

    def __init__(
        self,
        backend: PackageBackend | SourceSet | None,
        loop: AsyncLoopThread | None,
        dispatcher: GuiDispatcher,
        locale: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._sources = SourceSet.of(backend) if loop is not None else SourceSet()
        self._loop = loop
        self._post: Callable[[Callable[[], Any]], None] = dispatcher.post
        self._locale = locale
        self._meta: dict[str, str] = {}
        self._app_id = ""
        self._options: list[SourceOption] = []
        self._selected = ""
        #: (human version, full versions) from the catalog, until a source answers
        self._fallback = ("", "")

    def set_catalog_meta(self, meta: dict[str, str]) -> None:
        """The opened catalog's meta: which source owns each origin."""
        self._meta = dict(meta)

    def load(self, app: Application) -> None:
        self._app_id = app.id
        self._fallback = _catalog_version(app)
        pairs = [(p.name, p.origin) for p in app.packages]
        routes = self._sources.route(self._meta, pairs) if self._sources else {}
        self._options = [
            SourceOption(
                source,
                source_label(source),
                _catalog_lines(app, names),
                packages=_package_lines(app, names),
            )
            for source, names in routes.items()
        ]
        self._selected = self._options[0].source if self._options else ""
        self.changed.emit()
        if self._loop is not None:
            for source, names in routes.items():
                self._loop.submit(self._query(app.id, source, names))

    async def _query(self, app_id: str, source: str, names: tuple[str, ...]) -> None:
        backend = self._sources.get(source)
        if backend is None:
            return
        try:
            resolved = await collect(backend.resolve(names))
            if resolved.error is not None:
                return
            ids = [event.package_id for event in resolved.packages]
            if not ids:
                return
            size = 0
            download = -1
            permissions: frozenset[Permission] | None = None
            release = ""
            details = await collect(backend.get_details(list(dict.fromkeys(ids))))
            for event in details.events:
                if isinstance(event, DetailsEvent):
                    release = release or event.release
                    size += max(0, event.size)
                    if event.download_size >= 0:
                        download = max(0, download) + event.download_size
                    if event.permissions is not None:
                        permissions = (permissions or frozenset()) | event.permissions
        except BackendError as error:
            log.info("no package details for %s from %s: %s", app_id, source, error)
            return
        versions = []
        for package_id in dict.fromkeys(ids):
            try:
                parsed = backend.parse_ref(package_id)
            except InvalidPackageRef:
                continue
            versions.append(f"{parsed.name} {parsed.version}".strip())
        answer = {
            "versions": tuple(versions),
            "size": size,
            "download": download,
            "permissions": permissions,
            "release": release,
            "answered": True,
        }
        self._post(lambda: self._apply(app_id, source, answer))

    def _apply(self, app_id: str, source: str, answer: dict[str, Any]) -> None:
        if app_id != self._app_id:
            return
        self._options = [
            replace(option, **answer) if option.source == source else option
            for option in self._options
        ]
        self.changed.emit()

    # -- the selected source ---------------------------------------------------------------
    def _current(self) -> SourceOption | None:
        return next((o for o in self._options if o.source == self._selected), None)

    @Slot(str)
    def select(self, source: str) -> None:
        """The picker chose ``source`` (a registry name of one of the app's sources)."""
        if source != self._selected and any(o.source == source for o in self._options):
            self._selected = source
            self.changed.emit()

    def _size_text(self, size: int) -> str:
        if size <= 0:
            return ""
        from appcenter_qt.support.formatting import format_size

        return format_size(size, self._locale)

    def _get_size_text(self) -> str:
        current = self._current()
        return self._size_text(current.size) if current else ""

    def _get_versions(self) -> list[str]:
        current = self._current()
        return list(current.versions) if current and current.answered else []

    def _get_download_size_text(self) -> str:
        """Bytes to download; "" when unknown (older PackageKit) or nothing to download."""
        current = self._current()
        return self._size_text(current.download) if current else ""

    def _get_version_text(self) -> str:
        """The version people know ("43.1"), from the source's answer, else the catalog's."""
        current = self._current()
        return (_version_text(current) if current else "") or self._fallback[0]

    def _get_version_tooltip(self) -> str:
        """Every package with its full version, one a line, for the version's tooltip."""
        current = self._current()
        if current and current.versions:
            return "\n".join(current.versions)
        return self._fallback[1]

    def _get_selected(self) -> str:
        return self._selected

    def _get_packages(self) -> list[str]:
        """The chosen source's packages ("org.test.Hello stable x86_64"), when the app has
        two or more sources; else [] and the page lists the catalog's packages as before."""
        current = self._current()
        return list(current.packages) if current and len(self._options) > 1 else []

    def _get_sources(self) -> list[dict[str, Any]]:
        """One entry per source for the picker: ``source`` (registry name), ``label``,
        ``versionText``, ``downloadSizeText``, ``sizeText``, ``permissions`` (lines),
        ``unsafe`` (some permission is a risk)."""
        shown = []
        for option in self._options:
            permissions = ordered(option.permissions or ())
            if option.permissions is None:
                lines = []
            else:
                lines = [permission_text(p) for p in permissions] or [no_permissions_text()]
            shown.append(
                {
                    "source": option.source,
                    "label": option.label,
                    "versionText": _version_text(option),
                    "downloadSizeText": self._size_text(option.download),
                    "sizeText": self._size_text(option.size),
                    "permissions": lines,
                    "unsafe": any(p in UNSAFE for p in permissions),
                }
            )
        return shown

    sizeText = Property(str, _get_size_text, notify=changed)
    versions = Property(list, _get_versions, notify=changed)
    downloadSizeText = Property(str, _get_download_size_text, notify=changed)
    versionText = Property(str, _get_version_text, notify=changed)
    versionTooltip = Property(str, _get_version_tooltip, notify=changed)
    #: The registry name of the source Install acts on ("" without a source).
    selectedSource = Property(str, _get_selected, notify=changed)
    #: The application's sources, default first (the picker shows them when there are two+).
    sources = Property(list, _get_sources, notify=changed)
    #: The packages of the chosen source, for an app with several ([] otherwise).
    packages = Property(list, _get_packages, notify=changed)


def _version_text(option: SourceOption) -> str:
    if option.release:
        return option.release
    for line in option.versions:
        version = line.rpartition(" ")[2]
        if version:
            return human_version(version)
    return ""


def _catalog_lines(app: Application, names: tuple[str, ...]) -> tuple[str, ...]:
    """The catalog's "name version" lines of these packages (until the source answers)."""
    lines = dict.fromkeys(f"{p.name} {p.version}" for p in app.packages if p.name in names)
    return tuple(line for line in lines if not line.endswith(" "))


def _package_lines(app: Application, names: tuple[str, ...]) -> tuple[str, ...]:
    """The catalog's "name version arch" of these packages, as the page's "Package" shows
    every package of a single-source app (:class:`AppDetails`)."""
    lines = (
        " ".join(part for part in (p.name, p.version, p.arch) if part)
        for p in app.packages
        if p.name in names
    )
    return tuple(dict.fromkeys(lines))


def _catalog_version(app: Application) -> tuple[str, str]:
    """(human version, full versions) from the catalog's packages, else the newest release."""
    versioned = [p for p in app.packages if p.version]
    if versioned:
        lines = dict.fromkeys(f"{p.name} {p.version}" for p in versioned)
        return human_version(versioned[0].version), "\n".join(lines)
    release = newest_release(app.releases)
    return (release.version, release.version) if release else ("", "")
