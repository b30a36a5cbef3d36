"""The install use cases, the job loop and the application registry (services/): the rules
as plain functions, then planned and run against the real packagekitd (dummy backend:
``foobar`` installs, and its simulation pulls in, updates and removes other packages;
``glib2`` is installed; removing fails with ``no-network``)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from appcenter_qt.domain import Package
from appcenter_qt.domain.backend import ErrorKind, PackageState, ProgressEvent, Status
from appcenter_qt.domain.state import AppState
from appcenter_qt.services.install import (
    INSTALL,
    REMOVE,
    SENTENCES,
    Target,
    choose_source,
    describe_error,
    error_sentence,
    installed_sources,
    plan,
    preferred_refs,
    route,
    run_change,
)
from appcenter_qt.services.jobs import clamp_percent, collect
from appcenter_qt.services.registry import AppRegistry

META = {"sources": "flathub=flatpak:flathub"}
HELLO = (
    Package("hello", "2.10-3", origin="debian"),
    Package("org.example.Hello", "stable", origin="flathub"),
    Package("org.example.Hello", "beta", origin="flathub"),
)


# -- which source and which branch ---------------------------------------------------------


def test_route_groups_by_source_distribution_first_with_the_catalog_branches() -> None:
    routes = route(META, reversed(HELLO))
    assert list(routes) == ["packagekit", "flatpak:flathub"]
    assert routes["packagekit"] == Target("packagekit", ("hello",), {"hello": {"2.10-3"}})
    flat = routes["flatpak:flathub"]
    assert flat.names == ("org.example.Hello",)
    assert flat.versions == {"org.example.Hello": frozenset({"stable", "beta"})}
    # a window without the remote routes to the distribution only
    assert list(route(META, HELLO, among={"packagekit"})) == ["packagekit"]


def test_choose_source_requested_then_installed_from_for_removal_then_first() -> None:
    routes = route(META, HELLO)
    first = choose_source(routes, INSTALL)
    assert first is not None and first.source == "packagekit"
    chosen = choose_source(routes, INSTALL, "flatpak:flathub")
    assert chosen is not None and chosen.source == "flatpak:flathub"
    removal = choose_source(routes, REMOVE, installed_from=("flatpak:flathub",))
    assert removal is not None and removal.source == "flatpak:flathub"
    # an install ignores where it is installed; an unknown source is no target
    assert choose_source(routes, INSTALL, installed_from=("flatpak:flathub",)) == first
    assert choose_source(routes, INSTALL, "snap") is None
    assert choose_source({}, INSTALL) is None


def test_the_catalog_branch_wins_when_a_name_has_several_references() -> None:
    from appcenter_qt.backends.packagekit import PackageKitBackend

    backend = PackageKitBackend("unix:path=/nonexistent")  # parse_ref only: no connection
    refs = ["hello;2.10-3;x86_64;debian", "hello;2.12-1;x86_64;backports", "other;1;x86_64;d"]
    listed = Target("packagekit", ("hello",), {"hello": frozenset({"2.12-1"})})
    assert preferred_refs(backend, refs, listed) == ["hello;2.12-1;x86_64;backports"]
    # no listed version matches, or none listed: every reference of the name
    unlisted = Target("packagekit", ("hello",), {"hello": frozenset({"9"})})
    assert preferred_refs(backend, refs, unlisted) == refs[:2]
    assert preferred_refs(backend, refs[:1], listed) == refs[:1]


# -- the sentences ---------------------------------------------------------------------------


def test_every_kind_has_one_neutral_sentence_and_only_failed_shows_details() -> None:
    assert set(SENTENCES) == {kind.value for kind in ErrorKind}
    for sentence in SENTENCES.values():
        assert "PackageKit" not in sentence and "Flatpak" not in sentence
    assert error_sentence("no-such-kind") == error_sentence(ErrorKind.FAILED)
    assert describe_error(ErrorKind.NETWORK, "E: 404") == error_sentence(ErrorKind.NETWORK)
    failed = describe_error(ErrorKind.FAILED, "dpkg\n  was interrupted")
    assert failed == f"{error_sentence(ErrorKind.FAILED)} (dpkg was interrupted)"
    assert describe_error(ErrorKind.LOCKED, translate=str.upper).isupper()


# -- the job loop and the registry -------------------------------------------------------------


@pytest.mark.parametrize(("given", "shown"), [(None, -1), (-5, 0), (0, 0), (42, 42), (101, 100)])
def test_clamp_percent(given: int | None, shown: int) -> None:
    assert clamp_percent(given) == shown


def test_registry_seeds_from_the_snapshot_and_tells_subscribers() -> None:
    registry = AppRegistry()
    heard: list[str] = []
    unsubscribe = registry.subscribe(heard.append)
    registry.register("a", "A", [Package("pa")])
    registry.register("b", "B", [Package("pb")])
    assert registry.state_of("a") == (AppState.UNKNOWN, -1)
    registry.set_snapshot(frozenset({"pa"}))
    assert registry.get("a").state is AppState.INSTALLED
    assert registry.get("b").state is AppState.AVAILABLE
    assert heard == ["a", "b"]
    # a card's summary does not replace the app page's packages (with their versions)
    registry.register("a", "A card", [Package("other")], replace_packages=False)
    assert registry.get("a").package_names == ("pa",) and registry.get("a").name == "A"
    # a running change keeps its state when a source answers; the answer is kept
    registry.set_progress("b", state=AppState.INSTALLING, percent=30, status=Status.DOWNLOADING)
    registry.set_installed_from("b", ["packagekit"])
    assert registry.get("b").busy and registry.get("b").installed_from == ("packagekit",)
    registry.finish("b", AppState.INSTALLED)
    assert registry.state_of("b") == (AppState.INSTALLED, -1)
    registry.set_installed_from("b", [])
    assert registry.get("b").state is AppState.AVAILABLE
    unsubscribe()
    registry.mark_installed(["c"])
    assert registry.get("c").state is AppState.INSTALLED and "c" not in heard


# -- against the real daemon -------------------------------------------------------------------


@pytest.fixture
def backend(packagekit_bus: str) -> Iterator[object]:
    from appcenter_qt.backends.packagekit import PackageKitBackend

    source = PackageKitBackend(packagekit_bus, interactive=False)
    yield source
    asyncio.run(source.aclose())


FOOBAR = Target("packagekit", ("foobar",))


def test_plan_resolves_and_simulates_naming_the_other_changes(backend) -> None:  # type: ignore[no-untyped-def]
    planned = asyncio.run(plan(backend, FOOBAR, INSTALL))
    assert [backend.parse_ref(ref).name for ref in planned.refs] == ["foobar"]
    extra = {(backend.parse_ref(ref).name, state) for ref, state in planned.extra}
    assert ("gtk2", PackageState.INSTALLING) in extra
    assert ("powertop", PackageState.REMOVING) in extra
    assert all(name != "foobar" for name, _ in extra)
    glib = asyncio.run(plan(backend, Target("packagekit", ("glib2",)), INSTALL))
    assert glib.refs == () and glib.nothing == "installed"
    gone = asyncio.run(plan(backend, Target("packagekit", ("foobar",)), REMOVE))
    assert gone.nothing == "not-installed"


def test_run_change_asks_then_installs_with_clamped_progress(backend) -> None:  # type: ignore[no-untyped-def]
    asked: list[int] = []
    percents: list[int] = []

    async def decline(planned):  # type: ignore[no-untyped-def]
        asked.append(len(planned.extra))
        return False

    declined = asyncio.run(run_change(backend, FOOBAR, INSTALL, confirm=decline))
    assert declined.declined and not declined.success and asked and declined.job is None

    async def accept(planned):  # type: ignore[no-untyped-def]
        return True

    def progress(percent: int, event: ProgressEvent) -> None:
        percents.append(percent)

    done = asyncio.run(run_change(backend, FOOBAR, INSTALL, confirm=accept, on_progress=progress))
    assert done.success and done.error == "", done
    assert percents and all(-1 <= p <= 100 for p in percents) and max(percents) == 100


def test_a_failed_removal_comes_back_by_kind(backend) -> None:  # type: ignore[no-untyped-def]
    failed = asyncio.run(run_change(backend, Target("packagekit", ("glib2",)), REMOVE))
    assert not failed.success and failed.error == ErrorKind.NETWORK
    # the dummy daemon refuses even the simulation of a removal: nothing ran
    assert failed.plan.refs == () and failed.job is None


def test_installed_sources_and_collect(backend) -> None:  # type: ignore[no-untyped-def]
    wanted = {
        "glib": route({}, [Package("glib2")]),
        "foo": route({}, [Package("foobar")]),
    }
    assert asyncio.run(installed_sources({"packagekit": backend}, wanted)) == {
        "glib": ("packagekit",),
        "foo": (),
    }
    job = asyncio.run(collect(backend.resolve(["glib2"], installed_only=True)))
    assert job.success and job.finished is not None
    assert [backend.parse_ref(r).name for r in job.package_ids(PackageState.INSTALLED)] == ["glib2"]
