"""The app page's objects over real catalogs: details in the user's locale, screenshots,
icons from the real icon archive, navigation history, the no-backend actions model."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QSize
from PySide6.QtTest import QAbstractItemModelTester

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain import Icon, IconKind, LocalizedText, Screenshot, ScreenshotImage
from appcenter_qt.extract.appstream.icon_archive import IconArchive, write_icon_archive
from appcenter_qt.models.app_details import AppDetails, paragraphs
from appcenter_qt.models.navigation import Navigation
from appcenter_qt.models.screenshots_model import ScreenshotRole, ScreenshotsModel
from appcenter_qt.models.transactions_model import TransactionsModel
from appcenter_qt.models.updates_model import UpdatesModel
from appcenter_qt.services.system_catalog import choose_catalog
from appcenter_qt.ui.async_bridge import GuiDispatcher
from appcenter_qt.ui.icon_provider import (
    AppIconProvider,
    IconRegistry,
    generic_icon,
    icon_url,
)
from tests.extract.samples import png

Fatal = QAbstractItemModelTester.FailureReportingMode.Fatal


def _load(qtbot, details: AppDetails, app_id: str) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(details.changed, timeout=10000):
        details.load(app_id)


def test_details_of_an_application(qtbot, demo_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    registry = IconRegistry()
    details = AppDetails(demo_catalog, worker, registry)
    _load(qtbot, details, "org.gnome.Mines")
    assert details.found and not details.loading
    assert details.name == "Mines"
    assert details.developer == "The GNOME Project"
    assert details.license == "GPL-3.0-or-later"
    assert len(details.description) == 2
    assert details.histogram == [310, 160, 40, 8, 12]  # five stars first
    assert details.histogramMax == 310
    assert details.ratingCount == 530
    assert 1 < details.ratingScore < details.ratingMean < 5
    assert details.iconUrl == icon_url("org.gnome.Mines", 128)
    assert details.packageNames == ["gnome-mines"]
    assert details.categories == ["Games"]
    assert {icon.size for icon in registry.icons("org.gnome.Mines")} == {64, 128}
    shots = details.screenshots
    QAbstractItemModelTester(shots, Fatal)
    assert shots.rowCount() == 3
    first = shots.index(0, 0)
    assert shots.data(first, ScreenshotRole.URL).startswith("file://")
    assert shots.data(first, ScreenshotRole.CAPTION) == "Main window"
    assert Path(shots.data(first, ScreenshotRole.URL).removeprefix("file://")).is_file()


def test_details_follow_the_locale(qtbot, worker) -> None:  # type: ignore[no-untyped-def]
    catalog = Catalog(choose_catalog().path, "de_AT.UTF-8")
    try:
        details = AppDetails(catalog, worker)
        _load(qtbot, details, "org.gnome.Mines")
        assert details.name == "Minen"
        assert details.summary.startswith("Räumen Sie")
        index = details.screenshots.index(0, 0)
        assert details.screenshots.data(index, ScreenshotRole.CAPTION) == "Hauptfenster"
    finally:
        catalog.close()


def test_unknown_application_is_not_found(qtbot, demo_catalog, worker) -> None:  # type: ignore[no-untyped-def]
    details = AppDetails(demo_catalog, worker)
    _load(qtbot, details, "org.example.DoesNotExist")
    assert not details.found and details.name == "" and details.screenshots.rowCount() == 0


def test_paragraphs_fold_lines_and_drop_blanks() -> None:
    assert paragraphs("one\ntwo\n\n\n three \r\n\r\nfour") == ["one two", "three", "four"]


def test_list_items_keep_a_line_each() -> None:
    text = "Has:\n\n• one\n• two\n  wrapped\n\n1. first\n2. second"
    assert paragraphs(text) == ["Has:", "• one\n• two wrapped", "1. first\n2. second"]


def test_screenshots_refuse_unsafe_url_schemes(qapp) -> None:  # type: ignore[no-untyped-def]
    model = ScreenshotsModel()
    QAbstractItemModelTester(model, Fatal)
    shots = [
        Screenshot((ScreenshotImage("https://example.org/a.png", 800, 600),)),
        Screenshot((ScreenshotImage("image://appicon/x/64", 800, 600),)),
        Screenshot((ScreenshotImage("javascript:alert(1)", 800, 600),)),
        Screenshot(
            (
                ScreenshotImage("https://example.org/big.png", 1600, 1000),
                ScreenshotImage("https://example.org/small.png", 320, 200, True),
            ),
            LocalizedText({"C": "Big", "fr": "Grand"}),
        ),
    ]
    model.set_screenshots(shots, ("fr", "C"))
    urls = [model.data(model.index(n, 0), ScreenshotRole.URL) for n in range(4)]
    assert urls == ["https://example.org/a.png", "", "", "https://example.org/big.png"]
    last = model.index(3, 0)
    assert model.data(last, ScreenshotRole.THUMBNAIL_URL) == "https://example.org/small.png"
    assert model.data(last, ScreenshotRole.CAPTION) == "Grand"


def test_icons_come_from_the_archive_else_a_generic_icon(qapp, tmp_path) -> None:  # type: ignore[no-untyped-def]
    location = choose_catalog()
    assert location.icon_archive is not None
    archive = IconArchive(location.icon_archive)
    registry = IconRegistry()
    provider = AppIconProvider(archive, registry)
    registry.remember(
        "org.gnome.Mines",
        [Icon(IconKind.CACHED, "m.png", 64, 1, "64x64/org.gnome.Mines.png")],
    )
    size = QSize()
    image = provider.requestImage("org.gnome.Mines/64", size, QSize(64, 64))
    assert (image.width(), image.height()) == (64, 64) == (size.width(), size.height())
    generic = provider.requestImage("org.example.None/48", QSize(), QSize())
    assert (generic.width(), generic.height()) == (48, 48)
    assert image.pixel(32, 32) != generic.pixel(24, 24)
    # A member that is not an image decodes to nothing: the generic icon, not a crash.
    broken = tmp_path / "icons.tar"
    write_icon_archive(broken, {"64x64/bad.png": b"not a png"})
    registry.remember("bad", [Icon(IconKind.CACHED, "bad.png", 64, 1, "64x64/bad.png")])
    fallback = AppIconProvider(IconArchive(broken), registry).requestImage(
        "bad/64", QSize(), QSize()
    )
    assert fallback == generic_icon(64)


def test_icons_shrink_to_the_size_asked_but_never_grow(qapp, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A larger icon is shrunk here; a smaller one comes back as it is, and the view that
    draws it (every icon ``Image`` has its size set) scales it once."""
    registry = IconRegistry()
    members = {"64x64/small.png": png(64), "256x256/big.png": png(256)}
    write_icon_archive(tmp_path / "icons.tar", members)
    provider = AppIconProvider(IconArchive(tmp_path / "icons.tar"), registry)
    registry.remember("small", [Icon(IconKind.CACHED, "s.png", 64, 1, "64x64/small.png")])
    registry.remember("big", [Icon(IconKind.CACHED, "b.png", 256, 1, "256x256/big.png")])
    size = QSize()
    small = provider.requestImage("small/128", size, QSize(128, 128))
    assert (small.width(), small.height()) == (64, 64) == (size.width(), size.height())
    big = provider.requestImage("big/64", size, QSize(64, 64))
    assert (big.width(), big.height()) == (64, 64) == (size.width(), size.height())


def test_navigation_keeps_a_back_history(qapp) -> None:  # type: ignore[no-untyped-def]
    nav = Navigation()
    asked: list[str] = []
    nav.appRequested.connect(asked.append)
    assert nav.page == "home" and not nav.canGoBack  # the start page
    nav.openApp("a")
    nav.openApp("b")
    nav.showUpdates()
    assert (nav.page, nav.canGoBack) == ("updates", True)
    nav.back()
    assert (nav.page, nav.appId) == ("app", "b")
    nav.back()
    nav.back()
    assert nav.page == "home" and not nav.canGoBack
    assert asked == ["a", "b", "b", "a"]
    for go, page in (
        (nav.showInstalled, "installed"),
        (nav.showSources, "sources"),
        (nav.showBrowse, "browse"),
        (nav.showHome, "home"),
    ):
        go()
        assert nav.page == page
    # QML's names for the pages: every Page, spelled as nav.page spells it.
    assert nav.property("pages") == {
        name: name for name in ("home", "browse", "app", "updates", "installed", "sources")
    }


def test_without_a_backend_actions_explain_why(qapp) -> None:  # type: ignore[no-untyped-def]
    actions = TransactionsModel(None, None, GuiDispatcher(), "No backend here.")
    QAbstractItemModelTester(actions, Fatal)
    assert not actions.available and actions.unavailableReason == "No backend here."
    actions.install("org.gnome.Mines")
    assert actions.errorText == "No backend here."
    assert actions.rowCount() == 0 and actions.state == "unknown"
    actions.clearError()
    assert actions.errorText == ""


def test_updates_model_skeleton_is_an_empty_valid_model(qapp) -> None:  # type: ignore[no-untyped-def]
    updates = UpdatesModel()
    QAbstractItemModelTester(updates, Fatal)
    assert updates.rowCount() == 0 and updates.count == 0 and not updates.available
    assert b"updateId" in [bytes(v) for v in updates.roleNames().values()]


def test_launcher_starts_an_installed_desktop_file(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appcenter_qt.ui.launcher import Launcher, desktop_file

    apps = tmp_path / "data" / "applications"
    apps.mkdir(parents=True)
    marker = tmp_path / "launched"
    (apps / "org.example.Touch.desktop").write_text(
        f"[Desktop Entry]\nType=Application\nName=Touch\nExec=touch {marker}\n"
    )
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "none"))
    launcher = Launcher()
    if not launcher.canLaunch("org.example.Touch.desktop"):
        pytest.skip("needs kstart, gtk-launch or gio (libglib2.0-bin)")
    assert launcher.launch("org.example.Touch.desktop")
    qtbot.waitUntil(marker.exists, timeout=10000)
    # Ids from packages are file names, nothing else.
    for hostile in ("../../etc/passwd.desktop", "/usr/share/applications/x.desktop", "a b.desktop"):
        assert desktop_file(hostile) is None and not launcher.canLaunch(hostile)
    assert not launcher.launch("org.example.Missing.desktop")


@pytest.mark.parametrize(
    ("category", "label"),
    [
        ("2DGraphics", "2D Graphics"),
        ("3DGraphics", "3D Graphics"),
        ("LogicGame", "Logic Game"),
        ("IRCClient", "IRC Client"),
        ("OCR", "OCR"),
        ("TV", "TV"),
    ],
)
def test_subcategory_labels_split_words_not_acronyms(category: str, label: str) -> None:
    from appcenter_qt.models.categories_model import main_category_name

    assert main_category_name(category) == label


def test_local_screenshots_only_from_the_catalogs_media_directory(  # type: ignore[no-untyped-def]
    qapp, tmp_path: Path
) -> None:
    """Class 13: a catalog is untrusted, so file:// URLs outside its media directory, FIFOs
    (which would block the image loader for ever) and links leading out are dropped."""
    media = tmp_path / "screenshots"
    media.mkdir()
    (media / "shot.png").write_bytes(b"\x89PNG")
    os.mkfifo(media / "fifo.png")
    (media / "out.png").symlink_to("/etc/hostname")
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"x")
    urls = [
        (media / "shot.png").as_uri(),
        (media / "fifo.png").as_uri(),
        (media / "out.png").as_uri(),
        secret.as_uri(),
        (media / ".." / "secret.png").as_uri(),
        "file://otherhost" + str(media / "shot.png"),
        "/etc/hostname",
    ]
    model = ScreenshotsModel(media_dir=media)
    model.set_screenshots([Screenshot((ScreenshotImage(url, 8, 8),)) for url in urls], ("C",))
    shown = [model.data(model.index(n, 0), ScreenshotRole.URL) for n in range(len(urls))]
    assert shown == [(media / "shot.png").as_uri(), "", "", "", "", "", ""]
    no_media = ScreenshotsModel()
    no_media.set_screenshots([Screenshot((ScreenshotImage(urls[0], 8, 8),))], ("C",))
    assert no_media.data(no_media.index(0, 0), ScreenshotRole.URL) == ""
