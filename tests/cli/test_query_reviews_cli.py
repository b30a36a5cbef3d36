"""appcenter-query reviews/review/vote/ratings as a real process against the local ODRS
server (tests/odrs_server.py): exit codes, one stderr line, offline-first, ``--json`` in
either place, ``--odrs-url`` over the environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.odrs_server import OdrsServer


@pytest.fixture
def odrs() -> Iterator[OdrsServer]:
    server = OdrsServer().start()
    yield server
    server.state.mode = ""
    server.stop()


@pytest.fixture
def run(tmp_path: Path, odrs: OdrsServer):  # type: ignore[no-untyped-def]
    env = {
        **os.environ,
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_CONFIG_DIRS": str(tmp_path / "etc"),
        "LANG": "de_DE.UTF-8",
        "LC_ALL": "",
        "LANGUAGE": "",
        "APPCENTER_ODRS_URL": odrs.url,
    }

    def run(*args: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "appcenter_qt.cli.query", *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env={**env, **extra},
        )

    return run


def test_review_then_reviews_then_vote(run, odrs) -> None:
    sent = run(
        "review",
        "org.example.Mines",
        "--stars",
        "4",
        "--summary",
        "Good",
        "--text",
        "Plays well.",
        "--json",
    )
    assert sent.returncode == 0, sent.stderr
    assert json.loads(sent.stdout)["success"] is True
    assert json.loads(odrs.state.requests[0]["body"])["locale"] == "de_DE"
    other = odrs.state.add("org.example.Mines", 2, "Meh \u202eevil\x1b[31m", user_hash="e" * 40)
    listed = run("--json", "reviews", "org.example.Mines")
    assert listed.returncode == 0 and listed.stderr == ""
    reviews = json.loads(listed.stdout)["reviews"]
    assert {r["summary"] for r in reviews} == {"Good", "Meh evil[31m"}
    text = run("reviews", "org.example.Mines")
    assert "\x1b" not in text.stdout and "\u202e" not in text.stdout
    voted = run("vote", "org.example.Mines", str(other.review_id), "up")
    assert voted.returncode == 0 and other.karma_up == 1
    again = run("vote", "org.example.Mines", str(other.review_id), "down")
    assert again.returncode == 1
    assert again.stderr.strip().splitlines() == [
        "appcenter-query: the ratings server refused: already voted on this app"
    ]
    twice = run(
        "review", "org.example.Mines", "--stars", "4", "--summary", "Good", "--text", "Plays well."
    )
    assert twice.returncode == 1 and "already reviewed this app" in twice.stderr


def test_offline_with_cache_exits_0_with_one_line(run, odrs) -> None:
    odrs.state.add("org.example.Mines", 5, "Great")
    assert run("reviews", "org.example.Mines").returncode == 0
    odrs.state.mode = "html500"
    stale = run("reviews", "org.example.Mines", "--json")
    assert stale.returncode == 0
    assert len(stale.stderr.strip().splitlines()) == 1 and "HTTP 500" in stale.stderr
    assert json.loads(stale.stdout)["reviews"][0]["summary"] == "Great"
    uncached = run("reviews", "org.example.Other")
    assert uncached.returncode == 1 and len(uncached.stderr.strip().splitlines()) == 1


def test_odrs_url_flag_beats_environment(run, odrs) -> None:
    result = run(
        "--odrs-url",
        odrs.url,
        "reviews",
        "org.example.Mines",
        APPCENTER_ODRS_URL="http://127.0.0.1:9/nothing",
    )
    assert result.returncode == 0, result.stderr
    off = run("--odrs-url", "", "reviews", "org.example.Mines")
    assert off.returncode == 1 and "turned off" in off.stderr


def test_ratings_refresh(run, odrs) -> None:
    odrs.state.add("org.example.Mines", 5)
    result = run("ratings", "--refresh", "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["applications"] == 1
    odrs.state.mode = "deep"
    broken = run("ratings", "--refresh")
    assert broken.returncode == 1 and "nested too deeply" in broken.stderr
    assert "Traceback" not in broken.stderr


@pytest.mark.slow  # waits out the client's 10 s limit (in-process: tests/backends/odrs)
def test_trickling_server_is_cut_at_ten_seconds(run, odrs) -> None:
    odrs.state.mode = "trickle"
    started = time.monotonic()
    result = run("vote", "org.example.Mines", "1", "up")
    elapsed = time.monotonic() - started
    assert result.returncode == 1 and "within 10 s" in result.stderr
    assert elapsed < 13


@pytest.mark.parametrize("url", ["http://127.0.0.1:99999/api", "http://[::1/api", "ftp://x/api"])
def test_unusable_server_address_is_one_line_and_exit_2(run, url: str) -> None:  # type: ignore[no-untyped-def]
    done = run("--odrs-url", url, "reviews", "org.example.Mines")
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and url in lines[0] and "Traceback" not in done.stderr
