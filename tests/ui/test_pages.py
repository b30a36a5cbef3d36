"""The home, Installed and Sources pages in the real window: what they show, and their actions
through the real packagekitd (dummy backend) on a private bus."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.app import scene_items
from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.catalog.featured import built_in
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Application, LocalizedText, Package
from appcenter_qt.models.job_texts import error_message
from tests.models.catalogs import generated_app
from tests.ui.test_scenes import find, visible_texts

# The dummy daemon lists ``update1`` as its one installed package and resolves ``glib2`` as
# installed: an application of both is listed (GetPackages) and can be removed (Resolve).
UPDATE1 = Application(
    id="org.example.Update1",
    name=LocalizedText.untranslated("Update One"),
    summary=LocalizedText.untranslated("Installed according to the daemon"),
    categories=("Utility",),
    packages=(Package("update1", "2.19.1", "i386"), Package("glib2", "2.14.0", "i386")),
)
SNAPSHOT_ONLY = Application(
    id="org.example.Stale",
    name=LocalizedText.untranslated("Stale Snapshot"),
    categories=("Utility",),
    packages=(Package("stale-package", "1", "i386"),),
)


def delegate_item(center, name: str):  # type: ignore[no-untyped-def]
    """A visible item inside a list delegate (delegates are not QObject children)."""
    found = [
        item
        for item in scene_items(center.window.contentItem())
        if item.objectName() == name and item.isVisible()
    ]
    assert found, f"no visible item named {name}"
    return found[0]


@pytest.fixture(scope="module")
def installed_catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("installed") / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for n in range(4):
            writer.add(generated_app(n))
        writer.add(UPDATE1)
        writer.add(SNAPSHOT_ONLY)
        writer.set_installed([Package("stale-package", "1", "i386")], "dpkg")
    return path


@pytest.fixture
def no_desktop_files(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The machine's own desktop files stay out of these scenes."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "none"))


def test_home_is_the_start_page_with_banner_rows_and_tiles(make_center, qtbot, output_dir) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="home")
    assert center.navigation.page == "home"
    texts = visible_texts(center)
    demo = built_in(["appcenter-qt-demo"])
    first = center.home.featured_model.rows()[0]
    assert first.id == demo.apps[0] and first.name in texts
    titles = ("Featured", "Editor's picks", "Top rated", "Popular in Games", "Recently updated")
    for title in (*titles, "Categories"):
        assert title in texts, title
    tiles = find(center, "categoryTiles")
    buttons = [c for c in tiles.childItems() if "Button" in c.metaObject().className()]
    assert len(buttons) == center.categories.rowCount()  # All applications and the main ones
    center.save_screenshot(output_dir / "home-discovery.png")
    button = find(center, "allApplicationsButton")
    button.metaObject().invokeMethod(button, "click")
    qtbot.waitUntil(lambda: center.navigation.page == "browse", timeout=3000)
    assert center.apps.category == "" and center.navigation.canGoBack


def test_browse_stays_all_applications(make_center) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="browse")
    assert center.navigation.page == "browse" and center.apps.category == ""
    assert "All applications" in visible_texts(center)


def test_installed_lists_what_the_daemon_says_and_removes_with_confirmation(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, qtbot, installed_catalog, no_desktop_files, output_dir
) -> None:
    center = make_center(
        backend=PackageKitBackend(), reason="", catalog=str(installed_catalog), page="installed"
    )
    model = center.installed
    # The snapshot said stale-package; the daemon's GetPackages says update1 and wins.
    qtbot.waitUntil(lambda: [r.app_id for r in model.rows()] == [UPDATE1.id], timeout=60000)
    assert "Update One" in visible_texts(center)
    assert find(center, "installedEntry").property("badge") == "1"
    center.save_screenshot(output_dir / "installed.png")
    remove = delegate_item(center, "installedRemoveButton")
    assert remove.property("enabled")
    remove.metaObject().invokeMethod(remove, "click")
    dialog = find(center, "removeDialog")
    qtbot.waitUntil(lambda: dialog.property("visible"), timeout=3000)
    assert dialog.property("title") == "Remove Update One?"
    center.save_screenshot(output_dir / "installed-remove-confirm.png")
    progress: list[str] = []
    center.transactions.appChanged.connect(
        lambda app_id: progress.append(str(center.transactions.state_of(app_id)[0]))
    )
    with qtbot.waitSignal(center.transactions.finished, timeout=90000) as done:
        dialog.metaObject().invokeMethod(dialog, "accept")
    # The removal ran through the transactions model (the row showed "removing"); the dummy
    # daemon's RemovePackages always ends in its network fault, so the row stays and the
    # banner says why (a successful removal dropping the row: test_pages_models.py).
    assert "removing" in progress
    assert done.args == [UPDATE1.id, "remove", False]
    assert center.transactions.errorText == error_message("network")
    assert [r.app_id for r in model.rows()] == [UPDATE1.id]


def test_installed_without_a_source_cannot_remove(  # type: ignore[no-untyped-def]
    make_center, installed_catalog, no_desktop_files
) -> None:
    center = make_center(catalog=str(installed_catalog), page="installed")
    assert [r.app_id for r in center.installed.rows()] == [SNAPSHOT_ONLY.id]
    assert not delegate_item(center, "installedRemoveButton").property("enabled")


def test_installed_row_says_an_update_is_available(  # type: ignore[no-untyped-def]
    make_center, qtbot, installed_catalog, no_desktop_files
) -> None:
    """The registry's "updatable" (the update check's) reaches the Installed page's row."""
    center = make_center(catalog=str(installed_catalog), page="installed")
    assert not any(i.objectName() == "updateBadge" and i.isVisible() for i in _items(center))
    center.transactions.registry.set_updatable([SNAPSHOT_ONLY.id])
    qtbot.waitUntil(lambda: delegate_item_or_none(center, "updateBadge") is not None, timeout=5000)
    assert delegate_item(center, "updateBadge").property("text") == "Update available"


def _items(center):  # type: ignore[no-untyped-def]
    return scene_items(center.window.contentItem())


def delegate_item_or_none(center, name: str):  # type: ignore[no-untyped-def]
    return next((i for i in _items(center) if i.objectName() == name and i.isVisible()), None)


def test_sources_switch_a_repository_and_refresh(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, output_dir
) -> None:
    stack = packagekit_stack()
    backend = PackageKitBackend(stack.address)
    center = make_center(backend=backend, reason="", page="sources")
    sources = center.sources
    qtbot.waitUntil(lambda: sources.repositoryCount == 3, timeout=60000)
    texts = visible_texts(center)
    for text in ("Application catalog", "Package repositories", "Fedora - 9", "appcenter-qt-demo"):
        assert text in texts, text
    center.save_screenshot(output_dir / "sources.png")
    sources.setEnabled("livna-development", False)
    qtbot.waitUntil(
        lambda: (
            {r.source_id: (r.enabled, r.busy) for r in sources.rows()}["livna-development"]
            == (False, False)
        ),
        timeout=30000,
    )
    refresh = find(center, "refreshSources")
    refresh.metaObject().invokeMethod(refresh, "click")
    qtbot.waitUntil(lambda: find(center, "refreshProgress").isVisible(), timeout=10000)
    center.save_screenshot(output_dir / "sources-refresh.png")
    qtbot.waitUntil(lambda: not sources.refreshing, timeout=60000)
    assert sources.errorText == ""
