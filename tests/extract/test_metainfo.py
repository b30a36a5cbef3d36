"""The metainfo parser on realistic and hostile files."""

from __future__ import annotations

import pytest

from appcenter_qt.extract.appstream.metainfo import is_metainfo_path, parse_metainfo
from tests.extract import samples

PATH = "usr/share/metainfo/org.gnome.Mines.metainfo.xml"


def parse(text: str | bytes):
    return parse_metainfo(text.encode() if isinstance(text, str) else text, PATH, "deb:m.deb")


def test_full_component() -> None:
    meta, hints = parse(samples.MINES_METAINFO)
    assert hints == [] and meta is not None
    assert meta.id == "org.gnome.Mines" and meta.is_desktop_app
    assert meta.name == {"C": "Mines", "de": "Minen"}
    assert meta.summary == {"C": "Clear hidden mines from a minefield", "de": "Minen räumen"}
    assert meta.description == {
        "C": "Mines is a puzzle game.\n\n• Three sizes\n• Flags",
        "de": "Minen ist ein Denkspiel.\n\n• Drei Größen",
    }
    assert meta.launchable == "org.gnome.Mines.desktop"
    assert meta.homepage == "https://wiki.gnome.org/Apps/Mines"
    assert meta.developer == "The GNOME Project" and meta.project_license == "GPL-3.0-or-later"
    assert meta.keywords == {"C": ("minesweeper",), "de": ("Minensuche",)}
    (shot,) = meta.screenshots
    assert shot.default and shot.caption.values == {
        "C": "A game in progress",
        "de": "Ein laufendes Spiel",
    }
    assert (shot.images[0].url, shot.images[0].width) == ("https://example.org/mines.png", 1280)


def test_legacy_appdata_and_collection_style_description() -> None:
    text = """<?xml version="1.0"?>
<!DOCTYPE application>
<application>
  <id type="desktop">gedit.desktop</id>
  <name>gedit</name>
  <developer_name>GNOME</developer_name>
  <description><p>Edit text.</p></description>
  <description xml:lang="fr"><p>Éditer.</p></description>
  <name xml:lang="x-test">xxgeditxx</name>
  <categories><category>Utility</category><category>Utility</category></categories>
</application>"""
    meta, hints = parse(text)
    assert hints == [] and meta is not None
    assert meta.id == "gedit.desktop" and meta.kind == "desktop" and meta.is_desktop_app
    assert meta.name == {"C": "gedit"} and meta.developer == "GNOME"
    assert meta.description == {"C": "Edit text.", "fr": "Éditer."}
    assert meta.categories == ("Utility",)


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        (
            '<!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]><component><id>a</id>'
            "<name>&x;</name></component>",
            "metainfo-entities-forbidden",
        ),
        (
            '<!DOCTYPE c [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
            "<component><id>a</id><name>&b;</name></component>",
            "metainfo-entities-forbidden",
        ),
        ("<component><id>a</id>", "metainfo-invalid-xml"),
        (b"<component><id>\xff</id></component>", "metainfo-invalid-xml"),
        ("<html><id>a</id></html>", "metainfo-no-component"),
        ("<component><name>no id</name></component>", "metainfo-no-id"),
        ("<component><id>has space</id></component>", "metainfo-no-id"),
    ],
)
def test_rejected_files(text: str | bytes, tag: str) -> None:
    meta, hints = parse(text)
    assert meta is None and [hint.tag for hint in hints] == [tag]
    assert PATH in hints[0].message


def test_screenshot_urls_must_be_http() -> None:
    text = (
        '<component type="desktop-application"><id>a</id><screenshots><screenshot>'
        "<image>file:///etc/passwd</image><image>javascript:alert(1)</image>"
        "</screenshot></screenshots></component>"
    )
    meta, hints = parse(text)
    assert meta is not None and meta.screenshots == ()
    # One parser for metainfo and catalogs: a bad image drops its screenshot, with one hint;
    # a package's metainfo may not point at local files (a catalog may, at its own media).
    assert [hint.tag for hint in hints] == ["invalid-screenshot"]
    assert "file:///etc/passwd" in hints[0].message


def test_console_application_is_not_a_desktop_app() -> None:
    meta, _ = parse('<component type="console-application"><id>tool</id></component>')
    assert meta is not None and not meta.is_desktop_app


def test_metainfo_paths() -> None:
    assert is_metainfo_path(PATH)
    assert is_metainfo_path("usr/share/appdata/gedit.appdata.xml")
    assert not is_metainfo_path("usr/share/metainfo/README")
    assert not is_metainfo_path("usr/share/doc/x.metainfo.xml")
