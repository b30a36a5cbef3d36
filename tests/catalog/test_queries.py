"""Listing, categories, sorting and package lookups on a real catalog file."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import AppQuery, Catalog, SortOrder
from tests.catalog.conftest import simple_app, write_catalog


@pytest.fixture
def catalog(catalog_path: Path) -> Catalog:
    write_catalog(
        catalog_path,
        [
            simple_app(
                "org.example.Zebra",
                "Zebra",
                "Stripes",
                categories=("Game",),
                rating=(0, 0, 0, 0, 1),
            ),
            simple_app(
                "org.example.apple",
                "Äpfel",
                "Fruit",
                categories=("Office",),
                rating=(10, 10, 40, 200, 240),
            ),
            simple_app(
                "org.example.Banana",
                "banana",
                "Yellow",
                categories=("Audio", "Player"),
                names={"de": "Banane"},
            ),
            simple_app("org.example.Movie", "Movie", "Film", categories=("Video",), package="mov"),
            simple_app(
                "org.example.Movie2",
                "Movie Tools",
                "Film too",
                categories=("AudioVideo",),
                package="mov",
            ),
        ],
    )
    with Catalog(catalog_path, "de_DE.UTF-8") as opened:
        yield opened


def test_list_sorts_by_localized_name_ignoring_case_and_accents(catalog: Catalog) -> None:
    assert [a.name for a in catalog.list()] == ["Äpfel", "Banane", "Movie", "Movie Tools", "Zebra"]


def test_sort_by_rating_uses_the_bayesian_score(catalog: Catalog) -> None:
    ranked = [a.id for a in catalog.list(AppQuery(sort=SortOrder.RATING))]
    # 500 mostly-good votes beat one five-star vote; unrated applications come last.
    assert ranked[:2] == ["org.example.apple", "org.example.Zebra"]


def test_paging_is_a_window_over_the_same_order(catalog: Catalog) -> None:
    whole = [a.id for a in catalog.list()]
    pages = [
        a.id for offset in range(0, 5, 2) for a in catalog.list(AppQuery(offset=offset, limit=2))
    ]
    assert pages == whole


def test_main_category_includes_implied_subcategories(catalog: Catalog) -> None:
    ids = {a.id for a in catalog.list(AppQuery(category="AudioVideo"))}
    assert ids == {"org.example.Banana", "org.example.Movie", "org.example.Movie2"}
    assert catalog.count(AppQuery(category="AudioVideo")) == 3
    counts = catalog.category_counts()
    assert counts["AudioVideo"] == 3
    assert counts["Game"] == 1
    assert counts["Video"] == 1


def test_lookup_by_package_name(catalog: Catalog) -> None:
    assert [a.id for a in catalog.by_package("mov")] == ["org.example.Movie", "org.example.Movie2"]
    assert catalog.app_ids_for_packages(["mov", "zebra", "nothing"]) == {
        "mov": ("org.example.Movie", "org.example.Movie2"),
        "zebra": ("org.example.Zebra",),
    }


def test_stats_counts_everything(catalog: Catalog) -> None:
    stats = catalog.stats()
    assert stats["applications"] == 5
    assert stats["packages"] == 4
    assert stats["rated_applications"] == 2
    assert stats["locales"] == ["de"]


def test_names_are_localized_in_the_chain_and_skip_unknown_ids(catalog: Catalog) -> None:
    assert catalog.names(["org.example.Banana", "org.example.Zebra", "org.example.nope"]) == {
        "org.example.Banana": "Banane",
        "org.example.Zebra": "Zebra",
    }
    assert catalog.names([]) == {}
