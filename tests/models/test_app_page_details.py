"""The app page's richer properties over the real demo catalog: description blocks, links,
releases, content rating, licence, add-ons (with states from the transactions model),
and the human version."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtTest import QAbstractItemModelTester

from appcenter_qt.models.app_details import AppDetails
from appcenter_qt.models.app_list import AppRole
from appcenter_qt.models.package_details import PackageDetails, SourceOption
from appcenter_qt.models.transactions_model import TransactionsModel
from appcenter_qt.ui.async_bridge import GuiDispatcher
from appcenter_qt.ui.launcher import Launcher

Fatal = QAbstractItemModelTester.FailureReportingMode.Fatal


def _load(qtbot, details: AppDetails, app_id: str) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(details.changed, timeout=10000):
        details.load(app_id)


def test_rich_details_of_mines(qtbot, demo_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    details = AppDetails(demo_catalog, worker)
    _load(qtbot, details, "org.gnome.Mines")
    blocks = details.descriptionBlocks
    assert [b["kind"] for b in blocks] == ["paragraph", "paragraph"]
    assert blocks[0]["text"].startswith("Mines is a puzzle game")
    links = {link["kind"]: link for link in details.links}
    assert list(links) == ["homepage", "bugtracker", "help", "donation", "translate", "contact"]
    assert links["contact"]["url"] == "mailto:mines@example.org"
    assert links["bugtracker"]["label"] == "Report a problem"
    first, second = details.releases
    assert first["version"] == "40.1" and first["date"] == "Jun 5, 2022"
    assert [b["kind"] for b in first["blocks"]] == ["heading", "item", "item", "paragraph"]
    assert first["blocks"][1]["text"] == "Flags are drawn again on HiDPI screens"  # no **
    assert [b["text"] for b in second["blocks"]][1:] == ["Larger tiles", "A hint costs less time"]
    assert details.contentRatingKnown and details.minimumAge == 3
    assert details.ageReasons == ["Cartoon violence (mild)"]  # social-info mild needs no age
    assert details.licenseKind == "free"
    assert details.licenseUrl == "https://spdx.org/licenses/GPL-3.0-or-later.html"
    assert details.newestVersion == "40.1"

    addons = details.addons
    QAbstractItemModelTester(addons, Fatal)
    assert addons.rowCount() == 1 and addons.count == 1
    index = addons.index(0, 0)
    assert addons.data(index, AppRole.APP_ID) == "org.gnome.Mines.Themes"
    assert addons.data(index, AppRole.NAME) == "Extra themes"
    assert addons.data(index, AppRole.PACKAGE_NAMES) == ["gnome-mines-themes"]


def test_an_application_without_the_extras(qtbot, demo_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    details = AppDetails(demo_catalog, worker)
    _load(qtbot, details, "org.kde.kcalc")
    assert details.releases == [] and details.addons.rowCount() == 0
    assert not details.contentRatingKnown and details.minimumAge == -1
    assert [link["kind"] for link in details.links] == ["homepage"]


def test_addon_states_come_from_the_transactions_model(qtbot, demo_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    transactions = TransactionsModel(None, None, GuiDispatcher())
    details = AppDetails(demo_catalog, worker)
    details.addons.attach(transactions)
    _load(qtbot, details, "org.gnome.Mines")
    index = details.addons.index(0, 0)
    assert details.addons.data(index, AppRole.APP_STATE) == "unknown"
    with qtbot.waitSignal(details.addons.dataChanged, timeout=2000):
        transactions.set_installed_snapshot(frozenset({"gnome-mines-themes"}))
    assert details.addons.data(index, AppRole.APP_STATE) == "installed"


def test_version_falls_back_to_the_catalog(qtbot, demo_catalog) -> None:  # type: ignore[no-untyped-def]
    packages = PackageDetails(None, None, GuiDispatcher(), "en")
    packages.load(demo_catalog.get("org.gnome.Mines"))
    assert packages.versionText == "40.1"
    assert packages.versionTooltip == "gnome-mines 1:40.1-2"
    assert packages.downloadSizeText == ""
    # A source's answer (one source here; the window's routing is tested with real sources in
    # test_multi_source.py) replaces the catalog's version.
    packages._options = [SourceOption("packagekit", "Debian")]
    packages._selected = "packagekit"
    answer = {"versions": ("gnome-mines 1:40.2-1",), "size": 4096, "download": 2048}
    packages._apply("org.gnome.Mines", "packagekit", {**answer, "answered": True})
    assert packages.versionText == "40.2" and packages.versionTooltip == "gnome-mines 1:40.2-1"
    assert packages.downloadSizeText == "2.0\u00a0KiB" and packages.sizeText == "4.0\u00a0KiB"


class _Handler(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []

    @Slot(QUrl)
    def handle(self, url: QUrl) -> None:
        self.opened.append(url.toString())


def test_links_open_with_the_desktop_handler_only_for_web_and_mail(qapp) -> None:  # type: ignore[no-untyped-def]
    handler = _Handler()
    for scheme in ("https", "http", "mailto", "file"):
        QDesktopServices.setUrlHandler(scheme, handler, "handle")  # type: ignore[arg-type]
    try:
        launcher = Launcher()
        assert launcher.openUrl("https://example.org/bugs")
        assert launcher.openUrl("dev@example.org")
        assert not launcher.openUrl("file:///etc/passwd")
        assert not launcher.openUrl("javascript:alert(1)")
        assert handler.opened == ["https://example.org/bugs", "mailto:dev@example.org"]
    finally:
        for scheme in ("https", "http", "mailto", "file"):
            QDesktopServices.unsetUrlHandler(scheme)
