"""The app page of an application that two sources offer (the distribution, through the
real dummy packagekitd, and the real local Flatpak remote): the source picker shows both,
the distribution first, each with its version, sizes and, for the Flatpak app, its
permissions; choosing the remote makes Install act on it. Screenshots go to test-output/ui."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from appcenter_qt.app import scene_items, wait_until_idle
from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.services.source_set import SourceSet
from tests.flatpak_fixtures import REMOTE, FlatpakWorld
from tests.multi_source_catalog import build_catalog
from tests.ui.scene_text import visible_texts

FLATPAK = f"flatpak:{REMOTE}"


@pytest.fixture(scope="module")
def catalog_path(flatpak_world: FlatpakWorld, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_catalog(tmp_path_factory.mktemp("root"), tmp_path_factory.mktemp("catalog"))


@pytest.fixture
def no_desktop_files(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The machine's own desktop files stay out of the Installed page."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "none"))


def test_the_picker_shows_each_source_and_switches(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, qtbot, catalog_path, output_dir, flatpak_world, no_desktop_files
) -> None:
    sources = SourceSet([FLATPAK], built={"packagekit": PackageKitBackend(packagekit_bus)})
    center = make_center(
        backend=sources, reason="", catalog=str(catalog_path), page="app:org.test.Hello",
        size=(1100, 900),
    )  # fmt: skip
    details = center.package_details
    qtbot.waitUntil(lambda: all(s["versionText"] for s in details.sources), timeout=30000)
    assert wait_until_idle(center)  # the scene settled (models, images, frames)
    texts = visible_texts(center)
    assert "Source" in texts
    labels = [s["label"] for s in details.sources]
    assert labels[1] == f"{REMOTE} (Flatpak)" and labels[1] in texts
    assert labels[0] in texts  # the distribution's name, from os-release
    assert "• Network access" in texts and "• Access to some other folders" in texts
    package = next(
        item for item in scene_items(center.window.contentItem())
        if item.objectName() == "packageNames"
    )  # fmt: skip
    # "Package" shows the chosen source's packages, not every source's
    assert package.property("text").startswith(
        "glib2"
    ) and "org.test.Hello" not in package.property("text")
    center.save_screenshot(output_dir / "app-source-picker.png")

    radio = next(
        item for item in scene_items(center.window.contentItem())
        if item.objectName() == "sourceRadio1"
    )  # fmt: skip
    point = radio.mapToScene(QPointF(radio.width() / 2, radio.height() / 2))
    QTest.mouseClick(center.window, Qt.MouseButton.LeftButton, pos=point.toPoint())
    qtbot.waitUntil(lambda: details.selectedSource == FLATPAK, timeout=5000)
    assert wait_until_idle(center)  # the scene settled (models, images, frames)
    assert package.property("text").startswith("org.test.Hello stable")
    assert "glib2" not in package.property("text")
    center.save_screenshot(output_dir / "app-source-picker-flatpak.png")
    # The dummy daemon says the distribution's package is installed; the remote's is not:
    # with the remote chosen the page offers to install it (from there), not to remove.
    assert center.transactions.installedSources == ["packagekit"]
    names = {i.objectName(): i.isVisible() for i in scene_items(center.window.contentItem())}
    assert names["installButton"] and not names["removeButton"]

    # Install acts on the chosen source: the remote's app comes in beside the distribution's.
    ref = flatpak_world.ref("org.test.Hello")
    try:
        transactions = center.transactions
        # the runtime comes along, unless an earlier test left it installed
        transactions.confirmationChanged.connect(
            lambda: transactions.confirm() if transactions.confirmationAppId else None
        )
        transactions.installFrom("org.test.Hello", details.selectedSource)
        qtbot.waitUntil(
            lambda: FLATPAK in transactions.installedSources or transactions.errorText != "",
            timeout=120000,
        )
        assert transactions.errorText == ""
        assert ref in flatpak_world.installed()
        center.open_page("installed")
        qtbot.waitUntil(lambda: "test-repo (Flatpak)" in visible_texts(center), timeout=60000)
        assert wait_until_idle(center)  # the scene settled (models, images, frames)
        center.save_screenshot(output_dir / "installed-with-flatpak.png")
    finally:
        if ref in flatpak_world.installed():
            subprocess.run(["flatpak", "uninstall", "--user", "-y", "--noninteractive", ref])


def test_started_with_every_source_the_window_asks_the_remotes_after_its_first_cards(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, qtbot, catalog_path, flatpak_world, no_desktop_files, monkeypatch
) -> None:
    """``--backend all`` (issue 31): the window starts with the distribution's source alone
    (listing Flatpak's remotes loads libflatpak, 40 ms before the first cards), then lists
    the remotes and asks them what it asked the first one: the app installed from the remote
    says so, and its page offers the remote."""
    from appcenter_qt.models import app_center

    monkeypatch.setattr(app_center, "_MANAGERS_AFTER_MS", 3000)  # a start slow enough to see
    ref = flatpak_world.ref("org.test.Hello")
    subprocess.run(
        ["flatpak", "install", "--user", "-y", "--noninteractive", REMOTE, ref], check=True
    )
    try:
        sources, reason = app_center.make_backend("all")
        assert reason == "" and sources.names == ("packagekit",) and sources.others_pending
        center = make_center(backend=sources, reason="", catalog=str(catalog_path), page="home")
        center.navigation.openApp("org.test.Hello")
        transactions, details = center.transactions, center.package_details
        qtbot.waitUntil(lambda: transactions.installedSources == ["packagekit"], timeout=30000)
        qtbot.waitUntil(lambda: [s["source"] for s in details.sources] == ["packagekit"])
        assert FLATPAK not in center.source_set  # the page is up, the remotes not listed yet
        qtbot.waitUntil(lambda: FLATPAK in center.source_set, timeout=10000)
        qtbot.waitUntil(
            lambda: transactions.installedSources == ["packagekit", FLATPAK], timeout=30000
        )
        qtbot.waitUntil(
            lambda: [s["source"] for s in details.sources] == ["packagekit", FLATPAK],
            timeout=30000,
        )
    finally:
        subprocess.run(["flatpak", "uninstall", "--user", "-y", "--noninteractive", ref])


def test_an_install_before_the_remotes_are_listed_lists_them_first(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, qtbot, catalog_path, flatpak_world, no_desktop_files, monkeypatch
) -> None:
    """Install from the remote clicked while the window has not listed the remotes yet (its
    first moments): the click lists them, then installs from the one chosen, instead of
    saying the package is not in the configured sources."""
    from appcenter_qt.models import app_center

    monkeypatch.setattr(app_center, "_MANAGERS_AFTER_MS", 60000)  # not within this test
    ref = flatpak_world.ref("org.test.Hello")
    sources, reason = app_center.make_backend("all")
    assert reason == "" and sources.others_pending
    center = make_center(backend=sources, reason="", catalog=str(catalog_path), page="browse")
    center.navigation.openApp("org.test.Hello")
    transactions = center.transactions
    assert FLATPAK not in center.source_set
    transactions.confirmationChanged.connect(
        lambda: transactions.confirm() if transactions.confirmationAppId else None
    )
    try:
        transactions.installFrom("org.test.Hello", FLATPAK)
        assert FLATPAK in center.source_set  # listed by the click itself
        qtbot.waitUntil(
            lambda: FLATPAK in transactions.installedSources or transactions.errorText != "",
            timeout=120000,
        )
        assert transactions.errorText == ""
        assert ref in flatpak_world.installed()
    finally:
        subprocess.run(["flatpak", "uninstall", "--user", "-y", "--noninteractive", ref])


@pytest.mark.parametrize("page", ["updates", "installed", "app:org.test.Hello", "sources"])
def test_a_window_opened_on_a_page_of_every_source_lists_them_at_once(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, catalog_path, flatpak_world, no_desktop_files, monkeypatch, page
) -> None:
    """Only the pages that start with cards (home, the grid) wait for Flatpak's remotes; a
    page that lists every source's updates, installed packages or versions has them all from
    its first answer, instead of growing a moment later."""
    from appcenter_qt.models import app_center

    monkeypatch.setattr(app_center, "_MANAGERS_AFTER_MS", 60000)  # not within this test
    sources, _reason = app_center.make_backend("all")
    assert FLATPAK not in sources
    center = make_center(backend=sources, reason="", catalog=str(catalog_path), page=page)
    assert FLATPAK in center.source_set
