"""Add-ons: components that extend an application (AppStream ``type="addon"`` with
``<extends>``), such as plugins, language packs or codecs, installable from its page."""

from __future__ import annotations

from dataclasses import dataclass, field

from appcenter_qt.domain.localized import LocalizedText


@dataclass(frozen=True)
class Addon:
    """``extends`` are the ids of the applications it extends; ``packages`` the packages
    that install it."""

    id: str
    name: LocalizedText
    summary: LocalizedText = field(default_factory=LocalizedText)
    extends: tuple[str, ...] = ()
    packages: tuple[str, ...] = ()
    project_license: str = ""
