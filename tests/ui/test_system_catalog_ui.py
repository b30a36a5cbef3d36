"""First start on a machine whose catalog is its own AppStream pool: the window shows
"Preparing the catalog…" with a real progress bar as soon as the build reports progress (or
the open takes longer than a moment: an existing catalog opens in tens of milliseconds and
shows the home page's placeholders instead), then the cards; a
build that fails leaves a visible, translatable banner naming the cause."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from PySide6.QtCore import QObject

from appcenter_qt.app import AppCenter, Options, wait_until_idle
from tests.system_pools import make_large_pool, make_pool
from tests.ui.test_scenes import visible_texts

GENERATED = 3000


def _center(options: Options) -> AppCenter:
    center = AppCenter(options, None, "no backend in this test")
    center.window.show()
    return center


def _item(center: AppCenter, name: str) -> QObject:
    item = center.window.findChild(QObject, name)
    assert item is not None, name
    return item


@pytest.fixture
def pool_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "root"
    monkeypatch.setenv("APPCENTER_SYSTEM_ROOT", str(root))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_DATA_DIRS", "/usr/local/share:/usr/share")
    return root


def test_first_start_shows_progress_then_the_cards(
    qapp, qtbot, pool_env: Path, output_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    make_large_pool(pool_env, GENERATED)
    # All applications: the grid's cards are what the first start waits for.
    center = _center(Options(screenshot="unused.png", backend="none", page="browse"))
    try:
        # a build says what is happening, with a progress bar, within a moment
        qtbot.waitUntil(lambda: _item(center, "catalogProgress").property("visible"), timeout=2000)
        assert "Preparing the catalog…" in visible_texts(center)
        bar = _item(center, "catalogProgressBar")
        assert bar.property("visible")
        qtbot.waitUntil(lambda: 0.0 < center.catalog_source.progress < 1.0, timeout=30000)
        qtbot.waitUntil(lambda: bar.property("value") > 0.0, timeout=5000)
        assert not bar.property("indeterminate")
        center.save_screenshot(output_dir / "preparing-catalog.png")
        assert wait_until_idle(center, timeout=60)
        assert not _item(center, "catalogProgress").property("visible")
        assert center.catalog_source.warningText == ""
        assert center.apps.count == GENERATED + 3
        assert "Generated 0" in visible_texts(center)
    finally:
        center.close()
        gc.collect()


def test_a_failed_build_shows_the_demo_with_a_banner(
    qapp, pool_env: Path, tmp_path: Path, output_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    make_pool(pool_env)
    blocker = tmp_path / "cache" / "appcenter-qt" / "system"
    blocker.parent.mkdir(parents=True)
    blocker.write_text("a file where the system catalog's directory should be")
    center = _center(Options(screenshot="unused.png", backend="none"))
    try:
        assert wait_until_idle(center, timeout=60)
        banner = _item(center, "catalogWarning")
        assert banner.property("visible")
        assert "could not be built" in banner.property("text")
        assert center.catalog_source.isDemo
        center.save_screenshot(output_dir / "catalog-build-failed.png")
    finally:
        center.close()
        gc.collect()


def test_ids_as_users_write_them_and_installed_state_without_a_backend(
    qapp, pool_env: Path
) -> None:  # type: ignore[no-untyped-def]
    """``--app org.example.Mines`` opens ``org.example.Mines.desktop``; the catalog's snapshot
    of the dpkg database says it is installed, and KCalc (only its configuration left) is not,
    with no PackageKit at all."""
    make_pool(pool_env)
    center = _center(Options(screenshot="unused.png", backend="none", page="app:org.example.Mines"))
    try:
        assert wait_until_idle(center, timeout=60)
        assert center.app_details.found
        assert center.navigation.appId == "org.example.Mines.desktop"
        assert center.transactions.state_of("org.example.Mines.desktop")[0].value == "installed"
        center.navigation.openApp("org.kde.kcalc")
        assert wait_until_idle(center, timeout=30)
        assert center.navigation.appId == "org.kde.kcalc.desktop"
        assert center.transactions.state_of("org.kde.kcalc.desktop")[0].value == "available"
    finally:
        center.close()
        gc.collect()
