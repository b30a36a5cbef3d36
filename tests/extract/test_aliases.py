"""``Application.aliases``: provides/id, renamed ids and the id without ``.desktop``, in every
reader and through the cross-input merge."""

from __future__ import annotations

from pathlib import Path

from appcenter_qt.domain import Application, LocalizedText
from appcenter_qt.extract.readers import InputKind
from appcenter_qt.extract.result import ExtractResult
from appcenter_qt.generator.composer import Composer, Job
from appcenter_qt.generator.merge import merge
from tests.extract import samples
from tests.extract.conftest import read_dep11, read_xml

DEP11 = """\
---
File: DEP-11
Version: '0.16'
---
Type: desktop-application
ID: org.kde.krita.desktop
Name: {C: Krita}
Provides:
  ids:
  - krita
  - org.kde.krita.desktop
  - krita
  - not an id
  mediatypes:
  - application/x-krita
Replaces:
- id: org.krita.Krita
- id: org.kde.krita
---
Type: desktop-application
ID: org.example.Plain
Name: {C: Plain}
"""

XML = """<components version="0.16" origin="t">
<component type="desktop-application">
  <id>org.kde.krita.desktop</id>
  <name>Krita</name>
  <provides>
    <id>krita</id>
    <id>org.kde.krita.desktop</id>
    <id>krita</id>
    <id>not an id</id>
    <mediatype>application/x-krita</mediatype>
  </provides>
  <replaces><id>org.krita.Krita</id><id>org.kde.krita</id></replaces>
</component>
<component type="desktop-application"><id>org.example.Plain</id><name>Plain</name></component>
</components>"""

EXPECTED = ("krita", "org.kde.krita", "org.krita.Krita")


def test_dep11_aliases() -> None:
    apps = read_dep11(DEP11.encode())[0]
    assert apps["org.kde.krita.desktop"].aliases == EXPECTED
    assert apps["org.example.Plain"].aliases == ()


def test_catalog_xml_aliases() -> None:
    apps = read_xml(XML.encode())[0]
    assert apps["org.kde.krita.desktop"].aliases == EXPECTED
    assert apps["org.example.Plain"].aliases == ()


def test_installed_metainfo_aliases(tmp_path: Path) -> None:
    metainfo = """<component type="desktop-application">
  <id>org.kde.krita.desktop</id>
  <name>Krita</name>
  <launchable type="desktop-id">org.kde.krita.desktop</launchable>
  <provides><id>krita</id><id>org.kde.krita.desktop</id></provides>
  <replaces><id>org.krita.Krita</id></replaces>
</component>"""
    files = samples.app_files("org.kde.krita", samples.desktop("Krita", "org.kde.krita"))
    files["usr/share/metainfo/org.kde.krita.appdata.xml"] = metainfo
    files.update(samples.app_files("plain", samples.desktop("Plain", "plain")))
    for name, content in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode() if isinstance(content, str) else content)
    composition = Composer(sizes=(64,)).compose([Job(0, InputKind.TREE, str(tmp_path))])
    apps = {app.id: app for app in composition.apps}
    assert apps["org.kde.krita.desktop"].aliases == EXPECTED
    assert apps["plain"].aliases == ()


def test_merge_unions_aliases_and_the_other_records_ids() -> None:
    deb = Application(
        id="org.kde.krita",
        name=LocalizedText({"C": "Krita"}),
        provenance="deb:krita.deb",
        aliases=("krita",),
    )
    catalog = read_dep11(DEP11.encode())[0]["org.kde.krita.desktop"]
    (merged,) = [a for a in merge([ExtractResult(apps=[deb, catalog])]).apps]
    assert merged.id == "org.kde.krita"
    assert merged.aliases == ("krita", "org.kde.krita.desktop", "org.krita.Krita")
