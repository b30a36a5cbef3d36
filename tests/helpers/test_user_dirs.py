"""The user's folders come from platformdirs, which follows the XDG variables on Linux when
a call is made; an explicit environment's ``XDG_*_HOME`` wins (support/user_dirs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.support import user_dirs

KINDS = [
    ("XDG_CACHE_HOME", user_dirs.cache_dir, ".cache", "appcenter-qt"),
    ("XDG_STATE_HOME", user_dirs.state_dir, ".local/state", "appcenter-qt"),
    ("XDG_DATA_HOME", user_dirs.data_home, ".local/share", ""),
]


@pytest.mark.parametrize(("variable", "find", "default", "leaf"), KINDS)
def test_each_folder_follows_its_xdg_variable_then_the_home(  # type: ignore[no-untyped-def]
    variable, find, default, leaf, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv(variable, str(tmp_path / "xdg"))
    assert find() == tmp_path / "xdg" / leaf
    monkeypatch.setenv(variable, "  ")  # blank is unset
    assert find() == tmp_path / "home" / default / leaf
    monkeypatch.delenv(variable)
    assert find() == tmp_path / "home" / default / leaf
    # A child's environment that sets the variable wins over this process's.
    assert find({variable: str(tmp_path / "child")}) == tmp_path / "child" / leaf


def test_the_data_dirs_are_the_user_s_then_the_system_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_DATA_DIRS", f"{tmp_path / 'a'}:{tmp_path / 'b'}")
    assert user_dirs.all_data_dirs() == [tmp_path / "mine", tmp_path / "a", tmp_path / "b"]
    monkeypatch.delenv("XDG_DATA_DIRS")
    assert user_dirs.data_dirs() == [Path("/usr/local/share"), Path("/usr/share")]
    assert user_dirs.data_dirs({"XDG_DATA_DIRS": str(tmp_path)}) == [tmp_path]
