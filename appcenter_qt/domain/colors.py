"""An application's own colours, and the banner colours made from them.

Where they come from (docs/catalog-schema.md, table ``colors``): the developer's AppStream
branding colours (``<branding><color type="primary" scheme_preference="light">``) when the
metadata has them, else the icon's key colour, which the generator computes once when it
builds the catalog (:mod:`appcenter_qt.generator.key_colors`), never the front end per frame.

:func:`tile_colors` turns them into a background and a text colour for a light or a dark
window: branding for that scheme first, else the key colour softened towards the window (a
pale tint on light windows, a deep shade on dark ones, so a dark window gets no glaring
block; never as light as a light window or as dark as a dark one), then black or white
text, whichever reads better, and the background moved away from the text until the pair
reaches WCAG AA for normal text (4.5:1).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

#: ``kind`` of a developer's branding colour (AppStream ``type="primary"``).
PRIMARY = "primary"
#: ``kind`` of the colour the generator took from the icon.
KEY = "key"
SCHEMES = ("", "light", "dark")
#: WCAG 2 AA for normal text.
TEXT_CONTRAST = 4.5

_HEX = re.compile(r"#[0-9a-fA-F]{6}")
Rgb = tuple[float, float, float]


@dataclass(frozen=True, order=True)
class AppColor:
    """One colour of an application: ``kind`` :data:`PRIMARY` or :data:`KEY`; ``scheme``
    ``light``, ``dark`` or empty (either); ``value`` ``#rrggbb`` (lower case)."""

    kind: str
    scheme: str
    value: str


def parse_hex(text: str) -> str | None:
    """``#RRGGBB`` (AppStream's only form) as lower case; ``None`` for anything else, so a
    ``red`` or ``#fff`` from a metainfo file is a skipped colour, not a crash."""
    text = text.strip()
    return text.lower() if _HEX.fullmatch(text) else None


def to_rgb(value: str) -> Rgb:
    return (int(value[1:3], 16) / 255, int(value[3:5], 16) / 255, int(value[5:7], 16) / 255)


def to_hex(rgb: Rgb) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02x}" for c in rgb)


def _channel(value: float) -> float:
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def luminance(rgb: Rgb) -> float:
    """WCAG relative luminance."""
    r, g, b = (_channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Rgb, b: Rgb) -> float:
    """WCAG contrast ratio, 1 to 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _mix(a: Rgb, b: Rgb, t: float) -> Rgb:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


BLACK: Rgb = (0.0, 0.0, 0.0)
WHITE: Rgb = (1.0, 1.0, 1.0)
#: How far the key colour moves towards the window: a tint, not a poster.
_LIGHT_TINT = 0.45
_DARK_SHADE = 0.55
#: A softened tile stays this far from the window's own lightness, so it reads as a tile and
#: not as a hole (Inkscape's near-black key colour on a dark window) or as the page (a white
#: icon's tile on a light one).
_DARK_FLOOR = 0.04
_LIGHT_CEILING = 0.7


def _toward(rgb: Rgb, target: Rgb, done: Callable[[Rgb], bool]) -> Rgb:
    """``rgb`` moved towards ``target`` in small steps until ``done``."""
    for step in range(21):
        candidate = _mix(rgb, target, step / 20)
        if done(candidate):
            return candidate
    return target


def chosen_color(colors: Iterable[AppColor], dark: bool) -> tuple[str, bool] | None:
    """The colour to build on and whether it is the developer's (used as given) or the key
    colour (softened): branding for this scheme, branding for either, then the key colour."""
    scheme = "dark" if dark else "light"
    by = {(c.kind, c.scheme): c.value for c in colors}
    for key in ((PRIMARY, scheme), (PRIMARY, "")):
        if key in by:
            return by[key], True
    if (KEY, "") in by:
        return by[(KEY, "")], False
    return None


def tile_colors(colors: Iterable[AppColor], dark: bool) -> tuple[str, str] | None:
    """(background, text) as ``#rrggbb`` for a banner tile on a light or dark window, the
    pair at least :data:`TEXT_CONTRAST` apart; ``None`` without any colour (the page uses
    its accent colour then)."""
    chosen = chosen_color(colors, dark)
    if chosen is None:
        return None
    value, branded = chosen
    background = to_rgb(value)
    if not branded and dark:
        background = _mix(background, BLACK, _DARK_SHADE)
        background = _toward(background, WHITE, lambda c: luminance(c) >= _DARK_FLOOR)
    elif not branded:
        background = _mix(background, WHITE, _LIGHT_TINT)
        background = _toward(background, BLACK, lambda c: luminance(c) <= _LIGHT_CEILING)
    text = BLACK if contrast(background, BLACK) >= contrast(background, WHITE) else WHITE
    away = WHITE if text == BLACK else BLACK
    step = 0
    while contrast(background, text) < TEXT_CONTRAST and step < 20:
        step += 1
        background = _mix(background, away, 0.1)
    if contrast(background, text) < TEXT_CONTRAST:
        background = away
    return to_hex(background), to_hex(text)
