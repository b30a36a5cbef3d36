"""Merge rules: rank, field filling, icon/package union, rating matching and provenance."""

from __future__ import annotations

from appcenter_qt.domain import (
    Application,
    Icon,
    IconKind,
    LocalizedText,
    Package,
    Rating,
)
from appcenter_qt.extract.appstream.catalog_import import CatalogImport
from appcenter_qt.extract.result import ExtractResult
from appcenter_qt.generator.merge import merge

STOCK = Icon(IconKind.STOCK, "mines")
CACHED = Icon(IconKind.CACHED, "mines.png", 64, 1, "64x64/mines.png")


def app(app_id: str, provenance: str, **fields) -> Application:
    fields.setdefault("name", LocalizedText({"C": f"{app_id} from {provenance}"}))
    return Application(id=app_id, provenance=provenance, **fields)


def result(*apps: Application, priority: int = 0) -> CatalogImport:
    return CatalogImport(apps=list(apps), priority=priority)


def test_package_record_wins_and_catalog_fills_gaps() -> None:
    deb = app(
        "org.example.Mines",
        "deb:mines_1_amd64.deb",
        icons=(CACHED,),
        packages=(Package("mines", "1", "amd64", "local"),),
    )
    dep11 = app(
        "org.example.Mines.desktop",
        "dep11:Components-amd64.yml.gz",
        summary=LocalizedText({"C": "From the catalog", "de": "Aus dem Katalog"}),
        categories=("Game",),
        icons=(STOCK,),
        packages=(Package("mines", "", "amd64", "debian"),),
    )
    merged = merge([result(dep11), ExtractResult(apps=[deb])])
    (mines,) = merged.apps
    assert mines.id == "org.example.Mines"
    assert mines.provenance == "deb:mines_1_amd64.deb"
    assert mines.name.values == {"C": "org.example.Mines from deb:mines_1_amd64.deb"}
    assert mines.summary.values == {"C": "From the catalog", "de": "Aus dem Katalog"}
    assert mines.categories == ("Game",)
    assert set(mines.icons) == {CACHED, STOCK}
    assert {p.origin for p in mines.packages} == {"local", "debian"}
    (hint,) = [h for h in merged.hints if h.tag == "merged"]
    assert "summary from dep11:Components-amd64.yml.gz" in hint.message


def test_catalog_priority_then_order_decides_between_catalogs() -> None:
    low = app("a.b", "dep11:low.yml", summary=LocalizedText({"C": "low"}))
    high = app("a.b", "appstream-xml:high.xml", summary=LocalizedText({"C": "high"}))
    assert (
        merge([result(low, priority=0), result(high, priority=5)]).apps[0].summary.get() == "high"
    )
    first = app("a.b", "dep11:first.yml", summary=LocalizedText({"C": "first"}))
    second = app("a.b", "dep11:second.yml", summary=LocalizedText({"C": "second"}))
    assert merge([result(first), result(second)]).apps[0].summary.get() == "first"


def test_localized_fields_are_not_mixed_across_sources() -> None:
    a = app("a.b", "deb:a.deb", summary=LocalizedText({"C": "A"}))
    b = app("a.b", "dep11:b.yml", summary=LocalizedText({"C": "B", "de": "B-de"}))
    assert merge([result(b), ExtractResult(apps=[a])]).apps[0].summary.values == {"C": "A"}


def test_ratings_are_matched_and_keep_their_own_provenance() -> None:
    catalog = result(
        app("org.example.Mines", "dep11:c.yml", desktop_id="org.example.Mines.desktop"),
        app("org.example.Other", "dep11:c.yml", desktop_id="legacy-other.desktop"),
        app("org.example.Unrated", "dep11:c.yml"),
    )
    ratings = {
        "org.example.Mines.desktop": Rating((0, 0, 0, 1, 4)),
        "legacy-other.desktop": Rating((1, 0, 0, 0, 0)),
        "org.example.Nobody": Rating((0, 0, 0, 0, 9)),
    }
    merged = merge([catalog], ratings, ratings_source="/srv/odrs/ratings.json")
    by_id = {a.id: a for a in merged.apps}
    assert by_id["org.example.Mines"].rating == Rating((0, 0, 0, 1, 4))
    assert by_id["org.example.Other"].rating == Rating((1, 0, 0, 0, 0))
    assert by_id["org.example.Unrated"].rating is None
    assert merged.rating_provenance == {
        "org.example.Mines": "odrs:ratings.json",
        "org.example.Other": "odrs:ratings.json",
    }
    assert any(h.tag == "unmatched-ratings" and "1 rated" in h.message for h in merged.hints)


def test_output_is_sorted_and_icons_and_hints_are_carried() -> None:
    one = result(app("z.z", "dep11:a.yml"), app("a.a", "dep11:a.yml"))
    one.icons["64x64/x.png"] = b"png"
    one.hint("a.yml", "extra-header")
    merged = merge([one])
    assert [a.id for a in merged.apps] == ["a.a", "z.z"]
    assert merged.icons == {"64x64/x.png": b"png"}
    assert [h.tag for h in merged.hints] == ["extra-header"]  # any registered tag is carried
