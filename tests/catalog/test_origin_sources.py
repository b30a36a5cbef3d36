"""``meta.sources``: which source provides each origin's packages, and old catalogs without it."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

from appcenter_qt.catalog.origins import format_sources, parse_sources, source_for
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Package
from appcenter_qt.domain.backend import DEFAULT_SOURCE
from tests.catalog.conftest import simple_app


def _apps() -> list:
    return [
        replace(simple_app("org.example.A", "A"), packages=(Package("a", "1", "amd64", "main"),)),
        replace(
            simple_app("org.example.B", "B"),
            packages=(Package("b", "1", "amd64", "backports"), Package("b-data", "1", "all", "")),
        ),
    ]


def test_every_origin_defaults_to_the_distribution_source(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite"
    with CatalogWriter(path) as writer:
        writer.add_all(_apps())
    with Catalog(path) as catalog:
        meta = catalog.meta()
    assert meta["sources"] == "backports=packagekit;main=packagekit"
    assert source_for(meta, "main") == DEFAULT_SOURCE


def test_a_writer_may_name_another_source_for_an_origin(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite"
    with CatalogWriter(path, extra_meta={"sources": "backports=flatpak;gone=flatpak"}) as writer:
        writer.add_all(_apps())
    with Catalog(path) as catalog:
        meta = catalog.meta()
    # Only the catalog's own origins are listed; the unnamed one keeps the default.
    assert parse_sources(meta["sources"]) == {"backports": "flatpak", "main": "packagekit"}
    assert source_for(meta, "backports") == "flatpak"


def test_a_catalog_written_before_the_key_reads_as_packagekit(tmp_path: Path) -> None:
    path = tmp_path / "catalog.sqlite"
    with CatalogWriter(path) as writer:
        writer.add_all(_apps())
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM meta WHERE key = 'sources'")
    connection.close()
    with Catalog(path) as catalog:
        meta = catalog.meta()
    assert "sources" not in meta
    assert {source_for(meta, origin) for origin in ("main", "backports", "")} == {"packagekit"}


def test_hostile_values_cannot_add_pairs_or_odd_names() -> None:
    assert parse_sources("main=packagekit;x=Bad Name;=flatpak;y;z=a=b") == {"main": "packagekit"}
    assert format_sources(["a;b=c", "", "main"]) == "main=packagekit"
