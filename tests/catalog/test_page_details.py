"""The app page's tables (links, releases, content rating, add-ons, added within schema
version 3): written by the real writer, read back, tolerated when absent, checked on read."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

from appcenter_qt.catalog.page_details import MAX_RELEASES
from appcenter_qt.catalog.queries import AppQuery, Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Addon, ContentRating, LocalizedText, Release
from tests.catalog.conftest import simple_app

RATING = ContentRating.of("oars-1.1", {"violence-fantasy": "moderate", "social-chat": "mild"})


def _rich_app():  # type: ignore[no-untyped-def]
    return replace(
        simple_app("org.example.Game", "Game"),
        homepage="https://example.org",
        urls=(
            ("bugtracker", "https://example.org/bugs"),
            ("help", "file:///etc/passwd"),  # never stored
            ("contact", "dev@example.org"),
            ("made-up", "https://example.org/x"),  # not an AppStream type we show
        ),
        releases=(
            Release("2.0", 1_700_000_000, "stable", LocalizedText({"C": "New", "de": "Neu"})),
            Release("2.1~beta", 1_710_000_000, "development"),
            Release("1.0", 0, "weird-kind"),
        ),
        content_rating=RATING,
    )


def _write(path: Path, apps, addons=()) -> None:  # type: ignore[no-untyped-def]
    with CatalogWriter(path) as writer:
        for app in apps:
            writer.add(app)
        for addon in addons:
            writer.add_addon(addon)


def test_page_details_round_trip(catalog_path: Path) -> None:
    plugin = Addon(
        "org.example.Game.Levels",
        LocalizedText({"C": "More levels", "de": "Mehr Level"}),
        LocalizedText.untranslated("Fifty new levels"),
        ("org.example.Game", "org.example.Other"),
        ("game-levels",),
        "CC-BY-SA-4.0",
    )
    _write(catalog_path, [_rich_app(), simple_app("org.example.Other", "Other")], [plugin])
    with Catalog(catalog_path) as catalog:
        game = catalog.get("org.example.Game")
        assert game.urls == (
            ("bugtracker", "https://example.org/bugs"),
            ("contact", "mailto:dev@example.org"),
        )
        assert [(r.version, r.timestamp, r.kind) for r in game.releases] == [
            ("2.0", 1_700_000_000, "stable"),
            ("2.1~beta", 1_710_000_000, "development"),
            ("1.0", 0, "stable"),
        ]
        assert game.releases[0].description.values == {"C": "New", "de": "Neu"}
        assert game.content_rating == RATING
        (addon,) = catalog.addons(game)
        assert addon.id == "org.example.Game.Levels"
        assert addon.name.get(("de", "C")) == "Mehr Level"
        assert addon.packages == ("game-levels",)
        other = catalog.get("org.example.Other")
        assert [a.id for a in catalog.addons(other)] == ["org.example.Game.Levels"]
        assert other.content_rating is None and other.releases == () and other.urls == ()
        # add-ons are never applications: not listed, not searchable
        assert {s.id for s in catalog.list(AppQuery())} == {"org.example.Game", "org.example.Other"}
        assert catalog.search("levels") == []


def test_an_empty_rating_means_all_ages_and_none_means_unknown(catalog_path: Path) -> None:
    everyone = replace(simple_app("a.b.C", "C"), content_rating=ContentRating.of("oars-1.0", {}))
    _write(catalog_path, [everyone, simple_app("a.b.D", "D")])
    with Catalog(catalog_path) as catalog:
        rating = catalog.get("a.b.C").content_rating
        assert rating is not None and rating.minimum_age == 0 and rating.kind == "oars-1.0"
        assert catalog.get("a.b.D").content_rating is None


def test_releases_are_capped(catalog_path: Path) -> None:
    many = tuple(Release(f"1.{n}", 1000 - n) for n in range(100))
    _write(catalog_path, [replace(simple_app("a.b.C", "C"), releases=many)])
    with Catalog(catalog_path) as catalog:
        assert len(catalog.get("a.b.C").releases) == MAX_RELEASES


def test_a_replaced_application_leaves_no_release_rows(catalog_path: Path) -> None:
    with CatalogWriter(catalog_path) as writer:
        writer.add(_rich_app())
        writer.add(replace(_rich_app(), releases=(Release("3.0"),)))
    connection = sqlite3.connect(catalog_path)
    try:
        assert connection.execute("SELECT version FROM releases").fetchall() == [("3.0",)]
        assert connection.execute("SELECT count(*) FROM release_notes").fetchone() == (0,)
    finally:
        connection.close()


def test_files_without_the_tables_still_open(catalog_path: Path) -> None:
    """A version 3 file from a writer before these tables: the page simply has less."""
    _write(catalog_path, [_rich_app()])
    connection = sqlite3.connect(catalog_path)
    for name in ("addon_texts", "addons", "release_notes", "releases", "content_ratings", "urls"):
        connection.execute(f"DROP TABLE {name}")
    connection.commit()
    connection.close()
    with Catalog(catalog_path) as catalog:
        app = catalog.get("org.example.Game")
        assert app is not None and app.name.get() == "Game"
        assert app.urls == () and app.releases == () and app.content_rating is None
        assert catalog.addons(app) == []


def test_hostile_rows_are_checked_on_read(catalog_path: Path) -> None:
    """A catalog written by someone else: links are checked again, odd values dropped."""
    _write(catalog_path, [_rich_app()])
    connection = sqlite3.connect(catalog_path)
    connection.execute("UPDATE urls SET url = 'javascript:alert(1)' WHERE kind = 'bugtracker'")
    connection.execute("UPDATE releases SET timestamp = -5, kind = 'evil' WHERE position = 0")
    connection.execute("UPDATE content_ratings SET attributes = 'x;;=;social-chat=intense'")
    connection.commit()
    connection.close()
    with Catalog(catalog_path) as catalog:
        app = catalog.get("org.example.Game")
        assert app.urls == (("contact", "mailto:dev@example.org"),)
        assert (app.releases[0].timestamp, app.releases[0].kind) == (0, "stable")
        assert app.content_rating.attributes == (("social-chat", "intense"),)


def test_a_release_row_of_the_wrong_type_leaves_the_application_out(catalog_path: Path) -> None:
    """As for every table (catalog/rowcheck.py): one warning, the application skipped."""
    _write(catalog_path, [_rich_app(), simple_app("a.b.C", "C")])
    connection = sqlite3.connect(catalog_path)
    connection.execute("UPDATE releases SET timestamp = 'soon'")
    connection.commit()
    connection.close()
    with Catalog(catalog_path) as catalog:
        assert catalog.get("org.example.Game") is None
        assert catalog.get("a.b.C") is not None
