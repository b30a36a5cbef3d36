"""``meta.sources``: which source provides each origin's packages, and old catalogs without it."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from appcenter_qt.catalog.origins import (
    format_sources,
    join_list,
    meta_origins,
    parse_sources,
    source_for,
    split_list,
)
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
    # separators in an origin are escaped, not a reason to lose it (issue 29, class 11)
    assert format_sources(["a;b=c", "", "main"]) == "a\\;b\\=c=packagekit;main=packagekit"
    assert parse_sources("a\\;b\\=c=packagekit;main=flatpak") == {
        "a;b=c": "packagekit",
        "main": "flatpak",
    }


HOSTILE_ORIGIN = "evil;main=flatpak:x;other"


def test_separators_in_an_origin_stay_in_one_origin(tmp_path: Path) -> None:
    """Issue 29, class 11: an origin holding ``;`` and ``=`` was stored as it is, and read
    back as three origins, one of them assigning ``main`` a made-up source."""
    path = tmp_path / "catalog.sqlite"
    apps = [
        replace(simple_app("org.example.A", "A"), packages=(Package("a", "1", "amd64", "main"),)),
        replace(
            simple_app("org.example.E", "E"),
            packages=(Package("e", "1", "amd64", HOSTILE_ORIGIN), Package("f", "1", "all", "x\\")),
        ),
    ]
    with CatalogWriter(path) as writer:
        writer.add_all(apps)
    with Catalog(path) as catalog:
        meta = catalog.meta()
        stats = catalog.stats()
    assert meta_origins(meta) == sorted([HOSTILE_ORIGIN, "main", "x\\"])
    assert stats["origins"] == meta_origins(meta)
    assert parse_sources(meta["sources"]) == dict.fromkeys(meta_origins(meta), DEFAULT_SOURCE)
    assert source_for(meta, "main") == DEFAULT_SOURCE
    assert source_for(meta, HOSTILE_ORIGIN) == DEFAULT_SOURCE
    assert split_list(join_list(["a;b", "c=d", "e\\", ""])) == ["a;b", "c=d", "e\\"]


def test_a_catalog_origin_with_separators_through_the_cli(tmp_path: Path) -> None:
    """The same through ``appcenter-generate`` and ``appcenter-query``: one DEP-11 file whose
    ``Origin`` holds the separators is one origin with the default source."""
    catalog = tmp_path / "in.yml"
    catalog.write_text(
        f"---\nFile: DEP-11\nVersion: '0.16'\nOrigin: '{HOSTILE_ORIGIN}'\n---\n"
        "Type: desktop-application\nID: org.example.E\nPackage: e\n"
        "Name:\n  C: E\nSummary:\n  C: Hostile origin\n",
        encoding="utf-8",
    )
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    generated = subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.generate", "-q", "-o", "out", "in.yml"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    assert generated.returncode == 0, generated.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.yml", "out"]
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "appcenter_qt.cli.query",
            "--catalog",
            str(tmp_path / "out" / "appcenter.sqlite"),
            "--json",
            "stats",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["origins"] == [HOSTILE_ORIGIN]
