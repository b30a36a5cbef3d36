"""The window's sources: the registry's available sources built lazily, an application's
packages routed by origin, and the merged view listing every source's packages, against the
real dummy packagekitd and the real local Flatpak repo."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain.backend import FinishedEvent, PackageEvent, PackageState
from appcenter_qt.services.source_set import SourceSet, sources_for
from tests.flatpak_fixtures import REMOTE, FlatpakWorld
from tests.multi_source_catalog import DISTRO_PACKAGE, build_catalog

FLATPAK = f"flatpak:{REMOTE}"


@pytest.fixture(scope="module")
def catalog(flatpak_world: FlatpakWorld, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_catalog(tmp_path_factory.mktemp("root"), tmp_path_factory.mktemp("catalog"))


def test_choose_all_none_one_and_every_remote(flatpak_world: FlatpakWorld) -> None:
    assert {"packagekit", FLATPAK} <= set(SourceSet.choose("all").names)
    assert SourceSet.choose("all").names[0] == "packagekit"  # the distribution first
    assert not SourceSet.choose("none")
    assert SourceSet.choose(FLATPAK).names == (FLATPAK,)
    assert FLATPAK in SourceSet.choose("flatpak").names
    assert "packagekit" not in SourceSet.choose("flatpak").names
    with pytest.raises(Exception, match="no such source"):
        SourceSet.choose("snap")


def test_all_with_the_others_later_lists_them_when_settled(flatpak_world: FlatpakWorld) -> None:
    """What a window's start chooses: the distribution's source now, the remotes when the
    set is settled (after the first cards, or at the first action that needs them)."""
    later = SourceSet.choose("all", others_later=True)
    assert later.names == ("packagekit",) and later.others_pending
    assert FLATPAK not in later and later.get(FLATPAK) is None  # not listed: not a source yet
    assert later.settle() and not later.others_pending
    assert later.names == SourceSet.choose("all").names and FLATPAK in later
    assert later.get(FLATPAK) is not None
    assert not later.settle()  # once
    # a named kind or instance is listed at once: it has nothing "other" to wait for
    assert not SourceSet.choose("flatpak", others_later=True).others_pending
    assert SourceSet.choose(FLATPAK, others_later=True).names == (FLATPAK,)


def test_a_source_that_cannot_start_is_left_out_with_its_reason() -> None:
    sources = SourceSet(["packagekit", "flatpak:no-such-remote!"])
    assert [name for name, _ in sources.usable()] == ["packagekit"]
    assert "remote name" in sources.failure("flatpak:no-such-remote!")


def test_routes_an_apps_packages_to_the_source_of_their_origin(catalog: Path) -> None:
    with Catalog(catalog, "C") as opened:
        meta, hello = opened.meta(), opened.get("org.test.Hello")
    assert hello is not None
    pairs = [(p.name, p.origin) for p in hello.packages]
    assert SourceSet(["packagekit", FLATPAK]).route(meta, pairs) == {
        "packagekit": (DISTRO_PACKAGE,),
        FLATPAK: ("org.test.Hello",),
    }
    # Only the sources of the set: --backend flatpak:test-repo cannot offer the distribution's.
    assert SourceSet([FLATPAK]).route(meta, pairs) == {FLATPAK: ("org.test.Hello",)}
    assert sources_for(meta, [p.origin for p in hello.packages]) == ["packagekit", FLATPAK]


async def _events(transaction):  # type: ignore[no-untyped-def]
    return [event async for event in transaction]


def test_the_merged_view_lists_every_sources_packages_and_knows_their_owner(
    packagekit_bus: str, flatpak_world: FlatpakWorld
) -> None:
    sources = SourceSet([FLATPAK], built={"packagekit": PackageKitBackend(packagekit_bus)})
    merged = sources.merged()
    ref = flatpak_world.ref("org.test.Hello")

    async def run() -> tuple[list, list]:  # type: ignore[type-arg]
        try:
            resolved = await _events(merged.resolve([DISTRO_PACKAGE, "org.test.Hello"]))
            updates = await _events(merged.get_updates())
            return resolved, updates
        finally:
            await sources.aclose()

    resolved, updates = asyncio.run(run())
    found = {merged.owner(e.package_id) for e in resolved if isinstance(e, PackageEvent)}
    assert found == {"packagekit", FLATPAK}  # each source answered for the names it takes
    assert ref in {e.package_id for e in resolved if isinstance(e, PackageEvent)}
    assert merged.parse_ref(ref).name == "org.test.Hello"
    # The dummy daemon offers updates; the remote none (nothing installed): one finish.
    offered = [e for e in updates if isinstance(e, PackageEvent)]
    assert offered and all(e.state is PackageState.UPDATE for e in offered)
    assert {merged.owner(e.package_id) for e in offered} == {"packagekit"}
    finished = [e for e in updates if isinstance(e, FinishedEvent)]
    assert len(finished) == 1 and finished[0].success


def test_a_chosen_set_follows_the_remotes_a_fixed_one_does_not(
    flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    """A remote added while the window is open becomes one of its sources (its apps can be
    installed from it); removed, it goes. One instance, or a set of built sources, stays."""
    from appcenter_qt import backends
    from appcenter_qt.domain.backend import RemoteSource
    from tests.services.test_source_catalog_freshness import finish

    every, flatpaks = SourceSet.choose("all"), SourceSet.choose("flatpak")
    one = SourceSet.choose(FLATPAK)
    assert not (every.rescan() or flatpaks.rescan() or one.rescan())  # nothing changed yet
    # A set that follows is always talked to through the merged view (it may gain a source);
    # one named source is its own view.
    from appcenter_qt.services.merged_source import MergedSource

    assert isinstance(every.combined(), MergedSource)
    assert one.combined() is one.get(FLATPAK)
    file = tmp_path / "follow.flatpakrepo"
    file.write_text(
        f"[Flatpak Repo]\nUrl={flatpak_world.repo.resolve().as_uri()}\nSuggestRemoteName=follow\n"
    )
    manager = next(m for m in backends.managers() if isinstance(m, RemoteSource))
    finish(manager.add_remote(str(file)))
    try:
        assert every.rescan() and flatpaks.rescan() and not one.rescan()
        assert "flatpak:follow" in every and "flatpak:follow" in flatpaks
        assert every.names[0] == "packagekit" and one.names == (FLATPAK,)
        assert every.get("flatpak:follow") is not None  # built on first use, as the others
    finally:
        finish(manager.remove_remote("follow", force=True))
    assert every.rescan() and "flatpak:follow" not in every and every.get("flatpak:follow") is None
    assert FLATPAK in every


def test_distribution_ids_are_the_id_then_its_families(tmp_path: Path) -> None:
    from appcenter_qt.services.source_set import distribution_ids, distribution_name

    release = tmp_path / "os-release"
    release.write_text(
        'NAME="openSUSE Tumbleweed"\nID="opensuse-tumbleweed"\nID_LIKE="opensuse suse"\n'
    )
    missing = tmp_path / "missing"
    assert distribution_ids([missing, release]) == ["opensuse-tumbleweed", "opensuse", "suse"]
    assert distribution_name([missing, release]) == "openSUSE Tumbleweed"
    assert distribution_ids([missing]) == []
