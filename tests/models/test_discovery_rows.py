"""Issue 32: "Recently updated" on a Plasma machine was Discover, Info Center, Menu Edit and
Plasma System Monitor. The rows the home page fills by itself leave the system's components
out; browsing their category still lists them."""

from __future__ import annotations

from pathlib import Path

from appcenter_qt.catalog.featured import Featured
from appcenter_qt.catalog.queries import AppQuery, Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Application, LocalizedText, Package
from appcenter_qt.domain.categories import is_system_component
from appcenter_qt.domain.ratings import Rating
from appcenter_qt.domain.releases import Release
from appcenter_qt.models.home_model import banner, load_home

RATING = Rating((0, 0, 1, 5, 20))


def _app(app_id: str, categories: tuple[str, ...], stamp: int, kind: str = "") -> Application:
    return Application(
        id=app_id,
        name=LocalizedText.untranslated(app_id.rsplit(".", 1)[-1]),
        summary=LocalizedText.untranslated("Something"),
        categories=categories,
        kind=kind or "desktop-application",
        packages=(Package(app_id.lower().replace(".", "-"), "1", "amd64", "test"),),
        releases=(Release("1.0", stamp),),
        rating=RATING,
    )


# the newest releases are all the desktop's own parts, as on Debian 12 with Plasma
SYSTEM = (
    _app("org.kde.discover.desktop", ("System",), 900),
    _app("org.kde.kinfocenter", ("System",), 899),
    _app("org.kde.kmenuedit.desktop", ("Settings", "DesktopSettings"), 898),
    _app("org.kde.plasma-systemmonitor", ("System", "Monitor"), 897),
    _app("org.kde.plasma-welcome", ("Utility",), 896),
    _app("org.kde.systemsettings", ("KDE", "Qt", "Settings"), 895),
    _app("org.example.Driver", ("Utility",), 894, kind="driver"),
    _app("org.example.Synaptic", ("PackageManager", "System", "Utility"), 893),
)
APPS = (
    _app("org.gajim.Gajim", ("Chat", "InstantMessaging", "Network"), 800),
    _app("org.kde.ark.desktop", ("Archiving", "Compression", "Utility"), 700),
    _app("org.kde.dolphin.desktop", ("FileManager", "FileTools", "System", "Utility"), 600),
    _app("org.xbmc.kodi", ("AudioVideo", "Player"), 500),
)


def _catalog(tmp_path: Path) -> Path:
    path = tmp_path / "appcenter.sqlite"
    with CatalogWriter(path, origin="test", generator="tests") as writer:
        for app in (*SYSTEM, *APPS):
            writer.add(app)
    return path


def test_the_rule() -> None:
    for app in SYSTEM:
        assert is_system_component(app.id, app.categories, app.kind), app.id
    for app in APPS:
        assert not is_system_component(app.id, app.categories, app.kind), app.id
    assert not is_system_component("org.example.NoCategories", ())


def test_discovery_rows_leave_system_components_out(tmp_path: Path) -> None:
    with Catalog(_catalog(tmp_path), "C") as catalog:
        content = load_home(catalog, Featured(), {"System": 4, "Utility": 4})
        system_listing = {a.id for a in catalog.list(AppQuery(category="System"))}
    expected = [app.id for app in APPS]
    assert [a.id for a in content.recent or []] == expected
    assert {a.id for a in content.top_rated} == set(expected)
    assert {a.id for a in content.featured} <= set(expected)
    for _category, row in content.popular:
        assert {a.id for a in row} <= set(expected)
    # asked for: browsing System still lists them
    assert "org.kde.kinfocenter" in system_listing


def test_a_configured_featured_list_is_kept(tmp_path: Path) -> None:
    with Catalog(_catalog(tmp_path), "C") as catalog:
        content = load_home(catalog, Featured(("org.kde.systemsettings",)), {})
        first = banner(catalog, Featured(("org.kde.systemsettings",)))
    assert [a.id for a in content.featured] == ["org.kde.systemsettings"]
    assert first.apps == content.featured and first.configured


def test_the_banner_alone_is_what_the_whole_page_load_shows(tmp_path: Path) -> None:
    """The window asks for the banner first (its cards before anything else): the same
    applications, with their colours, as the load of every row, counted or not."""
    with Catalog(_catalog(tmp_path), "C") as catalog:
        first = banner(catalog, Featured())
        counted = load_home(catalog, Featured(), catalog.category_counts())
        uncounted = load_home(catalog, Featured())
    assert first.apps and first.apps == counted.featured and not first.configured
    assert uncounted == counted  # the counts made here when the window has none yet
