"""The Installed page: every application on this machine, with its size, date and actions.

Where the list comes from (docs/ui.md, "Installed"):

1. the installed package names: the catalog's snapshot of the package database at first,
   replaced by the source's own answer (``get_packages(installed_only=True)``) when there is
   a source, since it is newer; their applications come from the catalog;
2. applications no package installs (a system catalog's programs from the data dirs) whose
   desktop file is present;
3. visible desktop files in the XDG ``applications`` directories that no catalog application
   names: installed applications no catalog lists, shown with their desktop file's name,
   comment and icon.

With several sources (PackageKit and Flatpak remotes) the window hands in one neutral view
over all of them (:mod:`appcenter_qt.services.merged_source`): the installed names are every
source's, and each row says which source installed it when that is not the distribution ("flathub
(Flatpak)"); Remove and Launch go through the owning source like any other.

Sizes come from the source (``get_details`` over the installed packages, summed per
application); without a source the size is unknown and the row says nothing about it. The
date is the desktop file's modification time ("installed or updated"). Remove goes through
:class:`TransactionsModel` (the page asks first), and a removed application leaves the list.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QCoreApplication, QLocale, QObject, Signal, Slot

from appcenter_qt.domain import Icon, IconKind
from appcenter_qt.domain.backend import (
    DEFAULT_SOURCE,
    DetailsEvent,
    PackageBackend,
    PackageState,
    ReferenceOwners,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef
from appcenter_qt.domain.state import AppState
from appcenter_qt.models.app_list import AppListModel, AppRole
from appcenter_qt.models.source_labels import source_label
from appcenter_qt.services.jobs import collect
from appcenter_qt.support.formatting import format_day
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher, SerialWorker
from appcenter_qt.ui.icon_provider import IconRegistry

if TYPE_CHECKING:
    from appcenter_qt.catalog.queries import Catalog

log = logging.getLogger(__name__)

#: Desktop-only rows get ids no catalog uses, so a click cannot open a wrong page.
LOCAL_PREFIX = "local:"


@dataclass(frozen=True)
class InstalledApp:
    app_id: str
    name: str
    summary: str = ""
    desktop_id: str = ""
    package_names: tuple[str, ...] = ()
    date: float = 0.0
    size: int = -1
    in_catalog: bool = True
    # (package name, catalog origin) of its packages: which source removes it
    package_origins: tuple[tuple[str, str], ...] = ()


def collect_installed(
    catalog: Catalog,
    installed: frozenset[str] | None,
    application_dirs: Sequence[Any],
) -> tuple[list[InstalledApp], dict[str, tuple[Icon, ...]]]:
    """The installed applications (worker thread): from the package names, the unpackaged
    catalog applications and the desktop files; plus icons for the desktop-only rows."""
    # here, not at the top: the desktop file reader is 10-15 ms of a window's start, and this
    # runs on the worker when the Installed page is first loaded
    from appcenter_qt.extract.pool.installed_desktop import scan_applications

    desktops = {d.desktop_id: d for d in scan_applications(application_dirs)}
    by_desktop = catalog.desktop_ids()
    desktop_of = {app_id: desktop_id for desktop_id, app_id in by_desktop.items()}
    ids: list[str] = []
    if installed:
        for app_ids in catalog.app_ids_for_packages(installed).values():
            ids.extend(app_ids)
    ids.extend(
        app_id
        for app_id in catalog.without_packages()
        if desktop_of.get(app_id) in desktops or f"{app_id}.desktop" in desktops
    )
    rows: list[InstalledApp] = []
    # the catalog's icon for the applications it knows (a generic square otherwise: the
    # registry learns icons from the models that load cards, and this page loads none)
    icons: dict[str, tuple[Icon, ...]] = {}
    for summary in catalog.summaries(ids):
        if summary.icon is not None:
            icons[summary.id] = (summary.icon,)
        desktop_id = desktop_of.get(summary.id) or (
            f"{summary.id}.desktop" if f"{summary.id}.desktop" in desktops else ""
        )
        found = desktops.get(desktop_id)
        packages = tuple(n for n in summary.package_names if installed and n in installed)
        origins = tuple(p for p in summary.package_origins if p[0] in (packages or p[0],))
        rows.append(
            InstalledApp(
                summary.id,
                summary.name,
                summary.summary,
                desktop_id,
                packages or summary.package_names,
                found.mtime if found else 0.0,
                package_origins=origins,
            )
        )
    known = set(by_desktop) | {row.desktop_id for row in rows}
    known |= {f"{row.app_id}.desktop" for row in rows}
    for desktop_id, found in desktops.items():
        if desktop_id in known:
            continue
        entry = found.entry
        app_id = LOCAL_PREFIX + desktop_id.removesuffix(".desktop")
        name = _localized(entry.name, catalog.chain) or desktop_id.removesuffix(".desktop")
        summary_text = _localized(entry.comment, catalog.chain) or _localized(
            entry.generic_name, catalog.chain
        )
        rows.append(
            InstalledApp(app_id, name, summary_text, desktop_id, (), found.mtime, in_catalog=False)
        )
        if entry.icon and "/" not in entry.icon:
            icons[app_id] = (Icon(IconKind.STOCK, entry.icon),)
    return rows, icons


def _localized(values: dict[str, str], chain: Sequence[str]) -> str:
    for locale in chain:
        if values.get(locale):
            return values[locale]
    return values.get("C", "")


def size_text(size: int) -> str:
    """The size in the UI locale, in binary units as the app page and Updates show them
    ("5.0 KiB"): the same bytes must not read "5.1 kB" on one page and "5.0 KiB" on another."""
    if size < 0:
        return ""
    return QLocale().formattedDataSize(size, 1, QLocale.DataSizeFormat.DataSizeIecFormat)


def date_text(stamp: float, locale: str | None = None) -> str:
    """ "Installed or updated Oct 11, 2026" in the window's locale (Babel, as the app page's
    release dates): Qt's C locale wrote "11 10 2026" (issue 32)."""
    if stamp <= 0:
        return ""
    day = format_day(dt.date.fromtimestamp(stamp), locale)
    return QCoreApplication.translate("Installed", "Installed or updated %1").replace("%1", day)


class InstalledModel(AppListModel[InstalledApp]):
    """The installed applications in the order found; the page orders them through
    :class:`~appcenter_qt.models.app_proxies.InstalledSortProxy`."""

    #: listed because installed: so until a source or a change says otherwise
    UNKNOWN_STATE = AppState.INSTALLED
    countChanged = Signal()
    loadingChanged = Signal()
    sizesChanged = Signal()
    #: The rows changed (the window registers them with the transactions model).
    refreshed = Signal()

    def __init__(
        self,
        worker: SerialWorker,
        backend: PackageBackend | None,
        loop: AsyncLoopThread | None,
        dispatcher: GuiDispatcher,
        icons: IconRegistry | None = None,
        application_dirs: Callable[[], Sequence[Any]] | None = None,
        parent: QObject | None = None,
        locale: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._locale = locale
        from appcenter_qt.ui.launcher import application_dirs as default_dirs

        self._worker = worker
        self._backend = backend if loop is not None else None
        self._loop = loop
        self._post = dispatcher.post
        self._icons = icons
        self._dirs = application_dirs or default_dirs
        self._catalog: Catalog | None = None
        self._installed: frozenset[str] | None = None
        self._live = False
        self._sizes: dict[str, int] = {}
        self._loading = False
        self._generation = 0
        self._all: list[InstalledApp] = []
        #: installed package name → the source that installed it (when not the default)
        self._source_of: dict[str, str] = {}

    # -- set-up ----------------------------------------------------------------------------
    def set_catalog(self, catalog: Catalog, snapshot: frozenset[str] | None) -> None:
        self._catalog = catalog
        if not self._live:
            self._installed = snapshot
        self.refresh()
        self._ask_backend()

    @Slot()
    def refresh(self) -> None:
        """Read the list again (after an install or removal, or from the page)."""
        catalog = self._catalog
        if catalog is None:
            return
        self._generation += 1
        generation = self._generation
        installed, dirs = self._installed, list(self._dirs())
        self._set_loading(True)
        self._worker.submit(
            lambda: collect_installed(catalog, installed, dirs),
            lambda result, error: self._apply(generation, result, error),
        )

    def _apply(self, generation: int, result: Any, error: BaseException | None) -> None:
        if generation != self._generation:
            return
        self._set_loading(False)
        if error is not None or result is None:
            log.warning("the installed applications could not be listed: %s", error)
            return
        rows, icons = result
        if self._icons is not None:
            for app_id, found in icons.items():
                self._icons.remember(app_id, found)
        self._all = rows
        self._show()
        self.refreshed.emit()

    def _show(self) -> None:
        before = len(self._rows)
        rows = [replace(row, size=self._size_of(row)) for row in self._all]
        self.replace_rows(rows, key=lambda row: row.app_id)
        if before != len(self._rows):
            self.countChanged.emit()

    def _size_of(self, row: InstalledApp) -> int:
        sizes = [self._sizes[name] for name in row.package_names if name in self._sizes]
        return sum(sizes) if sizes else -1

    # -- the source's answers ----------------------------------------------------------------
    def ask_sources(self) -> None:
        """Ask the sources again which packages are installed (the window's sources grew:
        Flatpak's remotes are listed after the first cards); before a catalog, nothing,
        since opening one asks."""
        if self._catalog is not None:
            self._ask_backend()

    def _ask_backend(self) -> None:
        if self._backend is not None and self._loop is not None:
            self._loop.submit(self._list_installed(self._backend))

    async def _list_installed(self, backend: PackageBackend) -> None:
        ids: dict[str, str] = {}
        # the merged view of several sources says which one each reference came from
        owner = backend.owner if isinstance(backend, ReferenceOwners) else None
        sources: dict[str, str] = {}
        try:
            listed = await collect(backend.get_packages(installed_only=True))
            if listed.error is not None:
                raise BackendError(str(listed.error.kind), listed.error.message)
            for package_id in listed.package_ids(PackageState.INSTALLED):
                name = self._name(backend, package_id)
                if name:
                    ids[package_id] = name
                    sources[name] = owner(package_id) if owner else backend.name
        except BackendError as error:
            log.info("cannot list installed packages: %s", error)
            return
        names = frozenset(ids.values())
        self._post(lambda: self._live_names(names, sources))
        wanted = self._wanted_ids(ids)
        sizes: dict[str, int] = {}
        if wanted:
            try:
                details = await collect(backend.get_details(wanted))
                for event in details.events:
                    if isinstance(event, DetailsEvent) and event.size > 0:
                        name = ids.get(event.package_id)
                        if name:
                            sizes[name] = sizes.get(name, 0) + event.size
            except BackendError as error:
                log.info("cannot read package sizes: %s", error)
        if sizes:
            self._post(lambda: self._set_sizes(sizes))

    def _wanted_ids(self, ids: dict[str, str]) -> list[str]:
        """Installed package ids of the applications' own packages (not every library)."""
        catalog = self._catalog
        if catalog is None:
            return []
        names = set(catalog.app_ids_for_packages(set(ids.values())))
        return [pid for pid, name in ids.items() if name in names][:5000]

    @staticmethod
    def _name(backend: PackageBackend, package_id: str) -> str | None:
        try:
            return backend.parse_ref(package_id).name
        except InvalidPackageRef:
            return None

    def _live_names(self, names: frozenset[str], sources: dict[str, str] | None = None) -> None:
        self._live = True
        before = self._source_of
        self._source_of = {n: s for n, s in (sources or {}).items() if s != DEFAULT_SOURCE}
        if before != self._source_of and names == self._installed:
            self._show()
        if names != self._installed:
            self._installed = names
            self.refresh()

    def _set_sizes(self, sizes: dict[str, int]) -> None:
        self._sizes.update(sizes)
        self._show()
        self.sizesChanged.emit()

    # -- after a change ----------------------------------------------------------------------
    def transaction_finished(self, app_id: str, action: str, success: bool) -> None:
        """A removal took the application off the list; an install may add one."""
        if not success:
            return
        if action == "remove":
            self._all = [row for row in self._all if row.app_id != app_id]
            self._show()
        if self._installed is not None and self._catalog is not None:
            self._ask_backend()

    # -- the model ---------------------------------------------------------------------------
    def app_id_of(self, row: InstalledApp) -> str:
        return row.app_id

    def app_data(self, row: InstalledApp, role: int) -> Any:
        if role == AppRole.NAME:
            return row.name
        if role == AppRole.SUMMARY:
            return row.summary
        if role == AppRole.PACKAGE_NAMES:
            return list(row.package_names)
        if role == AppRole.SIZE:
            return float(row.size)
        if role == AppRole.SIZE_TEXT:
            return size_text(row.size)
        if role == AppRole.DATE:
            return row.date
        if role == AppRole.DATE_TEXT:
            return date_text(row.date, self._locale)
        if role == AppRole.DESKTOP_ID:
            return row.desktop_id
        if role == AppRole.IN_CATALOG:
            return row.in_catalog
        if role == AppRole.CAN_REMOVE:
            return bool(row.package_names)
        if role == AppRole.SOURCE_TEXT:
            source = next(
                (self._source_of[n] for n in row.package_names if n in self._source_of), ""
            )
            return source_label(source) if source else ""
        return None

    def unpackaged_ids(self) -> list[str]:
        """Catalog applications listed as installed with no package (found by their desktop
        file): installed for every other page too."""
        return [row.app_id for row in self._all if row.in_catalog and not row.package_names]

    def registrations(
        self,
    ) -> list[tuple[str, str, tuple[str, ...], tuple[tuple[str, str], ...]]]:
        """(app id, name, package names, (name, origin) pairs) of every removable row, for
        the actions model."""
        return [
            (r.app_id, r.name, r.package_names, r.package_origins)
            for r in self._all
            if r.package_names
        ]

    # -- properties --------------------------------------------------------------------------
    def _set_loading(self, loading: bool) -> None:
        if loading != self._loading:
            self._loading = loading
            self.loadingChanged.emit()

    def _get_loading(self) -> bool:
        return self._loading

    def _get_count(self) -> int:
        return len(self._rows)

    def _get_sizes_known(self) -> bool:
        return bool(self._sizes)

    loading = Property(bool, _get_loading, notify=loadingChanged)
    count = Property(int, _get_count, notify=countChanged)
    #: Whether the source told any sizes (the size sort is offered only then).
    sizesKnown = Property(bool, _get_sizes_known, notify=sizesChanged)
