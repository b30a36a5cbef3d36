"""The configuration reader: precedence (user, then each system directory), provenance, and
the administrator's lock, on real files in temporary XDG directories."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.support.config_files import lookup, setting


@pytest.fixture
def dirs(tmp_path: Path) -> dict[str, Path]:
    found = {name: tmp_path / name / "appcenter-qt" for name in ("user", "admin", "vendor")}
    for path in found.values():
        path.mkdir(parents=True)
    return found


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        "XDG_CONFIG_HOME": str(tmp_path / "user"),
        "XDG_CONFIG_DIRS": f"{tmp_path / 'admin'}:{tmp_path / 'vendor'}",
        "HOME": str(tmp_path),
    }


def _write(directory: Path, text: str) -> Path:
    path = directory / "appcenter-qt.conf"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_users_file_comes_first_then_each_system_directory(tmp_path, dirs) -> None:
    env = _env(tmp_path)
    vendor = _write(dirs["vendor"], "[updates]\ncheck-interval-hours = 6\nsecurity-only = true\n")
    admin = _write(dirs["admin"], "[updates]\ncheck-interval-hours = 12\n")
    user = _write(dirs["user"], "[updates]\ncheck-interval-hours = 48\n")

    assert lookup("updates", "check-interval-hours", env).path == user
    assert lookup("updates", "check-interval-hours", env).value == "48"
    assert lookup("updates", "security-only", env).path == vendor
    user.unlink()
    assert setting("updates", "check-interval-hours", env) == ("12", admin)


def test_no_file_sets_it_means_the_default(tmp_path, dirs) -> None:
    found = lookup("updates", "auto-update-apps", _env(tmp_path))
    assert (found.value, found.path, found.locked) == (None, None, False)
    assert found.origin() == "default"
    assert setting("updates", "auto-update-apps", _env(tmp_path)) is None


def test_a_locked_key_ignores_the_users_file(tmp_path, dirs) -> None:
    env = _env(tmp_path)
    admin = _write(
        dirs["admin"], "[updates]\nlocked = security-only, Auto-Update-Apps\nsecurity-only = yes\n"
    )
    _write(
        dirs["user"],
        "[updates]\nsecurity-only = no\nauto-update-apps = yes\ncheck-interval-hours = 2\n",
    )

    found = lookup("updates", "security-only", env)
    assert (found.value, found.path, found.locked, found.locked_by) == ("yes", admin, True, admin)
    assert "locked by administrator" in found.origin()
    # Locked without a value: the built-in default holds, whatever the user wrote.
    unset = lookup("updates", "auto-update-apps", env)
    assert (unset.value, unset.path, unset.locked) == (None, None, True)
    # Keys not listed stay the user's.
    assert lookup("updates", "check-interval-hours", env).value == "2"


def test_the_user_cannot_lock_and_a_lock_is_per_group(tmp_path, dirs) -> None:
    env = _env(tmp_path)
    _write(dirs["admin"], "[odrs]\nlocked = url\n[updates]\nsecurity-only = no\n")
    user = _write(dirs["user"], "[updates]\nlocked = security-only\nsecurity-only = yes\n")
    found = lookup("updates", "security-only", env)
    assert (found.value, found.path, found.locked) == ("yes", user, False)


def test_a_broken_file_is_passed_over(tmp_path, dirs, caplog) -> None:
    env = _env(tmp_path)
    _write(dirs["user"], "no section header\n")
    admin = _write(dirs["admin"], "[updates]\nsecurity-only = true\n")
    assert lookup("updates", "security-only", env).path == admin
    assert "cannot read" in caplog.text
