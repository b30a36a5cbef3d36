"""``appcenter-update --policy``: each value with the file it came from, "default", and the
administrator's lock, from real files in temporary XDG directories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from appcenter_qt.cli import update


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    user = tmp_path / "user" / "appcenter-qt" / "appcenter-qt.conf"
    system = tmp_path / "system" / "appcenter-qt" / "appcenter-qt.conf"
    for path in (user, system):
        path.parent.mkdir(parents=True)
    user.write_text("[updates]\nsecurity-only = no\nauto-update-apps = yes\n")
    system.write_text("[updates]\nlocked = security-only\nsecurity-only = yes\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user"))
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(tmp_path / "system"))
    return user, system


def test_policy_names_each_values_origin(config, capsys) -> None:  # type: ignore[no-untyped-def]
    user, system = config
    assert update.main(["--policy"]) == 0
    lines = {line.split("=")[0].strip(): line for line in capsys.readouterr().out.splitlines()}
    assert lines["auto-update-apps"].endswith(f"# {user}")
    assert "= yes" in lines["auto-update-apps"]
    assert "= yes" in lines["security-only"]
    assert f"# {system} (locked by administrator in {system})" in lines["security-only"]
    assert lines["download-on-metered"].endswith("# default")
    assert "= offline" in lines["systemUpdates"]


def test_policy_as_json(config, capsys) -> None:  # type: ignore[no-untyped-def]
    user, system = config
    assert update.main(["--policy", "--json"]) == 0
    policy = json.loads(capsys.readouterr().out)
    assert policy["security-only"] == {
        "value": True,
        "file": str(system),
        "locked": True,
        "locked_by": str(system),
    }
    assert policy["auto-update-apps"]["file"] == str(user)
    assert policy["check-interval-hours"] == {
        "value": 24.0,
        "file": None,
        "locked": False,
        "locked_by": None,
    }


def test_policy_takes_no_selection(config, capsys) -> None:  # type: ignore[no-untyped-def]
    assert update.main(["--policy", "--all", "--apply"]) == 2
    assert "--policy takes no selection" in capsys.readouterr().err
