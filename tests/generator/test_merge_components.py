"""Merge components (DEP-11 ``Merge:``, XML ``merge=``): read by both readers, carried in
``ExtractResult.merges`` and applied by the cross-input merge to the application they name."""

from __future__ import annotations

from pathlib import Path

from appcenter_qt.domain import Application, Icon, IconKind, LocalizedText, Package
from appcenter_qt.extract.appstream.catalog_import import import_catalog
from appcenter_qt.extract.readers import InputKind
from appcenter_qt.extract.result import ExtractResult, MergeKind
from appcenter_qt.generator.composer import Composer, Job
from appcenter_qt.generator.merge import merge
from tests.extract import samples
from tests.extract.conftest import read_dep11, read_xml, tags

BASE = """\
---
File: DEP-11
Version: '0.16'
Origin: base
---
Type: desktop-application
ID: org.example.Editor
Package: editor
Name: {C: Editor, de: Editor (de)}
Categories: [Development]
Icon: {stock: editor}
---
Type: desktop-application
ID: org.example.Viewer.desktop
Package: viewer
Name: {C: Viewer}
Summary: {C: Views files, de: Zeigt Dateien}
---
Type: desktop-application
ID: org.example.Legacy
Package: legacy
Name: {C: Legacy}
"""

MERGES_YAML = """\
---
File: DEP-11
Version: '0.16'
Origin: fixes
---
ID: org.example.Editor
Merge: append
Summary: {C: Edits text}
Categories: [Development, TextEditor]
Icon: {stock: other-editor, remote: [{url: 'https://example.org/editor.png', width: 128}]}
Provides: {ids: [editor]}
---
ID: org.example.Viewer
Merge: replace
Summary: {C: Shows documents}
Package: viewer-ng
---
ID: org.example.Legacy
Merge: remove-component
---
ID: org.example.Missing
Merge: append
Categories: [Game]
---
ID: org.example.Broken
Merge: sideways
"""

MERGES_XML = """<components version="0.16" origin="fixes">
<component merge="append"><id>org.example.Editor</id><summary>Edits text</summary>
  <categories><category>Development</category><category>TextEditor</category></categories>
  <icon type="stock">other-editor</icon>
  <icon type="remote" width="128">https://example.org/editor.png</icon>
  <provides><id>editor</id></provides></component>
<component merge="replace"><id>org.example.Viewer</id><summary>Shows documents</summary>
  <pkgname>viewer-ng</pkgname></component>
<component merge="remove-component"><id>org.example.Legacy</id></component>
<component merge="append"><id>org.example.Missing</id>
  <categories><category>Game</category></categories></component>
<component merge="sideways"><id>org.example.Broken</id></component>
</components>"""


def _base() -> ExtractResult:
    apps, result, _ = read_dep11(BASE.encode(), "Components-amd64.yml")
    assert sorted(apps) == [
        "org.example.Editor",
        "org.example.Legacy",
        "org.example.Viewer.desktop",
    ]
    return ExtractResult(apps=list(apps.values()), hints=result.hints)


def _check_applied(fixes: ExtractResult, where: str) -> None:
    merged = merge([_base(), fixes])
    apps = {app.id: app for app in merged.apps}
    assert sorted(apps) == ["org.example.Editor", "org.example.Viewer.desktop"]  # Legacy removed
    editor = apps["org.example.Editor"]
    assert editor.summary.values == {"C": "Edits text"}  # filled: the target had none
    assert editor.name.values == {"C": "Editor", "de": "Editor (de)"}  # kept
    assert editor.categories == ("Development", "TextEditor")  # extended, no duplicate
    assert {(i.kind, i.name) for i in editor.icons} == {
        (IconKind.STOCK, "editor"),  # the target's stock icon stays
        (IconKind.REMOTE, "editor.png"),  # a remote icon is added
    }
    assert editor.aliases == ("editor",)
    assert editor.provenance == "dep11:Components-amd64.yml"
    viewer = apps["org.example.Viewer.desktop"]
    assert viewer.summary.values == {"C": "Shows documents"}  # replaced whole
    assert viewer.name.values == {"C": "Viewer"}  # the merge had no name: kept
    assert [p.name for p in viewer.packages] == ["viewer-ng"]
    applied = {h.source: h.message for h in merged.hints if h.tag == "merge-applied"}
    assert applied[f"{where} (org.example.Legacy)"].startswith("removed org.example.Legacy")
    assert "summary" in applied[f"{where} (org.example.Viewer)"]
    unmatched = [h.source for h in merged.hints if h.tag == "merge-unmatched"]
    assert unmatched == [f"{where} (org.example.Missing)"]


def test_dep11_merge_components_are_not_applications() -> None:
    apps, result, _ = read_dep11(MERGES_YAML.encode(), "fixes.yml")
    assert apps == {}
    assert [(m.kind, m.app.id) for m in result.merges] == [
        (MergeKind.APPEND, "org.example.Editor"),
        (MergeKind.REPLACE, "org.example.Viewer"),
        (MergeKind.REMOVE_COMPONENT, "org.example.Legacy"),
        (MergeKind.APPEND, "org.example.Missing"),
    ]
    assert "invalid-merge" in tags(result) and "invalid-type" not in tags(result)
    assert "no-name" not in tags(result) and "not-desktop-application" not in tags(result)


def test_xml_merge_components_are_not_applications_nor_duplicates() -> None:
    apps, result, _ = read_xml(MERGES_XML.encode(), "fixes.xml")
    assert apps == {}
    assert [m.kind for m in result.merges] == [
        MergeKind.APPEND,
        MergeKind.REPLACE,
        MergeKind.REMOVE_COMPONENT,
        MergeKind.APPEND,
    ]
    assert "invalid-merge" in tags(result)
    assert "not-desktop-application" not in tags(result)


def test_dep11_merges_apply_across_inputs() -> None:
    _check_applied(read_dep11(MERGES_YAML.encode(), "fixes.yml")[1], "fixes.yml")


def test_xml_merges_apply_across_inputs() -> None:
    _check_applied(read_xml(MERGES_XML.encode(), "fixes.xml")[1], "fixes.xml")


def test_merges_apply_to_the_merged_record_of_packages_and_catalogs() -> None:
    deb = Application(
        id="org.example.Viewer",
        name=LocalizedText({"C": "Viewer (deb)"}),
        packages=(Package("viewer", "2", "amd64"),),
        icons=(Icon(IconKind.CACHED, "v.png", 64, 1, "64x64/v.png"),),
        provenance="deb:viewer_2_amd64.deb",
    )
    fixes = read_xml(MERGES_XML.encode(), "fixes.xml")[1]
    merged = merge([ExtractResult(apps=[deb]), _base(), fixes])
    viewer = {app.id: app for app in merged.apps}["org.example.Viewer"]
    assert viewer.name.values == {"C": "Viewer (deb)"}
    assert viewer.summary.values == {"C": "Shows documents"}
    assert [p.name for p in viewer.packages] == ["viewer-ng"]


def test_import_catalog_carries_the_merges(tmp_path: Path) -> None:
    path = tmp_path / "fixes.yml"
    path.write_text(MERGES_YAML)
    imported = import_catalog(path)
    assert imported.apps == [] and len(imported.merges) == 4
    assert {m.where for m in imported.merges} >= {"fixes.yml (org.example.Editor)"}


def test_an_installed_merge_component_is_no_application(tmp_path: Path) -> None:
    files = {
        "usr/share/applications/org.example.Editor.desktop": samples.desktop("Editor", "editor"),
        "usr/share/icons/hicolor/64x64/apps/editor.png": samples.png(64),
        "usr/share/metainfo/org.example.Editor.metainfo.xml": (
            '<component type="desktop-application" merge="append">'
            "<id>org.example.Editor</id><name>Patched</name></component>"
        ),
    }
    for name, content in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode() if isinstance(content, str) else content)
    composition = Composer(sizes=(64,)).compose([Job(0, InputKind.TREE, str(tmp_path))])
    (app,) = composition.apps
    assert app.id == "org.example.Editor" and app.name.values == {"C": "Editor"}
    assert "merge-component-ignored" in [h.tag for h in composition.units[0].hints]


def test_results_pickled_before_merge_components_still_merge() -> None:
    """appcenter-generate --system keeps pickled parses; one written by an older version has
    no ``merges`` attribute at all."""
    old = _base()
    del old.__dict__["merges"]
    assert [app.id for app in merge([old]).apps] == [
        "org.example.Editor",
        "org.example.Legacy",
        "org.example.Viewer.desktop",
    ]
