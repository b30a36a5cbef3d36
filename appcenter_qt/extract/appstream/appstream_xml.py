"""AppStream catalog XML (``<components origin=…>``): Fedora's, openSUSE's and Flathub's catalogs.

Files reach 100 MB, so they are read with lxml's ``iterparse``: each ``<component>`` is
handled when its end tag arrives and then cleared together with its finished siblings, so
memory holds one component at a time.

Catalogs come from the network, so the parser is locked down: no DTD loading, no entity
resolution, no network access, libxml2's ``huge_tree`` limits kept, and a document that
carries a ``<!DOCTYPE>`` at all is refused before any component is read (AppStream catalogs
never have one; a DTD is how entity-expansion and external-entity attacks arrive).

A ``<component merge="append|replace|remove-component">`` is a merge component: it needs no
type or name and goes to ``ExtractResult.merges`` instead of becoming an application. A
``<component type="addon">`` is an add-on of the applications its ``<extends>`` name and goes
to ``ExtractResult.addons``.

Malformed XML ends the file: what came before the error is kept and the error is reported
with its line; XML cannot be resynchronised safely after a syntax error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import PurePath
from typing import Any

from lxml import etree

from appcenter_qt.domain import Application
from appcenter_qt.domain.bundles import BundleFormat, by_kind
from appcenter_qt.extract.appstream.component_xml import ComponentElement, text_of
from appcenter_qt.extract.appstream.components import (
    ADDON_KINDS,
    APPLICATION_KINDS,
    ComponentFields,
    ComponentRejected,
    check_id,
    clean_text,
    merge_kind,
    safe_url,
)
from appcenter_qt.extract.appstream.xml_stream import PullIterparse
from appcenter_qt.extract.byte_stream import ByteStream
from appcenter_qt.extract.result import AddonRecord, ComponentMerge, ExtractResult

FORMAT = "appstream-xml"
PROVENANCE_KIND = "appstream-xml"


class AppStreamXmlReader:
    """Iterate over the applications of one catalog XML stream (already decompressed).

    ``origin``, ``media_base_url`` and ``priority`` come from the ``<components>`` element and
    are set once the first component has been read. ``bundles``: the bundle formats whose refs
    become package rows (the sources', handed down by the generator; none by default).
    """

    def __init__(
        self,
        stream: ByteStream,
        source: str,
        result: ExtractResult,
        *,
        origin: str | None = None,
        arch: str = "",
        kinds: frozenset[str] = APPLICATION_KINDS,
        bundles: Iterable[BundleFormat] = (),
    ) -> None:
        self.stream = stream
        self.source = PurePath(source).name or source
        self.result = result
        self.origin = origin or ""
        self._origin_override = origin is not None
        self.arch = arch
        self.kinds = kinds
        self.bundles = by_kind(bundles)
        self.media_base_url = ""
        self.priority = 0
        self.skipped: Counter[str] = Counter()
        self.components = 0
        #: the ids of the add-ons read so far (duplicates are hints)
        self._addon_ids: set[str] = set()

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
            self.result.hint(self.source, rejected.tag, str(rejected))
        except etree.XMLSyntaxError as error:
            line, column = error.position if error.position else ("?", "?")
            self.result.hint(
                self.source,
                "malformed-xml",
                f"XML error at line {line}, column {column}: {error.msg}; "
                f"{self.components} components before it kept, the rest is not imported",
            )
        for kind, count in sorted(self.skipped.items()):
            self.result.hint(
                self.source,
                "not-desktop-application",
                f"{count} component(s) of type {kind!r:.40} skipped (only desktop applications "
                "are catalogued)",
            )

    def _component(self, element: Any, seen: set[str]) -> Application | None:
        self.components += 1
        ids = [c for c in element if c.tag == "id"]
        raw_id = text_of(ids[0]) if ids else ""
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
            addon = kind in ADDON_KINDS and merging is None
            if kind not in self.kinds and merging is None and not addon:
                self.skipped[kind[:40]] += 1
                return None
            if component_id in (self._addon_ids if addon else seen) and merging is None:
                raise ComponentRejected(
                    "duplicate-id", f"ID {component_id} already defined earlier in the file"
                )
            fields = ComponentFields(component_id, kind, self.source)
            ComponentElement(element, fields, self.media_base_url).read()
            if addon:
                self._addon(AddonRecord(fields.build_addon(), where), fields)
                return None
            app = fields.build(
                origin=self.origin,
                arch=self.arch,
                provenance=self.provenance,
                partial=merging is not None,
                bundles=self.bundles,
            )
        except ComponentRejected as rejected:
            self.result.hint(where, rejected.tag, str(rejected))
            return None
        for tag, message in fields.problems:
            self.result.hint(where, tag, message)
        if merging is not None:  # applied to its target by extract.merge, across all inputs
            self.result.merges.append(ComponentMerge(merging, app, where))
            return None
        seen.add(component_id)
        return app

    def _addon(self, record: AddonRecord, fields: ComponentFields) -> None:
        for tag, message in fields.problems:
            self.result.hint(record.where, tag, message)
        self._addon_ids.add(record.addon.id)
        self.result.addons.append(record)


__all__ = ["FORMAT", "AppStreamXmlReader"]
