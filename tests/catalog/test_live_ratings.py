"""Live ODRS ratings over a catalog: cards, details and the rating order use them, matched
by id, other spelling or desktop id, never summed; ``None`` restores the imported ones."""

from __future__ import annotations

from appcenter_qt.catalog.queries import AppQuery, Catalog, SortOrder
from appcenter_qt.domain import Rating
from tests.catalog.conftest import full_application, simple_app, write_catalog


def test_live_ratings_replace_imported_ones_in_cards_details_and_order(tmp_path) -> None:
    path = write_catalog(
        tmp_path / "c.sqlite",
        [
            full_application(),  # org.gnome.Mines, desktop id org.gnome.Mines.desktop
            simple_app("org.example.Zebra", "Zebra", "Stripes", rating=(0, 0, 0, 0, 900)),
            simple_app("org.example.Calc", "Calc", "Numbers"),
        ],
    )
    with Catalog(path, "C") as catalog:
        by_rating = [a.id for a in catalog.list(AppQuery(sort=SortOrder.RATING))]
        assert by_rating[0] == "org.example.Zebra"
        live = {
            "org.example.Calc.desktop": Rating((0, 0, 0, 0, 5000)),
            "org.gnome.Mines": Rating((1, 0, 0, 0, 0)),
            "org.gnome.Mines.desktop": Rating((0, 0, 0, 0, 7)),
        }
        assert catalog.set_live_ratings(live) == 2
        cards = {a.id: a.rating for a in catalog.list(AppQuery(sort=SortOrder.RATING))}
        assert next(iter(cards)) == "org.example.Calc"
        assert cards["org.gnome.Mines"] == Rating((1, 0, 0, 0, 0))  # own entry, not the sum
        assert cards["org.example.Zebra"] == Rating((0, 0, 0, 0, 900))  # no live entry
        mines = catalog.get("org.gnome.Mines")
        assert mines is not None and mines.rating == Rating((1, 0, 0, 0, 0))
        catalog.set_live_ratings(None)
        assert catalog.list(AppQuery(sort=SortOrder.RATING))[0].id == "org.example.Zebra"
