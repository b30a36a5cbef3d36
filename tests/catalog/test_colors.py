"""The ``colors`` table (added within version 3, issue 32): written by the real writer, read
back for the banner, absent in older files, checked again on read."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain.colors import KEY, PRIMARY, AppColor
from tests.catalog.conftest import simple_app, write_catalog

BRANDED = (
    AppColor(KEY, "", "#c81e1e"),
    AppColor(PRIMARY, "dark", "#7f2c22"),
    AppColor(PRIMARY, "light", "#faa298"),
)


def test_colours_round_trip(catalog_path: Path) -> None:
    apps = [
        replace(simple_app("org.example.Brand", "Brand"), colors=BRANDED),
        replace(simple_app("org.example.Key", "Key"), colors=(AppColor(KEY, "", "#1e5ac8"),)),
        simple_app("org.example.Plain", "Plain"),
        # not a colour, not a kind: the writer stores neither
        replace(
            simple_app("org.example.Bad", "Bad"),
            colors=(AppColor(PRIMARY, "", "red"), AppColor("secondary", "", "#000000")),
        ),
    ]
    write_catalog(catalog_path, apps)
    with Catalog(catalog_path) as catalog:
        found = catalog.colors(
            ["org.example.Brand", "org.example.Key", "org.example.Plain", "org.example.Bad"]
        )
    assert found == {
        "org.example.Brand": BRANDED,
        "org.example.Key": (AppColor(KEY, "", "#1e5ac8"),),
    }


def test_a_file_without_the_table_has_no_colours(catalog_path: Path) -> None:
    app = replace(simple_app("org.example.Key", "Key"), colors=(AppColor(KEY, "", "#1e5ac8"),))
    write_catalog(catalog_path, [app])
    with sqlite3.connect(catalog_path) as db:
        db.execute("DROP TABLE colors")
    with Catalog(catalog_path) as catalog:
        assert catalog.colors(["org.example.Key"]) == {}


def test_values_are_checked_again_on_read(catalog_path: Path) -> None:
    app = replace(simple_app("org.example.Key", "Key"), colors=(AppColor(KEY, "", "#1e5ac8"),))
    write_catalog(catalog_path, [app])
    with sqlite3.connect(catalog_path) as db:
        db.execute("UPDATE colors SET color = 'url(http://x)'")
    with Catalog(catalog_path) as catalog:
        assert catalog.colors(["org.example.Key"]) == {}
