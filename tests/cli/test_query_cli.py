"""appcenter-query as a user runs it: a real process, real catalog files, exit codes."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from appcenter_qt.domain import Rating
from appcenter_qt.support.ratings_cache import store_ratings
from tests.catalog.conftest import full_application, simple_app, write_catalog


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    # no ratings cache unless a test makes one (the live histograms replace the catalog's)
    environ = env or {**os.environ, "XDG_CACHE_HOME": "/nonexistent/cache"}
    return subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.query", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=environ,
    )


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    return write_catalog(
        tmp_path / "appcenter.sqlite",
        [
            full_application(),
            simple_app(
                "org.example.Zebra",
                "Zebra",
                "Stripes",
                categories=("Game",),
                rating=(0, 0, 0, 0, 1),
            ),
            simple_app("org.example.Calc", "Calc", "Numbers", categories=("Utility",)),
        ],
    )


def test_list_json_is_stable(catalog: Path) -> None:
    result = run(
        "--catalog", str(catalog), "--json", "list", "--category", "Game", "--sort", "rating"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [a["id"] for a in data["applications"]] == ["org.gnome.Mines", "org.example.Zebra"]
    first = data["applications"][0]
    assert set(first) == {"id", "name", "summary", "packages", "categories", "icon", "rating"}
    assert first["rating"]["votes"] == 96


def test_list_and_show_use_the_live_ratings_the_window_cached(
    catalog: Path, tmp_path: Path
) -> None:
    # The window's cache for the configured server (never contacted: no network on reads).
    server = "http://127.0.0.1:9/1.0/reviews/api"
    cache = tmp_path / "cache"
    live = {"org.example.Zebra": Rating.from_counts([0, 0, 0, 10, 500])}
    store_ratings(cache / "appcenter-qt" / "odrs", server, live)
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "APPCENTER_ODRS_URL": server}
    args = ("--catalog", str(catalog), "--json")
    listed = run(*args, "list", "--category", "Game", "--sort", "rating", env=env)
    assert listed.returncode == 0, listed.stderr
    apps = json.loads(listed.stdout)["applications"]
    assert [a["id"] for a in apps] == ["org.example.Zebra", "org.gnome.Mines"]  # re-ranked
    assert apps[0]["rating"]["votes"] == 510 and apps[1]["rating"]["votes"] == 96
    shown = json.loads(run(*args, "show", "org.example.Zebra", env=env).stdout)
    assert shown["rating"]["stars"] == [0, 0, 0, 10, 500]
    # another server's cache is not this one's: the catalog's own ratings
    other = {**env, "APPCENTER_ODRS_URL": "http://127.0.0.1:9/other"}
    assert (
        json.loads(run(*args, "show", "org.example.Zebra", env=other).stdout)["rating"]["votes"]
        == 1
    )


def test_show_json_has_histogram_votes_and_score(catalog: Path) -> None:
    result = run("--catalog", str(catalog), "--locale", "de", "--json", "show", "org.gnome.Mines")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["name"] == "Minen"
    assert data["rating"]["stars"] == [1, 2, 3, 40, 50]
    assert data["rating"]["votes"] == 96
    assert 1 <= data["rating"]["score"] < data["rating"]["mean"] <= 5
    assert data["description"] == "Erster Absatz."


def test_human_output(catalog: Path) -> None:
    result = run("--catalog", str(catalog), "--locale", "de_AT.UTF-8", "search", "min")
    assert result.returncode == 0
    assert "org.gnome.Mines" in result.stdout and "Minen" in result.stdout
    shown = run("--catalog", str(catalog), "show", "org.example.Zebra")
    assert "Zebra" in shown.stdout and "1 vote" in shown.stdout
    stats = run("--catalog", str(catalog), "stats")
    assert "applications: 3" in stats.stdout


def test_unknown_app_exits_1(catalog: Path) -> None:
    result = run("--catalog", str(catalog), "show", "org.example.Missing")
    assert result.returncode == 1
    assert "no application with id 'org.example.Missing'" in result.stderr


def _newer(path: Path) -> Path:
    write_catalog(path, [simple_app("a.b.C", "C")])
    connection = sqlite3.connect(path)
    connection.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    connection.commit()
    connection.close()
    return path


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p / "missing.sqlite", "no such catalog file"),
        (lambda p: (p / "t.txt", (p / "t.txt").write_text("x"))[0], "not an SQLite database"),
        (lambda p: p, "is a directory"),
        (lambda p: _newer(p / "new.sqlite"), "schema version 99 (newer"),
        (
            lambda p: (
                p / "c.sqlite",
                (p / "c.sqlite").write_bytes(b"SQLite format 3\x00" + b"\x01" * 5000),
            )[0],
            "c.sqlite",
        ),
    ],
)
def test_bad_catalogs_give_one_line_and_exit_2(tmp_path: Path, make, message: str) -> None:
    path = make(tmp_path)
    result = run("--catalog", str(path), "stats")
    assert result.returncode == 2, result
    assert message in result.stderr
    assert str(path) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_usage_error_exits_2() -> None:
    assert run("frobnicate").returncode == 2
