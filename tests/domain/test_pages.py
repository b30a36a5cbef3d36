"""One page vocabulary: ``--page`` values, Navigation and QML all name pages by :class:`Page`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from appcenter_qt.domain.pages import Page, PageRequest, page_spellings, parse_page

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("browse", PageRequest(Page.BROWSE)),  # All applications, as it always was
        ("home", PageRequest(Page.HOME)),  # no longer an alias of browse: the start page
        ("updates", PageRequest(Page.UPDATES)),
        ("installed", PageRequest(Page.INSTALLED)),
        ("sources", PageRequest(Page.SOURCES)),
        ("app:org.gnome.Mines", PageRequest(Page.APP, app_id="org.gnome.Mines")),
        ("category:Game", PageRequest(Page.BROWSE, category="Game")),
        ("search:a:b", PageRequest(Page.BROWSE, search="a:b")),
    ],
)
def test_every_page_value_names_one_page(text: str, request_: PageRequest) -> None:
    assert parse_page(text) == request_


@pytest.mark.parametrize(
    "text",
    [
        "",
        "app",
        "app:",
        "updates:x",
        "home:x",
        "browse:",
        "search:",
        "category",
        "x",
        "installed:x",
    ],
)
def test_a_bad_page_value_names_the_accepted_forms(text: str) -> None:
    with pytest.raises(
        ValueError,
        match=r"not a page: .*home, browse, app:ID, updates, installed, sources, category:ID",
    ):
        parse_page(text)


def test_every_page_is_offered_on_the_command_line() -> None:
    spellings = page_spellings()
    assert all(any(form.split(":")[0] == page for form in spellings) for page in Page)
    for form in spellings:
        parse_page(form.replace("ID", "x").replace("TEXT", "x"))


def test_qml_names_pages_only_through_navigation() -> None:
    """QML compares ``navigation.page`` with ``navigation.pages.<name>``, never a literal."""
    for path in (ROOT / "qml").rglob("*.qml"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\.page\s*[!=]==?\s*\"", text), path
        for name in re.findall(r"navigation\.pages\.(\w+)", text):
            assert name in {page.name.lower() for page in Page}, (path, name)
