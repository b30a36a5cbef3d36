"""One DEP-11 component document read into :class:`~.components.ComponentFields`: every
field type-checked (a wrong type drops the field, or for ``ID``/``Name`` the component, with a
hint), descriptions from their markup, icons, screenshots and the app page's fields.

The document stream, its header and the worker processes are :mod:`.dep11`'s; this is what
one component's mapping becomes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from appcenter_qt.domain import Icon, IconKind, Screenshot, ScreenshotImage
from appcenter_qt.domain.localized import LocalizedText
from appcenter_qt.extract.appstream.components import (
    MAX_LIST_ITEMS,
    ComponentFields,
    cached_icon,
    clean_text,
    join_media,
    plain_words,
    safe_url,
    unlocalized_first,
)
from appcenter_qt.extract.appstream.locales import LocaleMap, locale_key
from appcenter_qt.extract.appstream.markup import (
    capped,
    join_paragraphs,
    list_lines,
    paragraphs_from_markup,
)
from appcenter_qt.extract.appstream.page_fields import read_dep11_page_fields

#: Plain paragraphs and flat lists of plain items, nothing else (most of Debian's pool): the
#: blocks :data:`_BLOCK` reads the same way :func:`paragraphs_from_markup` does.
_SIMPLE_BLOCKS = re.compile(
    r"(?:\s*(?:<p>[^<>&]*</p>|<(ul|ol)>(?:\s*<li>[^<>&]*</li>)*\s*</\1>))+\s*\Z"
)
_BLOCK = re.compile(r"<p>([^<>&]*)</p>|<(ul|ol)>((?:\s*<li>[^<>&]*</li>)*)\s*</\2>")
_ITEM = re.compile(r"<li>([^<>&]*)</li>")


_locale = locale_key  # cached


def _simple_blocks(markup: str) -> Iterator[str]:
    """The paragraphs of markup :data:`_SIMPLE_BLOCKS` matched: a list is one paragraph of
    ``• item`` (``1. item``) lines, empty paragraphs and items left out."""
    for match in _BLOCK.finditer(markup):
        paragraph, kind, items = match.groups()
        if kind is None:
            yield " ".join(paragraph.split())
            continue
        texts = [text for text in (" ".join(i.split()) for i in _ITEM.findall(items)) if text]
        yield "\n".join(list_lines(texts, kind == "ol"))


def description_text(markup: str) -> str:
    """Paragraphs of DEP-11 description markup; plain paragraphs and flat lists take a fast
    path that gives exactly what
    :func:`~appcenter_qt.extract.appstream.markup.paragraphs_from_markup` gives (the same
    length cap included)."""
    if _SIMPLE_BLOCKS.match(markup):
        return join_paragraphs(capped(p for p in _simple_blocks(markup) if p))
    return join_paragraphs(paragraphs_from_markup(markup))


def type_name(value: object) -> str:
    return type(value).__name__


class ComponentDocument:
    """Reads one component document into :class:`ComponentFields`."""

    def __init__(self, doc: dict[Any, Any], fields: ComponentFields, media_base: str) -> None:
        self.doc = doc
        self.fields = fields
        self.media_base = media_base

    def localized(self, key: str, *, markup: bool = False) -> dict[str, str]:
        value = self.doc.get(key)
        if value is None:
            return {}
        if isinstance(value, str):  # not conformant, but unambiguous
            value = {"C": value}
        if not isinstance(value, dict):
            self.fields.problem(
                "invalid-field", f"{key} must map locales to text, not {type_name(value)}"
            )
            return {}
        texts: LocaleMap[str] = LocaleMap()
        for raw_locale, text in value.items():
            if not isinstance(text, str):
                if _locale(raw_locale) is not None:
                    self.fields.problem(
                        "invalid-field",
                        f"{key}[{raw_locale}] must be text, not {type_name(text)}",
                    )
                continue
            texts.put(raw_locale, text)
        if markup:
            return {locale: description_text(text) for locale, text in texts.items()}
        return {locale: clean_text(text) for locale, text in texts.items()}

    def string_list(self, value: object, what: str) -> list[str]:
        if value is None:
            return []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fields.problem("invalid-field", f"{what} must be a list of text")
            return []
        return plain_words(value)

    def read(self) -> None:
        f = self.fields
        f.name = self.localized("Name")
        f.summary = self.localized("Summary")
        f.description = self.localized("Description", markup=True)
        keywords = self.doc.get("Keywords")
        if isinstance(keywords, dict):
            lists: LocaleMap[list[str]] = LocaleMap()
            for raw_locale, words in keywords.items():
                if _locale(raw_locale) is not None:
                    lists.put(raw_locale, self.string_list(words, f"Keywords[{raw_locale}]"))
            f.keywords = dict(lists)
        elif keywords is not None:
            f.problem("invalid-field", f"Keywords must map locales to lists, not {keywords!r:.40}")
        f.categories = self.string_list(self.doc.get("Categories"), "Categories")
        f.packages = self.string_list(self.doc.get("Package"), "Package")
        launchable = self.doc.get("Launchable")
        if isinstance(launchable, dict):
            f.desktop_ids = self.string_list(launchable.get("desktop-id"), "Launchable")
        elif launchable is not None:
            f.problem("invalid-field", "Launchable must be a mapping")
        provides = self.doc.get("Provides")
        if isinstance(provides, dict):
            f.provided_ids = self.string_list(provides.get("ids"), "Provides/ids")
            f.binaries = self.string_list(provides.get("binaries"), "Provides/binaries")
        elif provides is not None:
            f.problem("invalid-field", "Provides must be a mapping")
        f.extends = self.string_list(self.doc.get("Extends"), "Extends")
        replaces = self.doc.get("Replaces")
        for entry in replaces if isinstance(replaces, list) else [replaces]:
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                f.replaces.append(entry["id"])
            elif entry is not None:
                f.problem("invalid-field", "Replaces must be a list of {id: …} mappings")
        urls = self.doc.get("Url")
        if isinstance(urls, dict) and isinstance(urls.get("homepage"), str):
            f.homepage = urls["homepage"] if safe_url(urls["homepage"]) else ""
        group = self.doc.get("ProjectGroup")
        if isinstance(group, str):
            f.project_group = clean_text(group)
        license_ = self.doc.get("ProjectLicense")
        if isinstance(license_, str):
            f.project_license = clean_text(license_)
        developer = LocalizedText(self.localized("DeveloperName"))
        nested = self.doc.get("Developer")
        if not developer and isinstance(nested, dict) and isinstance(nested.get("name"), dict):
            developer = LocalizedText(
                {k: clean_text(v) for k, v in nested["name"].items() if isinstance(v, str)}
            )
        f.developer = developer.get() or ""
        read_dep11_page_fields(self.doc, f)
        self.read_icons()
        self.read_screenshots()

    def read_icons(self) -> None:
        icon = self.doc.get("Icon")
        if icon is None:
            return
        if not isinstance(icon, dict):
            self.fields.problem("invalid-field", f"Icon must be a mapping, not {type_name(icon)}")
            return
        cached = icon.get("cached")
        if isinstance(cached, str):  # DEP-11 0.8: one 64×64 file name
            cached = [{"name": cached, "width": 64, "height": 64}]
        for entry in cached if isinstance(cached, list) else []:
            try:
                if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                    raise ValueError("a cached icon needs a name")
                width, scale = entry.get("width", 64), entry.get("scale", 1)
                if not isinstance(width, int) or not isinstance(scale, int):
                    raise ValueError(f"cached icon {entry['name']!r:.60} has a non-numeric size")
                self.fields.icons.append(cached_icon(entry["name"], width, scale))
            except ValueError as error:
                self.fields.problem("invalid-icon", str(error))
        stock = icon.get("stock")
        if isinstance(stock, str) and stock.strip() and "/" not in stock:
            self.fields.icons.append(Icon(IconKind.STOCK, clean_text(stock)))
        remote = icon.get("remote")
        for entry in remote if isinstance(remote, list) else []:
            if isinstance(entry, dict) and isinstance(entry.get("url"), str):
                url = join_media(self.media_base, entry["url"])
                width = entry.get("width", 0)
                if safe_url(url) and isinstance(width, int) and 0 <= width <= 4096:
                    name = url.rsplit("/", 1)[-1]
                    self.fields.icons.append(
                        Icon(IconKind.REMOTE, name, width, whole_number(entry.get("scale"), 1), url)
                    )
                    continue
            self.fields.problem("invalid-icon", f"remote icon {entry!r:.80} is not usable")

    def image(self, entry: object, thumbnail: bool) -> ScreenshotImage:
        if not isinstance(entry, dict) or not isinstance(entry.get("url"), str):
            raise ValueError("an image needs a url")
        url = join_media(self.media_base, entry["url"])
        if not safe_url(url):
            raise ValueError(f"image URL {url!r:.80} is not http(s)")
        return ScreenshotImage(
            url,
            whole_number(entry.get("width"), 0),
            whole_number(entry.get("height"), 0),
            thumbnail,
        )

    def read_screenshots(self) -> None:
        shots = self.doc.get("Screenshots")
        if shots is None:
            return
        if not isinstance(shots, list):
            self.fields.problem("invalid-field", "Screenshots must be a list")
            return
        for number, shot in enumerate(shots[:MAX_LIST_ITEMS], start=1):
            try:
                if not isinstance(shot, dict):
                    raise ValueError("not a mapping")
                found = []
                source = shot.get("source-image")
                if source is not None:
                    found.append((self.image(source, False), _language(source)))
                thumbs = shot.get("thumbnails") or []
                if not isinstance(thumbs, list):
                    raise ValueError("thumbnails must be a list")
                found.extend(
                    (self.image(thumb, True), _language(thumb)) for thumb in thumbs[:MAX_LIST_ITEMS]
                )
                images = unlocalized_first(found)
                if not images:
                    raise ValueError("no images")
                caption = shot.get("caption")
                captions: LocaleMap[str] = LocaleMap()
                for k, v in caption.items() if isinstance(caption, dict) else ():
                    if isinstance(v, str):
                        captions.put(k, clean_text(v))
                self.fields.screenshots.append(
                    Screenshot(
                        tuple(images), LocalizedText(dict(captions)), shot.get("default") is True
                    )
                )
            except ValueError as error:
                self.fields.problem("invalid-screenshot", f"screenshot {number}: {error}")


def _language(image: object) -> object:
    """An image's ``lang``: a rendition for one language (:func:`unlocalized_first`)."""
    return image.get("lang") if isinstance(image, dict) else None


def whole_number(value: object, default: int) -> int:
    """``value`` if it is an int ≥ 0 (not a bool), else ``default``."""
    return (
        value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default
    )
