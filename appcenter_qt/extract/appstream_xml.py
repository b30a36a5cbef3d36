"""AppStream catalog XML (``<components origin=…>``): Fedora's, openSUSE's and Flathub's catalogs.

Files reach 100 MB, so they are read with lxml's ``iterparse``: each ``<component>`` is
handled when its end tag arrives and then cleared together with its finished siblings, so
memory holds one component at a time.

Catalogs come from the network, so the parser is locked down: no DTD loading, no entity
resolution, no network access, libxml2's ``huge_tree`` limits kept, and a document that
carries a ``<!DOCTYPE>`` at all is refused before any component is read (AppStream catalogs
never have one; a DTD is how entity-expansion and external-entity attacks arrive).

A ``<component merge="append|replace|remove-component">`` is a merge component: it needs no
type or name and goes to ``ExtractResult.merges`` instead of becoming an application.

Malformed XML ends the file: what came before the error is kept and the error is reported
with its line; XML cannot be resynchronised safely after a syntax error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import PurePath
from typing import Any, BinaryIO

from lxml import etree

from appcenter_qt.domain import Application, Icon, IconKind, Screenshot, ScreenshotImage
from appcenter_qt.domain.localized import LocalizedText
from appcenter_qt.extract.components import (
    APPLICATION_KINDS,
    MAX_LIST_ITEMS,
    ComponentFields,
    ComponentRejected,
    cached_icon,
    check_id,
    clean_text,
    join_media,
    merge_kind,
    plain_words,
    safe_url,
)
from appcenter_qt.extract.locales import LocaleMap, lang_of, split_description
from appcenter_qt.extract.markup import join_paragraphs, paragraphs_from_element
from appcenter_qt.extract.result import ComponentMerge, ExtractResult, Severity
from appcenter_qt.extract.xml_stream import PullIterparse

FORMAT = "appstream-xml"
PROVENANCE_KIND = "appstream-xml"


def _text(element: Any) -> str:
    return clean_text("".join(element.itertext()))


def _int_attr(element: Any, name: str, default: int = 0) -> int:
    value = element.get(name)
    if value is None or value == "":
        return default
    if not value.isdigit() or len(value) > 6:
        raise ValueError(f"<{element.tag} {name}={value!r:.20}> is not a number")
    return int(value)


class _Component:
    def __init__(self, element: Any, fields: ComponentFields, media_base: str) -> None:
        self.element = element
        self.fields = fields
        self.media_base = media_base
        self.descriptions: list[Any] = []
        self.keywords: dict[str | None, list[str]] = {}

    def read(self) -> None:
        f = self.fields
        for child in self.element:
            tag = child.tag
            if not isinstance(tag, str):
                continue
            try:
                self.read_child(tag, child)
            except ValueError as error:
                f.problem("invalid-field", str(error))
        self.finish()

    def read_child(self, tag: str, child: Any) -> None:
        f = self.fields
        if tag in ("name", "summary"):
            getattr(f, tag).put(lang_of(child), _text(child))
        elif tag == "description":
            self.descriptions.append(child)
        elif tag == "pkgname":
            f.packages.extend(plain_words([_text(child)]))
        elif tag == "categories":
            f.categories.extend(plain_words(_text(c) for c in child if c.tag == "category"))
        elif tag == "keywords":
            outer = lang_of(child)
            for keyword in child:
                if keyword.tag == "keyword":
                    words = self.keywords.setdefault(lang_of(keyword, outer), [])
                    words.extend(plain_words([_text(keyword)]))
        elif tag == "icon":
            self.read_icon(child)
        elif tag == "launchable" and child.get("type") == "desktop-id":
            f.desktop_ids.append(_text(child))
        elif tag in ("provides", "replaces"):
            ids = [_text(c) for c in child if c.tag == "id"]
            (f.provided_ids if tag == "provides" else f.replaces).extend(ids)
            if tag == "provides":
                f.binaries.extend(_text(c) for c in child if c.tag == "binary")
        elif tag == "url" and child.get("type") == "homepage":
            url = _text(child)
            f.homepage = url if safe_url(url) else ""
        elif tag == "project_group":
            f.project_group = _text(child)
        elif tag == "project_license":
            f.project_license = _text(child)
        elif tag == "developer_name" and lang_of(child) is None:
            f.developer = _text(child)
        elif tag == "developer" and not f.developer:
            names = [n for n in child if n.tag == "name" and lang_of(n) is None]
            f.developer = _text(names[0]) if names else ""
        elif tag == "screenshots":
            self.read_screenshots(child)

    def finish(self) -> None:
        """Fields whose locales are only known once every element was seen: descriptions
        (one ``<description>`` per locale, or the older form with a locale on each
        ``<p>``/``<li>``) and keywords, one raw spelling at a time through the locale rules."""
        f = self.fields
        for raw, blocks in split_description(self.descriptions).items():
            holder = self.element.makeelement("description", {})
            holder.extend(blocks)
            text = join_paragraphs(paragraphs_from_element(holder))
            if text:
                f.description.put(raw, text)  # type: ignore[attr-defined]
        for raw, words in self.keywords.items():
            f.keywords.put(raw, words)  # type: ignore[attr-defined]

    def read_icon(self, element: Any) -> None:
        kind, value = element.get("type"), _text(element)
        try:
            if kind == "cached":
                width = _int_attr(element, "width", 64)
                self.fields.icons.append(cached_icon(value, width, _int_attr(element, "scale", 1)))
            elif kind == "stock":
                if value and "/" not in value:
                    self.fields.icons.append(Icon(IconKind.STOCK, value))
            elif kind == "remote":
                url = join_media(self.media_base, value)
                if not safe_url(url):
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
        shots = [s for s in element if s.tag == "screenshot"]
        for number, shot in enumerate(shots[:MAX_LIST_ITEMS], start=1):
            try:
                images: list[ScreenshotImage] = []
                captions: LocaleMap[str] = LocaleMap()
                for child in shot:
                    if child.tag == "image":
                        url = join_media(self.media_base, _text(child))
                        if not safe_url(url):
                            raise ValueError(f"image URL {url!r:.80} is not http(s)")
                        images.append(
                            ScreenshotImage(
                                url,
                                _int_attr(child, "width"),
                                _int_attr(child, "height"),
                                child.get("type") == "thumbnail",
                            )
                        )
                    elif child.tag == "caption":
                        captions.put(lang_of(child), _text(child))
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


class AppStreamXmlReader:
    """Iterate over the applications of one catalog XML stream (already decompressed).

    ``origin``, ``media_base_url`` and ``priority`` come from the ``<components>`` element and
    are set once the first component has been read.
    """

    def __init__(
        self,
        stream: BinaryIO,
        source: str,
        result: ExtractResult,
        *,
        origin: str | None = None,
        arch: str = "",
        kinds: frozenset[str] = APPLICATION_KINDS,
    ) -> None:
        self.stream = stream
        self.source = PurePath(source).name or source
        self.result = result
        self.origin = origin or ""
        self._origin_override = origin is not None
        self.arch = arch
        self.kinds = kinds
        self.media_base_url = ""
        self.priority = 0
        self.skipped: Counter[str] = Counter()
        self.components = 0

    @property
    def provenance(self) -> str:
        return f"{PROVENANCE_KIND}:{self.source}"

    def _root(self, root: Any) -> None:
        docinfo = root.getroottree().docinfo
        if docinfo.doctype or docinfo.internalDTD is not None:
            raise ComponentRejected("dtd-refused", "a <!DOCTYPE> is not allowed in a catalog")
        if root.tag != "components":
            raise ComponentRejected(
                "not-a-catalog", f"root element is <{str(root.tag)[:40]}>, not <components>"
            )
        if not self._origin_override:
            self.origin = clean_text(root.get("origin", ""))
        base = root.get("media_baseurl", "")
        self.media_base_url = base if safe_url(base) else ""
        priority = root.get("priority", "0")
        self.priority = int(priority) if priority.isdigit() else 0

    def __iter__(self) -> Iterator[Application]:
        parser = PullIterparse(
            self.stream,
            events=("end",),
            tag="component",
            resolve_entities=False,
            load_dtd=False,
            no_network=True,
            huge_tree=False,
            remove_comments=True,
            remove_pis=True,
        )
        seen: set[str] = set()
        checked = False
        try:
            for _, element in parser:
                parent = element.getparent()
                if not checked:  # the root's attributes and doctype are known by now
                    self._root(parent if parent is not None else element)
                    checked = True
                if parent is None or parent.getparent() is not None:
                    continue  # only the root's own <component> children are components
                app = self._component(element, seen)
                if app is not None:
                    yield app
                element.clear()
                while element.getprevious() is not None:
                    del parent[0]
            if not checked and parser.root is not None:
                self._root(parser.root)
        except ComponentRejected as rejected:
            self.result.hint(self.source, rejected.tag, str(rejected), Severity.ERROR)
        except etree.XMLSyntaxError as error:
            line, column = error.position if error.position else ("?", "?")
            self.result.hint(
                self.source,
                "malformed-xml",
                f"XML error at line {line}, column {column}: {error.msg}; "
                f"{self.components} components before it kept, the rest is not imported",
                Severity.ERROR,
            )
        for kind, count in sorted(self.skipped.items()):
            self.result.hint(
                self.source,
                "not-an-application",
                f"{count} component(s) of type {kind!r:.40} skipped (only desktop applications "
                "are catalogued)",
                Severity.INFO,
            )

    def _component(self, element: Any, seen: set[str]) -> Application | None:
        self.components += 1
        ids = [c for c in element if c.tag == "id"]
        raw_id = _text(ids[0]) if ids else ""
        where = (
            f"{self.source} ({raw_id[:80]})"
            if raw_id
            else (f"{self.source} (component at line {element.sourceline})")
        )
        kind = element.get("type", "generic")
        merging = None
        priority = element.get("priority", "")
        if priority.isdigit() and len(priority) < 6:  # appstreamcli writes it per component
            self.priority = max(self.priority, int(priority))
        try:
            component_id = check_id(raw_id)
            merging = merge_kind(element.get("merge"))
            if kind not in self.kinds and merging is None:
                self.skipped[kind[:40]] += 1
                return None
            if component_id in seen and merging is None:
                raise ComponentRejected(
                    "duplicate-id", f"ID {component_id} already defined earlier in the file"
                )
            fields = ComponentFields(component_id, kind, self.source)
            _Component(element, fields, self.media_base_url).read()
            app = fields.build(
                origin=self.origin,
                arch=self.arch,
                provenance=self.provenance,
                partial=merging is not None,
            )
        except ComponentRejected as rejected:
            self.result.hint(where, rejected.tag, str(rejected), Severity.ERROR)
            return None
        for tag, message in fields.problems:
            self.result.hint(where, tag, message)
        if merging is not None:  # applied to its target by extract.merge, across all inputs
            self.result.merges.append(ComponentMerge(merging, app, where))
            return None
        seen.add(component_id)
        return app


__all__ = ["FORMAT", "AppStreamXmlReader"]
