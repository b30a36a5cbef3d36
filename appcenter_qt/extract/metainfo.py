"""AppStream metainfo/appdata files (``usr/share/metainfo/*.metainfo.xml``, legacy
``usr/share/appdata/*.appdata.xml``): bytes in, :class:`Metainfo` + hints out.

Parsed with :mod:`defusedxml` so an entity declaration (billion laughs) or an external entity
(``<!ENTITY x SYSTEM "file:///etc/passwd">``) rejects the file instead of being expanded; a
plain ``<!DOCTYPE>`` is accepted because older appdata files carry one.

Translations in installed metainfo come per element: ``<name xml:lang="de">`` (``lang="de"``
in old files), and in the description one ``<p xml:lang="de">`` (or ``<li xml:lang="de">``)
per translated paragraph, so descriptions are regrouped per locale
(:func:`~appcenter_qt.extract.locales.split_description`) before
:mod:`appcenter_qt.extract.markup` turns them into plain paragraphs. Locale keys follow the
rules every reader shares (:mod:`appcenter_qt.extract.locales`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

import defusedxml
import defusedxml.ElementTree as SafeET

from appcenter_qt.domain import LocalizedText, Screenshot, ScreenshotImage
from appcenter_qt.extract.locales import LocaleMap, lang_of, split_description
from appcenter_qt.extract.markup import join_paragraphs, paragraphs_from_element
from appcenter_qt.extract.result import Hint, Severity, where
from appcenter_qt.extract.xml_limits import MAX_XML_DEPTH, prune_deeper_than

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_TEXT_LENGTH = 1024
MAX_SCREENSHOTS = 20
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
    #: ``<provides><id>`` entries and ``<replaces><id>`` (renamed) ids.
    provided_ids: tuple[str, ...] = ()
    replaces: tuple[str, ...] = ()
    #: ``merge=`` of a merge component (``append``…), ``""`` for an ordinary component.
    merge: str = ""

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


def _localized(parent: ET.Element, tag: str) -> dict[str, str]:
    values: LocaleMap[str] = LocaleMap()
    for child in parent:
        if _local(child.tag) == tag:
            text = _text(child)
            if text:
                values.put(lang_of(child), text)
    return dict(values)


def _descriptions(root: ET.Element) -> dict[str, str]:
    descriptions = [element for element in root if _local(element.tag) == "description"]
    result: LocaleMap[str] = LocaleMap()
    for raw, children in split_description(descriptions).items():
        holder = ET.Element("description")
        holder.extend(children)
        text = join_paragraphs(paragraphs_from_element(holder))
        if text:
            result.put(raw, text)
    return dict(result)


def _keywords(root: ET.Element) -> dict[str, tuple[str, ...]]:
    by_spelling: dict[str | None, list[str]] = {}
    for keywords in root:
        if _local(keywords.tag) != "keywords":
            continue
        for keyword in keywords:
            text = _text(keyword)
            if text and _local(keyword.tag) == "keyword":
                words = by_spelling.setdefault(lang_of(keyword, lang_of(keywords)), [])
                if text not in words:
                    words.append(text)
    values: LocaleMap[tuple[str, ...]] = LocaleMap()
    for raw, words in by_spelling.items():
        values.put(raw, tuple(words[:50]))
    return dict(values)


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
                if _local(image.tag) != "image" or lang_of(image):
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
            if lang_of(child) not in (None, "", "C"):
                continue
            return _text(child)
    return ""


def parse_metainfo(data: bytes, path: str, source: str) -> tuple[Metainfo | None, list[Hint]]:
    """Parse one metainfo file; ``None`` when it cannot be used (the hints say why)."""
    hints: list[Hint] = []
    component = path  # what the hints name until the component id is known

    def hint(tag: str, message: str, severity: Severity = Severity.WARNING) -> None:
        hints.append(Hint(where(source, component), tag, f"{path}: {message}", severity))

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
    component = component_id
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
    ids: dict[str, list[str]] = {"provides": [], "replaces": []}
    for element in root:
        if _local(element.tag) in ids:
            ids[_local(element.tag)].extend(
                _text(child) for child in element if _local(child.tag) == "id"
            )
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
        provided_ids=tuple(ids["provides"]),
        replaces=tuple(ids["replaces"]),
        merge=(root.get("merge") or "").strip(),
    )
    return info, hints
