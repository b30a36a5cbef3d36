"""Which packages are "the desktop": the config file, and the real daemon's ``DependsOn``."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.services.desktop_packages import (
    config_files,
    configured_metapackages,
    desktop_packages,
    parse_names,
)


def test_config_lookup_order_user_first_then_the_distribution(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path / "home"), "XDG_CONFIG_DIRS": "/etc/xdg:/usr/etc"}
    assert config_files(env) == [
        tmp_path / "home" / "appcenter-qt" / "core-desktop",
        Path("/etc/xdg/appcenter-qt/core-desktop"),
        Path("/usr/etc/appcenter-qt/core-desktop"),
    ]
    assert (
        config_files({"HOME": str(tmp_path)})[0] == tmp_path / ".config/appcenter-qt/core-desktop"
    )


def test_the_first_file_found_wins_and_no_file_means_no_split(tmp_path: Path) -> None:
    home, distro = tmp_path / "home", tmp_path / "distro"
    env = {"XDG_CONFIG_HOME": str(home), "XDG_CONFIG_DIRS": str(distro)}
    assert configured_metapackages(env) == ()
    (distro / "appcenter-qt").mkdir(parents=True)
    (distro / "appcenter-qt" / "core-desktop").write_text("patterns-kde-kde_plasma\n")
    assert configured_metapackages(env) == ("patterns-kde-kde_plasma",)
    (home / "appcenter-qt").mkdir(parents=True)
    (home / "appcenter-qt" / "core-desktop").write_text("task-kde-desktop  # Debian\n")
    assert configured_metapackages(env) == ("task-kde-desktop",)


def test_hostile_lines_are_named_and_skipped(caplog: pytest.LogCaptureFixture) -> None:
    text = "task-kde-desktop\n\n  # comment\n$(rm -rf ~)\nplasma-desktop\ntask-kde-desktop\n"
    with caplog.at_level(logging.WARNING):
        assert parse_names(text, "core-desktop") == ("task-kde-desktop", "plasma-desktop")
    assert "core-desktop:4: not a package name" in caplog.text


def _run(address: str, names: list[str]) -> frozenset[str] | None:
    async def body() -> frozenset[str] | None:
        backend = PackageKitBackend(address)
        try:
            return await desktop_packages(backend, names)
        finally:
            await backend.aclose()

    return asyncio.run(body())


def test_the_desktop_is_the_metapackages_and_their_dependencies(packagekit_bus: str) -> None:
    # The dummy daemon: kernel is installed and "depends on" glib2.
    assert _run(packagekit_bus, ["kernel"]) == {"kernel", "glib2"}
    assert _run(packagekit_bus, []) is None  # nothing configured: no split


def test_a_metapackage_that_is_not_installed_leaves_the_split_off(
    packagekit_bus: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        assert _run(packagekit_bus, ["task-kde-desktop"]) is None
    assert "none of the core desktop packages is installed: task-kde-desktop" in caplog.text


def test_no_daemon_leaves_the_split_off(packagekit_stack) -> None:  # type: ignore[no-untyped-def]
    stack = packagekit_stack(daemon=False)
    assert _run(stack.address, ["kernel"]) is None


def test_the_flag_takes_a_comma_list_checked_the_same_way(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        assert parse_names("kernel, glib2,,bad name", "--core-desktop") == ("kernel", "glib2")
    assert "--core-desktop:1: not a package name: 'bad name'" in caplog.text
