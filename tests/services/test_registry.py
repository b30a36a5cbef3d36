"""The registry's "updatable": what the update check found is every page's state, and no
other fact (a source's answer, a finished change, the snapshot) loses or invents it."""

from __future__ import annotations

from appcenter_qt.domain import Package
from appcenter_qt.domain.backend import Status
from appcenter_qt.domain.state import AppState
from appcenter_qt.services.registry import AppRegistry


def _registry() -> tuple[AppRegistry, list[str]]:
    registry = AppRegistry()
    registry.register("a", "A", [Package("pa")])
    registry.register("b", "B", [Package("pb")])
    registry.register("c", "C", [Package("pc")])
    registry.set_snapshot(frozenset({"pa", "pb"}))
    heard: list[str] = []
    registry.subscribe(heard.append)
    return registry, heard


def test_the_update_check_marks_installed_apps_updatable_and_unmarks_the_rest() -> None:
    registry, heard = _registry()
    registry.set_updatable(["a"])
    assert registry.get("a").state is AppState.UPDATABLE
    assert registry.get("b").state is AppState.INSTALLED
    assert registry.get("c").state is AppState.AVAILABLE
    assert heard == ["a"]  # only the application whose state changed is redrawn
    assert registry.updatable() == {"a"}

    registry.set_updatable(["b"])  # the next check: a was updated, b has one now
    assert registry.get("a").state is AppState.INSTALLED
    assert registry.get("b").state is AppState.UPDATABLE
    assert heard == ["a", "a", "b"]
    registry.set_updatable([])
    assert {registry.get(x).state for x in "ab"} == {AppState.INSTALLED}


def test_an_update_for_an_app_the_registry_never_saw_means_it_is_installed() -> None:
    registry, _ = _registry()
    registry.set_updatable(["d"])  # the Updates page names it before any page showed it
    assert registry.get("d").state is AppState.UPDATABLE and registry.get("d").state.installed


def test_sources_snapshot_and_changes_keep_a_waiting_update() -> None:
    registry, _ = _registry()
    registry.set_updatable(["a", "b"])
    # a source says where it is installed: still updatable, not plain installed
    registry.set_installed_from("a", ["packagekit"])
    assert registry.get("a").state is AppState.UPDATABLE
    assert registry.get("a").installed_from == ("packagekit",)
    # a change in progress shows its own state; when it ends, the update shows again
    registry.set_progress("a", state=AppState.INSTALLING, percent=10, status=Status.DOWNLOADING)
    assert registry.get("a").state is AppState.INSTALLING
    registry.finish("a", AppState.INSTALLED, ("packagekit",))
    assert registry.state_of("a") == (AppState.UPDATABLE, -1)
    # removed: no update waits for it, and reinstalling it does not bring the old one back
    registry.finish("b", AppState.AVAILABLE, ())
    assert registry.get("b").state is AppState.AVAILABLE
    assert registry.updatable() == {"a"}
    registry.finish("b", AppState.INSTALLED, ("packagekit",))
    assert registry.get("b").state is AppState.INSTALLED
    # a removal running while the check answers keeps its state
    registry.set_progress("a", state=AppState.REMOVING)
    registry.set_updatable(["b"])
    assert registry.get("a").state is AppState.REMOVING
    assert registry.get("b").state is AppState.UPDATABLE


def test_the_check_is_newer_than_the_snapshot_and_a_source_newer_than_the_check() -> None:
    registry, _ = _registry()
    registry.set_updatable(["c"])  # the snapshot said c was not installed: it is now
    assert registry.get("c").state is AppState.UPDATABLE
    registry.set_installed_from("c", [])  # its source says it is gone: no update waits
    assert registry.get("c").state is AppState.AVAILABLE
    assert "c" not in registry.updatable()
    registry.set_updatable([])  # leaving the set does not make an available app installed
    assert registry.get("c").state is AppState.AVAILABLE


def test_installed_includes_updatable() -> None:
    assert AppState.INSTALLED.installed and AppState.UPDATABLE.installed
    assert not any(
        s.installed for s in AppState if s not in (AppState.INSTALLED, AppState.UPDATABLE)
    )
