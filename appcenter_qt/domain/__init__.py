"""The plain-Python core: data classes and rules with no Qt, SQL or D-Bus in them.

The names below are loaded on first use (PEP 562): importing one submodule, such as
``domain.errors`` that every command line imports, would otherwise create every data class
of the package first (15 ms of a 70 ms ``--help``; issue 31).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from appcenter_qt.domain.addons import Addon
    from appcenter_qt.domain.application import (
        PIXEL_ICON_KINDS,
        Application,
        ApplicationSummary,
        Icon,
        IconKind,
        Package,
        Screenshot,
        ScreenshotImage,
    )
    from appcenter_qt.domain.content_rating import ContentRating
    from appcenter_qt.domain.localized import UNTRANSLATED, LocalizedList, LocalizedText
    from appcenter_qt.domain.ratings import Rating
    from appcenter_qt.domain.releases import Release

#: Each name this package offers → the submodule that defines it.
_HOMES = {
    "Addon": "addons",
    "PIXEL_ICON_KINDS": "application",
    "Application": "application",
    "ApplicationSummary": "application",
    "Icon": "application",
    "IconKind": "application",
    "Package": "application",
    "Screenshot": "application",
    "ScreenshotImage": "application",
    "ContentRating": "content_rating",
    "UNTRANSLATED": "localized",
    "LocalizedList": "localized",
    "LocalizedText": "localized",
    "Rating": "ratings",
    "Release": "releases",
}

__all__ = [
    "PIXEL_ICON_KINDS",
    "UNTRANSLATED",
    "Addon",
    "Application",
    "ApplicationSummary",
    "ContentRating",
    "Icon",
    "IconKind",
    "LocalizedList",
    "LocalizedText",
    "Package",
    "Rating",
    "Release",
    "Screenshot",
    "ScreenshotImage",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # once: the next use is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
