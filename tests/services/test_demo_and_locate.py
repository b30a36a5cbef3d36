"""The embedded demo catalog and the catalog search order."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.catalog.locate import find_catalog
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.demo import build_demo, ensure_demo_catalog, load_entries
from appcenter_qt.domain.errors import CatalogError
from appcenter_qt.extract.appstream.icon_archive import IconArchive
from appcenter_qt.services.system_catalog import choose_catalog
from tests.catalog.conftest import simple_app, write_catalog


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo(tmp_path_factory.mktemp("demo"))


def test_demo_has_thirty_localized_applications_with_icons(demo: Path) -> None:
    entries = load_entries()
    archive = IconArchive(demo.parent / "icons.tar")
    with Catalog(demo, "de") as catalog:
        stats = catalog.stats()
        assert stats["applications"] == len(entries) >= 30
        assert {"de", "fr"} <= set(stats["locales"])
        assert stats["rated_applications"] >= 10
        for summary in catalog.list():
            assert summary.icon is not None and summary.icon.path in archive
            assert archive.read(summary.icon.path).startswith(b"\x89PNG")
        mines = catalog.get("org.gnome.Mines")
    assert mines.name.get(("de", "C")) == "Minen"
    assert mines.name.get(("fr", "C")) == "Mines"
    assert len(mines.screenshots) == 3
    shot = Path(mines.screenshots[0].source.url.removeprefix("file://"))
    assert shot.read_bytes().startswith(b"\x89PNG")


def test_demo_is_built_once_into_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = ensure_demo_catalog()
    assert first.is_relative_to(tmp_path)
    mtime = first.stat().st_mtime_ns
    assert ensure_demo_catalog() == first
    assert first.stat().st_mtime_ns == mtime
    with Catalog(first) as catalog:
        shot = catalog.get("org.kde.kcalc").screenshots[0].source.url
    assert Path(shot.removeprefix("file://")).is_file(), "URLs point at the final directory"


def test_search_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    explicit = write_catalog(tmp_path / "explicit.sqlite", [simple_app("a.b.C", "C")])
    xdg = tmp_path / "xdg" / "appcenter-qt"
    xdg.mkdir(parents=True)
    write_catalog(xdg / "appcenter.sqlite", [simple_app("a.b.D", "D")])
    (xdg / "icons.tar").write_bytes(b"")
    env = {"XDG_DATA_HOME": str(tmp_path / "xdg"), "XDG_DATA_DIRS": str(tmp_path / "none")}
    assert find_catalog(explicit, environ=env).path == explicit
    assert find_catalog(environ={**env, "APPCENTER_CATALOG": str(explicit)}).path == explicit
    assert choose_catalog(explicit, environ=env).path == explicit
    found = find_catalog(environ=env)
    assert found.path == xdg / "appcenter.sqlite"
    assert found.icon_archive == xdg / "icons.tar"
    assert not found.is_demo
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    bare = {
        "XDG_DATA_HOME": str(tmp_path / "empty"),
        "XDG_DATA_DIRS": str(tmp_path / "none"),
        "APPCENTER_SYSTEM_ROOT": str(tmp_path / "no-pool"),
    }
    if any(
        p.is_file()
        for p in (
            Path("/var/lib/appcenter-qt/appcenter.sqlite"),
            Path("/usr/share/appcenter-qt/appcenter.sqlite"),
        )
    ):
        pytest.skip("this machine has a system catalog")
    demo = choose_catalog(environ=bare)
    assert demo.is_demo and demo.icon_archive is not None
    with pytest.raises(CatalogError, match="no catalog found"):
        find_catalog(environ=bare)


def test_explicit_missing_catalog_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="no such catalog file"):
        find_catalog(tmp_path / "missing.sqlite")
    with pytest.raises(CatalogError, match="APPCENTER_CATALOG"):
        find_catalog(environ={"APPCENTER_CATALOG": str(tmp_path / "missing.sqlite")})
