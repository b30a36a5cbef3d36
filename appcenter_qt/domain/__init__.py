"""The plain-Python core: data classes and rules with no Qt, SQL or D-Bus in them."""

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
from appcenter_qt.domain.localized import UNTRANSLATED, LocalizedList, LocalizedText
from appcenter_qt.domain.ratings import Rating

__all__ = [
    "PIXEL_ICON_KINDS",
    "UNTRANSLATED",
    "Application",
    "ApplicationSummary",
    "Icon",
    "IconKind",
    "LocalizedList",
    "LocalizedText",
    "Package",
    "Rating",
    "Screenshot",
    "ScreenshotImage",
]
