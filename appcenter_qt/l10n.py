"""Locale negotiation: the one place that decides which translation a person sees.

Desktop files and AppStream key translations by POSIX-style locale names (``de``, ``pt_BR``,
``sr@latin``), so catalog keys use that form (:func:`normalize_locale`). :func:`locale_chain`
turns whatever the user or environment says (``de_AT.UTF-8``, ``pt-BR``, ``sr_RS@latin``,
``C``) into the lookup order of the Desktop Entry spec's "Localized values for keys"
(``lang_COUNTRY@MODIFIER``, ``lang_COUNTRY``, ``lang@MODIFIER``, ``lang``), ending with the
untranslated value. Babel's parser does the syntax work; we deliberately do not require the
locale to be known to CLDR, so pseudo-locales such as ``en_XA`` work too.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from babel.core import parse_locale

from appcenter_qt.domain.localized import UNTRANSLATED

_UNTRANSLATED_NAMES = frozenset({"", "c", "posix"})
# A Latin/Cyrillic script subtag means the same as glibc's @latin/@cyrillic modifier.
_SCRIPT_MODIFIERS = {"Latn": "latin", "Cyrl": "cyrillic"}


def _split(locale: str) -> tuple[str, str | None, str | None, str | None] | None:
    text = locale.strip()
    if text.lower().split(".", 1)[0].split("@", 1)[0] in _UNTRANSLATED_NAMES:
        return None
    try:
        parts = parse_locale(text.replace("-", "_"))
    except ValueError:
        return None
    language, territory, script = parts[0], parts[1], parts[2]
    modifier = parts[4] if len(parts) > 4 else None
    if not language.isalpha() or len(language) > 8:
        return None
    return language, territory, script, modifier


def normalize_locale(locale: str) -> str | None:
    """The catalog key for ``locale`` (``DE_at.UTF-8`` → ``de_AT``), or ``None`` for the
    untranslated/``C``/``POSIX`` locale and for text that is not a locale name."""
    split = _split(locale)
    if split is None:
        return None
    language, territory, script, modifier = split
    key = language
    if script:
        key += f"_{script}"
    if territory:
        key += f"_{territory}"
    if modifier:
        key += f"@{modifier.lower()}"
    return key


def locale_chain(locale: str | None) -> tuple[str, ...]:
    """Lookup order for ``locale``, most specific first, always ending with ``"C"``.

    >>> locale_chain("de_AT.UTF-8")
    ('de_AT', 'de', 'C')
    >>> locale_chain("sr_RS@latin")
    ('sr_RS@latin', 'sr_RS', 'sr@latin', 'sr', 'C')
    """
    split = _split(locale or "")
    if split is None:
        return (UNTRANSLATED,)
    language, territory, script, modifier = split
    modifier = modifier.lower() if modifier else _SCRIPT_MODIFIERS.get(script or "")
    chain: list[str] = []
    bases = [f"{language}_{script}"] if script else []
    bases.append(language)
    for base in bases:
        if territory:
            if modifier:
                chain.append(f"{base}_{territory}@{modifier}")
            chain.append(f"{base}_{territory}")
        if modifier:
            chain.append(f"{base}@{modifier}")
        chain.append(base)
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
