"""``appcenter-qt``: assembles the application center and runs it.

This module only wires parts together: the Qt application and its translator, the catalog
(:func:`appcenter_qt.services.system_catalog.choose_catalog`: an installed catalog, the machine's
AppStream pool, or the embedded demo when the system has neither), the sources (every one
the registry says is available, a :class:`appcenter_qt.services.source_set.SourceSet`), the models
QML sees, and the QML module ``AppCenter``. Background work runs on a catalog worker thread
and an asyncio thread (:mod:`appcenter_qt.ui.async_bridge` says why not qasync/QtAsyncio).

``--screenshot OUT.png`` renders the requested page offscreen with Qt Quick's software
renderer, waits until the models have answered and every image has loaded, saves the window
as PNG and exits: tests, docs and reviewers see exactly what a user sees.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appcenter_qt.domain.errors import AppCenterError
from appcenter_qt.domain.pages import START_PAGE, Page, page_spellings, parse_page

log = logging.getLogger("appcenter_qt")

DEFAULT_SIZE = (1280, 800)
QML_MODULE = "AppCenter"
SCREENSHOT_TIMEOUT_S = 20.0
ORGANIZATION = "appcenter-qt"
#: The setting that says how system packages update: "offline" (the default) or "live".
SYSTEM_UPDATES_KEY = "updates/systemUpdates"


@dataclass
class Options:
    catalog: str | None = None
    locale: str | None = None
    page: str = str(START_PAGE)
    screenshot: str | None = None
    size: tuple[int, int] = DEFAULT_SIZE
    backend: str = "all"
    open_argument: str | None = None
    check_updates: bool = False
    # --check-updates even if checked recently or on a metered connection.
    force: bool = False
    # The tray notifier (ui/tray_notifier.py) instead of the window.
    notifier: bool = False
    # Metapackages of the desktop: splits System infrastructure (``None``: the config file).
    core_desktop: tuple[str, ...] | None = None
    # The ratings server (``None``: environment, config file, default; "": reviews off).
    odrs_url: str | None = None
    # ``light``/``dark`` override the desktop's colours; ``font_scale`` multiplies its font.
    color_scheme: str = "system"
    font_scale: float = 1.0
    # A .flatpakrepo to offer on the Sources page (asked before it is added).
    add_remote: str | None = None
    # Refuse screenshots on local and private addresses (``None``: environment, config file).
    block_local_media: bool | None = None


def qml_import_dir() -> Path:
    """``qml/`` inside the installed package (wheel), else the checkout's ``qml/``."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "qml", here.parent / "qml"):
        if (candidate / QML_MODULE / "qmldir").is_file():
            return candidate
    raise AppCenterError(f"QML module {QML_MODULE} not found beside {here}")


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size WIDTHxHEIGHT: {text!r}") from None
    if not (320 <= width <= 8192 and 240 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"size out of range: {text!r}")
    return width, height


def _font_scale(text: str) -> float:
    try:
        scale = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.5 <= scale <= 4.0:
        raise argparse.ArgumentTypeError(f"font scale out of range 0.5-4: {text!r}")
    return scale


def _backend_choice(text: str) -> str:
    from appcenter_qt import backends

    if text in ("all", "none") or backends.is_registered(text):
        return text
    known = ", ".join(("all", *backends.names(), "none"))
    raise argparse.ArgumentTypeError(f"unknown source {text!r} (choose from {known})")


def _page(text: str) -> str:
    try:
        parse_page(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def parse_args(argv: Sequence[str] | None = None) -> Options:
    from appcenter_qt import backends

    parser = argparse.ArgumentParser(
        allow_abbrev=False,
        prog="appcenter-qt",
        description="Browse, install and remove applications.",
    )
    parser.add_argument("--catalog", metavar="FILE", help="catalog file (default: search order)")
    parser.add_argument("--locale", metavar="L", help="UI and catalog locale (default: $LANG)")
    parser.add_argument(
        "--page",
        type=_page,
        default=str(START_PAGE),
        metavar="PAGE",
        help="page to open: " + ", ".join(page_spellings()),
    )
    parser.add_argument(
        "--screenshot", metavar="OUT.png", help="render offscreen, save a PNG and exit"
    )
    parser.add_argument(
        "--size", type=_size, default=DEFAULT_SIZE, metavar="WxH", help="window size"
    )
    parser.add_argument(
        "--backend",
        type=_backend_choice,
        default=os.environ.get("APPCENTER_BACKEND", "all"),
        metavar="SOURCE",
        help="the sources to install from: all (default: every available one), one of "
        + ", ".join(backends.names())
        + " (flatpak: every remote), flatpak:REMOTE, or none (browse only)",
    )
    parser.add_argument(
        "--app", metavar="ID", help="open this application's page (e.g. org.kde.kcalc)"
    )
    parser.add_argument(
        "--check-updates",
        action="store_true",
        help="no window: look for updates and show one desktop notification if there are any "
        "(not again within [updates] check-interval-hours, not on a metered connection)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="with --check-updates: check even if checked recently or the connection is metered",
    )
    parser.add_argument(
        "--notifier",
        action="store_true",
        help="no window: a tray icon that appears while updates wait (started at login)",
    )
    parser.add_argument(
        "--core-desktop",
        metavar="PKG[,PKG…]",
        help="split System infrastructure into Core desktop (these metapackages and what they "
        "depend on) and Base platform; default: the core-desktop config file, else no split",
    )
    parser.add_argument(
        "--odrs-url",
        metavar="URL",
        help="ratings and reviews server (empty: off; default: $APPCENTER_ODRS_URL, "
        "appcenter-qt.conf, odrs.gnome.org; docs/reviews.md)",
    )
    parser.add_argument(
        "--color-scheme",
        choices=("system", "light", "dark"),
        default="system",
        help="colours: the desktop's (system), or force light or dark",
    )
    parser.add_argument(
        "--font-scale",
        type=_font_scale,
        default=1.0,
        metavar="F",
        help="multiply the desktop's font size by F (e.g. 1.6 to check big fonts)",
    )
    parser.add_argument(
        "--add-remote",
        metavar="FILE",
        help="offer to add the Flatpak source a .flatpakrepo file describes (the handler of "
        "application/vnd.flatpak.repo); the Sources page asks first",
    )
    parser.add_argument(
        "--block-local-media",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="refuse screenshots on local and private addresses (127.0.0.1, 192.168.…, "
        "169.254.…); default: $APPCENTER_BLOCK_LOCAL_MEDIA, appcenter-qt.conf, off",
    )
    parser.add_argument("url", nargs="?", help="appstream://ID or an application id to show")
    args = parser.parse_args(argv)
    if args.url and args.add_remote is None and _is_repo_file(args.url):
        # what the desktop's handler of application/vnd.flatpak.repo passes through %U
        args.add_remote, args.url = _local_path(args.url), None
    if args.app and args.url:
        parser.error("give either --app ID or a URL, not both")
    return Options(
        catalog=args.catalog,
        locale=args.locale,
        page=str(Page.SOURCES) if args.add_remote else args.page,
        screenshot=args.screenshot,
        size=args.size,
        backend=args.backend,
        open_argument=args.app or args.url,
        check_updates=args.check_updates,
        force=args.force,
        notifier=args.notifier,
        core_desktop=_core_desktop(args.core_desktop),
        odrs_url=args.odrs_url,
        color_scheme=args.color_scheme,
        font_scale=args.font_scale,
        add_remote=os.path.abspath(args.add_remote) if args.add_remote else None,
        block_local_media=args.block_local_media,
    )


def _is_repo_file(argument: str) -> bool:
    """A ``.flatpakrepo`` path or ``file:`` URL, as a file manager opens one with us."""
    return argument.endswith(".flatpakrepo") and (
        argument.startswith("file:") or "://" not in argument
    )


def _local_path(argument: str) -> str:
    from urllib.parse import unquote, urlsplit

    if not argument.startswith("file:"):
        return argument
    try:
        return unquote(urlsplit(argument).path)
    except ValueError:  # "file://[x.flatpakrepo": taken as a path; the Sources page says no
        return argument


def _core_desktop(flag: str | None) -> tuple[str, ...] | None:
    if flag is None:
        return None  # the config file decides
    from appcenter_qt.services.desktop_packages import parse_names

    return parse_names(flag, "--core-desktop")


PLASMA_STYLE = "org.kde.desktop"


def style_loads(import_paths: Sequence[str], module: str = PLASMA_STYLE) -> bool:
    """Whether ``module``'s Button builds in a scratch engine with these import paths. A
    style can be installed and still not load: KF5's is for Qt 5, and a KF6 style built
    against the distribution's Qt may refuse a pip PySide6 with another Qt (the plugins use
    Qt's private API). A style that fails would leave the window empty, so it is tried first."""
    from PySide6.QtQml import QQmlComponent, QQmlEngine

    engine = QQmlEngine()
    try:
        for path in import_paths:
            engine.addImportPath(path)
        component = QQmlComponent(engine)
        component.setData(f"import {module} as S\nS.Button {{}}\n".encode(), "file:style.qml")
        item = component.create()
        if item is None:
            log.info("style %s does not load: %s", module, component.errorString().strip())
            return False
        item.deleteLater()
        return True
    finally:
        engine.deleteLater()


def _use_style(engine: Any) -> str:
    """``org.kde.desktop`` (Plasma's own look, with Kirigami's colours) when it is installed
    for this Qt and loads, else Fusion, which follows the system palette (Theme.qml builds
    on it); ``QT_QUICK_CONTROLS_STYLE`` from the environment wins."""
    from PySide6.QtQuickControls2 import QQuickStyle

    if os.environ.get("QT_QUICK_CONTROLS_STYLE"):
        return os.environ["QT_QUICK_CONTROLS_STYLE"]
    if QQuickStyle.name():  # already chosen in this process (a second window, tests)
        return QQuickStyle.name()
    paths = engine.importPathList()
    installed = any(
        (Path(path) / Path(*PLASMA_STYLE.split(".")) / "qmldir").is_file() for path in paths
    )
    if installed and style_loads(paths):
        QQuickStyle.setStyle(PLASMA_STYLE)
        return PLASMA_STYLE
    QQuickStyle.setStyle("Fusion")
    return "Fusion"


def _install_translator(app: Any, locale: str) -> Any:
    from PySide6.QtCore import QTranslator

    from appcenter_qt.support.l10n import locale_chain

    directory = Path(__file__).resolve().parent / "translations"
    translator = QTranslator(app)
    # The sources are English, so a language without a translation (and C/POSIX) shows
    # English text: it gets the English plural forms ("1 update", not "1 update(s)").
    for candidate in (*locale_chain(locale), "en"):
        qm = directory / f"appcenter-qt_{candidate}.qm"
        if qm.is_file() and translator.load(str(qm)):
            app.installTranslator(translator)
            log.debug("translation %s", qm)
            return translator
    return None


ICON_THEMES = ("breeze", "breeze-dark", "Adwaita")
#: On a dark palette: Breeze's monochrome icons are drawn in a dark grey that almost vanishes
#: there (issue 32); breeze-dark is the same set drawn light.
DARK_ICON_THEMES = ("breeze-dark", "breeze", "Adwaita")
#: The theme this module chose (None: none yet): chosen again for each look, since a second
#: window in the process may be dark; a desktop's own choice is never replaced.
_chosen_theme: list[str] = []


def _ensure_icon_theme(dark: bool = False) -> None:
    """Without a desktop's platform theme (offscreen, a bare X session) Qt knows no icon
    theme and draws no icons at all: use an installed Breeze (breeze-dark on a dark palette)
    or Adwaita from the XDG data dirs then. A desktop's own choice is left alone."""
    from PySide6.QtGui import QIcon

    current = QIcon.themeName()
    if current and current != "hicolor" and current not in _chosen_theme:
        return
    data_dirs = os.environ.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
    roots = [Path(d) / "icons" for d in data_dirs.split(":") if d]
    roots = [root for root in roots if root.is_dir()]
    for theme in DARK_ICON_THEMES if dark else ICON_THEMES:
        if any((root / theme / "index.theme").is_file() for root in roots):
            QIcon.setThemeSearchPaths([*QIcon.themeSearchPaths(), *map(str, roots)])
            QIcon.setThemeName(theme)
            QIcon.setFallbackThemeName("hicolor")
            _chosen_theme[:] = [theme]
            return


def _apply_look(app: Any, options: Options) -> tuple[Any, Any]:
    """Colour scheme and font scale from the options; returns what to restore on close."""
    from PySide6.QtGui import QFont, QPalette

    from appcenter_qt.ui.color_scheme import apply_color_scheme, apply_font_scale

    before = (QPalette(app.palette()), QFont(app.font()))
    apply_color_scheme(app, options.color_scheme)
    _ensure_icon_theme(dark=app.palette().color(QPalette.ColorRole.Window).lightness() < 128)
    apply_font_scale(app, options.font_scale)
    return before


def _restore_look(app: Any, before: tuple[Any, Any]) -> None:
    """A second window in this process (tests) starts from the desktop's look again."""
    palette, font = before
    if app.palette() != palette:
        app.setPalette(palette)
    if app.font() != font:
        app.setFont(font)


def make_backend(kind: str) -> tuple[Any, str]:
    """The sources (a :class:`~appcenter_qt.services.source_set.SourceSet`) and, when there is none,
    why (shown instead of Install). ``all`` is every source the registry says is available
    (PackageKit and each Flatpak remote), a registry name only that one, ``none`` browse-only.
    The reason is the English source text: :class:`AppCenter` translates it once its
    translator is installed (lupdate finds it through ``QT_TRANSLATE_NOOP``)."""
    from PySide6.QtCore import QT_TRANSLATE_NOOP

    from appcenter_qt.services.source_set import SourceSet

    if kind == "none":
        return None, str(
            QT_TRANSLATE_NOOP(
                "App",
                "Installing and removing is off: appcenter-qt was started with --backend none.",
            )
        )
    try:
        sources = SourceSet.choose(kind)
        if sources.usable():  # builds each now: one that cannot start is left out, logged
            return sources, ""
        log.warning("no package source can start: %s", sources)
    except (ImportError, AppCenterError, OSError) as error:
        log.warning("no package backend: %s", error)
    return None, str(
        QT_TRANSLATE_NOOP(
            "App",
            "Installing and removing is unavailable: the PackageKit backend could not start.",
        )
    )


def _source_managers() -> list[Any]:
    """The sources' managers (Flatpak's remotes and unused runtimes) for the Sources page;
    none when a source cannot load, which the registry logs."""
    from appcenter_qt import backends

    try:
        return backends.managers()
    except (ImportError, AppCenterError, OSError) as error:
        log.warning("no source managers: %s", error)
        return []


def scene_items(root: Any) -> list[Any]:
    """Every item under ``root`` in the visual tree (QML items are visual children, not
    necessarily QObject children).

    PySide6 now and then hands back a stale wrapper of another type for a child that QML
    has just replaced (seen as a ``QMetaObject``); such an entry is skipped, not followed:
    the callers poll the scene again on the next tick."""
    from PySide6.QtQuick import QQuickItem

    found, pending = [], [root]
    while pending:
        item = pending.pop()
        if not isinstance(item, QQuickItem):
            continue
        found.append(item)
        pending.extend(item.childItems())
    return found


class AppCenter:
    """Everything one window needs, built in order; ``close()`` tears it down."""

    def __init__(self, options: Options, backend: Any = None, backend_reason: str = "") -> None:
        from PySide6.QtCore import QCoreApplication, QSettings
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
        #: One neutral source over all of them, for the pages that list every source's.
        combined = self.source_set.combined()
        self.backend = combined
        self.locale = options.locale or environment_locale()
        self.translator = _install_translator(app, self.locale)
        # The reason is made before the translator exists (main() picks the backend first):
        # translated here; a reason that is not a source string comes back unchanged.
        backend_reason = QCoreApplication.translate("App", backend_reason)
        self._look = _apply_look(app, options)
        self.catalog: Any = None
        self.dispatcher = GuiDispatcher()
        self.worker = SerialWorker(self.dispatcher)
        self.catalog_source = CatalogSource(self.worker, options.catalog, self.locale)
        # The sources' managers (Flatpak remotes) work without a package backend too.
        self.managers = _source_managers()
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
        from appcenter_qt.domain.updates import SystemUpdateMode

        self.settings = QSettings(ORGANIZATION, "appcenter-qt")
        # How system packages update (docs/updater.md): offline unless the person chose live.
        mode = SystemUpdateMode.parse(self.settings.value(SYSTEM_UPDATES_KEY))
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
        self.style = _use_style(self.engine)
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
                "installed": self.installed,
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

    def _palette_changed(self, dark: bool) -> None:
        _ensure_icon_theme(dark=dark)
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
        self.categories.set_counts(opened.counts, opened.total)
        self.subcategories.set_counts(opened.counts, 0)
        self.apps.set_catalog(opened.catalog)
        self.home.set_catalog(opened.catalog, opened.counts)
        self.installed.set_catalog(opened.catalog, opened.installed)
        self.sources.set_catalog_follows(bool(self.catalog_source.property("reloadable")))
        self.sources.set_catalog(opened.catalog)
        self.app_details.set_catalog(opened.catalog)
        self.updates.set_catalog(opened.catalog)

    def _wire(self) -> None:
        self.catalog_source.opened.connect(self._catalog_opened)
        self.apps.set_state_lookup(self.transactions.state_of)
        self.transactions.appChanged.connect(self.apps.app_changed)
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

    def _make_pages(self, backend: Any, reason: str) -> None:
        """The home, Installed and Sources pages' models, wired to the actions model."""
        from appcenter_qt.models.home_model import HomeModel
        from appcenter_qt.models.installed_model import InstalledModel
        from appcenter_qt.models.sources_model import SourcesModel
        from appcenter_qt.services.source_set import setup_hints

        self.home = HomeModel(self.worker, self.icons)
        self.installed = InstalledModel(
            self.worker, backend, self.loop, self.dispatcher, self.icons, locale=self.locale
        )
        # The repositories are the distribution's (PackageKit's); Flatpak remotes have their
        # own section there (docs/flatpak.md). Refresh refreshes every source (``backend``,
        # the merged view when there are several).
        self.sources = SourcesModel(
            self.source_set.first(),
            self.loop,
            self.dispatcher,
            reason,
            managers=self.managers,
            refresher=backend,
            setup_hints=[(hint.label, hint.packages) for hint in setup_hints()],
        )
        if self.options.add_remote:
            self.offer_remote_file(self.options.add_remote)
        for model in (self.home, self.installed):
            model.set_state_lookup(self.transactions.state_of)
            self.transactions.appChanged.connect(model.app_changed)
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
        """Reviews and live ratings (docs/reviews.md); off when no server is configured."""
        from appcenter_qt.backends.odrs import OdrsError, ReviewsService
        from appcenter_qt.models.live_ratings import LiveRatings
        from appcenter_qt.models.reviews_model import ReviewsModel

        try:
            service = ReviewsService.create(self.locale, odrs_url)
        except OdrsError as error:  # from the environment or the config file: reviews off
            log.warning("reviews are off: %s", error)
            service = None
        self.reviews = ReviewsModel(service, self.dispatcher, locale=self.locale)
        self.live_ratings = LiveRatings(service, self.worker, self.dispatcher)

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
        ):
            return True
        if self.window.property("pagesBuilding"):
            return True  # the pages not shown yet, built in the background (Main.qml)
        page = self.navigation.property("page")
        if page == Page.APP and self.reviews.property("loading"):
            return True
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

        if not shiboken6.isValid(self.engine):
            return
        self.save_geometry()
        self.palette_watch.stop()
        # The QML scene goes first: it binds to the models, which die with this object.
        shiboken6.delete(self.engine)
        if self.loop is not None:
            # Running transactions end first, while the bus is still there to tidy up on;
            # closed after the bus they would wait for replies that never come.
            self.loop.cancel_all()
            if self.source_set:
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

        _restore_look(QCoreApplication.instance(), self._look)
        if self.translator is not None:
            # A translator outlives the window otherwise: a second AppCenter in this process
            # (tests, a future "change language") would translate with the old language.
            QCoreApplication.removeTranslator(self.translator)
            self.translator = None


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


def _configure_rendering(options: Options) -> None:
    """Offscreen (screenshots, CI) uses Qt Quick's software renderer: no GPU needed and the
    same pixels on every machine."""
    from PySide6.QtQuick import QQuickWindow, QSGRendererInterface

    if options.screenshot and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if os.environ.get("QT_QPA_PLATFORM") == "offscreen":
        QQuickWindow.setGraphicsApi(QSGRendererInterface.GraphicsApi.Software)


def _check_updates(options: Options) -> int:
    """``--check-updates``: no window, no GUI platform; the notice is translated like the UI."""
    from PySide6.QtCore import QCoreApplication

    from appcenter_qt.support.l10n import environment_locale
    from appcenter_qt.ui.update_notice import run_check

    app = QCoreApplication(sys.argv[:1])
    locale = options.locale or environment_locale()
    _install_translator(app, locale)
    return run_check(options.catalog, locale, force=options.force)


def _notifier(options: Options) -> int:
    """``--notifier``: a widgets application (QSystemTrayIcon and its menu), no window."""
    from PySide6.QtWidgets import QApplication

    from appcenter_qt.support.l10n import environment_locale
    from appcenter_qt.ui.tray_notifier import run_notifier

    app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName("appcenter-qt")
    app.setQuitOnLastWindowClosed(False)
    _ensure_icon_theme()
    locale = options.locale or environment_locale()
    _install_translator(app, locale)
    return run_notifier(app, options.catalog, locale, options.backend)


def _argument_problem(options: Options) -> str:
    """One line saying which argument cannot be used ("" when all can), before any window:
    the URL to open (its page goes into ``options.page``) and the ratings server."""
    from appcenter_qt.backends.odrs import OdrsError
    from appcenter_qt.backends.odrs.http import check_url
    from appcenter_qt.domain.app_url import AppUrlError, parse_open_argument

    if options.open_argument:
        try:
            options.page = parse_open_argument(options.open_argument).page
        except AppUrlError as error:
            return str(error)
    if options.odrs_url:
        try:
            check_url(options.odrs_url.strip())
        except OdrsError as error:
            return f"--odrs-url: {error}"
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(
        level=os.environ.get("APPCENTER_LOG", "WARNING").upper(),
        format="appcenter-qt: %(levelname)s: %(message)s",
    )
    options = parse_args(argv)
    problem = _argument_problem(options)
    if problem:
        print(f"appcenter-qt: {problem}", file=sys.stderr)
        return 2
    if options.check_updates:
        return _check_updates(options)
    if options.notifier:
        return _notifier(options)
    _configure_rendering(options)
    from PySide6.QtGui import QGuiApplication, QIcon

    from appcenter_qt.ui.single_instance import SingleInstance, hand_over

    app = QGuiApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName("appcenter-qt")
    app.setDesktopFileName("org.appcenter_qt.AppCenter")
    app.setWindowIcon(QIcon.fromTheme("org.appcenter_qt.AppCenter"))

    instance = None
    if not options.screenshot:
        instance = SingleInstance()
        if not instance.listen():  # a window is open: show the request there
            if options.add_remote:
                return 0 if hand_over(options.add_remote, key="add-remote") else 1
            return 0 if hand_over(options.open_argument or "") else 1

    backend, reason = make_backend(options.backend)
    try:
        center = AppCenter(options, backend, reason)
    except AppCenterError as error:
        print(f"appcenter-qt: {error}", file=sys.stderr)
        return 2
    if instance is not None:
        instance.openRequested.connect(center.open_page)
        instance.openRequested.connect(lambda _page: center.window.requestActivate())
        instance.addRemoteRequested.connect(center.offer_remote_file)
        instance.addRemoteRequested.connect(lambda _path: center.window.requestActivate())
    # The window stays open with the message in a banner; the terminal gets it too.
    center.catalog_source.failed.connect(
        lambda message: print(f"appcenter-qt: {message}", file=sys.stderr)
    )

    if options.screenshot:
        center.window.show()
        if not wait_until_idle(center):
            print("appcenter-qt: timed out waiting for the page to load", file=sys.stderr)
        if center.catalog_source.property("errorText"):
            center.close()
            return 2
        try:
            path = center.save_screenshot(options.screenshot)
        except AppCenterError as error:
            print(f"appcenter-qt: {error}", file=sys.stderr)
            return 1
        finally:
            center.close()
        print(path)
        return 0

    app.aboutToQuit.connect(center.close)
    status = app.exec()
    if instance is not None:
        instance.close()
    return status


if __name__ == "__main__":
    sys.exit(main())
