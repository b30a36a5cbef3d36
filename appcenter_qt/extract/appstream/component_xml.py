"""One AppStream ``<component>`` element read into :class:`~.components.ComponentFields`:
the XML syntax shared by installed metainfo files (:mod:`.metainfo`, parsed with defusedxml's
ElementTree) and catalog XML (:mod:`.appstream_xml`, lxml's ``iterparse``).

DEP-11 carries the same model in YAML (:mod:`.dep11`); both syntaxes feed the same
:class:`~.components.ComponentFields` and its ``build``, so caps, id rules, URL rules and
locale keys (:mod:`.locales`) are the same for every source. What is particular to XML is
here: elements may carry a namespace (``{…}name``), text is trimmed (inner spaces kept, as
libappstream keeps them), translations come one element at a time (``<name xml:lang="de">``,
in old files ``lang="de"``, descriptions also one ``<p xml:lang>`` per paragraph), and an
image with a locale is a rendition for one language, used only by a screenshot that has no
other (:func:`~.components.unlocalized_first`, DEP-11's ``lang`` alike).
"""

from __future__ import annotations

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
    web_url,
)
from appcenter_qt.extract.appstream.locales import LocaleMap, lang_of, split_description
from appcenter_qt.extract.appstream.markup import join_paragraphs, paragraphs_from_element
from appcenter_qt.extract.appstream.page_fields import (
    add_link,
    read_xml_branding,
    read_xml_content_rating,
    read_xml_releases,
)


def local_name(tag: object) -> str:
    """``{namespace}name`` → ``name``; ``""`` for comments and processing instructions."""
    if not isinstance(tag, str):
        return ""
    return tag.rpartition("}")[2] if "}" in tag else tag


def text_of(element: Any) -> str:
    """One-line text, trimmed and cleaned like every reader's (:func:`~.components.clean_text`):
    as libappstream reads XML (``as_strstripnl``), inner spaces are content and are kept, so
    a catalog's XML and its DEP-11 give the same text."""
    return clean_text("".join(element.itertext()))


def _int_attr(element: Any, name: str, default: int = 0) -> int:
    value = element.get(name)
    if value is None or value == "":
        return default
    if not value.isdigit() or len(value) > 6:
        raise ValueError(f"<{local_name(element.tag)} {name}={value!r:.20}> is not a number")
    return int(value)


class ComponentElement:
    """Reads one ``<component>`` element into ``fields``; ``media_base`` is the catalog's
    base URL for relative media (empty for a metainfo file). ``local_media`` allows
    ``file://`` URLs: a catalog may point at its own screenshot directory, a package's
    metainfo file has none, so only ``http(s)://`` is accepted from it."""

    def __init__(
        self,
        element: Any,
        fields: ComponentFields,
        media_base: str = "",
        *,
        local_media: bool = True,
    ) -> None:
        self.element = element
        self.fields = fields
        self.media_base = media_base
        self.url_ok = safe_url if local_media else web_url
        self.descriptions: list[Any] = []
        self.keywords: dict[str | None, list[str]] = {}
        self.developer_name = ""

    def read(self) -> ComponentFields:
        f = self.fields
        for child in self.element:
            tag = local_name(child.tag)
            if not tag:
                continue
            try:
                self.read_child(tag, child)
            except ValueError as error:
                f.problem("invalid-field", str(error))
        self.finish()
        return f

    def read_child(self, tag: str, child: Any) -> None:
        f = self.fields
        if tag in ("name", "summary"):
            text = text_of(child)
            if text:  # an empty translation must not hide a later one of the same locale
                getattr(f, tag).put(lang_of(child), text)
        elif tag == "description":
            self.descriptions.append(child)
        elif tag == "pkgname":
            f.packages.extend(plain_words([text_of(child)]))
        elif tag == "bundle":
            f.bundles.append((child.get("type") or "", text_of(child)))
        elif tag == "categories":
            f.categories.extend(
                plain_words(text_of(c) for c in child if local_name(c.tag) == "category")
            )
        elif tag == "keywords":
            outer = lang_of(child)
            for keyword in child:
                if local_name(keyword.tag) == "keyword":
                    words = self.keywords.setdefault(lang_of(keyword, outer), [])
                    words.extend(plain_words([text_of(keyword)]))
        elif tag == "icon":
            self.read_icon(child)
        elif tag == "launchable" and child.get("type") == "desktop-id":
            f.desktop_ids.append(text_of(child))
        elif tag == "extends":
            f.extends.append(text_of(child))
        elif tag in ("provides", "replaces"):
            ids = [text_of(c) for c in child if local_name(c.tag) == "id"]
            (f.provided_ids if tag == "provides" else f.replaces).extend(ids)
            if tag == "provides":
                f.binaries.extend(text_of(c) for c in child if local_name(c.tag) == "binary")
        elif tag == "url" and child.get("type") == "homepage" and not lang_of(child):
            url = text_of(child)
            f.homepage = url if self.url_ok(url) else ""
        elif tag == "url" and not lang_of(child):
            add_link(f, child.get("type"), text_of(child))
        elif tag == "releases":
            read_xml_releases(child, f)
        elif tag == "content_rating":
            read_xml_content_rating(child, f)
        elif tag == "branding":
            read_xml_branding(child, f)
        elif tag == "project_group":
            f.project_group = text_of(child)
        elif tag == "project_license":
            f.project_license = text_of(child)
        elif tag == "developer_name" and lang_of(child) is None:
            self.developer_name = text_of(child)
        elif tag == "developer" and not f.developer:
            names = [n for n in child if local_name(n.tag) == "name" and lang_of(n) is None]
            f.developer = text_of(names[0]) if names else ""
        elif tag == "screenshots":
            self.read_screenshots(child)

    def finish(self) -> None:
        """Fields whose locales are only known once every element was seen: descriptions
        (one ``<description>`` per locale, or the older form with a locale on each
        ``<p>``/``<li>``) and keywords, one raw spelling at a time through the locale rules.
        The untranslated ``<developer_name>`` is preferred to ``<developer><name>``, as
        DEP-11's ``DeveloperName`` is to ``Developer``."""
        f = self.fields
        description: LocaleMap[str] = LocaleMap()
        for raw, blocks in split_description(self.descriptions).items():
            holder = self.element.makeelement("description", {})
            holder.extend(blocks)
            text = join_paragraphs(paragraphs_from_element(holder))
            if text:
                description.put(raw, text)
        keywords: LocaleMap[list[str]] = LocaleMap()
        for raw, words in self.keywords.items():
            keywords.put(raw, words)
        f.description, f.keywords = description, keywords
        f.developer = self.developer_name or f.developer

    def read_icon(self, element: Any) -> None:
        kind, value = element.get("type"), text_of(element)
        try:
            if kind == "cached":
                width = _int_attr(element, "width", 64)
                self.fields.icons.append(cached_icon(value, width, _int_attr(element, "scale", 1)))
            elif kind == "stock":
                if value and "/" not in value:
                    self.fields.icons.append(Icon(IconKind.STOCK, value))
            elif kind == "remote":
                url = join_media(self.media_base, value)
                if not self.url_ok(url):
                    raise ValueError(f"remote icon URL {url!r:.80} is not http(s)")
                self.fields.icons.append(
                    Icon(
                        IconKind.REMOTE,
                        url.rsplit("/", 1)[-1],
                        _int_attr(element, "width"),
                        _int_attr(element, "scale", 1),
                        url,
                    )
                )
        except ValueError as error:
            self.fields.problem("invalid-icon", str(error))

    def read_screenshots(self, element: Any) -> None:
        shots = [s for s in element if local_name(s.tag) == "screenshot"]
        for number, shot in enumerate(shots[:MAX_LIST_ITEMS], start=1):
            try:
                found: list[tuple[ScreenshotImage, str | None]] = []
                captions: LocaleMap[str] = LocaleMap()
                for child in shot:
                    tag = local_name(child.tag)
                    if tag == "image":
                        url = join_media(self.media_base, text_of(child))
                        if not self.url_ok(url):
                            raise ValueError(f"image URL {url!r:.80} is not http(s)")
                        image = ScreenshotImage(
                            url,
                            _int_attr(child, "width"),
                            _int_attr(child, "height"),
                            child.get("type") == "thumbnail",
                        )
                        found.append((image, lang_of(child)))
                    elif tag == "caption":
                        captions.put(lang_of(child), text_of(child))
                images = unlocalized_first(found)
                if not images:
                    raise ValueError("no images")
                images.sort(key=lambda image: image.thumbnail)
                self.fields.screenshots.append(
                    Screenshot(
                        tuple(images), LocalizedText(dict(captions)), shot.get("type") == "default"
                    )
                )
            except ValueError as error:
                self.fields.problem("invalid-screenshot", f"screenshot {number}: {error}")
