"""Locale negotiation: the one place that decides which translation a person sees.

**Keys.** Desktop files, gettext and libappstream's own lookup (``as_get_current_locale``)
speak POSIX locale names (``de``, ``pt_BR``, ``sr@latin``), while newer metainfo files and
Qt/KDE translations write BCP 47 tags (``pt-BR``, ``sr-Latn``, ``ca-ES-valencia``). Real
catalogs mix both, often within one component, so every reader turns a key into one
canonical POSIX spelling with :func:`normalize_locale` (rules in ``docs/catalog-schema.md``,
Conventions): language lower case, ``_Script`` only for scripts without a glibc modifier
(``zh_Hant``), territory upper case, the modifier lower case (``@latin``, ``@valencia``),
no codeset. Both spellings of one locale therefore land on one key and keep their own text
apart from every other locale's (``ca@valencia`` is not ``ca``, ``sr@latin`` is not ``sr``).

**Lookup.** :func:`locale_chain` turns what the user or environment says (``de_AT.UTF-8``,
``pt-BR``, ``sr_RS.UTF-8@latin``, ``C``) into the Desktop Entry spec's order
(``lang_COUNTRY@MODIFIER``, ``lang_COUNTRY``, ``lang@MODIFIER``, ``lang``), ending with the
untranslated value. For Chinese the territory implies the script (CLDR likely subtags:
``zh_TW`` → Traditional), so ``zh_TW`` also finds ``zh_Hant`` text before falling back to the
usually Simplified ``zh``. The parser is our own rather than Babel's ``parse_locale``, which
drops the ``@modifier`` after a codeset (``sr_RS.UTF-8@latin``); Babel only supplies the ISO
15924 script codes and likely subtags. Locales need not be known to CLDR, so pseudo-locales
such as ``en_XA`` work too.
"""

from __future__ import annotations

import functools
import os
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass

from appcenter_qt.domain.localized import UNTRANSLATED

_UNTRANSLATED_NAMES = frozenset({"", "c", "posix"})
#: Scripts glibc writes as a modifier (``sr_RS@latin``); the same table libappstream uses to
#: turn POSIX names into BCP 47. Other scripts stay a subtag (``zh_Hant``).
_SCRIPT_MODIFIERS = {"Latn": "latin", "Cyrl": "cyrillic", "Deva": "devanagari", "Shaw": "shaw"}
#: Modifiers that say nothing about the language (the old currency modifier).
_IGNORED_MODIFIERS = frozenset({"euro"})
#: Languages whose territory implies a script the catalog keeps as a subtag.
_SCRIPT_BY_TERRITORY_LANGUAGES = frozenset({"zh"})
_SUBTAG = re.compile(r"[A-Za-z0-9]+\Z")
#: Held around every import of Babel, which is imported on first use (its locale data is
#: 20-50 ms a window's first frame would wait for). Two threads importing its modules at
#: once (the GUI thread formatting a count, the catalog worker the Installed page's sizes)
#: can trip Python's import deadlock guard, which hands one of them a half-initialised
#: ``babel.core``: "cannot import name 'Locale'", and the Installed page stayed empty.
BABEL_IMPORT = threading.Lock()


@functools.cache
def _script_codes() -> frozenset[str]:
    with BABEL_IMPORT:
        from babel import Locale

    return frozenset(Locale("en").scripts)


@functools.cache
def _likely_subtags() -> Mapping[str, str]:
    with BABEL_IMPORT:
        from babel.core import get_global

    return get_global("likely_subtags")


def _script(subtag: str) -> str | None:
    """``Latn`` for ``latn``/``LATN``; ``None`` when ``subtag`` is no ISO 15924 code."""
    if len(subtag) != 4 or not subtag.isalpha():
        return None
    title = subtag.title()
    return title if title in _script_codes() else None


def _likely(language: str, territory: str | None = None) -> tuple[str | None, str | None]:
    """CLDR's likely (script, territory) for ``language[_territory]``."""
    likely = _likely_subtags()
    found = likely.get(f"{language}_{territory}", "") if territory else ""
    parts = (found or likely.get(language, "")).split("_")
    if len(parts) != 3:
        return None, None
    return parts[1], parts[2]


@dataclass(frozen=True)
class _Locale:
    language: str
    script: str | None = None
    territory: str | None = None
    modifier: str | None = None

    @property
    def key(self) -> str:
        key = self.language
        if self.script:
            key += f"_{self.script}"
        if self.territory:
            key += f"_{self.territory}"
        if self.modifier:
            key += f"@{self.modifier}"
        return key


@functools.lru_cache(maxsize=4096)
def _parse(locale: str) -> _Locale | None:
    """Either spelling (``sr_RS.UTF-8@latin``, ``sr-Latn-RS``, ``ca-ES-valencia``) → parts."""
    text = locale.strip()
    text, _, raw_modifier = text.partition("@")
    text = text.partition(".")[0]  # codeset: lang_TERRITORY.codeset@modifier
    modifier: str | None = raw_modifier.partition(".")[0].lower() or None
    if text.lower() in _UNTRANSLATED_NAMES:
        return None
    language, *subtags = re.split(r"[-_]", text)
    if not 2 <= len(language) <= 3 or not language.isalpha() or not language.isascii():
        return None
    language = language.lower()
    script: str | None = None
    territory: str | None = None
    variants: list[str] = []
    for subtag in subtags:
        if not _SUBTAG.match(subtag) or not subtag.isascii():
            return None
        if script is None and not variants and (found := _script(subtag)):
            script = found  # also after the territory, as in the odd ``sr-RS-Latn``
        elif (
            territory is None
            and not variants
            and ((len(subtag) == 2 and subtag.isalpha()) or (len(subtag) == 3 and subtag.isdigit()))
        ):
            territory = subtag.upper()
        elif len(subtag) >= 4:
            variants.append(subtag.lower())  # ``valencia``, ``tarask``, ``ijekavianlatin``
        else:
            return None
    if modifier in _IGNORED_MODIFIERS:
        modifier = None
    if modifier and script is None and (found := _script(modifier)):
        script, modifier = found, None  # ``sr@Latn``, ``ms@Arab``, ``ks@deva``
    if modifier and variants:
        return None
    variant = "".join(variants) or None
    script_modifier = _SCRIPT_MODIFIERS.get(script or "")
    if script_modifier and modifier is None:
        # ``sr-Latn`` is ``sr@latin``; a variant keeps the script at its end, as KDE writes
        # Serbian ijekavian Latin: ``sr-Latn-ijekavian`` is ``sr@ijekavianlatin``.
        modifier, script = (variant or "") + script_modifier, None
        variant = None
    modifier = modifier or variant
    if (
        modifier
        and not modifier.endswith(tuple(_SCRIPT_MODIFIERS.values()))
        and territory
        and territory == _likely(language)[1]
    ):
        # A variant of the language's home region names the region twice:
        # ``ca-ES-valencia`` and ``ca_ES@valencia`` are ``ca@valencia``.
        territory = None
    return _Locale(language, script, territory, modifier)


def normalize_locale(locale: str) -> str | None:
    """The catalog key for ``locale`` (``DE_at.UTF-8`` → ``de_AT``, ``sr-Latn`` →
    ``sr@latin``), or ``None`` for the untranslated/``C``/``POSIX`` locale and for text that
    is not a locale name."""
    parsed = _parse(locale)
    return parsed.key if parsed is not None else None


def _forms(base: str, territory: str | None, modifier: str | None) -> list[str]:
    """The Desktop Entry spec's order for one base: ``base_COUNTRY@MODIFIER``,
    ``base_COUNTRY``, ``base@MODIFIER``, ``base``."""
    forms = []
    if territory:
        if modifier:
            forms.append(f"{base}_{territory}@{modifier}")
        forms.append(f"{base}_{territory}")
    if modifier:
        forms.append(f"{base}@{modifier}")
    forms.append(base)
    return forms


def locale_chain(locale: str | None) -> tuple[str, ...]:
    """Lookup order for ``locale``, most specific first, always ending with ``"C"``.

    >>> locale_chain("de_AT.UTF-8")
    ('de_AT', 'de', 'C')
    >>> locale_chain("sr_RS.UTF-8@latin")
    ('sr_RS@latin', 'sr_RS', 'sr@latin', 'sr', 'C')
    >>> locale_chain("zh_TW")
    ('zh_TW', 'zh_Hant_TW', 'zh_Hant', 'zh', 'C')
    """
    parsed = _parse(locale or "")
    if parsed is None:
        return (UNTRANSLATED,)
    language, script, territory, modifier = (
        parsed.language,
        parsed.script,
        parsed.territory,
        parsed.modifier,
    )
    chain: list[str] = []
    if script is None and territory and language in _SCRIPT_BY_TERRITORY_LANGUAGES:
        # The user's own spelling first, then the script their territory implies.
        chain += _forms(language, territory, modifier)[:-1]
        script = _likely(language, territory)[0]
    if script:
        chain += _forms(f"{language}_{script}", territory, modifier)
    chain += _forms(language, territory, modifier)
    chain.append(UNTRANSLATED)
    return tuple(dict.fromkeys(chain))


def environment_locale(environ: Mapping[str, str] | None = None) -> str:
    """The message locale the environment asks for (``LC_ALL`` > ``LC_MESSAGES`` > ``LANG``;
    the first entry of ``LANGUAGE`` wins when a real locale is set, as gettext does)."""
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            break
    else:
        return UNTRANSLATED
    if normalize_locale(value) is None:
        return UNTRANSLATED
    language_list = [item for item in env.get("LANGUAGE", "").split(":") if item]
    return language_list[0] if language_list else value
