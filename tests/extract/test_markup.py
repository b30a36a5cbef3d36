"""AppStream description markup → plain paragraphs, from both strings and parsed XML."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from lxml import etree

from appcenter_qt.extract.markup import (
    MAX_DESCRIPTION_CHARS,
    join_paragraphs,
    paragraphs_from_element,
    paragraphs_from_markup,
)

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
