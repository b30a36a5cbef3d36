"""Additions within schema version 2: local icons, aliases, the installed-packages snapshot and
``meta.origins``, written by the real writer into real files and read back."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import AppQuery, Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Icon, IconKind, Package
from appcenter_qt.domain.errors import CatalogError
from tests.catalog.conftest import full_application, simple_app, write_catalog

POOL_ICON = "/var/lib/swcatalog/icons/debian-bookworm-main/64x64/gnome-mines_org.gnome.Mines.png"


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def test_local_icons_round_trip_and_serve_as_the_card_icon(catalog_path: Path) -> None:
    local = Icon(IconKind.LOCAL, "gnome-mines_org.gnome.Mines.png", 64, 1, POOL_ICON)
    app = replace(simple_app("org.gnome.Mines", "Mines"), icons=(local, Icon(IconKind.STOCK, "x")))
    write_catalog(catalog_path, [app])
    assert rows(catalog_path, "SELECT kind, size, scale, name, path FROM icons") == [
        ("local", 64, 1, "gnome-mines_org.gnome.Mines.png", POOL_ICON),
        ("stock", 0, 1, "x", ""),
    ]
    with Catalog(catalog_path) as catalog:
        assert set(catalog.get("org.gnome.Mines").icons) == set(app.icons)
        (card,) = catalog.list(AppQuery())
    assert card.icon == local


def test_aliases_are_stored_and_resolve_to_the_canonical_id(catalog_path: Path) -> None:
    mines = replace(
        full_application(), aliases=("gnome-mines.desktop", "org.gnome.Mines", "org.gnome.gnomine")
    )
    write_catalog(catalog_path, [mines, simple_app("org.example.Other", "Other")])
    # The canonical id itself is never an alias row.
    assert rows(catalog_path, "SELECT alias FROM aliases ORDER BY alias") == [
        ("gnome-mines.desktop",),
        ("org.gnome.gnomine",),
    ]
    with Catalog(catalog_path) as catalog:
        assert catalog.get("org.gnome.Mines").aliases == (
            "gnome-mines.desktop",
            "org.gnome.gnomine",
        )
        assert catalog.resolve_id("org.gnome.Mines") == "org.gnome.Mines"
        assert catalog.resolve_id("org.gnome.gnomine") == "org.gnome.Mines"
        assert catalog.resolve_id("org.gnome.Mines.desktop") == "org.gnome.Mines"
        assert catalog.resolve_id("gnome-mines") == "org.gnome.Mines"  # alias with .desktop
        assert catalog.resolve_id("org.example.Other.desktop") == "org.example.Other"
        assert catalog.resolve_id("org.example.Missing") is None


def test_an_alias_claimed_twice_keeps_the_first_and_never_shadows_an_id(
    catalog_path: Path,
) -> None:
    first = replace(simple_app("org.example.A", "A"), aliases=("shared", "org.example.C"))
    second = replace(simple_app("org.example.B", "B"), aliases=("shared", "only-b"))
    # C is written after A claimed its id as an alias: the canonical id still wins.
    third = simple_app("org.example.C", "C")
    write_catalog(catalog_path, [first, second, third])
    assert rows(
        catalog_path,
        "SELECT alias, app_id FROM aliases JOIN applications a ON a.id = application_id "
        "ORDER BY alias",
    ) == [("only-b", "org.example.B"), ("shared", "org.example.A")]
    with Catalog(catalog_path) as catalog:
        assert catalog.resolve_id("org.example.C") == "org.example.C"
        assert catalog.resolve_id("shared") == "org.example.A"


def test_replacing_an_application_replaces_its_aliases(catalog_path: Path) -> None:
    with CatalogWriter(catalog_path) as writer:
        writer.add(replace(simple_app("org.example.A", "A"), aliases=("old", "shared")))
        writer.add(replace(simple_app("org.example.B", "B"), aliases=("shared",)))
        writer.add(replace(simple_app("org.example.A", "A2"), aliases=("new",)))
    assert rows(
        catalog_path,
        "SELECT alias, app_id FROM aliases JOIN applications a ON a.id = application_id "
        "ORDER BY alias",
    ) == [("new", "org.example.A"), ("shared", "org.example.B")]


def test_aliases_cascade_with_their_application(catalog_path: Path) -> None:
    write_catalog(catalog_path, [replace(simple_app("org.example.A", "A"), aliases=("a",))])
    connection = sqlite3.connect(catalog_path)
    connection.execute("PRAGMA foreign_keys=ON")
    connection.execute("DELETE FROM applications")
    assert connection.execute("SELECT count(*) FROM aliases").fetchone() == (0,)
    connection.close()


def test_installed_packages_snapshot(catalog_path: Path) -> None:
    installed = [
        Package("gnome-mines", "1:40.1-2", "amd64"),
        Package("libc6", "2.36-9", "i386"),
        Package("libc6", "2.36-9", "amd64"),
        Package("libc6", "2.35-1", "amd64"),  # same name and arch: the first given wins
        Package("", "1", "amd64"),  # no name: not a package
    ]
    with CatalogWriter(catalog_path) as writer:
        writer.add(simple_app("org.gnome.Mines", "Mines", package="gnome-mines"))
        writer.set_installed(installed, "dpkg")
    assert rows(catalog_path, "SELECT name, version, arch FROM installed_packages") == [
        ("gnome-mines", "1:40.1-2", "amd64"),
        ("libc6", "2.36-9", "amd64"),
        ("libc6", "2.36-9", "i386"),
    ]
    with Catalog(catalog_path) as catalog:
        assert catalog.meta()["installed_from"] == "dpkg"


def test_installed_snapshot_is_absent_unless_given_and_checks_its_source(
    catalog_path: Path,
) -> None:
    with CatalogWriter(catalog_path) as writer:
        writer.add(simple_app("org.example.A", "A"))
        with pytest.raises(CatalogError, match="expected dpkg or rpm"):
            writer.set_installed([Package("a", "1", "noarch")], "pacman")
    with Catalog(catalog_path) as catalog:
        assert "installed_from" not in catalog.meta()
    assert rows(catalog_path, "SELECT count(*) FROM installed_packages") == [(0,)]


def test_origins_lists_the_distinct_package_origins(catalog_path: Path) -> None:
    apps = [
        replace(simple_app("org.example.A", "A"), packages=(Package("a", "1", "amd64", "main"),)),
        replace(
            simple_app("org.example.B", "B"),
            packages=(Package("b", "1", "amd64", "backports"), Package("b-data", "1", "all", "")),
        ),
        replace(simple_app("org.example.C", "C"), packages=(Package("c", "1", "amd64", "main"),)),
    ]
    write_catalog(catalog_path, apps, origin="main")
    with Catalog(catalog_path) as catalog:
        assert catalog.meta()["origins"] == "backports;main"


def test_same_inputs_give_the_same_bytes_whatever_the_installed_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    app = replace(full_application(), aliases=("org.gnome.gnomine",))
    installed = [Package(f"pkg{n}", "1.0", "amd64") for n in range(50)]
    files = []
    for name, order in (("one", installed), ("two", installed[::-1])):
        with CatalogWriter(tmp_path / f"{name}.sqlite") as writer:
            writer.add(app)
            writer.set_installed(order, "rpm")
        files.append((tmp_path / f"{name}.sqlite").read_bytes())
    assert files[0] == files[1]


def test_files_without_the_alias_table_still_read(catalog_path: Path) -> None:
    write_catalog(catalog_path, [replace(simple_app("org.example.A", "A"), aliases=("a",))])
    connection = sqlite3.connect(catalog_path)
    connection.execute("DROP TABLE aliases")  # as written before the table existed
    connection.commit()
    connection.close()
    with Catalog(catalog_path) as catalog:
        assert catalog.get("org.example.A").aliases == ()
        assert catalog.resolve_id("org.example.A.desktop") == "org.example.A"
        assert catalog.resolve_id("a") is None
