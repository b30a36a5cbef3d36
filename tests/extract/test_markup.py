"""AppStream description markup → plain paragraphs, from both strings and parsed XML."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from appcenter_qt.extract.appstream.dep11_fields import description_text
from appcenter_qt.extract.appstream.markup import (
    MAX_DESCRIPTION_CHARS,
    MAX_LIST_DEPTH,
    join_paragraphs,
    paragraphs_from_element,
    paragraphs_from_markup,
)
from tests.extract.conftest import read_dep11

SAMPLE = (
    "<p>Clear the   minefield\n  without <em>exploding</em>.</p>"
    "<ul><li>Three sizes</li><li>Hints, <code>undo</code></li></ul>"
    "<ol><li>first</li><li>second</li></ol>"
    "<p>Last &amp; least.</p>"
)
EXPECTED = (
    "Clear the minefield without exploding.",
    "• Three sizes\n• Hints, undo",
    "1. first\n2. second",
    "Last & least.",
)


def test_markup_string_gives_paragraphs_and_list_lines() -> None:
    assert paragraphs_from_markup(SAMPLE) == EXPECTED


@pytest.mark.parametrize("parse", [ET.fromstring, etree.fromstring], ids=["etree", "lxml"])
def test_element_gives_the_same_paragraphs(parse) -> None:
    element = parse(f"<description>{SAMPLE}</description>")
    assert paragraphs_from_element(element) == EXPECTED


def test_namespaced_elements_and_comments() -> None:
    element = etree.fromstring(
        '<description xmlns="https://specifications.freedesktop.org/metainfo/1.0">'
        "<p>One<!-- hidden --> two</p><ul><li>x</li></ul></description>"
    )
    assert paragraphs_from_element(element) == ("One two", "• x")


def test_unclosed_tags_and_unknown_tags_keep_their_text() -> None:
    assert paragraphs_from_markup("<p>open<p>next <b>bold</b><ul><li>a<li>b") == (
        "open",
        "next bold",
        "• a\n• b",
    )


def test_plain_text_without_markup_is_one_paragraph() -> None:
    assert paragraphs_from_markup("  just text  ") == ("just text",)
    assert paragraphs_from_markup("") == ()


def test_script_like_text_stays_inert_text() -> None:
    paragraphs = paragraphs_from_markup("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")
    assert paragraphs == ("<script>alert(1)</script>",)


def test_hostile_length_is_capped() -> None:
    paragraphs = paragraphs_from_markup("<p>" + "a" * 1000 + "</p>" * 1 + "<p>b</p>" * 50_000)
    assert sum(len(p) for p in paragraphs) <= MAX_DESCRIPTION_CHARS
    assert paragraphs[0] == "a" * 1000


def test_join_paragraphs_uses_one_empty_line() -> None:
    assert join_paragraphs(("a", "", "• b\n• c")) == "a\n\n• b\n• c"


def test_html_forms_beyond_bare_tags_read_as_before() -> None:
    # Attributes, comments, stray '<', raw-text tags and entities split by tags take the
    # general tokenizer or agree with it; every expectation here is what HTMLParser gives.
    assert paragraphs_from_markup('<p class="x">a &lt; b</p><!-- c --><p>1 < 2</p>') == (
        "a < b",
        "1 < 2",
    )
    assert paragraphs_from_markup("<p>x<script><p>y</p></script></p>") == ("x<p>y</p>",)
    assert paragraphs_from_markup("<P>A&am<em>p;</em>B<BR/>C</P>") == ("A&amp;B", "C")
    assert paragraphs_from_markup("<p>a\x0b<p\x0b>b</p>") == ("a b",)


def nested_lists(depth: int) -> str:
    return "<p>intro</p>" + "<ul><li>item" * depth + "</li></ul>" * depth + "<p>outro</p>"


def test_nested_lists_prefix_each_level() -> None:
    assert paragraphs_from_markup(nested_lists(3)) == (
        "intro",
        "• item\n• • item\n• • • item",
        "outro",
    )


@pytest.mark.parametrize("depth", [MAX_LIST_DEPTH + 1, 500])
def test_lists_below_the_depth_cap_join_the_deepest_list_kept(depth: int) -> None:
    intro, items, outro = paragraphs_from_markup(nested_lists(depth))
    assert (intro, outro) == ("intro", "outro")
    lines = items.splitlines()
    assert len(lines) == depth  # no item lost
    assert lines[: MAX_LIST_DEPTH - 1] == [
        "• " * level + "item" for level in range(1, MAX_LIST_DEPTH)
    ]
    assert set(lines[MAX_LIST_DEPTH - 1 :]) == {"• " * MAX_LIST_DEPTH + "item"}


def test_thousands_of_nested_tags_do_not_recurse() -> None:
    markup = "<p>intro</p>" + "<div><em>" * 5000 + "deep" + "</em></div>" * 5000 + "<p>outro</p>"
    assert paragraphs_from_markup(markup) == ("intro", "deep", "outro")


@pytest.mark.parametrize("parse", [ET.fromstring, etree.fromstring], ids=["etree", "lxml"])
def test_nested_list_elements_give_the_same_as_markup(parse) -> None:
    depth = 100  # ul + li: 200 levels, below libxml2's own limit of 256
    element = parse(f"<description>{nested_lists(depth)}</description>")
    assert paragraphs_from_element(element) == paragraphs_from_markup(nested_lists(depth))


def test_thousands_of_nested_elements_do_not_recurse() -> None:
    root = ET.Element("description")
    ET.SubElement(root, "p").text = "intro"
    node = root
    for n in range(10_000):
        node = ET.SubElement(node, "em" if n % 2 else "div")
    node.text = "deep"
    ET.SubElement(root, "p").text = "outro"
    assert paragraphs_from_element(root) == ("intro", "deep", "outro")


@pytest.mark.parametrize(
    ("hostile", "description"),
    [
        ("<div>" * 20_000 + "deep", "deep"),
        # the list's text would pass the length cap: dropped, as any too long description
        ("<ul><li>x" * 20_000, None),
    ],
)
def test_deep_markup_keeps_the_components_other_fields(hostile: str, description) -> None:
    document = (
        "---\nFile: DEP-11\nVersion: '0.16'\nOrigin: deep\n"
        "---\nType: desktop-application\nID: org.example.Deep\nPackage: deep\n"
        f"Name: {{C: Deep}}\nSummary: {{C: Still here}}\nDescription: {{C: '{hostile}'}}\n"
        "Categories: [Game]\n"
    ).encode()
    apps, result, _ = read_dep11(document)
    app = apps["org.example.Deep"]
    assert (app.name.get(), app.summary.get()) == ("Deep", "Still here")
    assert app.categories == ("Game",)
    assert app.description.get() == description
    assert not [h for h in result.hints if h.tag == "invalid-component"]


# -- DEP-11's fast path (dep11_fields.description_text) -----------------------------------
_PIECES = (
    "<p>", "</p>", "<ul>", "</ul>", "<ol>", "</ol>", "<li>", "</li>", " ", "\n", "\t",
    "word", "two  words", "é", "&amp;", "<b>", "</b>", "<p >", "<LI>", "x<y", ">", "\x0b",
)  # fmt: skip


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=24))
def test_the_fast_path_reads_descriptions_as_the_markup_reader_does(pieces: list[str]) -> None:
    """Plain paragraphs and flat lists skip the tokenizer: the same text for any markup,
    the fast path's or not (well formed or not, nested, with entities or other tags)."""
    markup = "".join(pieces)
    assert description_text(markup) == join_paragraphs(paragraphs_from_markup(markup))


def test_the_fast_path_keeps_lists_and_the_length_cap() -> None:
    markup = "<p>Intro</p>\n <ul> <li>a  b</li><li> </li><li>c</li></ul><ol><li>x</li></ol>"
    assert description_text(markup) == "Intro\n\n• a b\n• c\n\n1. x"
    # a long run of plain paragraphs is cut where the markup reader cuts it
    long = "<p>" + "word " * 3000 + "</p><p>" + "more " * 3000 + "</p>"
    assert description_text(long) == join_paragraphs(paragraphs_from_markup(long))
    assert len(description_text(long)) <= MAX_DESCRIPTION_CHARS


@pytest.mark.integration  # this machine's own DEP-11 pool, when it has one
def test_every_description_of_the_pool_reads_the_same_both_ways() -> None:
    for markup in SAMPLE, *(d for d in _pool_descriptions()):
        assert description_text(markup) == join_paragraphs(paragraphs_from_markup(markup))


def _pool_descriptions() -> list[str]:
    """The descriptions of this machine's DEP-11 pool, when it has one (a fuller check)."""
    import gzip
    from pathlib import Path

    import yaml

    found: list[str] = []
    for path in sorted(Path("/var/lib/app-info/yaml").glob("*.yml.gz"))[:1]:
        with gzip.open(path, "rt", encoding="utf-8") as stream:
            for doc in yaml.load_all(stream, Loader=yaml.CSafeLoader):
                value = doc.get("Description") if isinstance(doc, dict) else None
                if isinstance(value, dict):
                    found += [text for text in value.values() if isinstance(text, str)]
    return found
