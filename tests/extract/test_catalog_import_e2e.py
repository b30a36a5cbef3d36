"""End to end: catalog files + icon tarballs + ODRS ratings → merge → a real SQLite catalog and
icon archive, written by the real writer and read back with the real query layer."""

from __future__ import annotations

import sqlite3

import pytest

from appcenter_qt.catalog.queries import AppQuery, Catalog, SortOrder
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import IconKind
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.appstream.catalog_import import import_catalog, import_ratings
from appcenter_qt.extract.appstream.icon_archive import IconArchive, write_icon_archive
from appcenter_qt.generator.merge import merge
from tests.extract.conftest import DATA
from tests.extract.test_catalog_import import png, tarball


def build(tmp_path, *inputs, ratings=None):
    merged = merge(
        list(inputs),
        import_ratings(ratings) if ratings else None,
        ratings_source=str(ratings or ""),
    )
    target = tmp_path / "appcenter.sqlite"
    with CatalogWriter(target, origin="sample-main", generator="appcenter-generate") as writer:
        merged.write_to(writer)
    write_icon_archive(tmp_path / "icons.tar", merged.icons)
    return target, merged


def test_dep11_with_icons_and_ratings_round_trips(tmp_path) -> None:
    name = "example-mines_org.example.Mines.png"
    icons = [
        tarball(tmp_path / "icons-64x64.tar.gz", {name: png(64)}),
        tarball(tmp_path / "icons-64x64@2.tar.gz", {name: png(128)}),
    ]
    imported = import_catalog(DATA / "sample.yml", icons=icons)
    target, _ = build(tmp_path, imported, ratings=DATA / "ratings.json")

    with Catalog(target, locale="de_DE.UTF-8") as catalog:
        mines = catalog.get("org.example.Mines")
        assert mines is not None
        assert mines.name.values == {"C": "Mines", "de": "Minen", "pt_BR": "Minas"}
        assert mines.description.values["C"].startswith("Mines is a puzzle game")
        assert mines.keywords.values["de"] == ("Minensucher",)
        assert mines.categories == ("Game", "LogicGame")
        assert mines.package_names == ("example-mines",)
        assert mines.provenance == "dep11:sample.yml"
        # its own entry, not the sum with org.example.Mines.desktop
        assert mines.rating is not None and mines.rating.stars == (0, 1, 0, 2, 4)
        assert mines.screenshots[0].caption.values["de"] == "Ein laufendes Spiel"
        cached = {i.path for i in mines.icons if i.kind is IconKind.CACHED}
        assert cached == {f"64x64/{name}", f"64x64@2/{name}"}
        assert [s.id for s in catalog.search("Minen")] == ["org.example.Mines"]
        by_rating = catalog.list(AppQuery(sort=SortOrder.RATING))
        assert [s.id for s in by_rating] == ["org.example.Mines", "org.example.Editor"]
        assert catalog.count() == 2

    archive = IconArchive(tmp_path / "icons.tar")
    assert archive.members() == sorted(cached)
    assert archive.read(f"64x64/{name}").startswith(b"\x89PNG")

    rows = sqlite3.connect(target).execute(
        "SELECT a.app_id, pa.kind, pa.source, pr.kind, pr.source FROM applications a "
        "JOIN provenance pa ON pa.id = a.provenance_id "
        "LEFT JOIN ratings r ON r.application_id = a.id "
        "LEFT JOIN provenance pr ON pr.id = r.provenance_id ORDER BY a.app_id"
    )
    assert rows.fetchall() == [
        ("org.example.Editor", "dep11", "sample.yml", "odrs", "ratings.json"),
        ("org.example.Mines", "dep11", "sample.yml", "odrs", "ratings.json"),
    ]


def test_dep11_and_its_xml_twin_give_the_same_catalog_rows(tmp_path) -> None:
    """appstreamcli's XML conversion of sample.yml imports to the same texts and rows."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    yml, _ = build(tmp_path / "a", import_catalog(DATA / "sample.yml"))
    xml, _ = build(tmp_path / "b", import_catalog(DATA / "sample.xml"))
    query = (
        "SELECT a.app_id, t.locale, t.name, t.summary, t.description, t.keywords "
        "FROM texts t JOIN applications a ON a.id = t.application_id ORDER BY 1, 2"
    )
    rows = [sqlite3.connect(path).execute(query).fetchall() for path in (yml, xml)]
    assert rows[0] == rows[1] and len(rows[0]) >= 4
    for table in ("categories", "icons", "screenshot_images", "packages"):
        counts = [
            sqlite3.connect(path).execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()  # noqa: S608
            for path in (yml, xml)
        ]
        if table == "packages":  # provenance ids differ only by the source kind
            counts = [[row[:6] for row in c] for c in counts]
        assert counts[0] == counts[1], table


def test_a_broken_input_writes_nothing(tmp_path) -> None:
    bad = tmp_path / "broken.yml"
    bad.write_bytes(b"\x00\x01 this is no catalog")
    with pytest.raises(ExtractError, match=r"broken\.yml"):
        import_catalog(bad)
    assert list(tmp_path.iterdir()) == [bad]
