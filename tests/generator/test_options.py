"""The engine's typed options and its child-process entry (``python -m appcenter_qt.generator``):
what the window's system-catalog build and ``appcenter-generate`` both hand the engine."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from appcenter_qt.cli.generate import _parser, options_from
from appcenter_qt.generator.options import EXIT_USAGE, GenerateOptions

DATA = Path(__file__).resolve().parent.parent / "data" / "imports"


def test_json_round_trip_keeps_types() -> None:
    options = GenerateOptions(
        inputs=("a.deb", "b.yml"),
        output="out",
        icons=(Path("icons-64x64.tar.gz"),),
        ratings=Path("ratings.json"),
        shard=(1, 3),
        icon_sizes=(64, 128),
        source_catalogs=False,
        input_timeout=5,
        jobs=3,
    )
    back = GenerateOptions.from_json(options.to_json())
    assert back == options
    assert isinstance(back.ratings, Path) and isinstance(back.icons[0], Path)
    assert isinstance(back.input_timeout, float)
    # defaults are left out of the text, except the machine-dependent job count
    assert set(json.loads(GenerateOptions(jobs=2).to_json())) == {"jobs"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"outptu": "x"}', "unknown field 'outptu'"),
        ('{"jobs": "4"}', "jobs must be int"),
        ('{"system": 1}', "system must be bool"),
        ('{"shard": [1]}', "shard must have 2 items"),
        ('{"icons": "a.tar"}', "icons must be a list"),
        ("[]", "not a JSON object"),
    ],
)
def test_from_json_refuses_what_the_fields_do_not_say(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GenerateOptions.from_json(text)


def test_command_line_parses_into_the_same_options() -> None:
    args = _parser().parse_args(
        ["-o", "out", "--icon-size", "48", "--suite", "stable", "--shard", "2/4", "x.deb"]
    )
    options = options_from(args)
    assert options.inputs == ("x.deb",)
    assert options.icon_sizes == (48,)
    assert options.suites == ("stable",)
    assert options.shard == (2, 4)
    assert options_from(_parser().parse_args(["-o", "out", "x.deb"])).icon_sizes == ()


def _child(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "appcenter_qt.generator", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"},
    )


def test_child_entry_builds_a_catalog(tmp_path: Path) -> None:
    options = GenerateOptions(
        inputs=(str(DATA / "sample.yml"),), output=str(tmp_path), quiet=True, jobs=1
    )
    done = _child(options.to_json())
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(tmp_path / "appcenter.sqlite") as db:
        (count,) = db.execute("SELECT count(*) FROM applications").fetchone()
    assert count > 0
    assert (tmp_path / "icons.tar").is_file() and (tmp_path / "report.json").is_file()


def test_child_entry_reports_usage_errors_as_one_line(tmp_path: Path) -> None:
    bad = _child('{"jobs": "many"}')
    assert bad.returncode == EXIT_USAGE
    assert bad.stderr.strip() == "appcenter-generate: generator options: jobs must be int"
    nothing = str(tmp_path / "nothing.yml")
    missing = _child(GenerateOptions(inputs=(nothing,), output=str(tmp_path)).to_json())
    assert missing.returncode == EXIT_USAGE
    assert missing.stderr == f"appcenter-generate: {nothing}: no such file or directory\n"
    assert not (tmp_path / "appcenter.sqlite").exists()
