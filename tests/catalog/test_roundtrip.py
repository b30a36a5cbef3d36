"""Everything written comes back unchanged, and writing is an idempotent, reproducible upsert."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from appcenter_qt.catalog import search_index
from appcenter_qt.catalog import writer as writer_module
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.catalog.schema import SCHEMA_VERSION
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import LocalizedText, Rating
from tests.catalog.conftest import full_application, simple_app, write_catalog


def test_every_field_round_trips(catalog_path: Path) -> None:
    app = full_application()
    write_catalog(catalog_path, [app], origin="debian-bookworm")
    with Catalog(catalog_path) as catalog:
        assert catalog.get(app.id) == app


def test_missing_application_is_none(catalog_path: Path) -> None:
    write_catalog(catalog_path, [full_application()])
    with Catalog(catalog_path) as catalog:
        assert catalog.get("org.example.Missing") is None


def test_meta_records_version_origin_and_locales(
    catalog_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    write_catalog(catalog_path, [full_application()], origin="debian-bookworm")
    with Catalog(catalog_path) as catalog:
        meta = catalog.meta()
    assert meta["schema_version"] == str(SCHEMA_VERSION)
    assert meta["origin"] == "debian-bookworm"
    assert meta["created_at"] == "2023-11-14T22:13:20Z"
    assert meta["locales"] == "de;fr;sr@latin"
    assert meta["generator_version"]
    connection = sqlite3.connect(catalog_path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    connection.close()


def test_adding_an_id_again_replaces_it(catalog_path: Path) -> None:
    first = full_application()
    second = replace(first, name=LocalizedText({"C": "Mines 2"}), screenshots=(), rating=None)
    with CatalogWriter(catalog_path) as writer:
        writer.add(first)
        writer.add(second)
    with Catalog(catalog_path) as catalog:
        assert catalog.get(first.id) == second
        assert catalog.stats()["applications"] == 1
        assert catalog.stats()["screenshots"] == 0


def test_set_rating_attaches_to_known_ids_only(catalog_path: Path) -> None:
    with CatalogWriter(catalog_path) as writer:
        writer.add(simple_app("org.example.A", "A"))
        assert writer.set_rating("org.example.A", Rating((0, 0, 0, 1, 9)), "odrs:ratings.json")
        assert not writer.set_rating("org.example.Unknown", Rating((0, 0, 0, 0, 1)))
    with Catalog(catalog_path) as catalog:
        rating = catalog.get("org.example.A").rating
    assert rating == Rating((0, 0, 0, 1, 9))


def test_same_input_gives_byte_identical_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    apps = [full_application(), simple_app("org.example.B", "B", "bee", keywords=("b",))]
    one = write_catalog(tmp_path / "one.sqlite", apps)
    two = write_catalog(tmp_path / "two.sqlite", apps)
    assert one.read_bytes() == two.read_bytes()


def test_rating_score_is_stored_for_sql_sorting(catalog_path: Path) -> None:
    write_catalog(catalog_path, [simple_app("org.example.A", "A", rating=(0, 0, 0, 0, 1))])
    connection = sqlite3.connect(catalog_path)
    stored = connection.execute("SELECT score, total FROM ratings").fetchone()
    connection.close()
    assert stored == (pytest.approx(Rating((0, 0, 0, 0, 1)).score, abs=1e-6), 1)


def test_flushing_queued_rows_early_gives_the_same_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rows are queued and written in batches; where the batches end must not show in the file,
    # also when applications are replaced and re-rated in between.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")

    def write(path: Path) -> bytes:
        with CatalogWriter(path) as writer:
            writer.add(full_application())
            writer.add(simple_app("org.example.B", "B", "bee", package="b", rating=(1, 0, 0, 0, 1)))
            writer.set_rating("org.example.B", Rating((0, 0, 0, 0, 3)), "odrs:ratings.json")
            writer.add(replace(full_application(), developer="Someone else"))
            writer.add(simple_app("org.example.C", "C", package="b"))
            writer.set_rating("org.example.B", Rating((0, 0, 1, 0, 0)), "odrs:ratings.json")
        return path.read_bytes()

    batched = write(tmp_path / "batched.sqlite")
    monkeypatch.setattr(writer_module, "_FLUSH_ROWS", 1)
    assert write(tmp_path / "row-by-row.sqlite") == batched
    with Catalog(tmp_path / "row-by-row.sqlite") as catalog:
        assert catalog.get("org.gnome.Mines").developer == "Someone else"
        assert catalog.get("org.example.B").rating == Rating((0, 0, 1, 0, 0))
        assert catalog.stats()["applications"] == 3


def test_search_index_built_by_worker_processes_gives_the_same_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With workers the index rows are computed in other processes, a window of applications
    # each, from the committed rows: the file must not show it (rows, order, header bytes).
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.setattr(search_index, "_PARALLEL_WINDOW", 2)

    def write(path: Path, workers: int) -> bytes:
        with CatalogWriter(path, workers=workers) as writer:
            writer.add(full_application())
            for n in range(7):
                writer.add(
                    simple_app(
                        f"org.example.App{n}",
                        f"Büro {n}",
                        f"Ärger {n}",
                        package=f"p{n}",
                        names={"de": f"Bürö {n}"},
                        categories=("Office",),
                    )
                )
            writer.add(replace(full_application(), developer="Someone else"))
            writer.add(simple_app("org.example.Z", "Zebra", keywords=("straße", "zoo")))
        return path.read_bytes()

    alone = write(tmp_path / "alone.sqlite", 1)
    assert write(tmp_path / "workers.sqlite", 2) == alone
    with Catalog(tmp_path / "workers.sqlite") as catalog:
        assert [app.id for app in catalog.search("zoo")] == ["org.example.Z"]
        assert catalog.stats()["applications"] == 9
