"""AppStream metainfo/appdata files (``usr/share/metainfo/*.metainfo.xml``, legacy
``usr/share/appdata/*.appdata.xml``): bytes in, :class:`Metainfo` + hints out.

Parsed with :mod:`defusedxml` so an entity declaration (billion laughs) or an external entity
(``<!ENTITY x SYSTEM "file:///etc/passwd">``) rejects the file instead of being expanded; a
plain ``<!DOCTYPE>`` is accepted because older appdata files carry one.

What is particular to one installed file is here (its size, its XML safety, the root element,
the old ``<application>`` spelling); the ``<component>`` itself is read by the same reader and
built by the same builder as a catalog's components (:mod:`.component_xml`,
:class:`~.components.ComponentFields`), so caps and locale rules are the catalogs' ones. Only
``http(s)://`` media are accepted: a package has no local media directory.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

import defusedxml
import defusedxml.ElementTree as SafeET

from appcenter_qt.domain import Application, IconKind, Screenshot
from appcenter_qt.extract.appstream.component_xml import ComponentElement, local_name, text_of
from appcenter_qt.extract.appstream.components import (
    APPLICATION_KINDS,
    ComponentFields,
    ComponentRejected,
    check_id,
)
from appcenter_qt.extract.appstream.locales import lang_of
from appcenter_qt.extract.appstream.xml_limits import MAX_XML_DEPTH, prune_deeper_than
from appcenter_qt.extract.result import Hint, where

MAX_FILE_BYTES = 2 * 1024 * 1024
#: Component types that are applications people start from a menu.
DESKTOP_TYPES = APPLICATION_KINDS


@dataclass(frozen=True)
class Metainfo:
    """One installed ``<component>``: ``app`` holds its fields as the shared builder made
    them (the name may be empty: the desktop file has one); the rest is what the composer
    needs to pair it with a desktop file."""

    id: str
    path: str
    app: Application
    kind: str = "desktop-application"
    #: The first ``<launchable type="desktop-id">``, ``""`` if none.
    launchable: str = ""
    stock_icon: str = ""
    #: ``merge=`` of a merge component (``append``…), ``""`` for an ordinary component.
    merge: str = ""

    @property
    def is_desktop_app(self) -> bool:
        return self.kind in DESKTOP_TYPES

    @property
    def name(self) -> dict[str, str]:
        return dict(self.app.name.values)

    @property
    def summary(self) -> dict[str, str]:
        return dict(self.app.summary.values)

    @property
    def description(self) -> dict[str, str]:
        return dict(self.app.description.values)

    @property
    def keywords(self) -> dict[str, tuple[str, ...]]:
        return dict(self.app.keywords.values)

    @property
    def categories(self) -> tuple[str, ...]:
        return self.app.categories

    @property
    def screenshots(self) -> tuple[Screenshot, ...]:
        return self.app.screenshots

    @property
    def developer(self) -> str:
        return self.app.developer

    @property
    def project_license(self) -> str:
        return self.app.project_license

    @property
    def homepage(self) -> str:
        return self.app.homepage


def is_metainfo_path(path: str) -> bool:
    return (
        path.startswith("usr/share/metainfo/") and path.endswith((".metainfo.xml", ".appdata.xml"))
    ) or (path.startswith("usr/share/appdata/") and path.endswith(".xml"))


def _first_id(root: ET.Element) -> str:
    for child in root:
        if local_name(child.tag) == "id" and lang_of(child) in (None, "", "C"):
            return text_of(child)
    return ""


def parse_metainfo(data: bytes, path: str, source: str) -> tuple[Metainfo | None, list[Hint]]:
    """Parse one metainfo file; ``None`` when it cannot be used (the hints say why)."""
    hints: list[Hint] = []
    component = path  # what the hints name until the component id is known

    def hint(tag: str, message: str) -> None:
        hints.append(Hint(where(source, component), tag, f"{path}: {message}"))

    if len(data) > MAX_FILE_BYTES:
        hint("metainfo-too-large", f"{len(data)} bytes")
        return None, hints
    try:
        root = SafeET.fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except defusedxml.DefusedXmlException as error:
        hint("metainfo-entities-forbidden", f"rejected: {type(error).__name__}")
        return None, hints
    except ET.ParseError as error:
        hint("metainfo-invalid-xml", f"not well-formed XML: {error}")
        return None, hints
    if prune_deeper_than(root, MAX_XML_DEPTH):  # the walkers below recurse: cut first
        hint("metainfo-too-deep", f"elements nested deeper than {MAX_XML_DEPTH} levels dropped")
    if local_name(root.tag) not in ("component", "application"):
        hint("metainfo-no-component", f"root element is <{local_name(root.tag)[:40]}>")
        return None, hints
    try:
        component_id = check_id(_first_id(root))
    except ComponentRejected:
        hint("metainfo-no-id", "missing or invalid <id>")
        return None, hints
    component = component_id
    kind = root.get("type") or ("desktop" if local_name(root.tag) == "application" else "generic")
    fields = ComponentElement(
        root, ComponentFields(component_id, kind, source), local_media=False
    ).read()
    for tag, message in fields.problems:
        hint(tag, message)
    app = fields.build(origin="", arch="", provenance=source, partial=True)
    stock = next((icon.name for icon in app.icons if icon.kind is IconKind.STOCK), "")
    info = Metainfo(
        id=component_id,
        path=path,
        app=app,
        kind=kind,
        launchable=next(iter(fields.desktop_ids), ""),
        stock_icon=stock,
        merge=(root.get("merge") or "").strip(),
    )
    return info, hints
