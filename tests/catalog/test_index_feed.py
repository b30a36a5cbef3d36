"""The search index fed to a worker process while the writer writes (catalog/index_feed.py):
the same file as the index filled from the stored rows, and that index whenever the feed
cannot be trusted to give it."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from appcenter_qt.catalog import index_feed
from appcenter_qt.catalog import writer as writer_module
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Application, LocalizedList, LocalizedText, Package
from tests.catalog.conftest import full_application, simple_app


def varied_apps(count: int) -> list[Application]:
    """Applications with what the index's rows and words depend on, varied: no untranslated
    row, keywords in several locales (one with a ``;``), descriptions past the indexed
    opening, packages sharing a name, commands, developers, project groups, desktops."""
    apps = [full_application()]
    for n in range(count):
        names = {"de": f"Bürö {n}", "pt_BR": f"Escritório {n}"}
        if n % 3:
            names["C"] = f"OfficeSuite{n}"
        apps.append(
            Application(
                id=f"org.example{n % 4}.App{n}.desktop",
                name=LocalizedText(names),
                summary=LocalizedText({"de": f"Ärger {n}", "C": f"Trouble {n}"}),
                description=LocalizedText(
                    {"C": " ".join(["lengthy"] * (150 + n)), "de": "Äpfel " * (40 + n)}
                ),
                keywords=LocalizedList(
                    {"C": (f"zoo{n}", "a;b"), "de": ("Straße",)} if n % 2 else {}
                ),
                categories=("Office", "Utility", "Office")[: 1 + n % 3],
                packages=(
                    Package(f"pkg{n}", "1.0", "amd64"),
                    Package(f"pkg{n}", "1.0", "i386"),
                    Package(f"pkg{n}-data", "1.0", "all"),
                ),
                developer=("", "Ünicode Devs", "KDE")[n % 3],
                project_group=("", "GNOME")[n % 2],
                binaries=(f"run{n}", "") if n % 2 else (),
                only_show_in=("KDE", "LXQt")[: n % 3],
            )
        )
    return apps


def write(path: Path, apps: list[Application], workers: int) -> bytes:
    with CatalogWriter(path, workers=workers) as writer:
        writer.add_all(apps)
    return path.read_bytes()


def no_fill_at_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make filling the index from the stored rows fail: the feed must have built it."""

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("the index was filled at commit")

    monkeypatch.setattr(writer_module, "fill_search_index", refuse)


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("."))


def test_the_fed_index_is_the_filled_one_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.setattr(index_feed, "APPS_PER_TASK", 7)  # several tasks, one cut short
    apps = varied_apps(40)
    filled = write(tmp_path / "filled.sqlite", apps, 1)
    no_fill_at_commit(monkeypatch)
    assert write(tmp_path / "fed.sqlite", apps, 2) == filled
    assert leftovers(tmp_path) == []  # the feed's file is gone
    raw = sqlite3.connect(tmp_path / "fed.sqlite")
    raw.execute("INSERT INTO search(search, rank) VALUES ('integrity-check', 1)")
    raw.close()
    with Catalog(tmp_path / "fed.sqlite") as catalog:
        assert [app.id for app in catalog.search("zoo39")] == ["org.example3.App39.desktop"]
        assert {app.id for app in catalog.search("ünicode")} >= {"org.example1.App1.desktop"}


def test_an_application_added_again_fills_the_index_at_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer deletes the first one's rows, which a contentless index cannot take back:
    the feed stops and the index comes from the stored rows, as with one process."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    apps = varied_apps(5)
    apps.append(replace(apps[2], developer="Someone else"))
    assert write(tmp_path / "fed.sqlite", apps, 2) == write(tmp_path / "one.sqlite", apps, 1)
    assert leftovers(tmp_path) == []
    with Catalog(tmp_path / "fed.sqlite") as catalog:
        assert [app.id for app in catalog.search("someone")] == [apps[2].id]


def _die(*_args: Any) -> None:
    os._exit(3)


def test_a_worker_that_dies_costs_nothing_but_the_overlap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.setattr(index_feed, "APPS_PER_TASK", 3)
    apps = varied_apps(12)
    one = write(tmp_path / "one.sqlite", apps, 1)
    monkeypatch.setattr(index_feed, "_add", _die)  # the worker dies with its first batch
    assert write(tmp_path / "fed.sqlite", apps, 2) == one
    assert leftovers(tmp_path) == []


def test_an_aborted_write_leaves_no_index_file(tmp_path: Path) -> None:
    target = tmp_path / "catalog.sqlite"
    with pytest.raises(RuntimeError), CatalogWriter(target, workers=2) as writer:
        writer.add_all(varied_apps(3))
        raise RuntimeError("stop")
    assert list(tmp_path.iterdir()) == []


def test_one_process_makes_no_feed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Path] = []
    monkeypatch.setattr(index_feed.IndexFeed, "__init__", lambda _self, path: started.append(path))
    write(tmp_path / "one.sqlite", [simple_app("org.example.A", "A")], 1)
    assert started == []
