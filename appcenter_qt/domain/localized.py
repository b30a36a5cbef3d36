"""Localized values keyed by locale, the way desktop files and AppStream store them.

Keys are normalized locale names as produced by :func:`appcenter_qt.support.l10n.normalize_locale`
(``de``, ``pt_BR``, ``sr@latin``); the untranslated value lives under ``"C"``. Lookups take a
fallback chain (from :func:`appcenter_qt.support.l10n.locale_chain`) rather than one locale, so
every caller gets the same ``de_AT`` → ``de`` → untranslated behaviour.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

UNTRANSLATED = "C"


@dataclass(frozen=True)
class LocalizedText:
    """One translatable string (name, summary, description, caption) in all its locales."""

    values: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def untranslated(cls, text: str) -> LocalizedText:
        return cls({UNTRANSLATED: text})

    def get(self, chain: Iterable[str] = (UNTRANSLATED,)) -> str | None:
        """The value for the first locale of ``chain`` that has one.

        When no locale of the chain matches, the untranslated value is used, and when even
        that is missing (a catalog with only ``de`` strings) the alphabetically first locale,
        so a lookup is deterministic and never empty while any value exists.
        """
        for locale in chain:
            value = self.values.get(locale)
            if value:
                return value
        if self.values.get(UNTRANSLATED):
            return self.values[UNTRANSLATED]
        for locale in sorted(self.values):
            if self.values[locale]:
                return self.values[locale]
        return None

    def __bool__(self) -> bool:
        return any(self.values.values())

    def locales(self) -> list[str]:
        return sorted(self.values)


@dataclass(frozen=True)
class LocalizedList:
    """A translatable list (keywords): each locale has its own list, no merging across locales."""

    values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def get(self, chain: Iterable[str] = (UNTRANSLATED,)) -> tuple[str, ...]:
        for locale in chain:
            value = self.values.get(locale)
            if value:
                return value
        return self.values.get(UNTRANSLATED, ())

    def __bool__(self) -> bool:
        return any(self.values.values())

    def locales(self) -> list[str]:
        return sorted(self.values)
