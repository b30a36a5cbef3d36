"""``appcenter-qt``: the entry point. Parses the arguments and starts one of three things: the
window (:class:`appcenter_qt.models.app_center.AppCenter` assembles the catalog, the sources,
the models and the QML module ``AppCenter``), ``--check-updates`` or ``--notifier``.

``--screenshot OUT.png`` renders the requested page offscreen with Qt Quick's software
renderer, waits until the models have answered and every image has loaded, saves the window
as PNG and exits: tests, docs and reviewers see exactly what a user sees.

The window's names are importable from here too (``AppCenter``, ``Options``,
``wait_until_idle``, ``scene_items``…), for tests and benchmarks; none of them imports Qt
before a window is built.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from appcenter_qt.domain.errors import AppCenterError
from appcenter_qt.domain.pages import START_PAGE, Page, page_spellings, parse_page
from appcenter_qt.models.window_options import (
    DEFAULT_SIZE,
    ORGANIZATION,
    SYSTEM_UPDATES_KEY,
    Options,
)
from appcenter_qt.ui.look import ensure_icon_theme, style_loads
from appcenter_qt.ui.scene import QML_MODULE, qml_import_dir, scene_items
from appcenter_qt.ui.translator import install_translator

if TYPE_CHECKING:
    from appcenter_qt.models.app_center import (
        SCREENSHOT_TIMEOUT_S,
        AppCenter,
        make_backend,
        wait_until_idle,
    )

#: The window's assembly, imported when first asked for: ``--notifier`` and
#: ``--check-updates`` never load the catalog reader, the sources or the models.
_WINDOW_NAMES = ("SCREENSHOT_TIMEOUT_S", "AppCenter", "make_backend", "wait_until_idle")


def __getattr__(name: str) -> Any:
    if name in _WINDOW_NAMES:
        from appcenter_qt.models import app_center

        return getattr(app_center, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_SIZE",
    "ORGANIZATION",
    "QML_MODULE",
    "SCREENSHOT_TIMEOUT_S",
    "SYSTEM_UPDATES_KEY",
    "AppCenter",
    "Options",
    "main",
    "make_backend",
    "parse_args",
    "qml_import_dir",
    "scene_items",
    "style_loads",
    "wait_until_idle",
]

log = logging.getLogger("appcenter_qt")


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
        + " (a source with several instances: every one), NAME:INSTANCE (one of them), "
        "or none (browse only)",
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
        help="offer to add the source FILE describes ("
        + ", ".join(backends.remote_file_patterns())
        + "; the desktop's handler of such files); the Sources page asks first",
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
        # what the desktop's handler of a remote's description file passes through %U
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
    """A path or ``file:`` URL of a file describing a source's remote (the registry knows
    their names), as a file manager opens one with us."""
    from appcenter_qt import backends

    return backends.describes_remote(argument) and (
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
    install_translator(app, locale)
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
    ensure_icon_theme()
    locale = options.locale or environment_locale()
    install_translator(app, locale)
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

    from appcenter_qt.ui.import_scan import answer_from_bytes

    answer_from_bytes()  # before the window's ~200 imports (issue 31)
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

    from appcenter_qt.models.app_center import AppCenter, make_backend, wait_until_idle

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
