"""The window's look before QML loads: the Qt Quick Controls style, an icon theme when the
platform gives none, the colour scheme and font scale; and their undoing for a second window.

Moved out of ``app.py`` (issue 30) so the entry point only parses arguments and starts.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

log = logging.getLogger("appcenter_qt")

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


def use_style(engine: Any) -> str:
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


ICON_THEMES = ("breeze", "breeze-dark", "Adwaita")
#: On a dark palette: Breeze's monochrome icons are drawn in a dark grey that almost vanishes
#: there (issue 32); breeze-dark is the same set drawn light.
DARK_ICON_THEMES = ("breeze-dark", "breeze", "Adwaita")
#: The theme this module chose (None: none yet): chosen again for each look, since a second
#: window in the process may be dark; a desktop's own choice is never replaced.
_chosen_theme: list[str] = []


def ensure_icon_theme(dark: bool = False) -> None:
    """Without a desktop's platform theme (offscreen, a bare X session) Qt knows no icon
    theme and draws no icons at all: use an installed Breeze (breeze-dark on a dark palette)
    or Adwaita from the XDG data dirs then. A desktop's own choice is left alone."""
    from PySide6.QtGui import QIcon

    current = QIcon.themeName()
    if current and current != "hicolor" and current not in _chosen_theme:
        return
    from appcenter_qt.support.user_dirs import data_dirs

    roots = [d / "icons" for d in data_dirs()]
    roots = [root for root in roots if root.is_dir()]
    for theme in DARK_ICON_THEMES if dark else ICON_THEMES:
        if any((root / theme / "index.theme").is_file() for root in roots):
            QIcon.setThemeSearchPaths([*QIcon.themeSearchPaths(), *map(str, roots)])
            QIcon.setThemeName(theme)
            QIcon.setFallbackThemeName("hicolor")
            _chosen_theme[:] = [theme]
            return


def apply_look(app: Any, color_scheme: str, font_scale: float) -> tuple[Any, Any]:
    """Colour scheme and font scale (``--color-scheme``, ``--font-scale``); returns what to
    restore on close."""
    from PySide6.QtGui import QPalette

    from appcenter_qt.ui.color_scheme import apply_color_scheme, apply_font_scale

    # Both come back by value: copies. Not QPalette(...) around it: that constructor's
    # overloads make the Python enums of Qt's whole namespace (15 ms; issue 31).
    before = (app.palette(), app.font())
    apply_color_scheme(app, color_scheme)
    ensure_icon_theme(dark=app.palette().color(QPalette.ColorRole.Window).lightness() < 128)
    apply_font_scale(app, font_scale)
    return before


def restore_look(app: Any, before: tuple[Any, Any]) -> None:
    """A second window in this process (tests) starts from the desktop's look again."""
    palette, font = before
    if app.palette() != palette:
        app.setPalette(palette)
    if app.font() != font:
        app.setFont(font)
