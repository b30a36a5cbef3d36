"""The home, Installed and Sources pages' models over real catalogs (and, for repositories,
the real packagekitd): rows, order, fallbacks, and Qt's model checks."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtTest import QAbstractItemModelTester

from appcenter_qt.catalog.featured import Featured, built_in, config_files, load_featured
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Application, LocalizedText, Package
from appcenter_qt.domain.backend import DEFAULT_SOURCE
from appcenter_qt.models.app_list import AppRole
from appcenter_qt.models.app_proxies import InstalledSortProxy, installed_key
from appcenter_qt.models.home_model import BANNER_SIZE, MIN_ROW, HomeModel, load_home
from appcenter_qt.models.installed_model import (
    InstalledModel,
    collect_installed,
    date_text,
    size_text,
)
from appcenter_qt.models.source_labels import source_label
from appcenter_qt.models.source_rows import catalog_rows
from appcenter_qt.models.sources_model import SourcesModel
from appcenter_qt.ui.async_bridge import GuiDispatcher
from tests.models.catalogs import generated_app

FATAL = QAbstractItemModelTester.FailureReportingMode.Fatal


# -- featured.toml -----------------------------------------------------------------------------
def test_featured_file_lookup_order(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path / "home"), "XDG_CONFIG_DIRS": "/etc/xdg:/usr/etc"}
    assert config_files(env) == [
        tmp_path / "home/appcenter-qt/featured.toml",
        Path("/etc/xdg/appcenter-qt/featured.toml"),
        Path("/usr/etc/appcenter-qt/featured.toml"),
    ]
    assert config_files({"APPCENTER_FEATURED": "/x.toml"}) == [Path("/x.toml")]


def test_a_broken_file_is_skipped_for_the_next(tmp_path: Path, caplog) -> None:  # type: ignore[no-untyped-def]
    user, distro = tmp_path / "user", tmp_path / "distro"
    (user / "appcenter-qt").mkdir(parents=True)
    (distro / "appcenter-qt").mkdir(parents=True)
    (user / "appcenter-qt/featured.toml").write_text("apps = [unclosed")
    (distro / "appcenter-qt/featured.toml").write_text(
        'apps = ["a.b", "a.b", 3, "c.d"]\npopular = ["Game", "NoSuchMain", "Office"]\n'
    )
    env = {"XDG_CONFIG_HOME": str(user), "XDG_CONFIG_DIRS": str(distro)}
    featured = load_featured(["debian-bookworm-main"], env)
    assert featured == Featured(
        ("a.b", "c.d"), ("Game", "Office"), str(distro / "appcenter-qt/featured.toml")
    )
    messages = caplog.text
    assert "user/appcenter-qt/featured.toml: cannot read" in messages
    assert "not main categories: NoSuchMain" in messages


def test_built_in_defaults_follow_the_catalog_origin(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path), "XDG_CONFIG_DIRS": str(tmp_path)}
    assert load_featured(["appcenter-qt-demo"], env).source == "built-in:demo"
    assert built_in(["debian-bookworm-main"]).apps[0] == "org.kde.krita"
    assert built_in(["fedora-41"]) == Featured()


# -- the home page -----------------------------------------------------------------------------
def _apply(qtbot, model: HomeModel, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    model.set_catalog(catalog, catalog.category_counts())
    qtbot.waitUntil(lambda: not model.loading, timeout=10000)


def test_home_rows_on_the_demo_catalog(qtbot, worker, demo_catalog) -> None:  # type: ignore[no-untyped-def]
    model = HomeModel(worker)
    _apply(qtbot, model, demo_catalog)
    for shelf in (model.featured_model, model.picks_model, model.top_model, model.popular_model):
        QAbstractItemModelTester(shelf, FATAL)
    demo = built_in(["appcenter-qt-demo"])
    featured = [app.id for app in model.featured_model.rows()]
    assert featured == list(demo.apps[:BANNER_SIZE]) and model.featuredConfigured
    assert [app.id for app in model.picks_model.rows()] == list(demo.apps[BANNER_SIZE:])
    top = model.top_model.rows()
    assert top and all(app.rating and app.rating.total for app in top)
    scores = [app.rating.score for app in top if app.rating]
    assert scores == sorted(scores, reverse=True)
    popular = model.popular_model.rows()
    assert [row.category for row in popular] == ["Game", "Graphics"]
    assert popular[0].title == "Popular in Games"
    shown = {app.id for app in top}
    for row in popular:
        apps = row.shelf.rows()
        assert len(apps) >= MIN_ROW and not shown & {app.id for app in apps}
        assert all(row.category in app.categories or app.categories for app in apps)
        shown |= {app.id for app in apps}
    # The demo announces one dated release (Mines): the row shows it, newest first.
    assert [app.id for app in model.recent_model.rows()] == ["org.gnome.Mines"]
    assert model.recentReason == ""


def test_without_release_dates_the_row_is_left_out_with_a_reason(  # type: ignore[no-untyped-def]
    qtbot, worker, tmp_path
) -> None:
    path = tmp_path / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for n in range(8):
            writer.add(generated_app(n))
    model = HomeModel(worker)
    with Catalog(path, "C") as catalog:
        _apply(qtbot, model, catalog)
    assert model.recent_model.rowCount() == 0
    assert "no release dates" in model.recentReason


def test_the_banner_comes_before_the_rows(qtbot, worker, demo_catalog) -> None:  # type: ignore[no-untyped-def]
    model = HomeModel(worker)
    seen: list[tuple[int, int]] = []
    model.changed.connect(
        lambda: seen.append((model.featured_model.rowCount(), model.top_model.rowCount()))
    )
    _apply(qtbot, model, demo_catalog)
    assert seen[0] == (BANNER_SIZE, 0) and seen[-1][1] > 0


def test_without_a_list_the_banner_shows_the_top_rated(qtbot, worker, demo_catalog) -> None:  # type: ignore[no-untyped-def]
    model = HomeModel(worker, load_featured=lambda _origins: Featured())
    _apply(qtbot, model, demo_catalog)
    assert not model.featuredConfigured
    top = [app.id for app in model.top_model.rows()]
    assert [app.id for app in model.featured_model.rows()] == top[: len(top)][:BANNER_SIZE]
    assert model.picks_model.rowCount() == 0


def test_a_catalog_without_ratings_has_no_rated_rows(tmp_path: Path) -> None:
    path = tmp_path / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for n in range(20):
            app = generated_app(n)
            writer.add(Application(app.id, app.name, app.summary, categories=app.categories))
    with Catalog(path, "C") as catalog:
        content = load_home(catalog, Featured(("org.example.App00003",)), {"Game": 20})
    assert [a.id for a in content.featured] == ["org.example.App00003"]
    assert content.top_rated == [] and content.popular == []  # no A–Z filler


def test_recently_released_is_newest_first(tmp_path: Path) -> None:
    path = tmp_path / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for n in range(4):
            writer.add(generated_app(n))
    with sqlite3.connect(path) as db:
        for pk, stamp in ((1, 100), (2, 300), (3, 0), (2, 50)):
            db.execute(
                "INSERT INTO releases (application_id, position, version, timestamp, kind) "
                "VALUES (?, (SELECT count(*) FROM releases WHERE application_id = ?), '1', ?, "
                "'stable')",
                (pk, pk, stamp),
            )
    with Catalog(path, "C") as catalog:
        ids = [a.id for a in catalog.recently_released(5) or []]
    assert ids == ["org.example.App00001", "org.example.App00000"]


def test_a_catalog_without_release_dates_answers_none(tmp_path: Path) -> None:
    path = tmp_path / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        writer.add(generated_app(1))
    with Catalog(path, "C") as catalog:
        assert catalog.recently_released() is None


# -- Installed -----------------------------------------------------------------------------------
LOCAL_TOOL = Application(
    id="org.example.LocalTool",
    name=LocalizedText.untranslated("Local Tool"),
    summary=LocalizedText.untranslated("Built from source, no package"),
    desktop_id="org.example.LocalTool.desktop",
)


def _desktop(directory: Path, name: str, text: str, mtime: float) -> None:
    path = directory / name
    path.write_text("[Desktop Entry]\nType=Application\nExec=true\n" + text)
    os.utime(path, (mtime, mtime))


@pytest.fixture
def installed_setup(tmp_path: Path) -> tuple[Path, Path]:
    path = tmp_path / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for n in range(6):
            writer.add(generated_app(n))
        writer.add(LOCAL_TOOL)
        writer.set_installed(
            [Package("app-00001", "1.0-1", "amd64"), Package("app-00004", "1.0-1", "amd64")],
            "dpkg",
        )
    applications = tmp_path / "share" / "applications"
    applications.mkdir(parents=True)
    _desktop(applications, "org.example.LocalTool.desktop", "Name=Local Tool\n", 3000)
    _desktop(
        applications,
        "foreign.desktop",
        "Name=Zed Foreign\nName[de]=Zett\nComment=From a tarball\nIcon=utilities-terminal\n",
        2000,
    )
    _desktop(applications, "hidden.desktop", "Name=Hidden\nNoDisplay=true\n", 1000)
    return path, applications


def test_installed_lists_packages_unpackaged_apps_and_foreign_desktop_files(
    installed_setup: tuple[Path, Path],
) -> None:
    path, applications = installed_setup
    with Catalog(path, "de") as catalog:
        rows, icons = collect_installed(
            catalog, frozenset({"app-00001", "app-00004"}), [applications]
        )
    by_id = {row.app_id: row for row in rows}
    assert set(by_id) == {
        "org.example.App00001",
        "org.example.App00004",
        "org.example.LocalTool",
        "local:foreign",
    }
    foreign = by_id["local:foreign"]
    assert (foreign.name, foreign.summary, foreign.in_catalog) == ("Zett", "From a tarball", False)
    assert foreign.package_names == () and foreign.date == 2000
    assert icons["local:foreign"][0].name == "utilities-terminal"
    assert by_id["org.example.LocalTool"].date == 3000
    assert by_id["org.example.App00001"].package_names == ("app-00001",)
    by_date = sorted(rows, key=lambda r: installed_key("date", r.name, r.app_id, r.size, r.date))
    assert [row.name for row in by_date][:2] == ["Local Tool", "Zett"]  # newest first
    assert by_date[-1].date == 0  # unknown dates last
    sizes = sorted((5, -1, 9), key=lambda s: installed_key("size", "A", "a", s, 0))
    assert sizes == [9, 5, -1]
    # case and accents do not order names: "Éditeur" between "demo" and "Zett"
    names = ["Zett", "Éditeur", "demo"]
    assert sorted(names, key=lambda n: installed_key("name", n, n, -1, 0)) == [
        "demo",
        "Éditeur",
        "Zett",
    ]


def test_installed_model_without_a_source_uses_the_snapshot(  # type: ignore[no-untyped-def]
    qtbot, worker, installed_setup
) -> None:
    path, applications = installed_setup
    model = InstalledModel(
        worker, None, None, GuiDispatcher(), application_dirs=lambda: [applications]
    )
    QAbstractItemModelTester(model, FATAL)
    view = InstalledSortProxy(model)  # what the page shows: the list in the page's order
    QAbstractItemModelTester(view, FATAL)
    with Catalog(path, "C") as catalog:
        with qtbot.waitSignal(model.refreshed, timeout=10000):
            model.set_catalog(catalog, catalog_snapshot(catalog))
        names = [view.data(view.index(r, 0), AppRole.NAME) for r in range(view.rowCount())]
        assert names == ["App 00001 Music", "App 00004 Mail", "Local Tool", "Zed Foreign"]
        assert view.data(view.index(0, 0), AppRole.CAN_REMOVE) is True
        assert view.data(view.index(3, 0), AppRole.CAN_REMOVE) is False
        assert view.data(view.index(3, 0), AppRole.SIZE_TEXT) == ""  # no source: unknown
        assert view.data(view.index(0, 0), AppRole.APP_STATE) == "installed"
        assert view.data(view.index(0, 0), AppRole.ICON_URL).endswith("App00001/64")
        with qtbot.waitSignal(view.orderChanged):
            view.setProperty("order", "date")
        assert view.data(view.index(0, 0), AppRole.NAME) == "Local Tool"
        with qtbot.waitSignal(view.countChanged):
            model.transaction_finished("org.example.App00004", "remove", True)
        assert view.property("count") == model.count == 3
        view.setProperty("order", "name")
        names = [view.data(view.index(r, 0), AppRole.NAME) for r in range(view.rowCount())]
        assert names == ["App 00001 Music", "Local Tool", "Zed Foreign"]


def test_installed_sizes_are_in_the_binary_units_the_app_page_uses(qapp) -> None:  # type: ignore[no-untyped-def]
    assert size_text(5 * 1024).replace("\u00a0", " ") == "5.0 KiB"
    assert size_text(-1) == ""


def test_installed_dates_are_written_as_the_locale_writes_them(qapp) -> None:  # type: ignore[no-untyped-def]
    """Qt's C locale wrote "11 10 2026"; the window's locale decides, as on the app page."""
    import time

    stamp = time.mktime((2026, 10, 11, 12, 0, 0, 0, 0, -1))
    assert date_text(stamp, "en").endswith("Oct 11, 2026")
    assert date_text(stamp, "de").endswith("11.10.2026")
    assert "11 10 2026" not in date_text(stamp, "C")
    assert date_text(0, "en") == ""


def catalog_snapshot(catalog: Catalog) -> frozenset[str] | None:
    found = catalog.installed_packages()
    return frozenset(found) if found is not None else None


# -- Sources -------------------------------------------------------------------------------------
def test_catalog_origins_say_which_source_installs_them(demo_catalog) -> None:  # type: ignore[no-untyped-def]
    rows = catalog_rows(demo_catalog)
    assert [(r.kind, r.source_id) for r in rows] == [("catalog", "appcenter-qt-demo")]
    # Named as every page names the source (models/source_labels.py): the distribution.
    assert f"Installed through: {source_label(DEFAULT_SOURCE)}" in rows[0].detail
    assert rows[0].section == "Application catalog"


def test_without_a_source_only_the_catalog_is_listed(qtbot, demo_catalog) -> None:  # type: ignore[no-untyped-def]
    model = SourcesModel(None, None, GuiDispatcher(), "browse only")
    QAbstractItemModelTester(model, FATAL)
    model.set_catalog(demo_catalog)
    assert model.count == 1 and not model.available and not model.managesRepositories
    model.setEnabled("fedora", False)
    assert model.errorText == "browse only"
    model.refresh()
    assert model.errorText == "browse only" and not model.refreshing


def test_repositories_from_the_real_daemon_switch_and_refresh(  # type: ignore[no-untyped-def]
    qtbot, packagekit_stack, demo_catalog
) -> None:
    from appcenter_qt.backends.packagekit import PackageKitBackend
    from appcenter_qt.ui.async_bridge import AsyncLoopThread

    stack = packagekit_stack()
    loop = AsyncLoopThread()
    backend = PackageKitBackend(stack.address)
    try:
        model = SourcesModel(backend, loop, GuiDispatcher(), "")
        QAbstractItemModelTester(model, FATAL)
        model.set_catalog(demo_catalog)
        qtbot.waitUntil(lambda: model.repositoryCount == 3, timeout=30000)
        rows = {r.source_id: r for r in model.rows()}
        assert rows["fedora"].title == "Fedora - 9" and rows["fedora"].enabled
        model.setEnabled("development", False)
        assert {r.source_id: r.busy for r in model.rows()}["development"]
        qtbot.waitUntil(
            lambda: not {r.source_id: r.busy for r in model.rows()}["development"], timeout=30000
        )
        assert not {r.source_id: r.enabled for r in model.rows()}["development"]
        assert model.errorText == ""
        percents: list[int] = []
        model.changed.connect(lambda: percents.append(model.percent))
        model.refresh()
        assert model.refreshing
        qtbot.waitUntil(lambda: not model.refreshing, timeout=60000)
        assert model.errorText == "" and any(p > 0 for p in percents)
    finally:
        loop.submit(backend.aclose()).result(timeout=5)
        loop.stop()
