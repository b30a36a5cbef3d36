"""The shared rules of the automatic update checks (update_check.py): never more than once
per configured interval (a real file in a temporary state directory, a real
``appcenter-qt.conf``), and the interval decided before any bus is asked."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from appcenter_qt.services import update_check
from appcenter_qt.services.update_check import (
    check_interval_s,
    last_check,
    record_check,
    seconds_until_due,
    stamp_path,
    why_not_now,
)

HOUR = 3600.0


def _conf(tmp_path: Path, text: str) -> dict[str, str]:
    home = tmp_path / "config"
    (home / "appcenter-qt").mkdir(parents=True)
    (home / "appcenter-qt" / "appcenter-qt.conf").write_text(text)
    return {"XDG_CONFIG_HOME": str(home), "XDG_CONFIG_DIRS": str(tmp_path / "none")}


def test_interval_defaults_to_a_day(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path / "empty"), "XDG_CONFIG_DIRS": str(tmp_path / "no")}
    assert check_interval_s(env) == 24 * HOUR


@pytest.mark.parametrize(
    ("value", "hours"),
    [("12", 12.0), ("0.5", 1.0), ("0", 1.0), ("-3", 1.0), ("100000", 720.0), ("6.5", 6.5)],
)
def test_interval_from_the_config_file_within_bounds(
    tmp_path: Path, value: str, hours: float
) -> None:
    env = _conf(tmp_path, f"[updates]\ncheck-interval-hours = {value}\n")
    assert check_interval_s(env) == hours * HOUR


@pytest.mark.parametrize("value", ["daily", "nan", "inf", ""])
def test_a_bad_interval_is_one_warning_and_the_default(
    tmp_path: Path, value: str, caplog: pytest.LogCaptureFixture
) -> None:
    env = _conf(tmp_path, f"[updates]\ncheck-interval-hours = {value}\n")
    assert check_interval_s(env) == 24 * HOUR
    (warning,) = [r for r in caplog.records if r.levelname == "WARNING"]
    assert "appcenter-qt.conf" in warning.getMessage()
    assert "check-interval-hours" in warning.getMessage()


def test_state_file_follows_xdg_state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert stamp_path({"XDG_STATE_HOME": str(tmp_path)}) == (
        tmp_path / "appcenter-qt" / "last-update-check"
    )
    # Without it, platformdirs' default under this process's home (support/user_dirs.py).
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert stamp_path() == tmp_path / ".local" / "state" / "appcenter-qt" / "last-update-check"


def test_never_checked_is_due_now(tmp_path: Path) -> None:
    assert seconds_until_due(tmp_path / "absent", 24 * HOUR) == 0.0


def test_a_check_sooner_than_the_interval_is_not_due(tmp_path: Path) -> None:
    stamp = tmp_path / "state" / "last-update-check"
    now = 1_800_000_000.0
    record_check(stamp, now)
    assert last_check(stamp) == now
    assert stamp.parent.stat().st_mode & 0o777 == 0o700
    assert seconds_until_due(stamp, 24 * HOUR, now + HOUR) == 23 * HOUR
    assert seconds_until_due(stamp, 24 * HOUR, now + 24 * HOUR - 1) == 1.0
    assert seconds_until_due(stamp, 24 * HOUR, now + 24 * HOUR) == 0.0
    assert seconds_until_due(stamp, 12 * HOUR, now + 13 * HOUR) == 0.0


def test_a_time_in_the_future_or_garbage_counts_as_none(tmp_path: Path) -> None:
    stamp = tmp_path / "last-update-check"
    record_check(stamp, time.time() + 10 * 24 * HOUR)  # the clock was set back since
    assert seconds_until_due(stamp, 24 * HOUR) == 0.0
    stamp.write_text("yesterday\n")
    assert last_check(stamp) is None and seconds_until_due(stamp, 24 * HOUR) == 0.0


def test_recording_replaces_the_file_whole(tmp_path: Path) -> None:
    stamp = tmp_path / "last-update-check"
    record_check(stamp, 100.0)
    record_check(stamp, 200.0)
    assert stamp.read_text() == "200\n"
    assert [p.name for p in tmp_path.iterdir()] == ["last-update-check"]


def test_an_unwritable_state_dir_is_one_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    record_check(blocker / "last-update-check", 1.0)
    assert "cannot record the update check" in caplog.text


def test_not_due_is_decided_before_any_bus_is_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str | None] = []

    def metered(bus_address: str | None = None) -> bool:
        asked.append(bus_address)
        return False

    monkeypatch.setattr(update_check, "is_metered", metered)
    stamp = tmp_path / "last-update-check"
    record_check(stamp)
    reason = why_not_now(stamp, 24 * HOUR)
    assert reason.startswith("checked less than 24 h ago; next check in ")
    assert asked == []
    assert why_not_now(stamp, 24 * HOUR, now=time.time() + 25 * HOUR) == ""
    assert asked == [None]
