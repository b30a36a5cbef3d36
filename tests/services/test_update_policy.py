"""The update policy read from real ``appcenter-qt.conf`` files: defaults, values, a bad value
(one warning and the default), an administrator's lock, and the record of an automatic run."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.domain.updates import SystemUpdateMode
from appcenter_qt.services.auto_update import (
    AutoUpdateRecord,
    load_record,
    record_path,
    save_record,
)
from appcenter_qt.services.update_policy import load_policy, window_system_mode


def _env(tmp_path: Path, user: str = "", system: str = "") -> dict[str, str]:
    for name, text in (("user", user), ("system", system)):
        folder = tmp_path / name / "appcenter-qt"
        folder.mkdir(parents=True, exist_ok=True)
        if text:
            (folder / "appcenter-qt.conf").write_text(text, encoding="utf-8")
    return {
        "XDG_CONFIG_HOME": str(tmp_path / "user"),
        "XDG_CONFIG_DIRS": str(tmp_path / "system"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "HOME": str(tmp_path),
    }


def test_defaults_change_nothing_by_themselves(tmp_path: Path) -> None:
    policy = load_policy(_env(tmp_path))
    assert policy.check_interval_hours.value == 24.0
    assert policy.system_updates.value is SystemUpdateMode.OFFLINE
    assert policy.auto_update_apps.value is False
    assert policy.security_only.value is False
    assert policy.download_on_metered.value is False
    assert all(rule.found.path is None and not rule.locked for rule in policy.rules)


def test_values_and_where_they_came_from(tmp_path: Path) -> None:
    env = _env(
        tmp_path,
        user="[updates]\nauto-update-apps = yes\nsystemUpdates = live\n",
        system="[updates]\nsecurity-only = on\ndownload-on-metered = 1\ncheck-interval-hours = 6\n",
    )
    policy = load_policy(env)
    user = tmp_path / "user" / "appcenter-qt" / "appcenter-qt.conf"
    system = tmp_path / "system" / "appcenter-qt" / "appcenter-qt.conf"
    assert (policy.auto_update_apps.value, policy.auto_update_apps.found.path) == (True, user)
    assert policy.system_updates.value is SystemUpdateMode.LIVE
    assert (policy.security_only.value, policy.security_only.found.path) == (True, system)
    assert policy.download_on_metered.value is True
    assert policy.check_interval_hours.value == 6.0


def test_the_windows_qsettings_key_is_the_policy(tmp_path: Path) -> None:
    # QSettings("appcenter-qt", "appcenter-qt") writes updates/systemUpdates like this.
    env = _env(
        tmp_path, user="[updates]\nsystemUpdates=live\n\n[window]\ngeometry=@Rect(0 0 9 9)\n"
    )
    assert load_policy(env).system_updates.value is SystemUpdateMode.LIVE


def test_a_bad_value_is_one_warning_and_the_default(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    env = _env(tmp_path, user="[updates]\nauto-update-apps = sometimes\nsystemUpdates = later\n")
    policy = load_policy(env)
    assert policy.auto_update_apps.value is False
    assert policy.auto_update_apps.found.path is None
    assert policy.system_updates.value is SystemUpdateMode.OFFLINE
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 2
    assert any("auto-update-apps" in w and "appcenter-qt.conf" in w for w in warnings)


def test_a_locked_value_ignores_the_users_choice(tmp_path: Path) -> None:
    env = _env(
        tmp_path,
        user="[updates]\nauto-update-apps = yes\nsystemUpdates = live\n",
        system="[updates]\nlocked = auto-update-apps systemUpdates\nsystemUpdates = offline\n",
    )
    policy = load_policy(env)
    assert policy.auto_update_apps.value is False and policy.auto_update_apps.locked
    assert policy.system_updates.value is SystemUpdateMode.OFFLINE
    assert "locked by administrator" in policy.system_updates.found.origin()


def test_the_record_of_an_automatic_run_round_trips(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    env = _env(tmp_path)
    assert load_record(env) is None
    record = AutoUpdateRecord(1_700_000_000.0, ("Hello", "Mines"), 3)
    save_record(record, env)
    assert record_path(env) == tmp_path / "state" / "appcenter-qt" / "automatic-updates.json"
    assert load_record(env) == record
    record_path(env).write_text('{"time": 1, "apps": [1], "packages": 1}')
    assert load_record(env) is None
    assert "cannot read" in caplog.text


def test_the_windows_mode_is_the_persons_unless_locked(tmp_path: Path) -> None:
    free = _env(tmp_path / "free", system="[updates]\nsystemUpdates = live\n")
    assert window_system_mode(None, free) == (SystemUpdateMode.LIVE, False)  # the system's
    assert window_system_mode("offline", free) == (SystemUpdateMode.OFFLINE, False)
    assert window_system_mode("nonsense", free) == (SystemUpdateMode.OFFLINE, False)
    locked = _env(tmp_path / "locked", system="[updates]\nlocked = systemUpdates\n")
    assert window_system_mode("live", locked) == (SystemUpdateMode.OFFLINE, True)
