"""Choosing the system-pool catalog: reuse while the pool is unchanged, rebuild after it
changed, fall back to the previous catalog or the demo with a reason when a build fails, and
the demo only where there is no pool at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain.errors import CatalogError
from appcenter_qt.services import system_catalog
from appcenter_qt.services.system_catalog import choose_catalog
from tests.system_pools import make_pool


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    root = tmp_path / "root"
    make_pool(root)
    return {
        "APPCENTER_SYSTEM_ROOT": str(root),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
        "HOME": str(tmp_path / "home"),
    }


def test_first_use_builds_with_progress_then_reuses(env: dict[str, str], tmp_path: Path) -> None:
    steps: list[float] = []
    first = choose_catalog(environ=env, progress=lambda fraction, _what: steps.append(fraction))
    assert not first.is_demo and first.warning == ""
    assert first.reason == "system pool (built for this user)"
    # resolved into the published set, icons from the same set
    assert first.path.parent.name.startswith(".set-")
    assert first.icon_archive == first.path.parent / "icons.tar"
    assert steps and steps == sorted(steps) and steps[-1] == 1.0
    with Catalog(first.path, "C") as catalog:
        assert catalog.count() == 6
    again: list[float] = []
    second = choose_catalog(environ=env, progress=lambda f, _w: again.append(f))
    assert second.path == first.path and again == []  # nothing rebuilt


def test_a_changed_pool_is_rebuilt(env: dict[str, str]) -> None:
    first = choose_catalog(environ=env)
    status = Path(env["APPCENTER_SYSTEM_ROOT"]) / "var/lib/dpkg/status"
    status.write_text(status.read_text() + "\nPackage: new\nStatus: install ok installed\n")
    second = choose_catalog(environ=env)
    assert second.path != first.path and not second.warning


def test_a_failed_build_keeps_the_previous_catalog_with_a_warning(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = choose_catalog(environ=env)
    stamp = Path(env["APPCENTER_SYSTEM_ROOT"]) / "var/lib/dpkg/status"
    stamp.write_text(stamp.read_text() + "\n")  # the pool changed: a rebuild is due

    def full_disk(*_args: object, **_kwargs: object) -> Path:  # fault injection
        raise CatalogError("the system catalog could not be built: No space left on device")

    monkeypatch.setattr(system_catalog, "build_system_catalog", full_disk)
    chosen = choose_catalog(environ=env)
    assert chosen.path == first.path and not chosen.is_demo
    assert "out of date" in chosen.reason
    assert chosen.warning == "the system catalog could not be built: No space left on device"


def test_a_failed_first_build_shows_the_demo_and_says_why(
    env: dict[str, str], tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the cache directory should be")
    chosen = choose_catalog(environ={**env, "XDG_CACHE_HOME": str(blocker)})
    assert chosen.is_demo
    assert "could not be built" in chosen.warning and str(blocker) in chosen.warning


def test_no_pool_means_the_demo_without_a_warning(tmp_path: Path) -> None:
    env = {
        "APPCENTER_SYSTEM_ROOT": str(tmp_path / "bare"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_DATA_DIRS": str(tmp_path / "none"),
    }
    (tmp_path / "bare").mkdir()
    chosen = choose_catalog(environ=env)
    assert chosen.is_demo and chosen.warning == ""


def test_an_installed_catalog_wins_over_the_pool(env: dict[str, str], tmp_path: Path) -> None:
    from tests.catalog.conftest import simple_app, write_catalog

    xdg = tmp_path / "data" / "appcenter-qt"
    xdg.mkdir(parents=True)
    write_catalog(xdg / "appcenter.sqlite", [simple_app("a.b.C", "C")])
    chosen = choose_catalog(environ=env)
    assert chosen.path == xdg / "appcenter.sqlite"
