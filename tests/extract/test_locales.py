"""One set of locale rules in every reader: DEP-11, catalog XML, metainfo and desktop files."""

from __future__ import annotations

from appcenter_qt.extract.appstream.desktop import parse_desktop
from appcenter_qt.extract.appstream.locales import LocaleMap
from appcenter_qt.extract.appstream.metainfo import parse_metainfo
from tests.extract.conftest import read_dep11, read_xml

#: Both spellings of three locales, in the order that would let the alias win if it could.
DEP11 = """\
---
File: DEP-11
Version: '0.16'
Origin: test
---
Type: desktop-application
ID: org.example.Locales
Package: locales
Name:
  C: Mines
  ca: Mines (ca)
  ca-valencia: Mines (ca-valencia)
  ca@valencia: Mines (valencià)
  pt-BR: Minas (pt-BR)
  pt_BR: Minas
  sr: Мине
  sr-Latn: Mine
  be@tarask: Міны (тарашкевіца)
  be: Міны
  zh-Hant: 踩地雷
  zh_CN: 扫雷
  x-test: xxMinesxx
Summary:
  C: Clear mines
  zh_Hant: 清除地雷
  zh-Hant: 清除地雷 (BCP 47)
  sr-RS-Latn: Očistite mine
"""

EXPECTED_NAMES = {
    "C": "Mines",
    "ca": "Mines (ca)",
    "ca@valencia": "Mines (valencià)",
    "pt_BR": "Minas",
    "sr": "Мине",
    "sr@latin": "Mine",
    "be@tarask": "Міны (тарашкевіца)",
    "be": "Міны",
    "zh_Hant": "踩地雷",
    "zh_CN": "扫雷",
}

XML_BODY = """
  <id>org.example.Locales</id>
  <name>Mines</name>
  <name xml:lang="ca">Mines (ca)</name>
  <name xml:lang="ca-valencia">Mines (ca-valencia)</name>
  <name xml:lang="ca@valencia">Mines (valencià)</name>
  <name xml:lang="pt-BR">Minas (pt-BR)</name>
  <name xml:lang="pt_BR">Minas</name>
  <name xml:lang="sr">Мине</name>
  <name xml:lang="sr-Latn">Mine</name>
  <name xml:lang="be@tarask">Міны (тарашкевіца)</name>
  <name xml:lang="be">Міны</name>
  <name xml:lang="zh-Hant">踩地雷</name>
  <name xml:lang="zh_CN">扫雷</name>
  <name xml:lang="x-test">xxMinesxx</name>
  <summary lang="de">Minen räumen</summary>
  <summary>Clear mines</summary>
  <summary lang="sr-Latn">Očistite mine</summary>
"""


def test_locale_map_prefers_the_canonical_spelling_then_the_first_value() -> None:
    values: LocaleMap[str] = LocaleMap()
    assert values.put("pt-BR", "alias") and values["pt_BR"] == "alias"
    assert values.put("pt_BR", "canonical") and values["pt_BR"] == "canonical"
    assert not values.put("pt-BR", "alias again") and values["pt_BR"] == "canonical"
    assert not values.put("pt_BR", "second canonical") and values["pt_BR"] == "canonical"
    assert values.put(None, "untranslated") and not values.put("C", "C again")
    assert not values.put("x-test", "dummy") and values == {
        "pt_BR": "canonical",
        "C": "untranslated",
    }


def test_dep11_keys_are_canonical_and_variants_keep_their_text() -> None:
    app = read_dep11(DEP11.encode())[0]["org.example.Locales"]
    assert app.name.values == EXPECTED_NAMES
    assert app.summary.values == {
        "C": "Clear mines",
        "zh_Hant": "清除地雷",
        "sr_RS@latin": "Očistite mine",
    }


def test_catalog_xml_reads_the_same_locales_and_the_legacy_lang_attribute() -> None:
    xml = f'<components version="0.16" origin="t"><component type="desktop-application">{XML_BODY}'
    xml += "</component></components>"
    app = read_xml(xml.encode())[0]["org.example.Locales"]
    assert app.name.values == EXPECTED_NAMES
    # lang="de" is a locale: it neither overwrites the untranslated summary nor is lost
    assert app.summary.values == {
        "C": "Clear mines",
        "de": "Minen räumen",
        "sr@latin": "Očistite mine",
    }


def test_metainfo_reads_the_same_locales_and_the_legacy_lang_attribute() -> None:
    xml = f'<component type="desktop-application">{XML_BODY}</component>'
    meta, hints = parse_metainfo(xml.encode(), "usr/share/metainfo/l.metainfo.xml", "deb:l.deb")
    assert meta is not None and hints == []
    assert meta.name == EXPECTED_NAMES
    assert meta.summary == {"C": "Clear mines", "de": "Minen räumen", "sr@latin": "Očistite mine"}


def test_desktop_file_keys_follow_the_same_rules() -> None:
    text = "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Name[ca-valencia]=Mines (ca-valencia)",
            "Name[ca@valencia]=Mines (valencià)",
            "Name=Mines",
            "Name[sr@Latn]=Mine",
            "Name[be@tarask]=Міны (тарашкевіца)",
            "Name[be]=Міны",
            "Name[zh_Hant]=踩地雷",
            "Name[x-test]=xxMinesxx",
            "Icon=mines",
        ]
    )
    entry, hints = parse_desktop(text.encode(), "usr/share/applications/m.desktop", "deb:m.deb")
    assert entry is not None
    assert entry.name == {
        "C": "Mines",
        "ca@valencia": "Mines (valencià)",
        "sr@latin": "Mine",
        "be@tarask": "Міны (тарашкевіца)",
        "be": "Міны",
        "zh_Hant": "踩地雷",
    }
    assert [h.tag for h in hints] == ["desktop-bad-locale"]
