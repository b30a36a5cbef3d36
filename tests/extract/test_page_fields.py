"""Links, releases and the OARS content rating read from catalog XML, metainfo and DEP-11
into the same fields (the unified component parser), with bad parts reported, not fatal."""

from __future__ import annotations

from appcenter_qt.extract.appstream.metainfo import parse_metainfo
from appcenter_qt.extract.appstream.page_fields import MAX_RELEASES, timestamp_of
from tests.extract.conftest import read_dep11, read_xml

XML = b"""<?xml version="1.0"?>
<components version="0.16" origin="test">
 <component type="desktop-application">
  <id>org.example.Game</id>
  <name>Game</name>
  <summary>A game</summary>
  <url type="homepage">https://example.org</url>
  <url type="bugtracker">https://example.org/bugs</url>
  <url type="bugtracker">https://example.org/second</url>
  <url type="help">file:///etc/passwd</url>
  <url type="contact">dev@example.org</url>
  <url type="vcs-browser" xml:lang="de">https://example.org/de</url>
  <releases>
   <release version="2.0" date="2024-03-04" type="development">
    <description><p>New <em>levels</em></p><p xml:lang="de">Neue Level</p>
     <ul><li>Faster</li></ul></description>
   </release>
   <release version="1.0" timestamp="1600000000"/>
   <release date="2020-01-01"/>
  </releases>
  <content_rating type="oars-1.1">
   <content_attribute id="violence-fantasy">moderate</content_attribute>
   <content_attribute id="social-chat">none</content_attribute>
  </content_rating>
 </component>
</components>
"""

DEP11 = b"""---
File: DEP-11
Version: '0.16'
Origin: test
---
Type: desktop-application
ID: org.example.Game
Package: game
Name: {C: Game}
Summary: {C: A game}
Url:
  homepage: https://example.org
  bugtracker: https://example.org/bugs
  help: javascript:alert(1)
  contact: dev@example.org
Releases:
- version: '2.0'
  type: development
  unix-timestamp: 1709510400
  description:
    C: <p>New <em>levels</em></p><ul><li>Faster</li></ul>
    de: <p>Neue Level</p>
- version: '1.0'
  date: 2020-09-13
- {date: '2020-01-01'}
ContentRating:
  oars-1.1:
    violence-fantasy: moderate
    social-chat: none
"""


def _check(app) -> None:  # type: ignore[no-untyped-def]
    assert app.homepage == "https://example.org"
    assert app.urls == (
        ("bugtracker", "https://example.org/bugs"),
        ("contact", "mailto:dev@example.org"),
    )
    new, old = app.releases
    assert (new.version, new.kind, new.timestamp) == ("2.0", "development", 1709510400)
    assert new.description.values == {"C": "New levels\n\n• Faster", "de": "Neue Level"}
    assert old.version == "1.0" and old.kind == "stable" and old.timestamp > 0
    assert app.content_rating.kind == "oars-1.1"
    assert app.content_rating.attributes == (("violence-fantasy", "moderate"),)
    assert app.content_rating.minimum_age == 7


def test_catalog_xml() -> None:
    apps, result, _ = read_xml(XML)
    _check(apps["org.example.Game"])
    assert "invalid-release" in [hint.tag for hint in result.hints]


def test_dep11() -> None:
    apps, result, _ = read_dep11(DEP11)
    _check(apps["org.example.Game"])
    assert "invalid-release" in [hint.tag for hint in result.hints]


def test_metainfo() -> None:
    component = XML.split(b"<components", 1)[1].split(b">", 1)[1].rsplit(b"</components>", 1)[0]
    data = b'<?xml version="1.0"?>' + component.replace(
        b"<summary>", b"<pkgname>game</pkgname><summary>"
    )
    info, hints = parse_metainfo(data, "usr/share/metainfo/org.example.Game.metainfo.xml", "t")
    assert info is not None, hints
    _check(info.application if hasattr(info, "application") else info.app)


def test_no_rating_is_unknown_and_an_empty_one_is_all_ages() -> None:
    apps, _, _ = read_xml(
        XML.replace(b"<content_rating", b"<x").replace(b"</content_rating", b"</x")
    )
    assert apps["org.example.Game"].content_rating is None
    empty = (
        XML.split(b"<content_rating")[0]
        + b'<content_rating type="oars-1.0"/>'
        + (XML.split(b"</content_rating>")[1])
    )
    rating = read_xml(empty)[0]["org.example.Game"].content_rating
    assert rating is not None and rating.minimum_age == 0


def test_releases_are_capped() -> None:
    many = b"".join(b'<release version="1.%d"/>' % n for n in range(200))
    data = XML.replace(b'<release version="1.0" timestamp="1600000000"/>', many)
    assert len(read_xml(data)[0]["org.example.Game"].releases) == MAX_RELEASES


def test_timestamps() -> None:
    assert timestamp_of("1600000000", None) == 1600000000
    assert timestamp_of(None, "2020-09-13") == 1599955200
    assert timestamp_of(None, "2020-09-13T12:00:00Z") == 1599998400
    assert timestamp_of("-5", "garbage") == 0
    assert timestamp_of("9" * 40, None) == 0
    assert timestamp_of(True, None) == 0
