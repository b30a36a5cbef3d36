"""The window's models over two real sources at once: the dummy packagekitd and the real
local Flatpak remote ``test-repo``, with a catalog that has org.test.Hello from both
(tests/multi_source_catalog.py). The app page's picker lists both, with the Flatpak app's
permissions; installing from the chosen source goes through libflatpak; the Installed page
shows the Flatpak app with its source; removing goes through the source it came from."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.models.app_list import AppRole
from appcenter_qt.models.installed_model import InstalledModel
from appcenter_qt.models.package_details import PackageDetails
from appcenter_qt.models.transactions_model import TransactionsModel
from appcenter_qt.services.source_set import SourceSet
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher, SerialWorker
from tests.flatpak_fixtures import REMOTE, FlatpakWorld
from tests.multi_source_catalog import DISTRO_PACKAGE, build_catalog

FLATPAK = f"flatpak:{REMOTE}"


@pytest.fixture(scope="module")
def catalog_path(flatpak_world: FlatpakWorld, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_catalog(tmp_path_factory.mktemp("root"), tmp_path_factory.mktemp("catalog"))


@pytest.fixture
def world(packagekit_bus: str, catalog_path: Path) -> Iterator[tuple]:  # type: ignore[type-arg]
    loop = AsyncLoopThread()
    sources = SourceSet([FLATPAK], built={"packagekit": PackageKitBackend(packagekit_bus)})
    catalog = Catalog(catalog_path, "C")
    try:
        yield sources, loop, catalog
    finally:
        loop.cancel_all()
        loop.submit(sources.aclose()).result(timeout=10)
        loop.stop()
        catalog.close()


def test_the_picker_lists_both_sources_distribution_first_with_permissions(world, qtbot) -> None:  # type: ignore[no-untyped-def]
    sources, loop, catalog = world
    details = PackageDetails(sources, loop, GuiDispatcher(), "en")
    details.set_catalog_meta(catalog.meta())
    details.load(catalog.get("org.test.Hello"))
    assert details.selectedSource == "packagekit"  # the documented rule: distribution first
    # the remote's newest release by date (its ref's version is the branch, "stable")
    qtbot.waitUntil(lambda: details.sources[1]["versionText"] == "2.14.2", timeout=30000)
    qtbot.waitUntil(lambda: bool(details.sources[0]["versionText"]), timeout=30000)
    first, second = details.sources
    assert first["source"] == "packagekit" and first["permissions"] == []  # says nothing
    assert second["source"] == FLATPAK and second["label"] == f"{REMOTE} (Flatpak)"
    # build-finish --share=network --socket=wayland --filesystem=xdg-documents
    assert second["permissions"] == ["Access to some other folders", "Network access"]
    assert not second["unsafe"]
    assert details.versionTooltip.startswith(DISTRO_PACKAGE)
    # "Package" lists the chosen source's packages only (the catalog's name version arch)
    assert [line.split()[0] for line in details.packages] == [DISTRO_PACKAGE]
    details.select(FLATPAK)
    assert details.selectedSource == FLATPAK
    assert details.versionTooltip == "org.test.Hello stable"
    assert len(details.packages) == 1 and details.packages[0].startswith("org.test.Hello stable")
    assert details.downloadSizeText != "" and details.sizeText != ""
    details.select("snap:nothing")  # not one of its sources: ignored
    assert details.selectedSource == FLATPAK
    details.load(catalog.get("org.test.Notes"))  # one source: the page keeps the catalog's list
    assert len(details.sources) == 1 and details.packages == []


def test_unsafe_permissions_are_marked(world, qtbot) -> None:  # type: ignore[no-untyped-def]
    sources, loop, catalog = world
    details = PackageDetails(sources, loop, GuiDispatcher(), "en")
    details.set_catalog_meta(catalog.meta())
    details.load(catalog.get("org.test.Notes"))  # from the remote only
    qtbot.waitUntil(lambda: bool(details.sources[0]["permissions"]), timeout=30000)
    (notes,) = details.sources
    assert notes["versionText"] == "stable"  # no release in its AppStream: the branch
    # --socket=x11 --filesystem=home:ro --device=all
    assert notes["permissions"] == [
        "Home folder read access",
        "Access to devices such as webcams or gaming controllers",
        "Uses a legacy windowing system (X11): can see other windows",
    ]
    assert notes["unsafe"]


def test_install_from_the_chosen_source_list_it_and_remove_it(  # type: ignore[no-untyped-def]
    world, qtbot, flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    sources, loop, catalog = world
    dispatcher = GuiDispatcher()
    transactions = TransactionsModel(sources, loop, dispatcher)
    transactions.set_catalog_meta(catalog.meta())
    hello = catalog.get("org.test.Hello")
    assert hello is not None
    transactions.register_application(hello)
    assert transactions.routes(hello.id) == {
        "packagekit": (DISTRO_PACKAGE,),
        FLATPAK: ("org.test.Hello",),
    }
    finished: list[tuple[str, str, bool]] = []
    transactions.finished.connect(lambda *args: finished.append(args))
    ref = flatpak_world.ref("org.test.Hello")
    try:
        # When the runtime comes along (not left installed by an earlier test), the model asks
        # first, naming it.
        asked: list[list[str]] = []

        def confirm() -> None:
            if transactions.confirmationAppId == hello.id:
                asked.append(list(transactions.confirmationPackages))
                transactions.confirm()

        transactions.confirmationChanged.connect(confirm)
        transactions.installFrom(hello.id, FLATPAK)
        qtbot.waitUntil(lambda: bool(finished), timeout=120000)
        assert all(any("org.test.Platform" in line for line in lines) for lines in asked)
        assert finished == [(hello.id, "install", True)], transactions.errorText
        assert ref in flatpak_world.installed()
        assert transactions.installed_from(hello.id) == (FLATPAK,)
        assert transactions.state_of(hello.id)[0] == "installed"

        # The Installed page, over both sources, shows it with its source.
        installed = InstalledModel(
            SerialWorker(dispatcher), sources.merged(), loop, dispatcher,
            application_dirs=lambda: [tmp_path],
        )  # fmt: skip
        installed.set_catalog(catalog, frozenset())
        qtbot.waitUntil(lambda: any(r.app_id == hello.id for r in installed.rows()), timeout=60000)
        row = next(n for n, r in enumerate(installed.rows()) if r.app_id == hello.id)
        index = installed.index(row, 0)
        assert installed.data(index, AppRole.SOURCE_TEXT) == f"{REMOTE} (Flatpak)"
        assert installed.data(index, AppRole.CAN_REMOVE)

        # A fresh model learns where it is installed from the sources themselves (the dummy
        # daemon says its glib2 is installed too), and removes from the one asked for.
        fresh = TransactionsModel(sources, loop, dispatcher)
        fresh.set_catalog_meta(catalog.meta())
        fresh.register_application(hello)
        both = ("packagekit", FLATPAK)
        qtbot.waitUntil(lambda: fresh.installed_from(hello.id) == both, timeout=60000)
        done: list[tuple[str, str, bool]] = []
        fresh.finished.connect(lambda *args: done.append(args))
        fresh.removeFrom(hello.id, FLATPAK)
        qtbot.waitUntil(lambda: bool(done), timeout=120000)
        assert done == [(hello.id, "remove", True)], fresh.errorText
        assert ref not in flatpak_world.installed()
        assert fresh.installed_from(hello.id) == ("packagekit",)
        assert fresh.state_of(hello.id)[0] == "installed"  # still, from the distribution
    finally:
        if ref in flatpak_world.installed():  # a failed run leaves nothing for the next
            subprocess.run(["flatpak", "uninstall", "--user", "-y", "--noninteractive", ref])
