"""The plain-Python core: data classes and rules with no Qt, SQL or D-Bus in them."""

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
