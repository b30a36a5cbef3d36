"""AppStream metainfo/appdata files (``usr/share/metainfo/*.metainfo.xml``, legacy
``usr/share/appdata/*.appdata.xml``): bytes in, :class:`Metainfo` + hints out.

Parsed with :mod:`defusedxml` so an entity declaration (billion laughs) or an external entity
(``<!ENTITY x SYSTEM "file:///etc/passwd">``) rejects the file instead of being expanded; a
plain ``<!DOCTYPE>`` is accepted because older appdata files carry one.

Translations in installed metainfo come per element: ``<name xml:lang="de">``, and in the
description one ``<p xml:lang="de">`` (or ``<li xml:lang="de">``) per translated paragraph, so
descriptions are regrouped per locale before :mod:`appcenter_qt.extract.markup` turns them
into plain paragraphs.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

import defusedxml
import defusedxml.ElementTree as SafeET

from appcenter_qt.domain import LocalizedText, Screenshot, ScreenshotImage
from appcenter_qt.domain.localized import UNTRANSLATED
from appcenter_qt.extract.markup import join_paragraphs, paragraphs_from_element
from appcenter_qt.extract.result import Hint, Severity
from appcenter_qt.extract.xml_limits import MAX_XML_DEPTH, prune_deeper_than
from appcenter_qt.l10n import normalize_locale as _normalize_locale

#: Locale names repeat across every file of a run; Babel's parser is the slow part.
normalize_locale = functools.lru_cache(maxsize=4096)(_normalize_locale)

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_TEXT_LENGTH = 1024
MAX_SCREENSHOTS = 20
_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SPACE = re.compile(r"\s+")
#: Component types that are applications people start from a menu.
DESKTOP_TYPES = frozenset({"desktop-application", "desktop"})


@dataclass(frozen=True)
class Metainfo:
    """One ``<component>``; localized fields keyed ``"C"`` and normalized locales."""

    id: str
    path: str
    kind: str = "desktop-application"
    name: dict[str, str] = field(default_factory=dict)
    summary: dict[str, str] = field(default_factory=dict)
    description: dict[str, str] = field(default_factory=dict)
    keywords: dict[str, tuple[str, ...]] = field(default_factory=dict)
    categories: tuple[str, ...] = ()
    screenshots: tuple[Screenshot, ...] = ()
    launchable: str = ""
    project_license: str = ""
    developer: str = ""
    homepage: str = ""
    stock_icon: str = ""

    @property
    def is_desktop_app(self) -> bool:
        return self.kind in DESKTOP_TYPES


def is_metainfo_path(path: str) -> bool:
    return (
        path.startswith("usr/share/metainfo/") and path.endswith((".metainfo.xml", ".appdata.xml"))
    ) or (path.startswith("usr/share/appdata/") and path.endswith(".xml"))


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _text(element: ET.Element) -> str:
    value = _SPACE.sub(" ", _CONTROL.sub("", "".join(element.itertext()))).strip()
    return value[:MAX_TEXT_LENGTH]


def _lang(element: ET.Element, default: str = UNTRANSLATED) -> str | None:
    raw = element.get(_XML_LANG)
    if raw is None:
        return default
    if raw in ("", "C", "x-test"):
        return UNTRANSLATED if raw != "x-test" else None
    return normalize_locale(raw)


def _localized(parent: ET.Element, tag: str) -> dict[str, str]:
    values: dict[str, str] = {}
    for child in parent:
        if _local(child.tag) == tag:
            lang = _lang(child)
            text = _text(child)
            if lang is not None and text and lang not in values:
                values[lang] = text
    return values


def _split_by_lang(element: ET.Element, default: str) -> dict[str, list[ET.Element]]:
    """The block children of one ``<description>`` grouped by their (inherited) locale;
    lists whose items are translated one by one are split into one list per locale."""
    groups: dict[str, list[ET.Element]] = {}
    for child in element:
        if not isinstance(child.tag, str):
            continue
        lang = _lang(child, default)
        if lang is None:
            continue
        if _local(child.tag) in ("ul", "ol") and child.get(_XML_LANG) is None:
            per_lang: dict[str, ET.Element] = {}
            for item in child:
                item_lang = _lang(item, lang)
                if item_lang is None:
                    continue
                if item_lang not in per_lang:
                    per_lang[item_lang] = ET.Element(child.tag)
                per_lang[item_lang].append(item)
            for item_lang, new_list in per_lang.items():
                groups.setdefault(item_lang, []).append(new_list)
        else:
            groups.setdefault(lang, []).append(child)
    return groups


def _descriptions(root: ET.Element) -> dict[str, str]:
    merged: dict[str, list[ET.Element]] = {}
    for description in root:
        if _local(description.tag) != "description":
            continue
        default = _lang(description)
        if default is None:
            continue
        for lang, children in _split_by_lang(description, default).items():
            merged.setdefault(lang, []).extend(children)
    result = {}
    for lang, children in merged.items():
        holder = ET.Element("description")
        holder.extend(children)
        text = join_paragraphs(paragraphs_from_element(holder))
        if text:
            result[lang] = text
    return result


def _keywords(root: ET.Element) -> dict[str, tuple[str, ...]]:
    values: dict[str, list[str]] = {}
    for keywords in root:
        if _local(keywords.tag) != "keywords":
            continue
        for keyword in keywords:
            lang = _lang(keyword, _lang(keywords) or UNTRANSLATED)
            text = _text(keyword)
            if lang is not None and text and _local(keyword.tag) == "keyword":
                values.setdefault(lang, [])
                if text not in values[lang]:
                    values[lang].append(text)
    return {lang: tuple(items[:50]) for lang, items in values.items()}


def _screenshots(root: ET.Element, hint) -> tuple[Screenshot, ...]:
    shots: list[Screenshot] = []
    for screenshots in root:
        if _local(screenshots.tag) != "screenshots":
            continue
        for shot in screenshots:
            if _local(shot.tag) != "screenshot" or len(shots) >= MAX_SCREENSHOTS:
                continue
            images = []
            for image in shot:
                if _local(image.tag) != "image" or image.get(_XML_LANG):
                    continue
                url = _text(image)
                if not url.startswith(("https://", "http://")):
                    hint("screenshot-bad-url", f"screenshot URL {url[:100]!r} is not http(s)")
                    continue
                images.append(
                    ScreenshotImage(
                        url,
                        _int(image.get("width")),
                        _int(image.get("height")),
                        image.get("type") == "thumbnail",
                    )
                )
            if images:
                shots.append(
                    Screenshot(
                        tuple(images),
                        LocalizedText(_localized(shot, "caption")),
                        shot.get("type") == "default",
                    )
                )
    return tuple(shots)


def _int(value: str | None) -> int:
    return int(value) if value and value.isdigit() and len(value) < 7 else 0


def _first(root: ET.Element, tag: str, **attributes: str) -> str:
    for child in root:
        if _local(child.tag) == tag and all(child.get(k) == v for k, v in attributes.items()):
            if child.get(_XML_LANG) not in (None, "", "C"):
                continue
            return _text(child)
    return ""


def parse_metainfo(data: bytes, path: str, source: str) -> tuple[Metainfo | None, list[Hint]]:
    """Parse one metainfo file; ``None`` when it cannot be used (the hints say why)."""
    hints: list[Hint] = []

    def hint(tag: str, message: str, severity: Severity = Severity.WARNING) -> None:
        hints.append(Hint(source, tag, f"{path}: {message}", severity))

    if len(data) > MAX_FILE_BYTES:
        hint("metainfo-too-large", f"{len(data)} bytes", Severity.ERROR)
        return None, hints
    try:
        root = SafeET.fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except defusedxml.DefusedXmlException as error:
        hint("metainfo-entities-forbidden", f"rejected: {type(error).__name__}", Severity.ERROR)
        return None, hints
    except ET.ParseError as error:
        hint("metainfo-invalid-xml", f"not well-formed XML: {error}", Severity.ERROR)
        return None, hints
    if prune_deeper_than(root, MAX_XML_DEPTH):  # the walkers below recurse: cut first
        hint("metainfo-too-deep", f"elements nested deeper than {MAX_XML_DEPTH} levels dropped")
    if _local(root.tag) not in ("component", "application"):
        hint("metainfo-no-component", f"root element is <{_local(root.tag)[:40]}>", Severity.ERROR)
        return None, hints
    component_id = _first(root, "id")
    if not component_id or len(component_id) > 255 or any(c.isspace() for c in component_id):
        hint("metainfo-no-id", "missing or invalid <id>", Severity.ERROR)
        return None, hints
    kind = root.get("type") or ("desktop" if _local(root.tag) == "application" else "generic")
    categories: list[str] = []
    for element in root:
        if _local(element.tag) == "categories":
            categories.extend(_text(c) for c in element if _local(c.tag) == "category")
    developer = ""
    for element in root:
        if _local(element.tag) == "developer":
            developer = _first(element, "name")
    developer = developer or _first(root, "developer_name")
    info = Metainfo(
        id=component_id,
        path=path,
        kind=kind,
        name=_localized(root, "name"),
        summary=_localized(root, "summary"),
        description=_descriptions(root),
        keywords=_keywords(root),
        categories=tuple(dict.fromkeys(c for c in categories if c)),
        screenshots=_screenshots(root, hint),
        launchable=_first(root, "launchable", type="desktop-id"),
        project_license=_first(root, "project_license"),
        developer=developer,
        homepage=_first(root, "url", type="homepage"),
        stock_icon=_first(root, "icon", type="stock"),
    )
    return info, hints
