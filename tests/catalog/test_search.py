"""Full-text search: prefixes, folded diacritics, ranking, locales, and hostile input."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import AppQuery, Catalog
from appcenter_qt.catalog.schema import search_locale_token
from appcenter_qt.catalog.search import fts_expression, search_terms
from tests.catalog.conftest import simple_app, write_catalog

HOSTILE = [
    '"',
    '""',
    "*",
    "**",
    "NEAR(",
    "NEAR(a b",
    "a NEAR b",
    "AND",
    "OR NOT",
    "(",
    ")",
    "'; DROP TABLE applications; --",
    "name:mines",
    "^mines",
    "-mines",
    "+",
    "{a b}:c",
    "\\",
    "%",
    "_",
    "\x00",
    "\ud800",
    "mi\udfffnes",
    "a" * 10_000,
    "mines " * 2_000,
    "\u202emines",
    "<b>mines</b>",
]


@pytest.fixture
def catalog(catalog_path: Path) -> Catalog:
    write_catalog(
        catalog_path,
        [
            simple_app(
                "org.gnome.Mines",
                "Mines",
                "Clear hidden mines from a minefield",
                keywords=("minesweeper",),
                package="gnome-mines",
                names={"de": "Minen"},
            ),
            simple_app("org.example.Cafe", "Café Manager", "Run a coffee shop", package="cafe"),
            simple_app("org.example.Digger", "Digger", "Find gold in old mines", package="digger"),
            simple_app(
                "org.example.Sweeper",
                "Sweeper",
                "Clean floors",
                keywords=("mines", "broom"),
                package="sweeper",
            ),
            simple_app(
                "org.example.Hidden",
                "Calculator",
                "Adds numbers",
                package="gnome-calculator-minestuff",
            ),
        ],
    )
    with Catalog(catalog_path, "de") as opened:
        yield opened


def ids(results: list) -> list[str]:
    return [app.id for app in results]


def test_prefix_matching(catalog: Catalog) -> None:
    assert "org.gnome.Mines" in ids(catalog.search("m"))
    assert "org.gnome.Mines" in ids(catalog.search("min"))
    assert "org.gnome.Mines" in ids(catalog.search("minesw"))


def test_diacritics_are_folded_both_ways(catalog: Catalog) -> None:
    assert ids(catalog.search("cafe")) == ["org.example.Cafe"]
    assert ids(catalog.search("CAFÉ")) == ["org.example.Cafe"]


def test_name_outranks_keyword_outranks_summary(catalog: Catalog) -> None:
    found = ids(catalog.search("mines"))
    assert found.index("org.gnome.Mines") < found.index("org.example.Sweeper")
    assert found.index("org.example.Sweeper") < found.index("org.example.Digger")


def test_package_names_are_searched(catalog: Catalog) -> None:
    assert "org.example.Hidden" in ids(catalog.search("gnome-calculator"))


def test_translated_name_is_searched_in_its_locale(catalog: Catalog, catalog_path: Path) -> None:
    assert ids(catalog.search("minen")) == ["org.gnome.Mines"]
    with Catalog(catalog_path, "fr") as french:
        # A French user does not see German strings; "minen" is not a prefix of "mines".
        assert ids(french.search("minen")) == []


def test_applications_matching_all_words_come_first(catalog: Catalog) -> None:
    # Only Mines has both words; as that is few, applications with any of them follow.
    found = ids(catalog.search("clear mine"))
    assert found[0] == "org.gnome.Mines"
    assert "org.example.Digger" in found
    assert catalog.count(AppQuery(text="clear mine")) == len(found)


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_input_never_raises(catalog: Catalog, text: str) -> None:
    results = catalog.search(text)
    assert isinstance(results, list)
    assert catalog.count(AppQuery(text=text)) == len(catalog.search(text, limit=None))
    with Catalog(catalog.path) as fresh:  # the catalog is untouched
        assert fresh.stats()["applications"] == 5


def test_hostile_input_becomes_quoted_words_only() -> None:
    c = search_locale_token("C")
    # "a" is a short word before the last one: left out (search_terms)
    assert fts_expression('NEAR("a" b', ["C"]) == (
        f'("NEAR"* AND {{name other}} : "b"*) AND locale : ("{c}")'
    )
    assert fts_expression("'; DROP TABLE x; --", ["C"]) == (
        f'("DROP"* AND "TABLE"* AND {{name other}} : "x"*) AND locale : ("{c}")'
    )
    assert fts_expression("*** ((( )))", ["C"]) is None


def test_each_word_is_matched_in_a_row_of_the_locale_chain() -> None:
    de, c = search_locale_token("de"), search_locale_token("C")
    assert fts_expression("mine", ["de", "C"]) == f'("mine"*) AND locale : ("{de}" OR "{c}")'
    # Short prefixes look at names, package names and commands only.
    assert fts_expression("mi", ["de", "C"]) == (
        f'({{name other}} : "mi"*) AND locale : ("{de}" OR "{c}")'
    )


def test_locale_tokens_are_fixed_width_letters_and_distinct() -> None:
    locales = ["C", "de", "de_AT", "sr@latin", "sr_RS@latin", "pt_BR", "es_419", "zh_Hant"]
    tokens = [search_locale_token(locale) for locale in locales]
    assert all(len(t) == 6 and t.isascii() and t.isalpha() and t.islower() for t in tokens)
    assert len(set(tokens)) == len(tokens)
    # The documented algorithm, so another implementation can reproduce it.
    assert search_locale_token("C") == "jinctj"
    assert search_terms("mines\udfffweeper") == ["mines", "weeper"]
