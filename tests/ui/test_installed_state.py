"""Issue 32: an application's installed state is one fact. The Installed page listed Chromium
(from the catalog's snapshot of the package database) while Chromium's own page offered
Install: the page read the state before the application was registered and was never told
it changed. Here both pages are opened, in both orders, over a real catalog and real desktop
files, and must agree; the Installed page shows the catalog's icon for what the catalog
knows."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.app import AppCenter, wait_until_idle
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Application, Icon, IconKind, LocalizedText, Package
from appcenter_qt.domain.state import AppState, snapshot_state
from appcenter_qt.models.installed_model import collect_installed
from tests.models.catalogs import generated_app
from tests.ui.test_scenes import find

BROWSER = Application(
    id="chromium.desktop",
    name=LocalizedText.untranslated("Chromium Web Browser"),
    summary=LocalizedText.untranslated("Access the Internet"),
    categories=("Network",),
    desktop_id="chromium.desktop",
    packages=(Package("chromium", "", "amd64", "debian-bookworm-main"),),
    icons=(Icon(IconKind.STOCK, "chromium"),),
)
#: No package installs it: installed when its desktop file is there (a program in /usr/local).
LOCAL_TOOL = Application(
    id="org.example.LocalTool",
    name=LocalizedText.untranslated("Local Tool"),
    categories=("Utility",),
    desktop_id="org.example.LocalTool.desktop",
)
NOT_INSTALLED = generated_app(1)


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("state") / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for app in (BROWSER, LOCAL_TOOL, NOT_INSTALLED):
            writer.add(app)
        # the machine's package database: the version differs from the catalog's (none)
        writer.set_installed([Package("chromium", "156.0-1~deb12u1", "amd64")], "dpkg")
    return path


@pytest.fixture
def desktop_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    applications = tmp_path / "share" / "applications"
    applications.mkdir(parents=True)
    for desktop_id, name in (
        ("chromium.desktop", "Chromium Web Browser"),
        ("org.example.LocalTool.desktop", "Local Tool"),
    ):
        (applications / desktop_id).write_text(
            f"[Desktop Entry]\nType=Application\nName={name}\nExec=true\n", encoding="utf-8"
        )
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home-data"))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "share"))


def _app_page_state(center: AppCenter, app_id: str) -> str:
    center.open_page(f"app:{app_id}")
    assert wait_until_idle(center)
    return str(center.transactions.property("state"))


def test_the_rule_is_any_package_installed() -> None:
    assert snapshot_state(("chromium", "chromium-common"), {"chromium"}) is AppState.INSTALLED
    assert snapshot_state(("chromium",), {"chromium-l10n"}) is AppState.AVAILABLE
    assert snapshot_state((), {"chromium"}) is AppState.AVAILABLE


@pytest.mark.parametrize("start", ["installed", "app"])
def test_installed_page_and_app_page_agree(  # type: ignore[no-untyped-def]
    make_center, catalog, desktop_files, start
) -> None:
    page = "installed" if start == "installed" else f"app:{BROWSER.id}"
    center = make_center(catalog=str(catalog), page=page)
    if start == "app":  # the app page first, as `--page app:chromium.desktop` opens it
        assert str(center.transactions.property("state")) == "installed"
        center.open_page("installed")
        assert wait_until_idle(center)
    listed = {row.app_id for row in center.installed.rows()}
    assert listed == {BROWSER.id, LOCAL_TOOL.id}
    for app_id in sorted(listed):
        assert _app_page_state(center, app_id) == "installed", app_id
    assert _app_page_state(center, NOT_INSTALLED.id) == "available"
    # no source in this test: not offered, the page says why instead (issue 32)
    assert not find(center, "installButton").property("visible")
    assert find(center, "unavailableNote").property("visible")
    # the cards' state is the same fact
    for app_id in listed:
        assert center.transactions.state_of(app_id)[0] is AppState.INSTALLED


def test_the_installed_page_uses_the_catalogs_icon(catalog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    applications = tmp_path / "applications"
    applications.mkdir()
    (applications / "chromium.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Chromium\nIcon=chromium\nExec=true\n",
        encoding="utf-8",
    )
    with Catalog(catalog, "C") as opened:
        rows, icons = collect_installed(opened, frozenset({"chromium"}), [applications])
    assert [row.app_id for row in rows] == [BROWSER.id]
    # the catalog's icon, not a generic one (the page registers these with the icon provider)
    assert icons[BROWSER.id] == (Icon(IconKind.STOCK, "chromium"),)


def test_remove_without_a_source_looks_disabled(make_center, catalog, desktop_files) -> None:  # type: ignore[no-untyped-def]
    """Fusion greys a disabled button's icon, not its text: Remove looked enabled with no
    source to remove through (issue 32, "disabled controls look disabled")."""
    from appcenter_qt.app import scene_items

    center = make_center(catalog=str(catalog), page="installed")
    buttons = [
        item
        for item in scene_items(center.window.contentItem())
        if item.objectName() == "installedRemoveButton" and item.isVisible()
    ]
    assert buttons
    for button in buttons:
        assert not button.property("enabled")
        assert button.property("opacity") < 0.6
