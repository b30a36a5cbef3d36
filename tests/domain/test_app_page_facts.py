"""The app page's rules in plain Python: human versions, which links may be opened, free or
proprietary from SPDX, OARS minimum ages, and package text turned into plain blocks."""

from __future__ import annotations

import pytest

from appcenter_qt.domain import ContentRating, Release
from appcenter_qt.domain.licenses import FREE, PROPRIETARY, UNKNOWN, license_kind, license_url
from appcenter_qt.domain.links import safe_link
from appcenter_qt.domain.releases import human_version, newest_release
from appcenter_qt.support.text_blocks import (
    HEADING,
    ITEM,
    MAX_BLOCKS,
    PARAGRAPH,
    TextBlock,
    description_blocks,
    markdown_blocks,
)


@pytest.mark.parametrize(
    ("package", "human"),
    [
        ("1:43.1-2", "43.1"),
        ("1:43.1-2+deb12u1", "43.1"),
        ("2.10.34+dfsg-1", "2.10.34"),
        ("43.1-1.fc39", "43.1"),
        ("4:22.12.3-1", "22.12.3"),
        ("0.9.8~bpo12+1", "0.9.8"),
        ("1.2.3", "1.2.3"),
        ("git20240101-1", "git20240101"),
        ("", ""),
    ],
)
def test_human_version(package: str, human: str) -> None:
    assert human_version(package) == human


def test_newest_release_prefers_stable_and_date() -> None:
    releases = (Release("44.beta", 300, "development"), Release("43.1", 200), Release("43.0", 100))
    assert newest_release(releases) == releases[1]
    assert newest_release((Release("2"), Release("1"))) == Release("2")  # no dates: listed first
    assert newest_release(()) is None


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://example.org/bugs", "https://example.org/bugs"),
        ("http://example.org", "http://example.org"),
        ("mailto:dev@example.org", "mailto:dev@example.org"),
        ("dev@example.org", "mailto:dev@example.org"),
        ("file:///etc/passwd", None),
        ("javascript:alert(1)", None),
        ("smb://host/share", None),
        ("x-scheme-handler://x", None),
        ("https://user@evil.example/", None),
        ("https:///no-host", None),
        ("https://example.org/a b", None),
        ("https://example.org/\nx", None),
        ("mailto:not-an-address", None),
        ("", None),
        ("https://example.org/" + "a" * 3000, None),
    ],
)
def test_only_http_and_mailto_links_are_offered(url: str, expected: str | None) -> None:
    assert safe_link(url) == expected


@pytest.mark.parametrize(
    ("expression", "kind"),
    [
        ("GPL-3.0-or-later", FREE),
        ("GPL-2.0+", FREE),
        ("MIT AND CC-BY-SA-4.0", FREE),
        ("LGPL-2.1-only WITH Qt-exception-1.1", FREE),
        ("LicenseRef-proprietary", PROPRIETARY),
        ("LicenseRef-proprietary=https://example.org/eula", PROPRIETARY),
        ("MIT AND LicenseRef-proprietary", PROPRIETARY),
        ("MIT OR LicenseRef-proprietary", FREE),
        ("(MIT OR Apache-2.0) AND BSD-3-Clause", FREE),
        ("CC-BY-NC-4.0", PROPRIETARY),
        ("Something-Else-1.0", UNKNOWN),
        ("MIT AND Something-Else-1.0", UNKNOWN),
        ("", UNKNOWN),
        ("((((", UNKNOWN),
    ],
)
def test_license_kind(expression: str, kind: str) -> None:
    assert license_kind(expression) == kind


def test_license_url() -> None:
    assert license_url("GPL-3.0-or-later") == "https://spdx.org/licenses/GPL-3.0-or-later.html"
    assert license_url("GPL-2.0+") == "https://spdx.org/licenses/GPL-2.0.html"
    assert license_url("LicenseRef-proprietary=https://example.org/eula") == (
        "https://example.org/eula"
    )
    assert license_url("LicenseRef-proprietary=file:///etc/passwd") == ""
    assert license_url("MIT AND Zlib") == ""  # no single page
    assert license_url("Something-Else-1.0") == ""  # not known: no page to promise


def test_content_rating_age_and_reasons() -> None:
    rating = ContentRating.of(
        "oars-1.1",
        {
            "violence-cartoon": "mild",
            "social-chat": "intense",
            "money-advertising": "intense",
            "drugs-alcohol": "none",
            "made-up": "intense",
            "sex-nudity": "extreme",
        },
    )
    # unknown attributes and intensities cannot be given an age and are dropped
    assert dict(rating.attributes) == {
        "violence-cartoon": "mild",
        "social-chat": "intense",
        "money-advertising": "intense",
    }
    assert rating.minimum_age == 13
    # advertising needs no age, so it is no reason; the highest age comes first
    assert rating.reasons() == [("social-chat", "intense", 13), ("violence-cartoon", "mild", 3)]
    assert ContentRating.decode("oars-1.1", rating.encode()) == rating
    assert ContentRating.of("oars-1.0", {}).minimum_age == 0  # an empty rating: all ages


def test_description_blocks() -> None:
    text = "Intro\nwrapped.\n\nFeatures:\n• one\n• two\n  more\n\n1. first\n2. second"
    assert description_blocks(text) == [
        TextBlock(PARAGRAPH, "Intro wrapped."),
        TextBlock(PARAGRAPH, "Features:"),
        TextBlock(ITEM, "one", 1, "•"),
        TextBlock(ITEM, "two more", 1, "•"),
        TextBlock(ITEM, "first", 1, "1."),
        TextBlock(ITEM, "second", 1, "2."),
    ]


def test_markdown_notes_become_plain_blocks() -> None:
    notes = (
        "## Fixes\n\n* **Bold** fix with `code`\n* [a link](https://example.org)\n"
        "  1. nested\n\n<img src=x onerror=alert(1)>\n\n<b>tag</b> text\n\n• catalog item"
    )
    assert markdown_blocks(notes) == [
        TextBlock(HEADING, "Fixes", 2),
        TextBlock(ITEM, "Bold fix with code", 1, "•"),
        TextBlock(ITEM, "a link", 1, "•"),
        TextBlock(ITEM, "nested", 2, "1."),
        # raw HTML is off: it stays literal text (shown as plain text, never rendered)
        TextBlock(PARAGRAPH, "<img src=x onerror=alert(1)>"),
        TextBlock(PARAGRAPH, "<b>tag</b> text"),
        TextBlock(ITEM, "catalog item", 1, "•"),
    ]
    assert len(markdown_blocks("- x\n" * 5000)) == MAX_BLOCKS
