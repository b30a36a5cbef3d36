"""Description lists keep every item, in its own locale, in every reader.

The catalog writes a list as one paragraph of ``• `` lines (``1. `` for ordered lists), see
``docs/catalog-schema.md``. Metainfo files and older catalogs translate list items one by one
(``<li xml:lang="de">``), which is where items used to land in the wrong locale.
"""

from __future__ import annotations

from appcenter_qt.extract.appstream.metainfo import parse_metainfo
from tests.extract.conftest import read_dep11, read_xml

C_TEXT = "Intro.\n\n• One\n• Two & three\n• Four\n\n1. First\n2. Second\n3. Third"
DE_TEXT = "Einleitung.\n\n• Eins\n• Zwei & drei\n• Vier\n\n1. Erstens\n2. Zweitens\n3. Drittens"

#: The older form: one <description>, a locale on each paragraph and on each list item.
PER_ITEM = """
  <description>
    <p>Intro.</p>
    <p xml:lang="de">Einleitung.</p>
    <ul>
      <li>One</li>
      <li xml:lang="de">Eins</li>
      <li>Two &amp; three</li>
      <li xml:lang="de">Zwei &amp; drei</li>
      <li>Four</li>
      <li xml:lang="de">Vier</li>
    </ul>
    <ol>
      <li>First</li>
      <li xml:lang="de">Erstens</li>
      <li>Second</li>
      <li xml:lang="de">Zweitens</li>
      <li>Third</li>
      <li xml:lang="de">Drittens</li>
    </ol>
  </description>
"""

#: The catalog form: one <description> per locale.
PER_LOCALE = """
  <description>
    <p>Intro.</p>
    <ul><li>One</li><li>Two &amp; three</li><li>Four</li></ul>
    <ol><li>First</li><li>Second</li><li>Third</li></ol>
  </description>
  <description xml:lang="de">
    <p>Einleitung.</p>
    <ul><li>Eins</li><li>Zwei &amp; drei</li><li>Vier</li></ul>
    <ol><li>Erstens</li><li>Zweitens</li><li>Drittens</li></ol>
  </description>
"""


def _catalog(description: str) -> bytes:
    return (
        '<components version="0.16" origin="t"><component type="desktop-application">'
        f"<id>org.example.Lists</id><name>Lists</name>{description}</component></components>"
    ).encode()


def _metainfo(description: str):
    xml = (
        '<component type="desktop-application"><id>org.example.Lists</id><name>Lists</name>'
        f"{description}</component>"
    )
    meta, _ = parse_metainfo(xml.encode(), "usr/share/metainfo/l.metainfo.xml", "deb:l.deb")
    assert meta is not None
    return meta


def test_dep11_lists_keep_all_items() -> None:
    yaml = """\
---
File: DEP-11
Version: '0.16'
---
Type: desktop-application
ID: org.example.Lists
Name: {C: Lists}
Description:
  C: <p>Intro.</p><ul><li>One</li><li>Two &amp; three</li><li>Four</li></ul>
    <ol><li>First</li><li>Second</li><li>Third</li></ol>
  de: <p>Einleitung.</p><ul><li>Eins</li><li>Zwei &amp; drei</li><li>Vier</li></ul>
    <ol><li>Erstens</li><li>Zweitens</li><li>Drittens</li></ol>
"""
    app = read_dep11(yaml.encode())[0]["org.example.Lists"]
    assert app.description.values == {"C": C_TEXT, "de": DE_TEXT}


def test_catalog_xml_lists_keep_all_items_in_both_forms() -> None:
    for description in (PER_LOCALE, PER_ITEM):
        app = read_xml(_catalog(description))[0]["org.example.Lists"]
        assert app.description.values == {"C": C_TEXT, "de": DE_TEXT}


def test_metainfo_lists_keep_all_items_in_both_forms() -> None:
    for description in (PER_LOCALE, PER_ITEM):
        assert _metainfo(description).description == {"C": C_TEXT, "de": DE_TEXT}


def test_a_list_translated_as_a_whole_is_not_split() -> None:
    description = """
      <description>
        <p>Intro.</p>
        <ul><li>One</li><li>Two &amp; three</li><li>Four</li></ul>
        <ul xml:lang="de"><li>Eins</li><li>Zwei &amp; drei</li><li>Vier</li></ul>
      </description>"""
    expected = {
        "C": "Intro.\n\n• One\n• Two & three\n• Four",
        "de": "• Eins\n• Zwei & drei\n• Vier",
    }
    assert _metainfo(description).description == expected
    assert read_xml(_catalog(description))[0]["org.example.Lists"].description.values == expected
