"""Automatic updates by policy over both real sources at once: the dummy packagekitd and a
real Flatpak remote with a newer build. Only the updates of the source that updates safely
live (the ``LiveUpdates`` capability, which Flatpak has) are applied; the daemon's system
packages are neither installed nor prepared; ``security-only`` holds back updates not marked
security; what was done is recorded for the Updates page."""

from __future__ import annotations

import asyncio
from pathlib import Path

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.backends.packagekit.offline import PREPARED_FILE
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.services.auto_update import apply_automatic, automatic_selection, load_record
from appcenter_qt.services.source_set import SourceSet
from appcenter_qt.services.update_policy import load_policy
from appcenter_qt.services.updater import fetch_updates, plan_updates
from tests.flatpak_fixtures import FlatpakWorld
from tests.multi_source_catalog import build_catalog
from tests.services.test_flatpak_updates import (
    APP,
    REMOTE,
    _installed_commit,
    _remote_with_an_update,
)


def _env(tmp_path: Path, text: str) -> dict[str, str]:
    folder = tmp_path / "config" / "appcenter-qt"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "appcenter-qt.conf").write_text(text, encoding="utf-8")
    return {
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_CONFIG_DIRS": str(tmp_path / "no-system"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "HOME": str(tmp_path),
    }


def test_policy_updates_live_safe_apps_only(  # type: ignore[no-untyped-def]
    packagekit_stack, flatpak_world: FlatpakWorld, tmp_path: Path, offline_machine
) -> None:
    stack = packagekit_stack()
    catalog = build_catalog(tmp_path / "root", tmp_path / "catalog")
    security_only = _env(tmp_path / "a", "[updates]\nauto-update-apps = yes\nsecurity-only = yes\n")
    apps_on = _env(tmp_path / "b", "[updates]\nauto-update-apps = yes\n")
    off = _env(tmp_path / "c", "")
    with _remote_with_an_update(flatpak_world.arch, tmp_path) as (app_ref, runtime_ref):
        before = _installed_commit(app_ref), _installed_commit(runtime_ref)
        sources = SourceSet(
            [f"flatpak:{REMOTE}"], built={"packagekit": PackageKitBackend(stack.address)}
        )
        merged = sources.merged()
        with Catalog(catalog, "C") as opened:

            async def plan():  # type: ignore[no-untyped-def]
                updates = await fetch_updates(merged)
                return plan_updates(updates, opened.app_ids_for_packages, opened.names)

            async def run():  # type: ignore[no-untyped-def]
                try:
                    first = await plan()
                    nothing = automatic_selection(merged, first, load_policy(off))
                    held = await apply_automatic(
                        merged, first, load_policy(security_only), security_only
                    )
                    held_commit = _installed_commit(app_ref)
                    done = await apply_automatic(merged, first, load_policy(apps_on), apps_on)
                    return first, nothing, held, held_commit, done, await plan()
                finally:
                    await sources.aclose()

            first, nothing, held, held_commit, done, after = asyncio.run(run())

        system = {ref for ref in first.all_package_ids if merged.owner(ref) == "packagekit"}
        assert len(system) == 3  # the dummy daemon offers updates too
        assert nothing == ((), ())  # auto-update-apps is off by default
        # Nothing in this remote is a security update: security-only holds everything back.
        assert held is None and held_commit == before[0]
        assert load_record(security_only) is None
        # On: the Flatpak app and its runtime update now, nothing of the daemon's.
        hello = next(app for app in first.apps if app.app_id == APP)
        assert done is not None and done.apps == (hello.name,) and done.packages == 2
        assert not done.error
        assert _installed_commit(app_ref) != before[0]
        assert _installed_commit(runtime_ref) != before[1]
        left = set(after.all_package_ids)
        assert system <= left and not ({app_ref, runtime_ref} & left)
        assert not PREPARED_FILE.exists()  # not even downloaded for the restart
        assert load_record(apps_on) == done
