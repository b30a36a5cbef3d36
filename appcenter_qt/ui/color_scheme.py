"""The window's colours and text size when the user overrides the desktop's.

``--color-scheme light|dark`` asks Qt for that scheme (``QStyleHints.setColorScheme``, which
platform themes such as Plasma's and GNOME's follow) and also installs a matching palette,
because Fusion on platforms without a theme plugin (offscreen, bare X11) would keep its light
palette. The palettes are Breeze's light and dark colours, so screenshots look like Plasma.
``system`` (the default) changes nothing. ``--font-scale F`` multiplies the application font,
which every control and ``Theme`` (qml/AppCenter/components/Theme.qml) derive their sizes from.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette

COLOR_SCHEMES = ("system", "light", "dark")

Role = QPalette.ColorRole
Group = QPalette.ColorGroup

# Breeze (Plasma's default colour schemes): role → (active, disabled)
_BREEZE_LIGHT = {
    Role.Window: ("#eff0f1", "#e3e5e7"),
    Role.WindowText: ("#232629", "#a0a1a3"),
    Role.Base: ("#ffffff", "#f3f3f3"),
    Role.AlternateBase: ("#f7f7f7", "#ebebeb"),
    Role.Text: ("#232629", "#a8a8a8"),
    Role.Button: ("#fcfcfc", "#f0f0f0"),
    Role.ButtonText: ("#232629", "#a8a9aa"),
    Role.Highlight: ("#3daee9", "#e3e5e7"),
    Role.HighlightedText: ("#ffffff", "#a0a1a3"),
    Role.ToolTipBase: ("#f7f7f7", "#f7f7f7"),
    Role.ToolTipText: ("#232629", "#232629"),
    Role.PlaceholderText: ("#707274", "#a8a8a8"),
    Role.Link: ("#2980b9", "#a0b9cc"),
    Role.Light: ("#ffffff", "#ffffff"),
    Role.Midlight: ("#f6f7f7", "#eceeef"),
    Role.Mid: ("#c4c8cc", "#babdc0"),
    Role.Dark: ("#888e93", "#a0a4a8"),
    Role.Shadow: ("#474a4c", "#5b5f61"),
}
_BREEZE_DARK = {
    Role.Window: ("#202326", "#1e2124"),
    Role.WindowText: ("#fcfcfc", "#6e7173"),
    Role.Base: ("#141618", "#131517"),
    Role.AlternateBase: ("#1d1f22", "#1c1e21"),
    Role.Text: ("#fcfcfc", "#656768"),
    Role.Button: ("#292c30", "#272a2e"),
    Role.ButtonText: ("#fcfcfc", "#727477"),
    Role.Highlight: ("#3daee9", "#1e2124"),
    Role.HighlightedText: ("#fcfcfc", "#6e7173"),
    Role.ToolTipBase: ("#292c30", "#292c30"),
    Role.ToolTipText: ("#fcfcfc", "#fcfcfc"),
    Role.PlaceholderText: ("#a1a9b1", "#656768"),
    Role.Link: ("#1d99f3", "#2a4f6e"),
    Role.Light: ("#40464c", "#3a3f44"),
    Role.Midlight: ("#33383c", "#2e3236"),
    Role.Mid: ("#1a1c1f", "#191b1d"),
    Role.Dark: ("#101112", "#0f1011"),
    Role.Shadow: ("#080909", "#080909"),
}


def _palette(colours: dict[QPalette.ColorRole, tuple[str, str]]) -> QPalette:
    palette = QPalette()
    for role, (active, disabled) in colours.items():
        for group in (Group.Active, Group.Inactive):
            palette.setColor(group, role, QColor(active))
        palette.setColor(Group.Disabled, role, QColor(disabled))
    return palette


def light_palette() -> QPalette:
    return _palette(_BREEZE_LIGHT)


def dark_palette() -> QPalette:
    return _palette(_BREEZE_DARK)


def apply_color_scheme(app: QGuiApplication, scheme: str) -> None:
    """Force ``light`` or ``dark`` on ``app``; ``system`` leaves the desktop's choice."""
    if scheme not in COLOR_SCHEMES:
        raise ValueError(f"unknown colour scheme {scheme!r} (one of {', '.join(COLOR_SCHEMES)})")
    if scheme == "system":
        return
    from PySide6.QtCore import Qt  # its 93 enums are made on first use: only when forced

    hints = app.styleHints()
    if hasattr(hints, "setColorScheme"):  # Qt 6.8
        hints.setColorScheme(Qt.ColorScheme.Dark if scheme == "dark" else Qt.ColorScheme.Light)
    app.setPalette(dark_palette() if scheme == "dark" else light_palette())


def apply_font_scale(app: QGuiApplication, scale: float) -> None:
    """Multiply the application font (the desktop's size, or Qt's default) by ``scale``."""
    if scale == 1.0:
        return
    font = QFont(app.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * scale)
    else:
        font.setPixelSize(max(1, round(font.pixelSize() * scale)))
    app.setFont(font)


def is_dark(palette: QPalette) -> bool:
    """Whether ``palette`` is dark (its window colour), as Theme.qml decides."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


class PaletteWatch(QObject):
    """Tells when the application palette changes while the window is open (the desktop
    switched light/dark, or a test did): what Python decided from the palette at start (the
    tiles' colours, the icon theme) must be decided again. QML's colours follow by binding
    (Theme.qml reads SystemPalette).

    It listens to ``QGuiApplication.paletteChanged``, which Qt emits where it sends
    ``ApplicationPaletteChange``. An event filter on the application would see that event
    too, but also every other event of every object: each one a call into Python (and, for
    the first of each kind, its Python enums made), on every frame of the window's life."""

    changed = Signal(bool)  # dark

    def __init__(self, app: QObject) -> None:
        super().__init__(app)
        assert isinstance(app, QGuiApplication), "a window needs a QGuiApplication"
        self._app = app
        app.paletteChanged.connect(self._palette_changed)

    def _palette_changed(self, palette: QPalette) -> None:
        self.changed.emit(is_dark(palette))

    def stop(self) -> None:
        self._app.paletteChanged.disconnect(self._palette_changed)
