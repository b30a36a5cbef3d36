"""One set of locale rules for every reader: DEP-11, catalog XML, metainfo and desktop files.

A translation's key is read from wherever the format puts it (a DEP-11 mapping key,
``xml:lang``, the legacy ``lang=`` attribute old metainfo files and the AppStream catalog
spec's own example use, ``Name[de]``) and turned into the catalog's canonical POSIX spelling
by :func:`appcenter_qt.support.l10n.normalize_locale`, so ``pt-BR`` and ``pt_BR`` are one locale.

Real catalogs carry both spellings of a locale in one component (appstream-generator merges
a metainfo file's BCP 47 keys with a desktop file's POSIX ones). :class:`LocaleMap` decides
which text such a locale gets, the same way in every reader: a key written in the canonical
spelling wins over another spelling of it; otherwise the first value read is kept. The
untranslated value is only ever set by an element or key without a locale (or ``C``).

:func:`split_description` regroups one XML ``<description>`` by locale, including lists whose
``<li>`` items are translated one by one, so no item ends up in the wrong language and no
language loses its list.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable
from typing import Any, TypeVar

from appcenter_qt.domain.localized import UNTRANSLATED
from appcenter_qt.support.l10n import normalize_locale

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
V = TypeVar("V")


@functools.lru_cache(maxsize=4096)
def locale_key(key: object) -> str | None:
    """``C`` (also for no key or an empty one) or the canonical locale (``pt-BR`` →
    ``pt_BR``); ``None`` drops the value (``x-test`` and other non-locales)."""
    if key == UNTRANSLATED or key is None or key == "":
        return UNTRANSLATED
    if not isinstance(key, str) or key.startswith("x-") or key.lower() in ("xx", "x-test"):
        return None
    return normalize_locale(key)


def is_canonical(raw: object, key: str) -> bool:
    """Whether ``raw`` already is the canonical spelling ``key`` (no key at all is ``C``'s)."""
    return raw == key or (key == UNTRANSLATED and raw in (None, ""))


class LocaleMap(dict[str, V]):
    """``{canonical locale: value}`` filled from raw keys by :meth:`put` (rules above)."""

    def __init__(self) -> None:
        super().__init__()
        self._aliased: set[str] = set()

    def put(self, raw: object, value: V) -> bool:
        """Store ``value`` under ``raw``'s canonical key; ``False`` when it was not stored
        (not a locale, or the locale already has a value that outranks it)."""
        key = locale_key(raw)
        if key is None:
            return False
        exact = is_canonical(raw, key)
        if key in self and not (exact and key in self._aliased):
            return False
        self[key] = value
        if exact:
            self._aliased.discard(key)
        else:
            self._aliased.add(key)
        return True


def lang_of(element: Any, default: str | None = None) -> str | None:
    """The raw locale of an XML element: ``xml:lang``, else the legacy ``lang=``, else
    ``default`` (what the element inherits; ``None`` means untranslated)."""
    raw = element.get(XML_LANG)
    if raw is None:
        raw = element.get("lang")
    return default if raw is None else raw


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def split_description(descriptions: Iterable[Any]) -> dict[str | None, list[Any]]:
    """The block children of ``<description>`` elements grouped by their raw locale (inherited
    from the ``<description>`` when a child has none). A list without a locale whose items
    carry one each (``<li xml:lang="de">``) is split into one list per locale; the elements
    returned are copies, so this works on lxml and ElementTree trees alike."""
    groups: dict[str | None, list[Any]] = {}
    for description in descriptions:
        default = lang_of(description)
        for child in description:
            if not isinstance(child.tag, str):
                continue
            lang = lang_of(child, default)
            if _local(child.tag) in ("ul", "ol") and lang_of(child) is None:
                per_lang: dict[str | None, Any] = {}
                for item in child:
                    if not isinstance(item.tag, str):
                        continue
                    item_lang = lang_of(item, lang)
                    if item_lang not in per_lang:
                        per_lang[item_lang] = child.makeelement(child.tag, {})
                    per_lang[item_lang].append(copy.deepcopy(item))
                for item_lang, new_list in per_lang.items():
                    groups.setdefault(item_lang, []).append(new_list)
            else:
                groups.setdefault(lang, []).append(copy.deepcopy(child))
    return groups
