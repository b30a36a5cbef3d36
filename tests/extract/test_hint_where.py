"""Every hint about a component names the input and the component in its ``source``."""

from __future__ import annotations

from pathlib import Path

from appcenter_qt.extract.appstream.desktop import parse_desktop
from appcenter_qt.extract.appstream.metainfo import parse_metainfo
from appcenter_qt.extract.readers import InputKind
from appcenter_qt.generator.composer import Composer, Job
from appcenter_qt.generator.reports.report import report_json
from tests.extract import samples
from tests.extract.conftest import read_dep11, read_xml

META = "usr/share/metainfo/org.example.App.metainfo.xml"


def test_metainfo_hints_name_the_package_and_the_component() -> None:
    xml = """<component type="desktop-application"><id>org.example.App</id><name>App</name>
      <screenshots><screenshot><image>ftp://example.org/a.png</image></screenshot></screenshots>
    </component>"""
    _, hints = parse_metainfo(xml.encode(), META, "deb:app_1_all.deb")
    assert [(h.source, h.tag) for h in hints] == [
        ("deb:app_1_all.deb (org.example.App)", "invalid-screenshot")
    ]
    _, hints = parse_metainfo(b"<component><id>", META, "deb:app_1_all.deb")
    assert [h.source for h in hints] == [f"deb:app_1_all.deb ({META})"]  # no id yet: the file


def test_desktop_hints_name_the_package_and_the_desktop_id() -> None:
    text = "[Desktop Entry]\nType=Application\nName=App\nNoDisplay=maybe\n"
    _, hints = parse_desktop(text.encode(), "usr/share/applications/app.desktop", "rpm:app.rpm")
    assert [(h.source, h.tag) for h in hints] == [
        ("rpm:app.rpm (app.desktop)", "desktop-bad-boolean")
    ]


def test_composer_hints_name_the_unit_and_the_component(tmp_path: Path) -> None:
    files = {
        **samples.app_files("noname", "[Desktop Entry]\nType=Application\nIcon=noname\n"),
        **samples.app_files("noicon", samples.desktop("No icon", "missing-icon")),
        **samples.app_files("hidden", samples.desktop("Hidden", "hidden", "NoDisplay=true")),
        "usr/share/metainfo/org.example.Lonely.metainfo.xml": (
            '<component type="desktop-application"><id>org.example.Lonely</id>'
            "<name>Lonely</name></component>"
        ),
    }
    for name, content in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode() if isinstance(content, str) else content)
    composition = Composer(sizes=(64,)).compose([Job(0, InputKind.TREE, str(tmp_path))])
    unit = f"tree:{tmp_path.name}"
    where = {h.tag: h.source for h in composition.units[0].hints}
    assert where["desktop-no-name"] == f"{unit} (noname.desktop)"
    assert where["icon-not-found"] == f"{unit} (noicon)"
    assert where["desktop-nodisplay"] == f"{unit} (hidden.desktop)"
    assert where["metainfo-without-desktop-file"] == f"{unit} (org.example.Lonely)"
    reported = report_json(composition)["inputs"][0]["hints"]
    assert {h["tag"]: h["source"] for h in reported} == where


def test_catalog_no_name_hints_name_the_file_and_the_component() -> None:
    yaml = "---\nFile: DEP-11\n---\nType: desktop-application\nID: org.example.NoName\n"
    result = read_dep11(yaml.encode(), "Components-amd64.yml")[1]
    assert [(h.source, h.tag) for h in result.hints] == [
        ("Components-amd64.yml (org.example.NoName)", "no-name")
    ]
    xml = '<components><component type="desktop-application"><id>org.example.NoName</id>'
    result = read_xml(f"{xml}</component></components>".encode(), "catalog.xml")[1]
    assert [(h.source, h.tag) for h in result.hints] == [
        ("catalog.xml (org.example.NoName)", "no-name")
    ]
