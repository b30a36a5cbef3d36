"""The one application list model: every list answers the shared roles the same way, with
state and progress from the one registry, and redraws only the row whose state changed."""

from __future__ import annotations

from PySide6.QtTest import QAbstractItemModelTester

from appcenter_qt.domain import ApplicationSummary, Package
from appcenter_qt.domain.state import AppState
from appcenter_qt.models.app_list import AppRole
from appcenter_qt.models.home_model import ShelfModel
from appcenter_qt.models.installed_model import InstalledApp, InstalledModel
from appcenter_qt.services.registry import AppRegistry
from appcenter_qt.ui.async_bridge import GuiDispatcher

FATAL = QAbstractItemModelTester.FailureReportingMode.Fatal
SHARED = (AppRole.APP_ID, AppRole.NAME, AppRole.ICON_URL, AppRole.APP_STATE, AppRole.PROGRESS)


def _installed(worker) -> InstalledModel:  # type: ignore[no-untyped-def]
    model = InstalledModel(worker, None, None, GuiDispatcher(), application_dirs=lambda: [])
    model.reset_rows(
        [InstalledApp("org.example.Tool", "Tool", desktop_id="tool.desktop", package_names=("t",))]
    )
    return model


def test_every_application_list_binds_the_same_role_names(qapp, worker) -> None:  # type: ignore[no-untyped-def]
    shelf, installed = ShelfModel(), _installed(worker)
    for model in (shelf, installed):
        names = {int(k): bytes(v.data()) for k, v in model.roleNames().items()}
        assert names[AppRole.APP_ID] == b"appId"
        assert names[AppRole.ICON_URL] == b"iconUrl"
        assert names[AppRole.APP_STATE] == b"appState"
        assert names[AppRole.SIZE_TEXT] == b"sizeText"
    assert shelf.roleNames() == installed.roleNames()


def test_state_and_progress_come_from_the_registry_and_redraw_one_row(qtbot, worker) -> None:  # type: ignore[no-untyped-def]
    registry = AppRegistry()
    shelf = ShelfModel()
    QAbstractItemModelTester(shelf, FATAL)
    shelf.follow(registry)
    shelf.set_apps(
        [
            ApplicationSummary("org.example.A", "A", "a"),
            ApplicationSummary("org.example.B", "B", "b"),
        ]
    )
    installed = _installed(worker)
    installed.follow(registry)
    models = (shelf, installed)

    # Unknown to the registry: a card says so, the Installed page's row is installed.
    assert shelf.data(shelf.index(1, 0), AppRole.APP_STATE) == "unknown"
    assert installed.data(installed.index(0, 0), AppRole.APP_STATE) == "installed"

    registry.register("org.example.B", "B", [Package("b")])
    with qtbot.waitSignal(shelf.dataChanged) as changed:
        registry.set_progress("org.example.B", state=AppState.INSTALLING, percent=40)
    top, bottom, roles = changed.args
    assert (top.row(), bottom.row()) == (1, 1)
    assert set(roles) == {AppRole.APP_STATE, AppRole.PROGRESS}
    assert shelf.data(shelf.index(1, 0), AppRole.APP_STATE) == "installing"
    assert shelf.data(shelf.index(1, 0), AppRole.PROGRESS) == 40
    assert shelf.data(shelf.index(0, 0), AppRole.APP_STATE) == "unknown"

    with qtbot.waitSignal(installed.dataChanged):
        registry.set_progress("org.example.Tool", state=AppState.REMOVING, percent=7)
    for model in models:
        for role in SHARED:
            assert model.data(model.index(0, 0), role) is not None, (model, role)
    assert installed.data(installed.index(0, 0), AppRole.APP_STATE) == "removing"
    assert installed.data(installed.index(0, 0), AppRole.PROGRESS) == 7
    assert installed.data(installed.index(0, 0), AppRole.ICON_URL).endswith("org.example.Tool/64")
    # A role the rows do not have is None, not another row's value.
    assert installed.data(installed.index(0, 0), AppRole.RATING) is None
