"""Text every reader's applications pass through before they reach the catalog.

Bidirectional control characters (embeddings U+202A–U+202E, isolates U+2066–U+2069, the marks
U+200E/U+200F and the Arabic letter mark U+061C) are invisible, and inside a name they reorder
what is shown: ``"\\u202egpj.exe"`` displays as ``exe.jpg``, so a name or summary could
impersonate another application (CVE-2021-42574, "Trojan Source"). AppStream validators warn
about them; the catalog does not store them. Stripping happens here, once, for packages and
catalogs alike, and each application that lost some gets a hint naming the fields.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from typing import Any

from appcenter_qt.domain import Addon, Application, LocalizedList, LocalizedText
from appcenter_qt.extract.result import AddonRecord, Hint

BIDI_CONTROLS = (
    "\u202a\u202b\u202c\u202d\u202e"  # LRE RLE PDF LRO RLO
    "\u2066\u2067\u2068\u2069"  # LRI RLI FSI PDI
    "\u200e\u200f\u061c"  # LRM RLM ALM
)
_BIDI = re.compile(f"[{BIDI_CONTROLS}]")
HINT_TAG = "bidi-control-stripped"
_TEXT_FIELDS = ("name", "summary", "description")


def strip_bidi(text: str) -> str:
    """``text`` without bidirectional control characters."""
    return _BIDI.sub("", text) if _BIDI.search(text) else text


def _text(value: LocalizedText) -> LocalizedText | None:
    if not any(_BIDI.search(v) for v in value.values.values() if v):
        return None
    return LocalizedText({k: strip_bidi(v) if v else v for k, v in value.values.items()})


def _list(value: LocalizedList) -> LocalizedList | None:
    if not any(_BIDI.search(word) for words in value.values.values() for word in words):
        return None
    return LocalizedList(
        {k: tuple(w for w in map(strip_bidi, words) if w) for k, words in value.values.items()}
    )


def scrub_application(app: Application) -> tuple[Application, list[str]]:
    """The application without bidi controls in its texts, and the fields that had some."""
    changes: dict[str, Any] = {}  # field name → scrubbed value, of that field's type
    for name in _TEXT_FIELDS:
        cleaned = _text(getattr(app, name))
        if cleaned is not None:
            changes[name] = cleaned
    keywords = _list(app.keywords)
    if keywords is not None:
        changes["keywords"] = keywords
    if _BIDI.search(app.developer):
        changes["developer"] = strip_bidi(app.developer)
    if not changes:
        return app, []
    return dataclasses.replace(app, **changes), sorted(changes)


def scrub_addon(record: AddonRecord) -> tuple[AddonRecord, Hint | None]:
    """An add-on's name and summary without bidi controls (they are shown on the app page
    as an application's are), and the warning when it had some."""
    addon: Addon = record.addon
    changes: dict[str, Any] = {}  # field name → scrubbed LocalizedText
    for name in ("name", "summary"):
        cleaned = _text(getattr(addon, name))
        if cleaned is not None:
            changes[name] = cleaned
    if not changes:
        return record, None
    cleaned_addon = dataclasses.replace(addon, **changes)
    hint = scrub_hint(record.where, addon.id, sorted(changes))
    return dataclasses.replace(record, addon=cleaned_addon), hint


def scrub_hint(source: str, app_id: str, fields: list[str]) -> Hint:
    """The warning for an application whose ``fields`` were scrubbed, filed under ``source``."""
    return Hint(
        source,
        HINT_TAG,
        f"{app_id}: bidirectional control characters removed from "
        f"{', '.join(fields)} (they can make a name display as another)",
    )


def scrub_applications(
    apps: Iterable[Application], source_of: Callable[[Application], str]
) -> tuple[list[Application], list[Hint]]:
    """Scrub each application; one warning hint per application that changed, with the
    source ``source_of(app)`` names (the input, so the report line points at it)."""
    kept: list[Application] = []
    hints: list[Hint] = []
    for app in apps:
        cleaned, fields = scrub_application(app)
        kept.append(cleaned)
        if fields:
            hints.append(scrub_hint(source_of(app), app.id, fields))
    return kept, hints
