"""Updates from both sources at once, through the window's merged view: a Flatpak app whose
remote publishes a new build is offered as that application (its id is its catalog package
name), its runtime as infrastructure, beside the dummy packagekitd's updates; applying the
selection updates the Flatpak refs through libflatpak.

The update needs a remote of its own (``upd``, a fresh repo built with the fixture's tools),
added for this test and removed after it, so the session's ``test-repo`` stays as it is.

In offline mode (the default for system packages) the same run updates the Flatpak refs at
once and only downloads the dummy daemon's packages for the next restart: the one rule of
``updater.split_by_mode``, over both real sources."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.backends.packagekit.offline import PREPARED_FILE
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain.updates import Selection, SystemUpdateMode
from appcenter_qt.services.source_set import SourceSet
from appcenter_qt.services.updater import apply_ids, apply_selection, fetch_updates, plan_updates
from tests.flatpak_fixtures import (
    RUNTIME,
    FlatpakWorld,
    _run,
    add_remote,
    build_app,
    build_runtime,
)
from tests.multi_source_catalog import build_catalog

REMOTE = "upd"
APP = "org.test.Hello"


def _installed_commit(ref: str) -> str:
    import gi

    gi.require_version("Flatpak", "1.0")
    from gi.repository import Flatpak

    installation = Flatpak.Installation.new_user()
    kind, name, arch, branch = ref.split("/")
    found = installation.get_installed_ref(
        Flatpak.RefKind.APP if kind == "app" else Flatpak.RefKind.RUNTIME, name, arch, branch
    )
    return str(found.get_commit())


def test_flatpak_updates_are_listed_as_apps_and_applied_through_libflatpak(  # type: ignore[no-untyped-def]
    packagekit_bus, flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    arch = flatpak_world.arch
    repo = tmp_path / "repo"
    build_runtime(tmp_path / "v1", repo, arch)
    build_app(tmp_path / "v1", repo, arch, APP)
    _run("flatpak", "build-update-repo", repo)
    add_remote(REMOTE, repo.resolve().as_uri())
    app_ref, runtime_ref = f"app/{APP}/{arch}/stable", f"runtime/{RUNTIME}/{arch}/master"
    catalog = build_catalog(tmp_path / "root", tmp_path / "catalog")
    try:
        # The runtime from this remote too: earlier tests may have left it installed from
        # test-repo (removing an app leaves its runtime), and updates are per remote.
        _run("flatpak", "uninstall", "--user", "-y", "--noninteractive", "--unused")
        _run("flatpak", "install", "--user", "-y", "--noninteractive", REMOTE, runtime_ref, app_ref)
        before = _installed_commit(app_ref), _installed_commit(runtime_ref)
        # The remote publishes new builds of the app and of its runtime.
        shutil.rmtree(tmp_path / "v1")
        build_runtime(tmp_path / "v2", repo, arch)
        build_app(tmp_path / "v2", repo, arch, APP)
        _run("flatpak", "build-update-repo", repo)

        sources = SourceSet(
            [f"flatpak:{REMOTE}"], built={"packagekit": PackageKitBackend(packagekit_bus)}
        )
        merged = sources.merged()
        with Catalog(catalog, "C") as opened:

            async def check():  # type: ignore[no-untyped-def]
                try:
                    updates = await fetch_updates(merged)
                    plan = plan_updates(updates, opened.app_ids_for_packages, opened.names)
                    selection = Selection(frozenset({APP}), frozenset({runtime_ref}))
                    result = await apply_selection(merged, plan, selection)
                    return updates, plan, result
                finally:
                    await sources.aclose()

            updates, plan, result = asyncio.run(check())
        by_id = {update.package_id: update for update in updates}
        assert app_ref in by_id and runtime_ref in by_id
        assert any(merged.owner(pid) == "packagekit" for pid in by_id)  # the daemon's too
        hello = next(app for app in plan.apps if app.app_id == APP)
        assert hello.package_ids == (app_ref,)
        assert runtime_ref in plan.infrastructure.package_ids
        assert set(result.requested) == {app_ref, runtime_ref}
        after = _installed_commit(app_ref), _installed_commit(runtime_ref)
        assert after[0] != before[0] and after[1] != before[1]
    finally:
        # The runtime was installed by name, so it is pinned: --unused would leave it.
        for ref in (app_ref, runtime_ref):
            subprocess.run(["flatpak", "uninstall", "--user", "-y", "--noninteractive", ref])
        # Uninstalling keeps the pin, and a pinned runtime is never "unused": later tests
        # count the unused runtimes, so the pin goes too.
        subprocess.run(["flatpak", "pin", "--user", "--remove", runtime_ref], check=False)
        subprocess.run(
            ["flatpak", "uninstall", "--user", "-y", "--noninteractive", "--unused"],
        )
        subprocess.run(["flatpak", "remote-delete", "--user", "--force", REMOTE])


@contextlib.contextmanager
def _remote_with_an_update(arch: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The ``upd`` remote with the app and runtime installed, then a newer build of both
    published; everything removed afterwards. Yields (app ref, runtime ref)."""
    repo = tmp_path / "repo"
    build_runtime(tmp_path / "v1", repo, arch)
    build_app(tmp_path / "v1", repo, arch, APP)
    _run("flatpak", "build-update-repo", repo)
    add_remote(REMOTE, repo.resolve().as_uri())
    app_ref, runtime_ref = f"app/{APP}/{arch}/stable", f"runtime/{RUNTIME}/{arch}/master"
    try:
        _run("flatpak", "uninstall", "--user", "-y", "--noninteractive", "--unused")
        _run("flatpak", "install", "--user", "-y", "--noninteractive", REMOTE, runtime_ref, app_ref)
        shutil.rmtree(tmp_path / "v1")
        build_runtime(tmp_path / "v2", repo, arch)
        build_app(tmp_path / "v2", repo, arch, APP)
        _run("flatpak", "build-update-repo", repo)
        yield app_ref, runtime_ref
    finally:
        for ref in (app_ref, runtime_ref):
            subprocess.run(["flatpak", "uninstall", "--user", "-y", "--noninteractive", ref])
        subprocess.run(["flatpak", "pin", "--user", "--remove", runtime_ref], check=False)
        subprocess.run(["flatpak", "uninstall", "--user", "-y", "--noninteractive", "--unused"])
        subprocess.run(["flatpak", "remote-delete", "--user", "--force", REMOTE])


def test_offline_mode_updates_flatpak_now_and_prepares_system_packages(  # type: ignore[no-untyped-def]
    packagekit_stack, flatpak_world: FlatpakWorld, tmp_path: Path, offline_machine
) -> None:
    stack = packagekit_stack()
    with _remote_with_an_update(flatpak_world.arch, tmp_path) as (app_ref, runtime_ref):
        before = _installed_commit(app_ref)
        sources = SourceSet(
            [f"flatpak:{REMOTE}"], built={"packagekit": PackageKitBackend(stack.address)}
        )
        merged = sources.merged()

        async def run():  # type: ignore[no-untyped-def]
            try:
                updates = await fetch_updates(merged)
                ids = [update.package_id for update in updates]
                result = await apply_ids(merged, ids, SystemUpdateMode.OFFLINE)
                status = await sources.get("packagekit").offline_status()  # type: ignore[union-attr]
                return ids, result, status
            finally:
                await sources.aclose()

        ids, result, status = asyncio.run(run())
        system = {pid for pid in ids if merged.owner(pid) == "packagekit"}
        assert {app_ref, runtime_ref} <= set(ids) and len(system) == 3
        assert set(result.prepared) == system  # downloaded for the restart, not installed
        assert set(status.prepared) == system and not status.triggered
        assert PREPARED_FILE.exists()
        assert _installed_commit(app_ref) != before  # the Flatpak app updated at once
