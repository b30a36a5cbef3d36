"""One window assembled: the catalog, the sources, the models QML sees and the QML engine
(:class:`AppCenter`), and the screenshot's wait until the page has settled.

The entry point (``app.py``) parses the arguments and starts this; Qt is imported when a
window is built, so ``appcenter-qt --help`` stays quick.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from appcenter_qt.domain.errors import AppCenterError
from appcenter_qt.domain.pages import Page, parse_page
from appcenter_qt.models.window_options import ORGANIZATION, SYSTEM_UPDATES_KEY, Options
from appcenter_qt.models.window_sources import make_backend, setup_hint_pairs, source_managers
from appcenter_qt.ui.look import apply_look, ensure_icon_theme, restore_look, use_style
from appcenter_qt.ui.scene import QML_MODULE, qml_import_dir, scene_items
from appcenter_qt.ui.translator import install_translator

log = logging.getLogger("appcenter_qt")

__all__ = ["SCREENSHOT_TIMEOUT_S", "AppCenter", "make_backend", "wait_until_idle"]

SCREENSHOT_TIMEOUT_S = 20.0
# When the sources' managers are loaded after the window was built: its first cards come
# 50-150 ms after it.
_MANAGERS_AFTER_MS = 400
# The pages whose first cards come before Flatpak's remotes are listed (window_sources.py):
# the others list every source's packages, updates or versions, complete from the start.
_CARDS_FIRST = (Page.HOME, Page.BROWSE)


class AppCenter:
    """Everything one window needs, built in order; ``close()`` tears it down."""

    def __init__(self, options: Options, backend: Any = None, backend_reason: str = "") -> None:
        from appcenter_qt.ui.import_scan import answer_from_bytes

        answer_from_bytes()  # PySide's look at each import, for the imports below
        from PySide6.QtCore import QCoreApplication, QSettings, QTimer
        from PySide6.QtQml import QQmlApplicationEngine
        from PySide6.QtQuick import QQuickWindow

        from appcenter_qt.models.app_details import AppDetails
        from appcenter_qt.models.apps_model import AppsModel
        from appcenter_qt.models.catalog_source import CatalogSource
        from appcenter_qt.models.categories_model import CategoriesModel
        from appcenter_qt.models.navigation import Navigation
        from appcenter_qt.models.package_details import PackageDetails
        from appcenter_qt.models.transactions_model import TransactionsModel
        from appcenter_qt.models.updates_model import UpdatesModel
        from appcenter_qt.support.l10n import environment_locale
        from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher, SerialWorker
        from appcenter_qt.ui.icon_provider import PROVIDER_ID, AppIconProvider, IconRegistry
        from appcenter_qt.ui.launcher import Launcher
        from appcenter_qt.ui.network_cache import install_disk_cache

        app = QCoreApplication.instance()
        assert app is not None, "create the QGuiApplication first"
        self.options = options
        from appcenter_qt.services.source_set import SourceSet

        #: Every source of this window (``backend`` may be one source already built).
        self.source_set = SourceSet.of(backend)
        start_page = parse_page(options.page).page
        # Opened on the Sources page or with a remote's file: the managers at once too.
        eager = bool(options.add_remote) or start_page == Page.SOURCES
        if eager or start_page not in _CARDS_FIRST:
            self.source_set.settle()  # a page that lists every source's, complete at once
        #: Its names as the first cards ask them (Flatpak's remotes may be listed later).
        self._first_sources = self.source_set.names
        #: One neutral source over all of them, for the pages that list every source's.
        combined = self.source_set.combined()
        self.backend = combined
        self.locale = options.locale or environment_locale()
        self.translator = install_translator(app, self.locale)
        # The reason is made before the translator exists (main() picks the backend first):
        # translated here; a reason that is not a source string comes back unchanged.
        backend_reason = QCoreApplication.translate("App", backend_reason)
        self._look = apply_look(app, options.color_scheme, options.font_scale)
        self.catalog: Any = None
        #: the sidebar's counts are being made (after the first page's queries)
        self._counting = False
        self.dispatcher = GuiDispatcher()
        self.worker = SerialWorker(self.dispatcher)
        self.catalog_source = CatalogSource(self.worker, options.catalog, self.locale)
        # The sources' managers (Flatpak remotes) work without a package backend too. Their
        # libraries are loaded after the first cards (_attach_managers), unless the window
        # opens on their page or with a file for them.
        self.managers = source_managers() if eager else []
        self._managers_pending = not eager
        self.loop = AsyncLoopThread() if self.source_set or self.managers else None
        self.icons = IconRegistry()
        self.icon_provider = AppIconProvider(None, self.icons)

        self.apps = AppsModel(None, self.worker, self.icons)
        self.categories = CategoriesModel({}, 0, self.locale)
        self.subcategories = CategoriesModel({}, 0, self.locale)
        self.app_details = AppDetails(None, self.worker, self.icons)
        self.navigation = Navigation()
        self.transactions = TransactionsModel(
            self.source_set, self.loop, self.dispatcher, backend_reason
        )
        self.app_details.addons_model().attach(self.transactions)
        from appcenter_qt.services.desktop_packages import configured_metapackages

        core_desktop = options.core_desktop

        self.settings = QSettings(ORGANIZATION, "appcenter-qt")
        # How system packages update (docs/updater.md): the person's choice unless an
        # administrator locked it (then the box is greyed out).
        from appcenter_qt.services.update_policy import window_system_mode

        mode, locked = window_system_mode(self.settings.value(SYSTEM_UPDATES_KEY))
        self.updates = UpdatesModel(
            combined,
            self.loop,
            self.dispatcher,
            self.worker,
            self.icons,
            self.locale,
            core_desktop=configured_metapackages() if core_desktop is None else core_desktop,
            mode=mode,
            save_mode=lambda chosen: self.settings.setValue(SYSTEM_UPDATES_KEY, chosen.value),
        )
        if locked:
            from appcenter_qt.models.offline_update import OfflineUpdate

            offline = self.updates.property("offline")
            assert isinstance(offline, OfflineUpdate)
            offline.lock_mode()
        self.launcher = Launcher()
        self._make_pages(combined, backend_reason)
        self.package_details = PackageDetails(
            self.source_set, self.loop, self.dispatcher, self.locale
        )
        self._make_reviews(options.odrs_url)
        self._wire()
        from appcenter_qt.ui.color_scheme import PaletteWatch

        # Light/dark switched while the window is open: QML follows by binding; the tiles'
        # colours and the icon theme, decided in Python, are decided again.
        self.palette_watch = PaletteWatch(app)
        self.palette_watch.changed.connect(self._palette_changed)

        self.engine = QQmlApplicationEngine()
        self.warnings: list[str] = []
        self.engine.warnings.connect(self._on_warnings)
        self.style = use_style(self.engine)
        self.engine.addImageProvider(PROVIDER_ID, self.icon_provider)
        from appcenter_qt.ui.media_guard import local_media_blocked

        install_disk_cache(self.engine, block_local=local_media_blocked(options.block_local_media))
        self.engine.addImportPath(str(qml_import_dir()))
        width, height = options.size
        self.engine.setInitialProperties(
            {
                "width": width,
                "height": height,
                "apps": self.apps,
                "categories": self.categories,
                "subcategories": self.subcategories,
                "appDetails": self.app_details,
                "navigation": self.navigation,
                "transactions": self.transactions,
                "updates": self.updates,
                "packageDetails": self.package_details,
                "launcher": self.launcher,
                "catalogSource": self.catalog_source,
                "reviews": self.reviews,
                "home": self.home,
                "installed": self.installed_view,
                "sources": self.sources,
            }
        )
        self.open_page(options.page)
        self.engine.loadFromModule(QML_MODULE, "Main")
        roots = self.engine.rootObjects()
        if not roots:
            raise AppCenterError(
                "the QML user interface failed to load: " + "; ".join(self.warnings)
            )
        window = roots[0]
        if not isinstance(window, QQuickWindow):
            raise AppCenterError(f"the QML root is a {type(window).__name__}, not a window")
        self.window = window
        if not options.screenshot:
            self._restore_geometry()
        # The catalog opens once the window has shown its first frame (catalog_source.py):
        # opened while QML loads, it held the first frame back by 200 ms for no earlier
        # cards (the two threads share the interpreter; bench/ui_bench.py, issue 31).
        self.window.frameSwapped.connect(lambda: self.dispatcher.post(self.catalog_source.start))
        if self._managers_pending:
            QTimer.singleShot(_MANAGERS_AFTER_MS, self._attach_managers)

    def _attach_managers(self) -> None:
        """Load the sources for the Sources page (their managers, and what the sources that
        cannot load need), once the first cards are in."""
        if not self._managers_pending:  # loaded already, or the window closed
            return
        self._managers_pending = False
        self._list_other_sources()
        hints = setup_hint_pairs()
        self.managers = source_managers()
        if self.managers and self.loop is None:
            from appcenter_qt.ui.async_bridge import AsyncLoopThread

            self.loop = AsyncLoopThread()
        self.sources.attach_sources(self.managers, self.loop, hints)

    def _list_other_sources(self) -> None:
        """The sources ``make_backend`` left for later (Flatpak's remotes), listed now; what
        was asked of the sources before is asked again, of all of them."""
        self.source_set.settle()  # an early click may have listed them already
        if self.source_set.names == self._first_sources:
            return
        self.transactions.refresh_states(self.transactions.registry.ids())
        self.installed.ask_sources()
        self.updates.refresh()
        if self.catalog is not None:
            self.sources.load()  # their repositories (the catalog's opening asked the first)
        shown = self.app_details.application
        if shown is not None:  # the app page's source picker offers the remotes too
            self.package_details.load(shown)

    def _palette_changed(self, dark: bool) -> None:
        ensure_icon_theme(dark=dark)
        self.home.palette_changed()
        self.apps.palette_changed()

    def _catalog_opened(self, opened: Any) -> None:
        self.catalog = opened.catalog
        meta = opened.catalog.meta()
        # the icon archive the catalog worker opened with the catalog: the same set's
        self.icon_provider.set_archive(opened.icons, meta.get("pool_root") or "/")
        self.transactions.set_catalog_meta(meta)
        self.package_details.set_catalog_meta(meta)
        self.live_ratings.attach(opened.catalog)  # before the first cards are queried
        self.transactions.set_installed_snapshot(opened.installed)
        from appcenter_qt.models.catalog_source import count_catalog
        from appcenter_qt.models.first_cards import Holder, hold_until_drawn

        # The worker runs the queries in the order they are asked: the page in front first,
        # the sidebar's counts (a scan of every table for wrong-typed rows) after its cards.
        catalog = opened.catalog
        page = self.navigation.property("page")
        # the catalog's other queries and the sources' coroutines
        holders: list[Holder] = [self.worker]
        if self.loop is not None:
            holders.append(self.loop)
        if page == Page.HOME:
            if self.home.needs_banner():
                # the banner's query goes ahead; the others wait until its cards are drawn
                hold_until_drawn(holders, self.window, self.home.bannerShown)
            self.home.set_catalog(catalog)
            self.apps.set_catalog(catalog)
        else:
            first_grid = page == Page.BROWSE and self.apps.rowCount() == 0
            self.apps.set_catalog(catalog)
            if first_grid:  # the grid's query is first in line; the others wait for its cards
                hold_until_drawn(holders, self.window, self.apps.refreshed)
            self.home.set_catalog(catalog)
        self._counting = True
        self.worker.submit(
            lambda: count_catalog(catalog),
            lambda counted, error: self._catalog_counted(catalog, counted, error),
        )
        self.installed.set_catalog(opened.catalog, opened.installed)
        self.sources.set_catalog_follows(bool(self.catalog_source.property("reloadable")))
        self.sources.set_catalog(opened.catalog)
        self.app_details.set_catalog(opened.catalog)
        self.updates.set_catalog(opened.catalog)

    def _catalog_counted(self, catalog: Any, counted: Any, error: Any) -> None:
        if catalog is not self.catalog:  # another catalog was opened meanwhile
            return
        self._counting = False
        if error is not None or counted is None:
            log.warning("the catalog's categories could not be counted: %s", error)
            return
        self.categories.set_counts(counted.categories, counted.total)
        self.subcategories.set_counts(counted.categories, 0)

    def _wire(self) -> None:
        self.catalog_source.opened.connect(self._catalog_opened)
        self.apps.follow(self.transactions.registry)
        self.apps.refreshed.connect(self._apps_refreshed)
        self.apps.rowsInserted.connect(lambda *_: self._apps_refreshed())
        self.navigation.appRequested.connect(self.app_details.load)
        # Qt properties are read and written by name here: PySide6's type stubs describe a
        # ``Property`` attribute as the descriptor itself, not its value.
        self.navigation.appIdChanged.connect(
            lambda: self.transactions.set_focus(self.navigation.property("appId"))
        )
        self.app_details.loaded.connect(
            lambda app: self.navigation.adopt_canonical_id(
                self.navigation.property("appId"), app.id
            )
        )
        self.app_details.loaded.connect(self.transactions.register_application)
        self.app_details.loaded.connect(self.package_details.load)
        self.app_details.loaded.connect(self.reviews.show)
        self.live_ratings.applied.connect(self.apps.refresh)
        self.live_ratings.applied.connect(self.home.refresh)
        self.apps.categoryChanged.connect(self._category_changed)
        # What an update check found is every page's state: its cards say "Update available".
        registry = self.transactions.registry
        self.updates.countChanged.connect(
            lambda: registry.set_updatable(app.app_id for app in self.updates.plan.apps)
        )

    def _make_pages(self, backend: Any, reason: str) -> None:
        """The home, Installed and Sources pages' models, wired to the actions model."""
        from appcenter_qt.models.app_proxies import InstalledSortProxy
        from appcenter_qt.models.home_model import HomeModel
        from appcenter_qt.models.installed_model import InstalledModel
        from appcenter_qt.models.sources_model import SourcesModel

        self.home = HomeModel(self.worker, self.icons)
        self.installed = InstalledModel(
            self.worker, backend, self.loop, self.dispatcher, self.icons, locale=self.locale
        )
        #: what the Installed page shows: the list in the page's order
        self.installed_view = InstalledSortProxy(self.installed, self.installed)
        # Every source's repositories and every manager's remotes, a group each (issue 30).
        # Refresh refreshes every source (``backend``,
        # the merged view when there are several).
        self.sources = SourcesModel(
            self.source_set.first(),
            self.loop,
            self.dispatcher,
            reason,
            managers=self.managers,
            refresher=backend,
            setup_hints=[] if self._managers_pending else setup_hint_pairs(),
            source_set=self.source_set,
        )
        if self.options.add_remote:
            self.offer_remote_file(self.options.add_remote)
        self.home.follow(self.transactions.registry)
        self.installed.follow(self.transactions.registry)
        self.transactions.finished.connect(self.installed.transaction_finished)
        # A remote added, removed or refreshed: the catalog is chosen again (docs/flatpak.md).
        self.sources.catalogOutdated.connect(self._sources_changed)
        self.home.changed.connect(self._home_refreshed)
        self.installed.refreshed.connect(self._installed_refreshed)

    def _sources_changed(self) -> None:
        """The window's sources follow the remotes (a new remote's apps can be installed from
        it, a removed one's are no longer offered), then the catalog is chosen again."""
        from appcenter_qt.domain.errors import AppCenterError

        try:
            self.source_set.rescan()
        except (ImportError, AppCenterError, OSError) as error:
            log.warning("the sources could not be listed again: %s", error)
        self.catalog_source.reload()

    def offer_remote_file(self, path: str) -> None:
        """``--add-remote FILE`` (here or handed over): the Sources page asks about it."""
        self.sources.offerRemoteFile(path)
        self.navigation.showSources()

    def _register_shown(self, app_ids: Iterable[str], summary_of: Callable[[str], Any]) -> None:
        """Register what a page shows with the actions model and ask for installed state."""
        ids = []
        for app_id in app_ids:
            summary = summary_of(app_id)
            if summary is not None:
                self.transactions.register_summary(
                    app_id, summary.name, summary.package_names, summary.package_origins
                )
                ids.append(app_id)
        self.transactions.refresh_states(ids)

    def _home_refreshed(self) -> None:
        self._register_shown(self.home.shown_ids(), self.home.summary_of)

    def _installed_refreshed(self) -> None:
        registrations = self.installed.registrations()
        for app_id, name, packages, origins in registrations:
            self.transactions.register_summary(app_id, name, packages, origins)
        self.transactions.refresh_states([app_id for app_id, *_ in registrations])
        self.transactions.mark_installed(self.installed.unpackaged_ids())

    def _make_reviews(self, odrs_url: str | None) -> None:
        """Reviews and live ratings (docs/reviews.md); off when no server is configured. The
        service itself is made after the first cards (services/reviews_access.py)."""
        from appcenter_qt.models.live_ratings import LiveRatings
        from appcenter_qt.models.reviews_model import ReviewsModel
        from appcenter_qt.services.reviews_access import ReviewsAccess

        access = ReviewsAccess(self.locale, odrs_url)
        self.reviews = ReviewsModel(access, self.dispatcher, locale=self.locale)
        self.live_ratings = LiveRatings(access, self.worker, self.dispatcher)

    def _category_changed(self) -> None:
        from appcenter_qt.domain.categories import IMPLIED_MAIN, MAIN_CATEGORIES

        category: str = self.apps.property("category")
        main = category if category in MAIN_CATEGORIES else IMPLIED_MAIN.get(category)
        if main is not None or not category:
            self.subcategories.setProperty("parentCategory", main or "")

    def _apps_refreshed(self) -> None:
        self._register_shown(self.apps.loaded_ids(), self.apps.summary_of)

    def _on_warnings(self, warnings: list[Any]) -> None:
        for warning in warnings:
            text = warning.toString()
            self.warnings.append(text)
            log.warning("QML: %s", text)

    def open_page(self, page: str) -> None:
        """Show a ``--page`` value: ``home``, ``browse``, ``updates``, ``installed``,
        ``sources``, ``category:ID``, ``search:TEXT`` or ``app:ID``
        (:func:`~appcenter_qt.domain.pages.parse_page`)."""
        request = parse_page(page)
        if request.page == Page.APP:
            self.navigation.openApp(request.app_id)
        else:
            {
                Page.HOME: self.navigation.showHome,
                Page.UPDATES: self.navigation.showUpdates,
                Page.INSTALLED: self.navigation.showInstalled,
                Page.SOURCES: self.navigation.showSources,
            }.get(request.page, self.navigation.showBrowse)()
        apps = self.apps
        if request.category is not None:
            apps.setProperty("category", request.category)
        if request.search is not None:
            delay = apps.property("searchDelay")
            apps.setProperty("searchDelay", 0)
            apps.setProperty("searchText", request.search)
            apps.setProperty("searchDelay", delay)
        elif request.page == Page.BROWSE or (
            apps.property("count") == 0 and not apps.property("loading")
        ):
            self.apps.refresh()

    def _restore_geometry(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            try:
                self.window.setGeometry(geometry)
            except TypeError:
                log.debug("ignoring stored window geometry %r", geometry)

    def save_geometry(self) -> None:
        if not self.options.screenshot:
            self.settings.setValue("window/geometry", self.window.geometry())
            self.settings.sync()

    # -- screenshots -----------------------------------------------------------------------
    def busy(self) -> bool:
        """Models still answering or images still loading (the screenshot waits for both)."""
        if self.catalog_source.property("errorText"):
            return False  # nothing more is coming: show the error
        if (
            self.catalog_source.busy()  # opening, or choosing again after a source change
            or self.apps.property("loading")
            or self.app_details.property("loading")
            or self.worker.holding  # queries kept back until the first cards are drawn
            or self._counting
        ):
            return True
        if self.window.property("pagesBuilding"):
            return True  # the pages not shown yet, built in the background (Main.qml)
        page = self.navigation.property("page")
        if page == Page.APP and self.reviews.property("loading"):
            return True
        if page == Page.SOURCES and self._managers_pending:
            return True  # the sources' managers come a moment after the window
        if page == Page.UPDATES and self.updates.property("state") == "checking":
            return True
        page_models = {
            Page.HOME: self.home,
            Page.INSTALLED: self.installed,
            Page.SOURCES: self.sources,
        }
        model = page_models.get(Page(page))
        if model is not None and model.property("loading"):
            return True
        for item in scene_items(self.window.contentItem()):
            # Image items declare ``isLoading`` (Qt's status enum has no Python converter);
            # Flickables (grid, carousel) are ``moving`` while they animate to a new item.
            if item.isVisible() and (item.property("isLoading") or item.property("moving")):
                return True
        return False

    def save_screenshot(self, target: str | os.PathLike[str]) -> Path:
        """Grab the window into ``target`` (written to a temp file, then renamed)."""
        image = self.window.grabWindow()
        if image.isNull():
            raise AppCenterError(f"{target}: the window could not be grabbed")
        target = Path(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".png")
        os.close(handle)
        try:
            if not image.save(temp):  # PNG, from the suffix
                raise AppCenterError(f"{target}: cannot write PNG")
            os.chmod(temp, 0o644)  # mkstemp makes it private; a screenshot is for sharing
            os.replace(temp, target)
        finally:
            Path(temp).unlink(missing_ok=True)
        return target

    def close(self) -> None:
        import shiboken6

        self._managers_pending = False  # the timer that would load them finds nothing to do
        if not shiboken6.isValid(self.engine):
            return
        self.save_geometry()
        self.palette_watch.stop()
        # The QML scene goes first: it binds to the models, which die with this object.
        shiboken6.delete(self.engine)
        # then the page's proxy, before its source model: left to the interpreter's last
        # garbage collection, the pair was freed in an order that crashed the exit
        shiboken6.delete(self.installed_view)
        if self.loop is not None:
            # Running transactions end first, while the bus is still there to tidy up on;
            # closed after the bus they would wait for replies that never come. The held
            # ones never run; with no coroutine run, no source has anything open.
            self.loop.cancel_all()
            if self.source_set and self.loop.started():
                try:
                    self.loop.submit(self.source_set.aclose()).result(timeout=5)
                except Exception as error:  # closing a dead bus connection may fail; fine
                    log.debug("backend close: %s", error)
            self.loop.stop()
        # ODRS requests in flight end within their deadline (10 s at most).
        self.reviews.shutdown()
        self.live_ratings.shutdown()
        self.catalog_source.shutdown()  # a reload's build ends before the worker does
        self.worker.shutdown()
        if self.catalog is not None:
            self.catalog.close()
        from PySide6.QtCore import QCoreApplication

        restore_look(QCoreApplication.instance(), self._look)
        if self.translator is not None:
            # A translator outlives the window otherwise: a second AppCenter in this process
            # (tests, a future "change language") would translate with the old language.
            QCoreApplication.removeTranslator(self.translator)
            shiboken6.delete(self.translator)  # the application's child until then
            self.translator = None
        self._delete_models()

    def _delete_models(self) -> None:
        """Delete this window's own Qt objects, newest first, while the application lives.

        Their signals hold the lambdas connected to them, and the lambdas hold this object: a
        cycle through Qt that the collector cannot see. Left alone, every closed window's
        models lived until the interpreter's teardown freed them in no set order. A test
        process ended with 134 windows' worth (5,000 objects) and crashed at exit about one
        run in six; a user's quit freed 20 models that way."""
        import shiboken6
        from PySide6.QtCore import QObject

        shiboken6.delete(self.palette_watch)  # the application's child
        for value in reversed(list(vars(self).values())):
            # only what Python owns: the engine's image provider and window went with it
            owned = isinstance(value, QObject) and shiboken6.isValid(value)
            if owned and shiboken6.ownedByPython(value):
                shiboken6.delete(value)


def wait_until_idle(center: AppCenter, timeout: float = SCREENSHOT_TIMEOUT_S) -> bool:
    """Process events until models and images are done, then a few more frames."""
    from PySide6.QtCore import QCoreApplication, QEventLoop

    deadline = time.monotonic() + timeout
    quiet = 0
    while time.monotonic() < deadline:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        quiet = 0 if center.busy() else quiet + 1
        if quiet >= 5:
            return True
        time.sleep(0.01)
    return False
