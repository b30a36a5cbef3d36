"""Flatpak remotes in the system catalog and in appcenter-apps, on a real local repo
(tests/flatpak_fixtures.py) beside a small distribution pool that also ships org.test.Hello."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import Catalog
from tests.flatpak_fixtures import FlatpakWorld
from tests.system_pools import write

DISTRO_XML = """<?xml version="1.0"?>
<components version="0.14" origin="distro-main">
  <component type="desktop-application">
    <id>org.test.Hello</id>
    <pkgname>hello-distro</pkgname>
    <name>Hello</name>
    <summary>Says hello, the distribution's way</summary>
  </component>
</components>
"""


def cli(module: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LC_ALL": "C.UTF-8", "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent"}
    return subprocess.run(
        [sys.executable, "-m", f"appcenter_qt.cli.{module}", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=False,
    )


@pytest.fixture(scope="module")
def catalog(flatpak_world: FlatpakWorld, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("distro-root")
    write(root, "var/cache/swcatalog/xml/distro-main.xml", DISTRO_XML)
    output = tmp_path_factory.mktemp("catalog")
    built = cli(
        "generate",
        "--system",
        "--root",
        str(root),
        "--source-catalogs",
        "--output",
        str(output),
        "--quiet",
    )
    assert built.returncode == 0, built.stderr
    return output / "appcenter.sqlite"


def test_the_catalog_carries_the_remote_apps_with_source_and_german_name(catalog: Path) -> None:
    remote = "flatpak:test-repo"
    with Catalog(catalog, "de_DE") as opened:
        meta = opened.meta()
        notes = opened.get("org.test.Notes")
        names = opened.names(["org.test.Hello", "org.test.Notes"])
    # Notes comes from the remote alone; Hello's texts are the distribution's (the catalog
    # read first wins, docs/system-catalog.md), which has no German name.
    assert notes is not None and names == {"org.test.Hello": "Hello", "org.test.Notes": "Notizen"}
    assert [(p.name, p.version, p.origin) for p in notes.packages] == [
        ("org.test.Notes", "stable", remote)
    ]
    assert f"{remote}={remote}" in meta["sources"].split(";")
    # The remote's cached icon is copied into the catalog's icon archive.
    assert [i.path for i in notes.icons] == ["64x64/org.test.Notes.png"]
    with tarfile.open(catalog.parent / "icons.tar") as archive:
        member = archive.extractfile("64x64/org.test.Notes.png")
        assert member is not None and member.read().startswith(b"\x89PNG")


def test_an_app_in_both_sources_is_one_app_listing_both(catalog: Path) -> None:
    shown = cli("query", "--catalog", str(catalog), "--json", "show", "org.test.Hello")
    assert shown.returncode == 0, shown.stderr
    app = json.loads(shown.stdout)
    assert app["sources"] == ["packagekit", "flatpak:test-repo"]  # distribution first
    assert {(p["name"], p["source"]) for p in app["packages"]} == {
        ("hello-distro", "packagekit"),
        ("org.test.Hello", "flatpak:test-repo"),
    }


def test_sources_lists_packagekit_and_every_remote(flatpak_world: FlatpakWorld) -> None:
    listed = cli("apps", "sources", "--json")
    assert listed.returncode == 0, listed.stderr
    names = [s["name"] for s in json.loads(listed.stdout)]
    assert names[0] == "packagekit"
    assert {"flatpak:test-repo", "flatpak:gone"} <= set(names)


def test_install_list_and_remove_with_the_cli(flatpak_world: FlatpakWorld, catalog: Path) -> None:
    where = ("--catalog", str(catalog))
    # the runtime comes along: --yes goes ahead (a terminal would be asked)
    installed = cli(
        "apps", "install", "org.test.Hello", "--source", "flatpak:test-repo", "--yes", *where
    )
    assert installed.returncode == 0, installed.stderr
    assert "installed org.test.Hello" in installed.stdout
    try:
        listed = cli("apps", "list-installed", "--json", *where)
        assert listed.returncode == 0, listed.stderr
        rows = json.loads(listed.stdout)
        assert {"id": "org.test.Hello", "source": "flatpak:test-repo"}.items() <= rows[0].items()
        assert len(rows) == 1
        # PackageKit is not reachable here: a warning, not a failure of the whole list.
        assert "warning: packagekit" in listed.stderr
    finally:
        removed = cli("apps", "remove", "org.test.Hello", "--source", "flatpak:test-repo", *where)
    assert removed.returncode == 0, removed.stderr
    assert flatpak_world.ref("org.test.Hello") not in flatpak_world.installed()


@pytest.mark.parametrize(
    ("app_id", "source", "named"),
    [
        ("org.test.Nothing", "flatpak:test-repo", "org.test.Nothing"),
        # the shared sentence for the kind, then the source's own words, which name it
        ("org.test.Notes", "flatpak:gone", " gone "),
    ],
    ids=["unknown-id", "vanished-remote"],
)
def test_errors_are_one_line_naming_the_app_or_remote(
    catalog: Path, tmp_path: Path, app_id: str, source: str, named: str
) -> None:
    if source == "flatpak:gone":  # a catalog that offers Notes from the vanished remote
        with Catalog(catalog) as opened:
            assert opened.get(app_id) is not None
        moved = tmp_path / "catalog.sqlite"
        moved.write_bytes(catalog.read_bytes())
        with sqlite3.connect(moved) as db:
            db.execute("UPDATE packages SET origin = 'flatpak:gone' WHERE name = ?", (app_id,))
            pair = ";flatpak:gone=flatpak:gone"
            db.execute("UPDATE meta SET value = value || ? WHERE key = 'sources'", (pair,))
        db.close()
        catalog = moved
    started = time.monotonic()
    result = cli("apps", "install", app_id, "--catalog", str(catalog), timeout=30)
    assert time.monotonic() - started < 30
    assert result.returncode == 1
    lines = [line for line in result.stderr.splitlines() if line.startswith("appcenter-apps:")]
    assert len(lines) == 1 and named in lines[0], result.stderr
    assert "Traceback" not in result.stderr
