"""The window and ``appcenter-apps`` follow one rule set (services/install.py): for the same
application in the same catalog, against the same real packagekitd (dummy backend), they pick
the same source and packages and show the same other changes of the simulation before
anything runs. The window's registry carries the state the pages read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain.backend import PackageState
from appcenter_qt.domain.package_ref import PackageRef
from appcenter_qt.domain.state import AppState
from appcenter_qt.models.job_texts import change_text
from appcenter_qt.models.transactions_model import TransactionsModel
from appcenter_qt.services.source_set import SourceSet
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher
from tests.catalog.conftest import simple_app, write_catalog
from tests.cli.test_apps_cli import apps

APP = "org.example.Foobar"


@pytest.fixture
def catalog_file(tmp_path: Path) -> Path:
    return write_catalog(
        tmp_path / "appcenter.sqlite", [simple_app(APP, "Foobar", package="foobar")]
    )


@pytest.fixture
def window(packagekit_bus: str, catalog_file: Path) -> Iterator[tuple]:  # type: ignore[type-arg]
    loop = AsyncLoopThread()
    sources = SourceSet(built={"packagekit": PackageKitBackend(packagekit_bus)})
    catalog = Catalog(catalog_file, "C")
    model = TransactionsModel(sources, loop, GuiDispatcher())
    model.set_catalog_meta(catalog.meta())
    try:
        yield model, catalog
    finally:
        loop.cancel_all()
        loop.submit(sources.aclose()).result(timeout=10)
        loop.stop()
        catalog.close()


def cli_dry_run(address: str, catalog: Path) -> dict:  # type: ignore[type-arg]
    result = apps(address, "install", APP, "--dry-run", "--json", "--catalog", str(catalog))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_the_window_and_the_cli_choose_and_simulate_alike(  # type: ignore[no-untyped-def]
    window, qtbot, packagekit_bus: str, catalog_file: Path
) -> None:
    model, catalog = window
    cli = cli_dry_run(packagekit_bus, catalog_file)
    assert cli["source"] == "packagekit" and cli["packages"] == ["foobar"]
    assert cli["also_changes"], "the dummy daemon's simulation changes other packages"

    app = catalog.get(APP)
    assert app is not None
    model.register_application(app)
    assert next(iter(model.routes(APP))) == cli["source"]  # the same source, first
    heard: list[str] = []
    model.registry.subscribe(heard.append)
    finished: list[tuple[str, str, bool]] = []
    model.finished.connect(lambda *args: finished.append(args))
    with qtbot.waitSignal(model.confirmationChanged, timeout=60000):
        model.install(APP)
    assert model.registry.get(APP).state is AppState.INSTALLING and APP in heard
    # the question lists exactly what the CLI printed, in the window's words
    expected = [
        change_text(PackageRef("", item["package"], item["version"]), PackageState(item["change"]))
        for item in cli["also_changes"]
    ]
    assert model.confirmationAppId == APP and model.confirmationAction == "install"
    assert sorted(model.confirmationPackages) == sorted(expected)
    model.decline()
    qtbot.waitUntil(lambda: bool(finished), timeout=60000)
    assert finished == [(APP, "install", False)] and model.errorText == ""
    assert model.registry.get(APP).state is not AppState.INSTALLING
