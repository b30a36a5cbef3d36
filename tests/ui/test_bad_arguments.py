"""Malformed arguments end in one line on stderr naming the value and exit code 2, before any
window: never a traceback (issue 29). Run as the real program, in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "APPCENTER_ODRS_URL": "",
    }
    return subprocess.run(
        [sys.executable, "-m", "appcenter_qt.app", "--backend", "none", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["appstream://a＃b"], "appstream://a＃b"),
        (["appstream://[abc"], "appstream://[abc"),
        (["appstream://a]b"], "appstream://a]b"),
        (["appstream://<b>x</b>"], "<b>x</b>"),
        (["--odrs-url", "http://127.0.0.1:99999/api"], "http://127.0.0.1:99999/api"),
        (["--odrs-url", "http://127.0.0.1:port/api"], "http://127.0.0.1:port/api"),
        (["--odrs-url", "http://[::1/api"], "http://[::1/api"),
        (["--odrs-url", "ftp://example.org/api"], "ftp://example.org/api"),
    ],
)
def test_malformed_argument_is_one_line_and_exit_2(
    args: list[str], named: str, tmp_path: Path
) -> None:
    done = _run(*args, tmp_path=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("appcenter-qt: ") and named in lines[0]
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_bad_ratings_server_from_the_environment_turns_reviews_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not a command-line mistake: the window opens, reviews are off, one warning says why."""
    from appcenter_qt.backends.odrs import OdrsError, ReviewsService

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    with pytest.raises(OdrsError, match="99999"):
        ReviewsService.create("C", "http://127.0.0.1:99999/api")
    assert ReviewsService.create("C", "") is None
    assert ReviewsService.create("C", "http://127.0.0.1:8080/api") is not None


def test_malformed_file_url_of_a_repo_file_is_no_traceback() -> None:
    """``file://[x.flatpakrepo`` (what a file manager would never send, but a person may
    type) is taken as a path: the Sources page then says it cannot be read."""
    from appcenter_qt.app import parse_args

    options = parse_args(["file://[x.flatpakrepo"])
    assert options.add_remote is not None and options.add_remote.endswith("[x.flatpakrepo")
    assert options.page == "sources"
