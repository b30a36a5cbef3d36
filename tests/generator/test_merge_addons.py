"""Add-ons from real catalog files (DEP-11 and AppStream XML ``addon`` components): read by
the readers, attached by the cross-input merge to the application they extend, written by the
real writer and read back by the app page's query; never an application in the list."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.extract.app_spool import AppSpool
from appcenter_qt.extract.appstream.catalog_import import import_catalog
from appcenter_qt.generator.merge import merge

DEP11 = """\
---
File: DEP-11
Version: '0.16'
Origin: addons-test
---
Type: desktop-application
ID: org.example.Viewer
Package: viewer
Name: {C: Viewer}
Provides: {ids: [viewer.desktop]}
---
Type: addon
ID: org.example.Viewer.Exif
Package: viewer-plugin-exif
Extends: [org.example.Viewer]
Name: {C: Exif display, de: "Exif-Anzeige"}
Summary: {C: "Shows Exif tags \u202ein the side panel"}
---
Type: addon
ID: org.example.Viewer.Map
Package: viewer-plugin-map
Extends: [viewer.desktop, org.example.Gone]
Name: {C: Map}
---
Type: addon
ID: org.example.Orphan.Plugin
Package: orphan-plugin
Extends: [org.example.Orphan]
Name: {C: Orphaned plugin}
---
Type: addon
ID: org.example.Viewer.Formats
Package: viewer
Extends: [org.example.Viewer]
Name: {C: More formats}
"""

XML = """\
<?xml version="1.0" encoding="utf-8"?>
<components version="0.16" origin="addons-test">
  <component type="desktop-application">
    <id>org.example.Viewer</id>
    <name>Viewer</name>
    <pkgname>viewer</pkgname>
    <provides><id>viewer.desktop</id></provides>
  </component>
  <component type="addon">
    <id>org.example.Viewer.Exif</id>
    <name>Exif display</name>
    <name xml:lang="de">Exif-Anzeige</name>
    <summary>Shows Exif tags \u202ein the side panel</summary>
    <extends>org.example.Viewer</extends>
    <pkgname>viewer-plugin-exif</pkgname>
  </component>
  <component type="addon">
    <id>org.example.Viewer.Map</id>
    <name>Map</name>
    <extends>viewer.desktop</extends>
    <extends>org.example.Gone</extends>
    <pkgname>viewer-plugin-map</pkgname>
  </component>
  <component type="addon">
    <id>org.example.Orphan.Plugin</id>
    <name>Orphaned plugin</name>
    <extends>org.example.Orphan</extends>
    <pkgname>orphan-plugin</pkgname>
  </component>
  <component type="addon">
    <id>org.example.Viewer.Formats</id>
    <name>More formats</name>
    <extends>org.example.Viewer</extends>
    <pkgname>viewer</pkgname>
  </component>
</components>
"""


@pytest.fixture(params=["dep11", "xml"])
def catalog_file(request, tmp_path: Path) -> Path:  # type: ignore[no-untyped-def]
    path = tmp_path / ("Components-amd64.yml" if request.param == "dep11" else "catalog.xml")
    path.write_text(DEP11 if request.param == "dep11" else XML, encoding="utf-8")
    return path


def test_an_addon_is_on_its_applications_page_and_not_in_the_list(
    catalog_file: Path, tmp_path: Path
) -> None:
    merged = merge([import_catalog(catalog_file)])
    output = tmp_path / "appcenter.sqlite"
    with CatalogWriter(output) as writer:
        merged.write_to(writer)
    with Catalog(output, "de") as catalog:
        assert [s.id for s in catalog.list()] == ["org.example.Viewer"]
        assert catalog.search("Exif") == [] and catalog.get("org.example.Viewer.Exif") is None
        viewer = catalog.get("org.example.Viewer")
        assert viewer is not None
        addons = {addon.id: addon for addon in catalog.addons(viewer)}
        assert sorted(addons) == ["org.example.Viewer.Exif", "org.example.Viewer.Map"]
        exif = addons["org.example.Viewer.Exif"]
        assert exif.packages == ("viewer-plugin-exif",)
        assert exif.name.get(("de", "C")) == "Exif-Anzeige"
        assert exif.summary.get() == "Shows Exif tags in the side panel"  # bidi control gone
    # extends by an alias is stored under the application's id, which the page asks for
    rows = {record.addon.id: record.addon.extends for record in merged.addons}
    assert rows == {
        "org.example.Viewer.Exif": ("org.example.Viewer",),
        "org.example.Viewer.Map": ("org.example.Viewer",),
    }


def test_an_addon_of_a_missing_application_is_a_hint_not_an_error(catalog_file: Path) -> None:
    result = import_catalog(catalog_file)
    merged = merge([result])
    unmatched = {h.source: h for h in merged.hints if h.tag == "addon-unmatched"}
    name = catalog_file.name
    assert sorted(unmatched) == [
        f"{name} (org.example.Orphan.Plugin)",
        f"{name} (org.example.Viewer.Map)",
    ]
    orphan = unmatched[f"{name} (org.example.Orphan.Plugin)"]
    assert orphan.severity.value == "info"
    assert "org.example.Orphan" in orphan.message and orphan.message.endswith("skipped")
    assert unmatched[f"{name} (org.example.Viewer.Map)"].message.endswith(
        "listed on the page of org.example.Viewer"
    )
    assert [h.tag for h in result.hints if h.tag.startswith("bidi")] == ["bidi-control-stripped"]
    assert not any(h.severity.value == "error" for h in merged.hints)


def test_an_addon_installed_by_the_applications_own_package_is_not_listed(
    catalog_file: Path,
) -> None:
    """Its Install would install the application, its Remove remove it."""
    merged = merge([import_catalog(catalog_file)])
    assert "org.example.Viewer.Formats" not in {r.addon.id for r in merged.addons}
    (hint,) = [h for h in merged.hints if h.tag == "addon-built-in"]
    assert hint.source == f"{catalog_file.name} (org.example.Viewer.Formats)"
    assert hint.message == (
        "add-on of org.example.Viewer, installed with the application itself (package viewer); "
        "skipped"
    )


def test_an_addon_in_one_catalog_extends_an_application_of_another(tmp_path: Path) -> None:
    """Add-ons are attached after every input is merged: a catalog of add-ons alone (a
    contrib/non-free section) finds its applications in the main one."""
    apps, addons = DEP11.split("---\nType: addon", 1)
    main = tmp_path / "main.yml"
    main.write_text(apps, encoding="utf-8")
    extra = tmp_path / "extra.yml"
    header = "---\nFile: DEP-11\nOrigin: extra\n"
    extra.write_text(header + "---\nType: addon" + addons, encoding="utf-8")
    merged = merge([import_catalog(main), import_catalog(extra)])
    assert [record.addon.id for record in merged.addons] == [
        "org.example.Viewer.Exif",
        "org.example.Viewer.Map",
    ]
    alone = merge([import_catalog(extra)])
    assert alone.addons == [] and len(alone.apps) == 0
    assert sum(h.tag == "addon-unmatched" for h in alone.hints) == 4


def test_a_catalog_without_addons_has_no_addon_rows(tmp_path: Path) -> None:
    path = tmp_path / "apps.yml"
    path.write_text(DEP11.split("---\nType: addon", 1)[0], encoding="utf-8")
    merged = merge([import_catalog(path)])
    assert merged.addons == [] and not [h for h in merged.hints if "addon" in h.tag]


def test_of_two_addons_with_one_id_the_higher_priority_wins(tmp_path: Path) -> None:
    apps = DEP11.split("---\nType: addon", 1)[0]
    (tmp_path / "main.yml").write_text(apps, encoding="utf-8")
    for name, priority, title in (("low.yml", 0, "Low"), ("high.yml", 20, "High")):
        (tmp_path / name).write_text(
            f"---\nFile: DEP-11\nOrigin: {name}\nPriority: {priority}\n"
            "---\nType: addon\nID: org.example.Viewer.Exif\nPackage: exif\n"
            f"Extends: [org.example.Viewer]\nName: {{C: {title}}}\n",
            encoding="utf-8",
        )
    inputs = [import_catalog(tmp_path / n) for n in ("main.yml", "high.yml", "low.yml")]
    for order in (inputs, inputs[::-1]):
        (record,) = merge(order).addons
        assert record.addon.name.get() == "High" and record.where.startswith("high.yml")


def test_an_alias_is_matched_without_reading_every_application(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An add-on extending an application by another name (a desktop file id, a provided
    id): the names come noted from the DEP-11 import, so the merge reads only the record it
    attaches the add-on to, not all of them (0.2 s on Debian's pool)."""
    apps = "".join(
        f"---\nType: desktop-application\nID: org.example.App{n}\nPackage: app{n}\n"
        f"Name: {{C: App {n}}}\nProvides: {{ids: [app{n}.desktop]}}\n"
        for n in range(300)
    )
    addon = (
        "---\nType: addon\nID: org.example.App7.Plugin\nPackage: app7-plugin\n"
        "Extends: [app7.desktop]\nName: {C: Plugin}\n"
    )
    path = tmp_path / "Components-amd64.yml"
    path.write_text(DEP11.split("---\nType:")[0] + apps + addon, encoding="utf-8")
    result = import_catalog(path)
    reads: list[int] = []
    read = AppSpool.__getitem__

    def counted(spool, index):  # type: ignore[no-untyped-def]
        reads.append(index)
        return read(spool, index)

    monkeypatch.setattr(AppSpool, "__getitem__", counted)
    merged = merge([result])
    assert [(r.addon.id, r.addon.extends) for r in merged.addons] == [
        ("org.example.App7.Plugin", ("org.example.App7",))
    ]
    assert len(reads) <= 2, reads  # the extended application's record, for its packages
