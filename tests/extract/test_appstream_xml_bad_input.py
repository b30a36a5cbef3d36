"""Catalog XML bad input: DTDs and entities refused, broken components reported, truncated
files keep what was complete."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from appcenter_qt.extract.result import Severity
from tests.extract.conftest import read_xml, tags

GOOD = (
    b'<component type="desktop-application"><id>org.example.Good</id>'
    b"<name>Good</name><summary>Fine</summary></component>"
)


def catalog(*components: bytes) -> bytes:
    return (
        b'<?xml version="1.0"?>\n<components origin="x">'
        + b"".join(components)
        + GOOD
        + b"</components>"
    )


def test_billion_laughs_dtd_is_refused() -> None:
    bomb = b"""<?xml version="1.0"?>
<!DOCTYPE components [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<components origin="x"><component type="desktop-application"><id>org.x.Bomb</id>
<name>&lol4;</name></component></components>"""
    apps, result, _ = read_xml(bomb)
    assert apps == {}
    assert tags(result) == ["dtd-refused"]
    assert result.hints[0].severity is Severity.ERROR


def test_external_entity_is_never_read(tmp_path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    xxe = f"""<?xml version="1.0"?>
<!DOCTYPE components [<!ENTITY xxe SYSTEM "file://{secret}">]>
<components origin="x"><component type="desktop-application"><id>org.x.Xxe</id>
<name>&xxe;</name></component></components>""".encode()
    apps, result, _ = read_xml(xxe)
    assert apps == {}
    assert "TOP-SECRET" not in str(result.hints)
    assert tags(result) == ["dtd-refused"]


def test_truncated_file_keeps_complete_components() -> None:
    data = catalog(
        b'<component type="desktop-application"><id>org.example.First</id>'
        b"<name>F</name></component>"
    )
    apps, result, _ = read_xml(data[: data.index(b"<name>Good")])
    assert list(apps) == ["org.example.First"]
    assert tags(result) == ["malformed-xml"]
    assert "line" in result.hints[0].message


def test_not_a_catalog_root() -> None:
    apps, result, _ = read_xml(b"<component><id>a.b</id><name>x</name></component>")
    assert apps == {} and tags(result) == ["not-a-catalog"]


def test_missing_duplicate_and_nameless_components() -> None:
    apps, result, _ = read_xml(
        catalog(
            b'<component type="desktop-application"><name>NoId</name></component>',
            b'<component type="desktop-application"><id>org.example.Good</id>'
            b"<name>Dup1</name></component>",
            b'<component type="desktop-application"><id>org.example.Nameless</id></component>',
        )
    )
    assert apps["org.example.Good"].name.values == {"C": "Dup1"}  # first one wins
    assert {"missing-id", "duplicate-id", "no-name"} <= set(tags(result))
    assert any(h.source == "test.xml (component at line 2)" for h in result.hints)


def test_bad_attributes_drop_only_the_part() -> None:
    apps, result, _ = read_xml(
        catalog(
            b'<component type="desktop-application"><id>org.example.Attr</id><name>A</name>'
            b'<icon type="cached" width="huge">a.png</icon><icon type="stock">a</icon>'
            b'<screenshots><screenshot><image width="1">javascript:x</image></screenshot>'
            b"</screenshots></component>"
        )
    )
    app = apps["org.example.Attr"]
    assert [i.name for i in app.icons] == ["a"] and app.screenshots == ()
    assert {"invalid-icon", "invalid-screenshot"} <= set(tags(result))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                [
                    "id",
                    "name",
                    "summary",
                    "icon",
                    "pkgname",
                    "categories",
                    "keywords",
                    "screenshots",
                    "description",
                    "launchable",
                ]
            ),
            st.text(max_size=15),
            st.dictionaries(
                st.sampled_from(["type", "width", "scale", "height"]),
                st.text(max_size=5),
                max_size=2,
            ),
        ),
        max_size=8,
    )
)
def test_fuzz_component_children(children) -> None:
    component = etree.Element("component", type="desktop-application")
    for tag, text, attrs in children:
        clean = {k: "".join(c for c in v if c.isprintable()) for k, v in attrs.items()}
        child = etree.SubElement(component, tag, **clean)
        child.text = "".join(ch for ch in text if ch.isprintable())
    apps, result, _ = read_xml(catalog(etree.tostring(component)))
    assert "org.example.Good" in apps or tags(result)
    for app in apps.values():
        assert app.name
