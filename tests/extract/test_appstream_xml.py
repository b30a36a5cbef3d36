"""AppStream catalog XML reader on hand-written sample files (tests/data/imports)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from appcenter_qt.domain import IconKind
from tests.extract.conftest import DATA, read_dep11, read_xml


def test_root_attributes() -> None:
    _, _, reader = read_xml(DATA / "fedora-style.xml")
    assert reader.origin == "sample-fedora"
    assert reader.media_base_url == "https://media.example.org/f"


def test_legacy_desktop_type_kept_runtime_skipped() -> None:
    apps, result, _ = read_xml(DATA / "fedora-style.xml")
    assert sorted(apps) == ["org.example.Paint.desktop", "org.example.Viewer"]
    assert any(
        h.tag == "not-desktop-application" and "'runtime'" in h.message for h in result.hints
    )


def test_localized_elements_and_per_paragraph_description_locales() -> None:
    paint = read_xml(DATA / "fedora-style.xml")[0]["org.example.Paint.desktop"]
    assert paint.name.values == {"C": "Paint", "fr": "Peinture"}  # x-test dropped
    assert paint.summary.values["fr"] == "Dessiner des images"
    assert paint.description.values == {
        "C": "Paint is a simple drawing program.\n\n• Brushes\n• Layers",
        "fr": "Peinture est un programme de dessin.",
    }
    assert paint.keywords.values == {"C": ("draw",), "fr": ("dessin",)}


def test_packages_icons_categories_screenshots() -> None:
    paint = read_xml(DATA / "fedora-style.xml")[0]["org.example.Paint.desktop"]
    assert paint.package_names == ("example-paint", "example-paint-data")
    assert paint.categories == ("Graphics", "2DGraphics")
    cached = sorted(i.path for i in paint.icons if i.kind is IconKind.CACHED)
    assert cached == ["128x128/example-paint.png", "64x64/example-paint.png"]
    assert paint.icon(64) is not None and paint.icon(64).size == 64
    shot = paint.screenshots[0]
    assert shot.default and shot.caption.values == {"C": "Drawing"}
    assert (
        shot.source is not None
        and shot.source.url == "https://media.example.org/f/paint/source.png"
    )
    assert paint.desktop_id == "org.example.Paint.desktop"
    assert (paint.homepage, paint.project_license, paint.developer) == (
        "https://example.org/paint",
        "MIT",
        "Paint Team",
    )
    viewer = read_xml(DATA / "fedora-style.xml")[0]["org.example.Viewer"]
    assert [i.path for i in viewer.icons] == ["https://icons.example.net/viewer.png"]


def test_xml_of_the_dep11_sample_gives_the_same_applications() -> None:
    """sample.xml is ``appstreamcli convert sample.yml sample.xml`` output (checked in)."""
    yaml_apps = read_dep11(DATA / "sample.yml")[0]
    xml_apps = read_xml(DATA / "sample.xml")[0]
    assert sorted(yaml_apps) == sorted(xml_apps)
    for app_id, app in yaml_apps.items():
        other = xml_apps[app_id]
        for field in ("name", "summary", "description", "keywords", "categories", "icons"):
            assert getattr(app, field) == getattr(other, field), (app_id, field)
        assert app.screenshots == other.screenshots
        assert app.packages == other.packages


def test_an_addon_component_is_read_as_an_addon() -> None:
    apps, result, _ = read_xml(DATA / "sample.xml")
    assert "org.example.Mines.Themes" not in apps
    (record,) = result.addons
    assert record.addon.extends == ("org.example.Mines",)
    assert record.addon.packages == ("example-mines-themes",)
    assert record.addon.summary.get() == "Extra themes for Mines"
    assert [r.addon for r in read_dep11(DATA / "sample.yml")[1].addons] == [record.addon]


ADDONS = b"""<?xml version="1.0"?>
<components version="0.16" origin="t">
  <component type="addon">
    <id>org.example.Plugin</id>
    <name>Plugin</name>
    <name xml:lang="de">Erweiterung</name>
    <extends>org.example.App</extends>
    <extends>org.example.Other.desktop</extends>
    <extends>bad id/</extends>
    <pkgname>plugin-a</pkgname>
    <project_license>MIT</project_license>
  </component>
  <component type="addon">
    <id>org.example.Plugin</id>
    <name>Twice</name>
    <extends>org.example.App</extends>
  </component>
  <component type="addon">
    <id>org.example.NoExtends</id>
    <name>Orphan</name>
    <pkgname>orphan</pkgname>
  </component>
  <component type="desktop-application">
    <id>org.example.Plugin</id>
    <name>An application may share an add-on's id</name>
  </component>
</components>
"""


def test_addon_fields_and_what_rejects_one() -> None:
    apps, result, _ = read_xml(ADDONS)
    assert list(apps) == ["org.example.Plugin"]
    (record,) = result.addons
    plugin = record.addon
    assert plugin.extends == ("org.example.App", "org.example.Other.desktop")
    assert plugin.name.get(("de",)) == "Erweiterung" and plugin.project_license == "MIT"
    found = {(h.source, h.tag) for h in result.hints}
    assert found == {
        ("test.xml (org.example.Plugin)", "invalid-field"),
        ("test.xml (org.example.Plugin)", "duplicate-id"),
        ("test.xml (org.example.NoExtends)", "addon-no-extends"),
    }


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="needs appstreamcli (appstream)")
def test_appstreamcli_accepts_the_sample_and_converts_it_the_same(tmp_path) -> None:
    """The checked-in XML twin is valid for libappstream, and a fresh conversion imports the
    same as both the YAML and the checked-in XML."""
    validation = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(DATA / "sample.xml")],
        capture_output=True,
        text=True,
    )
    assert validation.returncode == 0, validation.stdout
    fresh = tmp_path / "fresh.xml"
    subprocess.run(
        ["appstreamcli", "convert", str(DATA / "sample.yml"), str(fresh)],
        check=True,
        capture_output=True,
    )
    converted, result, reader = read_xml(fresh)
    assert converted == read_xml(DATA / "sample.xml")[0]
    yaml_apps = read_dep11(DATA / "sample.yml")[0]
    assert {k: v.name for k, v in converted.items()} == {k: v.name for k, v in yaml_apps.items()}
    assert reader.components == 5 and reader.priority == 10
    assert [h.tag for h in result.hints] == ["not-desktop-application"] * 2
    # libappstream's own conversion keeps the add-on and its <extends>
    assert result.addons == read_xml(DATA / "sample.xml")[1].addons
    assert [r.addon for r in result.addons] == [
        r.addon for r in read_dep11(DATA / "sample.yml")[1].addons
    ]
