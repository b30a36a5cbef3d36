"""Opening files: read-only access, atomic replacement, and clear errors for bad files."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain.errors import CatalogError, CatalogVersionError
from tests.catalog.conftest import full_application, simple_app, write_catalog


def test_reader_opens_read_only(catalog_path: Path) -> None:
    write_catalog(catalog_path, [full_application()])
    catalog_path.chmod(0o444)
    with Catalog(catalog_path) as catalog:
        assert catalog.get("org.gnome.Mines") is not None
        with catalog.engine.connect() as connection, pytest.raises(Exception, match="readonly"):
            connection.execute(text("DELETE FROM applications"))
    with Catalog(catalog_path) as catalog:
        assert catalog.stats()["applications"] == 1


def test_killed_writer_leaves_previous_catalog_intact(catalog_path: Path) -> None:
    write_catalog(catalog_path, [simple_app("org.example.Old", "Old")])
    before = catalog_path.read_bytes()
    script = textwrap.dedent(f"""
        import sys, time
        from appcenter_qt.catalog.writer import CatalogWriter
        from tests.catalog.conftest import simple_app
        writer = CatalogWriter({str(catalog_path)!r})
        for n in range(2000):
            writer.add(simple_app(f"org.example.New{{n}}", f"New {{n}}", "summary"))
        print("writing", flush=True)
        time.sleep(60)
    """)
    process = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        cwd=Path(__file__).parents[2],
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "writing"
    temps = list(catalog_path.parent.glob(f".{catalog_path.name}.*.tmp"))
    assert temps, "the writer works in a temp file beside the target"
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    assert catalog_path.read_bytes() == before
    with Catalog(catalog_path) as catalog:
        assert [a.id for a in catalog.list()] == ["org.example.Old"]


def test_failed_write_removes_temp_and_keeps_target(catalog_path: Path) -> None:
    write_catalog(catalog_path, [simple_app("org.example.Old", "Old")])
    before = catalog_path.read_bytes()
    with pytest.raises(RuntimeError), CatalogWriter(catalog_path) as writer:
        writer.add(simple_app("org.example.New", "New"))
        raise RuntimeError("generator crashed")
    assert catalog_path.read_bytes() == before
    assert not list(catalog_path.parent.glob("*.tmp"))


def test_missing_output_directory_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="output directory does not exist"):
        CatalogWriter(tmp_path / "nowhere" / "appcenter.sqlite")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="no such catalog file"):
        Catalog(tmp_path / "missing.sqlite")


def test_not_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    with pytest.raises(CatalogError, match="not an SQLite database"):
        Catalog(path)


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="is a directory"):
        Catalog(tmp_path)


def test_corrupt_file(catalog_path: Path) -> None:
    write_catalog(catalog_path, [simple_app(f"org.example.A{n}", f"A{n}") for n in range(300)])
    data = bytearray(catalog_path.read_bytes())
    data[4096 : len(data)] = b"\xff" * (len(data) - 4096)  # keep the header page only
    catalog_path.write_bytes(bytes(data))
    with pytest.raises(CatalogError, match=str(catalog_path)), Catalog(catalog_path) as catalog:
        catalog.list()


def test_unrelated_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE things (x)")
    connection.commit()
    connection.close()
    with pytest.raises(CatalogError, match="not an appcenter-qt catalog"):
        Catalog(path)


def test_app_install_v1_is_refused_naming_the_version(tmp_path: Path) -> None:
    path = tmp_path / "app-install.db"
    connection = sqlite3.connect(path)
    connection.executescript("""
        CREATE TABLE applications (desktop_file TEXT, name TEXT, package TEXT, icon TEXT);
        CREATE TABLE translations (application_id INTEGER, locale TEXT, name TEXT);
        CREATE TABLE config (key TEXT, value TEXT);
        INSERT INTO config VALUES ('dbversion', '1');
    """)
    connection.commit()
    connection.close()
    with pytest.raises(CatalogVersionError, match=r"version 1 \(app-install, dbversion 1\)"):
        Catalog(path)


def test_newer_schema_is_refused(catalog_path: Path) -> None:
    write_catalog(catalog_path, [simple_app("org.example.A", "A")])
    connection = sqlite3.connect(catalog_path)
    connection.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")
    connection.commit()
    connection.close()
    with pytest.raises(CatalogVersionError, match=r"4 \(newer than this appcenter-qt\)"):
        Catalog(catalog_path)


def test_concurrent_readers_see_the_old_or_the_new_file(catalog_path: Path) -> None:
    write_catalog(catalog_path, [simple_app("org.example.Old", "Old")])
    reader = Catalog(catalog_path)
    assert reader.stats()["applications"] == 1
    write_catalog(
        catalog_path,
        [simple_app("org.example.New", "New"), simple_app("org.example.New2", "New 2")],
    )
    time.sleep(0.01)
    # An open reader keeps reading the file it opened; a new one sees the replacement.
    assert [a.id for a in reader.list()] == ["org.example.Old"]
    reader.close()
    with Catalog(catalog_path) as fresh:
        assert fresh.stats()["applications"] == 2
