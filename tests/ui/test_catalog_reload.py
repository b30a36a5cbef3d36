"""The open window follows the sources: a Flatpak source added on the Sources page brings
its applications into the apps model without a restart, and removing it takes them out.
The catalog is the automatic one (a small pool under a root of the test's own, with the
remotes read as for this machine), so adding a remote changes its fingerprint and the
window rebuilds it in a child process, with progress, then switches the models over while
the page stays. An installed (explicit) catalog is a fixed file: the window leaves it alone
and says so. Real libflatpak and the local test repo (tests/flatpak_fixtures.py), real
generator runs; screenshots go to test-output/ui for a person to look at."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from appcenter_qt.domain.pages import Page
from tests.flatpak_fixtures import FlatpakWorld
from tests.services.test_source_catalog_freshness import add_app
from tests.system_pools import make_pool
from tests.ui.test_scenes import visible_texts

REMOTE = "extra-live"


def remote_names(center) -> set[str]:  # type: ignore[no-untyped-def]
    return {r.source_id for r in center.sources.rows() if r.kind == "remote"}


def test_a_source_added_in_the_open_window_brings_its_apps_without_restart(  # type: ignore[no-untyped-def]
    flatpak_world: FlatpakWorld,
    make_center,
    qtbot,
    output_dir,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    repo = tmp_path / "extra-repo"
    shutil.copytree(flatpak_world.repo, repo, symlinks=True)
    add_app(repo, tmp_path / "build", "org.test.Extra", monkeypatch)
    file = tmp_path / "extra.flatpakrepo"
    file.write_text(
        f"[Flatpak Repo]\nTitle=Extra live\nUrl={repo.as_uri()}\nSuggestRemoteName={REMOTE}\n"
    )
    # After the build: flatpak's icon check finds the image formats through XDG_DATA_DIRS.
    root = tmp_path / "root"
    make_pool(root)
    monkeypatch.setenv("APPCENTER_SYSTEM_ROOT", str(root))
    monkeypatch.setenv("APPCENTER_SOURCE_CATALOGS", "1")  # the root stands for this machine
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("APPCENTER_CATALOG", raising=False)

    from appcenter_qt.services.source_set import SourceSet

    # Every Flatpak remote the registry lists, as "--backend flatpak" chooses them.
    center = make_center(backend=SourceSet.choose("flatpak"), reason="", page="sources")
    assert f"flatpak:{REMOTE}" not in center.source_set
    source, sources, apps = center.catalog_source, center.sources, center.apps
    qtbot.waitUntil(lambda: source.property("ready") and sources.remoteCount >= 1, timeout=120000)
    assert source.property("reloadable") and not source.property("isDemo")
    first = center.catalog
    assert not _is_closed(first)
    apps.refresh()
    qtbot.waitUntil(lambda: not apps.property("loading"), timeout=30000)
    assert "org.test.Notes" in apps.loaded_ids()  # the fixture's remote is in already
    assert "org.test.Extra" not in apps.loaded_ids()

    try:
        sources.addRemote(str(file), False)
        qtbot.waitUntil(lambda: bool(source.property("reloading")), timeout=60000)
        assert sources.errorText == ""
        assert "The catalog is updated with its applications." in sources.noticeText
        reload_bar = _visible(center, "catalogReload")
        assert reload_bar, "the reload shows its progress above the page"
        center.save_screenshot(output_dir / "sources-catalog-reloading.png")

        qtbot.waitUntil(lambda: not source.property("reloading"), timeout=120000)
        assert source.property("warningText") == ""
        assert center.catalog is not first  # another file, opened on the worker
        qtbot.waitUntil(lambda: "org.test.Extra" in apps.loaded_ids(), timeout=30000)
        assert center.navigation.property("page") == Page.SOURCES  # the page stayed
        qtbot.waitUntil(lambda: REMOTE in remote_names(center), timeout=30000)
        assert "Extra live" in visible_texts(center)
        assert f"flatpak:{REMOTE}" in center.catalog.meta().get("sources", "")
        # The window's sources follow: the new remote's app offers it on its page.
        assert f"flatpak:{REMOTE}" in center.source_set
        center.navigation.openApp("org.test.Extra")
        details = center.package_details
        qtbot.waitUntil(
            lambda: [o["source"] for o in details.property("sources")] == [f"flatpak:{REMOTE}"],
            timeout=30000,
        )
        center.navigation.showSources()
        # The old catalog was closed on the worker, after every query submitted to it.
        center.worker.submit(lambda: None).result(timeout=30)
        assert _is_closed(first)
        center.save_screenshot(output_dir / "sources-catalog-reloaded.png")
    finally:
        if REMOTE in remote_names(center):
            sources.removeRemote(REMOTE, "user")
            qtbot.waitUntil(lambda: REMOTE not in remote_names(center), timeout=60000)
    qtbot.waitUntil(lambda: not source.property("reloading"), timeout=120000)
    assert "The catalog is updated without its applications." in sources.noticeText
    qtbot.waitUntil(lambda: "org.test.Extra" not in apps.loaded_ids(), timeout=30000)
    assert "org.test.Notes" in apps.loaded_ids()
    assert f"flatpak:{REMOTE}" not in center.source_set  # the removed remote is no source


def test_an_explicit_catalog_is_a_fixed_file_the_window_leaves_alone(  # type: ignore[no-untyped-def]
    make_center, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from appcenter_qt.demo import ensure_demo_catalog

    center = make_center(page="sources", catalog=str(ensure_demo_catalog()))
    source = center.catalog_source
    qtbot.waitUntil(lambda: bool(source.property("ready")), timeout=30000)
    assert not source.property("reloadable")
    opened = center.catalog
    source.reload()  # what a remote change asks: nothing happens for a fixed file
    assert not source.property("reloading") and center.catalog is opened
    sources = center.sources
    sources.set_catalog_follows(False)
    from appcenter_qt.models.remote_messages import ADDED, change_notice

    # the notice's sentence moved to remote_messages.change_notice (the model split)
    assert "fixed file" in change_notice(ADDED, sources._catalog_follows)


def _visible(center, name: str) -> bool:  # type: ignore[no-untyped-def]
    from appcenter_qt.app import scene_items

    return any(
        i.objectName() == name and i.isVisible() for i in scene_items(center.window.contentItem())
    )


def _is_closed(catalog) -> bool:  # type: ignore[no-untyped-def]
    """No descriptor of this process still points at the catalog's file (its connection
    is the only one SQLite keeps open; a replaced file shows as "(deleted)")."""
    target = os.path.realpath(catalog.path)
    for fd in Path("/proc/self/fd").iterdir():
        try:
            if os.readlink(fd).startswith(target):
                return False
        except OSError:
            continue
    return True


LATER = "later-live"  # sorts after the fixture's vanished remote: refreshed after it fails


def test_refresh_refreshes_every_source_names_the_failing_one_and_reloads(  # type: ignore[no-untyped-def]
    flatpak_world: FlatpakWorld,
    packagekit_stack,
    make_center,
    qtbot,
    output_dir,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Refresh runs PackageKit's refresh (the dummy daemon), then each Flatpak remote's
    AppStream: the vanished remote fails and is named, the remote after it is still
    refreshed, and its repo's new application reaches the open window's apps model."""
    from appcenter_qt import backends
    from appcenter_qt.backends.packagekit import PackageKitBackend
    from appcenter_qt.domain.backend import RemoteSource
    from appcenter_qt.services.source_set import SourceSet
    from tests.services.test_source_catalog_freshness import finish

    repo = tmp_path / "later-repo"
    shutil.copytree(flatpak_world.repo, repo, symlinks=True)
    file = tmp_path / "later.flatpakrepo"
    file.write_text(f"[Flatpak Repo]\nUrl={repo.as_uri()}\nSuggestRemoteName={LATER}\n")
    manager = next(m for m in backends.managers() if isinstance(m, RemoteSource))
    finish(manager.add_remote(str(file)))
    try:
        stack = packagekit_stack()
        names = [f"flatpak:{flatpak_world.gone}", f"flatpak:{flatpak_world.remote}"]
        sources = SourceSet(
            [*names, f"flatpak:{LATER}"], built={"packagekit": PackageKitBackend(stack.address)}
        )
        root = tmp_path / "root"
        make_pool(root)
        monkeypatch.setenv("APPCENTER_SYSTEM_ROOT", str(root))
        monkeypatch.setenv("APPCENTER_SOURCE_CATALOGS", "1")
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        monkeypatch.delenv("APPCENTER_CATALOG", raising=False)
        center = make_center(backend=sources, reason="", page="sources")
        source, model, apps = center.catalog_source, center.sources, center.apps
        qtbot.waitUntil(lambda: bool(source.property("ready")), timeout=120000)
        assert source.property("reloadable") and model.available
        apps.refresh()
        qtbot.waitUntil(lambda: not apps.property("loading"), timeout=30000)
        assert "org.test.Later" not in apps.loaded_ids()

        # Cancel stops the run: no source's failure is reported, nothing is left running.
        model.refresh()
        assert model.refreshing
        model.cancelRefresh()
        qtbot.waitUntil(lambda: not model.refreshing, timeout=60000)
        assert model.errorText == "", model.errorText

        add_app(repo, tmp_path / "build", "org.test.Later", monkeypatch)  # the repo gains one
        model.refresh()
        assert model.refreshing
        qtbot.waitUntil(lambda: not model.refreshing, timeout=120000)
        # The vanished remote is named; the one refreshed after it is not.
        assert f"{flatpak_world.gone} (Flatpak) could not be refreshed" in model.errorText
        assert LATER not in model.errorText and flatpak_world.remote not in model.errorText
        qtbot.waitUntil(lambda: not source.property("reloading"), timeout=120000)
        qtbot.waitUntil(lambda: "org.test.Later" in apps.loaded_ids(), timeout=30000)
        assert center.navigation.property("page") == Page.SOURCES
        qtbot.waitUntil(lambda: model.errorText in visible_texts(center), timeout=5000)
        center.save_screenshot(output_dir / "sources-refresh-every-source.png")
    finally:
        finish(manager.remove_remote(LATER, force=True))
