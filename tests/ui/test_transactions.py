"""Install and remove from the app page through the real PackageKit daemon (dummy backend)
on a private system bus: progress, confirmation of extra changes, cancel, error banners.

The dummy backend's ``foobar`` installs in about ten seconds and its simulation also
installs, removes and downgrades other packages (so the confirmation shows); ``glib2`` is
installed; removing anything fails with a network error; the ``test_fail`` backend fails
every transaction. The session daemon is shared with other suites and queues transactions,
so waits are generous: a queued transaction is "Waiting", not failed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("dbus_next")

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.domain import Application, LocalizedText, Package
from appcenter_qt.models.app_list import AppRole
from appcenter_qt.models.job_texts import error_message
from tests.models.catalogs import write_generated_catalog
from tests.ui.test_scenes import find, visible_texts

FOOBAR = Application(
    id="org.example.Foobar",
    name=LocalizedText.untranslated("Foobar"),
    summary=LocalizedText.untranslated("The dummy daemon's installable package"),
    categories=("Utility",),
    packages=(Package("foobar", "1.1.0", "i386", "debian"),),
)
GLIB = Application(
    id="org.example.Glib",
    name=LocalizedText.untranslated("GLib Viewer"),
    summary=LocalizedText.untranslated("Shipped by the installed glib2 package"),
    categories=("Utility",),
    packages=(Package("glib2", "2.14.0", "i386", "fedora"),),
)


@pytest.fixture(scope="module")
def pk_catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pk") / "appcenter.sqlite"
    return write_generated_catalog(path, 5, extra=(FOOBAR, GLIB))


def _open(make_center, catalog: Path, app_id: str, address: str | None = None):  # type: ignore[no-untyped-def]
    backend = PackageKitBackend(address)
    return make_center(backend=backend, reason="", catalog=str(catalog), page=f"app:{app_id}")


def test_install_confirms_extras_shows_progress_and_ends_installed(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, qtbot, pk_catalog, output_dir
) -> None:
    center = _open(make_center, pk_catalog, FOOBAR.id)
    actions = center.transactions
    qtbot.waitUntil(lambda: actions.state == "available", timeout=60000)  # Resolve answered
    # Version and size come from the daemon (Resolve + GetDetails), not from the catalog.
    qtbot.waitUntil(lambda: center.package_details.versions == ["foobar 1.1.0"], timeout=60000)
    qtbot.waitUntil(lambda: center.package_details.sizeText != "", timeout=60000)
    install = find(center, "installButton")
    assert install.isVisible() and install.property("enabled")
    install.metaObject().invokeMethod(install, "click")
    # The simulation pulls in, removes and downgrades other packages: the user is asked.
    qtbot.waitUntil(lambda: actions.confirmationAppId == FOOBAR.id, timeout=60000)
    changes = actions.confirmationPackages
    assert any(line.startswith("gtk2 ") and "installed" in line for line in changes)
    assert any(line.startswith("powertop ") and "removed" in line for line in changes)
    assert find(center, "confirmDialog").property("visible")
    center.save_screenshot(output_dir / "install-confirm.png")
    actions.confirm()
    qtbot.waitUntil(lambda: actions.percent >= 20, timeout=60000)
    assert actions.running and actions.state == "installing"
    assert find(center, "progressPanel").isVisible()
    assert not install.isVisible()
    assert actions.statusText in ("Downloading", "Installing")
    assert actions.runningCount == 1
    center.save_screenshot(output_dir / "install-progress.png")
    with qtbot.waitSignal(actions.finished, timeout=90000) as done:
        pass
    assert done.args == [FOOBAR.id, "install", True]
    assert actions.state == "installed" and not actions.running
    assert actions.errorText == ""
    qtbot.waitUntil(lambda: find(center, "removeButton").isVisible(), timeout=5000)
    center.save_screenshot(output_dir / "install-done.png")
    # Back on the grid, the card says so too.
    center.navigation.back()
    row = center.apps.loaded_ids().index(FOOBAR.id)
    assert center.apps.data(center.apps.index(row, 0), AppRole.APP_STATE) == "installed"


def test_cancel_stops_the_install_without_an_error(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, qtbot, pk_catalog
) -> None:
    center = _open(make_center, pk_catalog, FOOBAR.id)
    actions = center.transactions
    qtbot.waitUntil(lambda: actions.state == "available", timeout=60000)
    actions.install(FOOBAR.id)
    qtbot.waitUntil(lambda: actions.confirmationAppId == FOOBAR.id, timeout=60000)
    actions.confirm()
    qtbot.waitUntil(lambda: actions.percent >= 2, timeout=60000)
    with qtbot.waitSignal(actions.finished, timeout=90000) as done:
        actions.cancel(FOOBAR.id)
    assert done.args == [FOOBAR.id, "install", False]
    assert actions.errorText == ""  # the user cancelled: nothing to report
    assert actions.state == "available"
    assert find(center, "installButton").isVisible()


def test_declining_the_extra_changes_installs_nothing(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, qtbot, pk_catalog
) -> None:
    center = _open(make_center, pk_catalog, FOOBAR.id)
    actions = center.transactions
    qtbot.waitUntil(lambda: actions.state == "available", timeout=60000)
    actions.install(FOOBAR.id)
    qtbot.waitUntil(lambda: actions.confirmationAppId == FOOBAR.id, timeout=60000)
    with qtbot.waitSignal(actions.finished, timeout=60000) as done:
        actions.decline()
    assert done.args == [FOOBAR.id, "install", False]
    assert actions.state == "available" and actions.errorText == ""


def test_remove_failure_shows_the_network_banner(  # type: ignore[no-untyped-def]
    packagekit_bus, make_center, qtbot, pk_catalog, output_dir
) -> None:
    center = _open(make_center, pk_catalog, GLIB.id)
    actions = center.transactions
    qtbot.waitUntil(lambda: actions.state == "installed", timeout=60000)
    # The grid asked for the installed state of every card it loaded (Resolve, installed).
    row = center.apps.loaded_ids().index(GLIB.id)
    index = center.apps.index(row, 0)
    qtbot.waitUntil(lambda: center.apps.data(index, AppRole.APP_STATE) == "installed")
    other = center.apps.index(center.apps.loaded_ids().index(FOOBAR.id), 0)
    qtbot.waitUntil(lambda: center.apps.data(other, AppRole.APP_STATE) == "available")
    remove = find(center, "removeButton")
    qtbot.waitUntil(remove.isVisible, timeout=5000)
    with qtbot.waitSignal(actions.finished, timeout=90000) as done:
        remove.metaObject().invokeMethod(remove, "click")
    assert done.args == [GLIB.id, "remove", False]
    assert actions.errorText == error_message("network")
    assert actions.state == "installed"  # nothing changed
    qtbot.waitUntil(lambda: actions.errorText in visible_texts(center), timeout=5000)
    center.save_screenshot(output_dir / "error-banner.png")
    actions.clearError()
    assert actions.errorText == ""


def test_backend_that_finds_nothing_shows_a_banner(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, pk_catalog
) -> None:
    # test_fail resolves no package at all: the app's package is "not found".
    stack = packagekit_stack("test_fail")
    center = _open(make_center, pk_catalog, FOOBAR.id, stack.address)
    actions = center.transactions
    with qtbot.waitSignal(actions.finished, timeout=90000) as done:
        actions.install(FOOBAR.id)
    assert done.args[2] is False
    assert actions.errorText == error_message("not-found")
    assert not actions.running


def test_polkit_refusal_shows_not_authorized(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, pk_catalog, output_dir
) -> None:
    stack = packagekit_stack("dummy", polkit="mock")  # the mock polkit allows nothing
    center = _open(make_center, pk_catalog, FOOBAR.id, stack.address)
    actions = center.transactions
    qtbot.waitUntil(lambda: actions.state == "available", timeout=60000)
    actions.install(FOOBAR.id)
    qtbot.waitUntil(lambda: actions.confirmationAppId == FOOBAR.id, timeout=60000)
    with qtbot.waitSignal(actions.finished, timeout=90000):
        actions.confirm()
    assert actions.errorText == error_message("not-authorized"), actions.errorText
    assert actions.state == "available"
    center.save_screenshot(output_dir / "error-not-authorized.png")


def test_missing_daemon_shows_a_banner(packagekit_stack, make_center, qtbot, pk_catalog) -> None:  # type: ignore[no-untyped-def]
    stack = packagekit_stack(daemon=False)
    center = _open(make_center, pk_catalog, FOOBAR.id, stack.address)
    with qtbot.waitSignal(center.transactions.finished, timeout=90000):
        center.transactions.install(FOOBAR.id)
    assert center.transactions.errorText == error_message("daemon-missing")
