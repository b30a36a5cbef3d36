"""The system catalog knows the Flatpak remotes: its fingerprint covers every remote's
AppStream file, so adding a remote, refreshing one whose repo gained an application, and
removing one each rebuild the catalog, which then shows (or no longer shows) those apps.
Real libflatpak, a real local repo (tests/flatpak_fixtures.py), real generator runs."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from appcenter_qt import backends
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain.backend import FinishedEvent, RemoteSource, Transaction
from appcenter_qt.services.system_catalog import choose_catalog
from tests import flatpak_fixtures
from tests.flatpak_fixtures import FlatpakWorld
from tests.system_pools import make_pool


def finish(transaction: Transaction) -> None:
    async def collect() -> list[object]:
        return [event async for event in transaction]

    events = asyncio.run(collect())
    assert isinstance(events[-1], FinishedEvent) and events[-1].success, events


def add_app(repo: Path, work: Path, app_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Export one more app into ``repo`` and regenerate its appstream branch."""
    monkeypatch.setitem(flatpak_fixtures.APPS, app_id, (app_id.rsplit(".", 1)[1], "", "New", 0))  # type: ignore[index]
    flatpak_fixtures.build_app(work, repo, flatpak_fixtures.default_arch(), app_id)
    subprocess.run(
        ["flatpak", "build-update-repo", "--title=Extra repo", str(repo)],
        check=True,
        capture_output=True,
        timeout=120,
    )


def chosen_without_asking(env: dict[str, str]) -> tuple[str, list[str]]:
    """The catalog a fresh process chooses, and the PyGObject modules it loaded."""
    script = (
        "import json, sys\n"
        "from appcenter_qt.services.system_catalog import choose_catalog\n"
        "path = str(choose_catalog(build=False).path)\n"
        "print(json.dumps([path, sorted(m for m in sys.modules if m.split('.')[0] == 'gi')]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    path, modules = json.loads(result.stdout.splitlines()[-1])
    return path, modules


def sources_of(catalog: Path, app_id: str) -> set[str] | None:
    with Catalog(catalog) as opened:
        app = opened.get(app_id)
        if app is None:
            return None
        return {package.origin for package in app.packages}


def test_adding_refreshing_and_removing_a_remote_rebuild_the_catalog(
    flatpak_world: FlatpakWorld, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    make_pool(root)
    env = {
        **os.environ,
        "APPCENTER_SYSTEM_ROOT": str(root),
        "APPCENTER_SOURCE_CATALOGS": "1",  # this test's root stands for the machine
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
    }
    env.pop("APPCENTER_CATALOG", None)
    first = choose_catalog(environ=env)
    assert not first.is_demo, first.warning
    assert sources_of(first.path, "org.test.Notes") == {f"flatpak:{flatpak_world.remote}"}
    assert choose_catalog(environ=env).path == first.path  # unchanged: not rebuilt
    # ... and known unchanged from what the build kept, without loading libflatpak
    assert chosen_without_asking(env) == (str(first.path), [])

    # A second repo with an app the first lacks, added as a remote from a .flatpakrepo.
    repo = tmp_path / "extra-repo"
    shutil.copytree(flatpak_world.repo, repo, symlinks=True)
    add_app(repo, tmp_path / "build", "org.test.Extra", monkeypatch)
    description = tmp_path / "extra.flatpakrepo"
    description.write_text(f"[Flatpak Repo]\nUrl={repo.as_uri()}\nSuggestRemoteName=extra-fresh\n")
    manager = next(m for m in backends.managers() if isinstance(m, RemoteSource))
    finish(manager.add_remote(str(description)))
    try:
        added = choose_catalog(environ=env)
        assert added.path != first.path and not added.warning
        assert sources_of(added.path, "org.test.Extra") == {"flatpak:extra-fresh"}
        assert choose_catalog(environ=env).path == added.path

        # The repo gains an app; refreshing the remote's AppStream shows it.
        add_app(repo, tmp_path / "build", "org.test.Later", monkeypatch)
        assert choose_catalog(environ=env).path == added.path  # not pulled yet: still fresh
        finish(backends.make("flatpak:extra-fresh").refresh_cache())
        refreshed = choose_catalog(environ=env)
        assert refreshed.path != added.path
        assert sources_of(refreshed.path, "org.test.Later") == {"flatpak:extra-fresh"}
    finally:
        finish(manager.remove_remote("extra-fresh", force=True))
    removed = choose_catalog(environ=env)
    assert sources_of(removed.path, "org.test.Extra") is None
    assert sources_of(removed.path, "org.test.Notes") == {f"flatpak:{flatpak_world.remote}"}


def test_another_root_ignores_the_remotes_unless_told(
    flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    from appcenter_qt.services.system_catalog import reads_source_catalogs, source_catalog_stamps

    assert reads_source_catalogs("/", {}) and not reads_source_catalogs(tmp_path, {})
    assert reads_source_catalogs(tmp_path, {"APPCENTER_SOURCE_CATALOGS": "1"})
    assert not reads_source_catalogs("/", {"APPCENTER_SOURCE_CATALOGS": "0"})
    assert source_catalog_stamps(tmp_path, {}) == []
    stamps = source_catalog_stamps("/", {})
    assert any(key.startswith(f"flatpak:{flatpak_world.remote}=") for key, *_ in stamps)
