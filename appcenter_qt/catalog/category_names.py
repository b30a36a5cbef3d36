"""The words a person may use for an application's categories, in every language we ship.

The search index gives each application the names of its categories (docs/search.md): the
English sidebar label (``Games``), the spec's own id spelled out (``Logic Game``) and the
sidebar label's translation in every translation the program ships. Translations come from
the same Qt Linguist files the sidebar is translated with (``translations/*.ts``, context
``Categories``), read here with the standard XML parser so that writing a catalog needs no
Qt. A wheel carries them beside the compiled ``.qm`` files (``hatch_build.py``); a source
checkout reads ``translations/`` directly.
"""

from __future__ import annotations

import functools
import logging
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from pathlib import Path

from appcenter_qt.domain.categories import (
    CATEGORY_TRANSLATION_CONTEXT,
    MAIN_CATEGORY_LABELS,
    main_categories_of,
)
from appcenter_qt.support.l10n import normalize_locale

log = logging.getLogger(__name__)
_PACKAGE = Path(__file__).resolve().parents[1]
#: Where translation sources are: inside an installed wheel, then a source checkout's.
TRANSLATION_DIRS = (_PACKAGE / "translations", _PACKAGE.parent / "translations")
_FILE = re.compile(r"appcenter-qt_(?P<locale>[A-Za-z_@]+)\.ts\Z")
#: Pseudo-locales for testing layouts: not a language anyone searches in.
_PSEUDO = frozenset({"en_XA"})


def _spelled_out(category: str) -> str:
    """``LogicGame`` → ``Logic Game``, ``2DGraphics`` → ``2D Graphics``."""
    return re.sub(r"(?<=[A-Za-z0-9])(?=[A-Z][a-z])|(?<=[a-z])(?=[A-Z])", " ", category)


def read_ts(path: Path) -> dict[str, str]:
    """English source → finished translation of the ``Categories`` context of one ``.ts``
    file; a file that cannot be read or parsed gives nothing (with one warning naming it)."""
    try:
        root = ElementTree.parse(path).getroot()  # noqa: S314 (our own shipped file)
    except (OSError, ElementTree.ParseError) as error:
        log.warning("%s: translations not read: %s", path, error)
        return {}
    found: dict[str, str] = {}
    for context in root.iter("context"):
        if context.findtext("name") != CATEGORY_TRANSLATION_CONTEXT:
            continue
        for message in context.iter("message"):
            source, translation = message.find("source"), message.find("translation")
            if source is None or translation is None or not translation.text:
                continue
            if translation.get("type") in ("unfinished", "vanished", "obsolete"):
                continue
            found[source.text or ""] = translation.text
    return found


@functools.cache
def category_translations(
    directories: tuple[Path, ...] = TRANSLATION_DIRS,
) -> dict[str, dict[str, str]]:
    """Locale → {English label → translation}, from the first directory that has ``.ts``
    files."""
    for directory in directories:
        files = sorted(directory.glob("appcenter-qt_*.ts")) if directory.is_dir() else []
        if not files:
            continue
        result: dict[str, dict[str, str]] = {}
        for path in files:
            match = _FILE.match(path.name)
            if match is None or match["locale"] in _PSEUDO:
                continue
            locale = normalize_locale(match["locale"])
            if locale and (labels := read_ts(path)):
                result[locale] = labels
        return result
    log.warning("no translation files found: category names are searchable in English only")
    return {}


def category_words(
    categories: Iterable[str], translations: dict[str, dict[str, str]] | None = None
) -> dict[str, list[str]]:
    """Locale (``C`` for English) → the names of ``categories`` and of the main categories
    they imply, as the index stores them for one application."""
    if translations is None:
        translations = category_translations()
    categories = list(dict.fromkeys(categories))
    mains = main_categories_of(categories)
    english = [MAIN_CATEGORY_LABELS[m] for m in mains]
    words: dict[str, list[str]] = {
        "C": list(dict.fromkeys([*english, *(_spelled_out(c) for c in categories)]))
    }
    for locale, labels in sorted(translations.items()):
        names = [labels[label] for label in english if label in labels]
        if names:
            words[locale] = names
    return words
