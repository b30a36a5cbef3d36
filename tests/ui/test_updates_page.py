"""The Updates page over the real PackageKit daemon (dummy backend) on a private system bus.

The dummy daemon offers three updates: ``gtkhtml2`` (security), ``powertop`` and a
``kernel`` bugfix whose details ask for a system restart. Its ``UpdatePackages`` takes about
20 s, ignores the simulate flag and keeps state: the first update job (simulated or not)
reports all three packages and "updates" them, later ones report nothing. So every test here
starts its own daemon (``packagekit_stack``); the shared one stays untouched for other suites.
Screenshots land in ``$APPCENTER_TEST_OUTPUT/ui`` and were looked at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("dbus_next")

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from appcenter_qt.app import scene_items
from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.domain import Application, LocalizedText, Package
from appcenter_qt.domain.backend import ErrorKind
from appcenter_qt.domain.state import AppState
from appcenter_qt.models.job_texts import error_message
from appcenter_qt.models.update_rows import GROUP_ID
from tests.models.catalogs import write_generated_catalog
from tests.ui.scene_text import visible_texts
from tests.ui.test_scenes import find

HTML_VIEWER = Application(
    id="org.example.HtmlViewer",
    name=LocalizedText({"C": "HTML Viewer", "de": "HTML-Betrachter"}),
    summary=LocalizedText.untranslated("Shows web pages offline"),
    categories=("Network",),
    packages=(Package("gtkhtml2", "2.18", "i386", "fedora"),),
)
POWERTOP = Application(
    id="org.example.Powertop",
    name=LocalizedText.untranslated("Powertop"),
    summary=LocalizedText.untranslated("Find out what uses your battery"),
    categories=("System",),
    packages=(Package("powertop", "1.7-1.fc8", "i386", "fedora"),),
)
GTKHTML = "gtkhtml2;2.19.1-4.fc8;i386;fedora"
POWERTOP_ID = "powertop;1.8-1.fc8;i386;fedora"
KERNEL = "kernel;2.6.23-0.115.rc3.git1.fc8;i386;installed"
LONG = 90_000  # ms: one dummy update job takes 20 s, and a fresh daemon starts first


@pytest.fixture(scope="module")
def two_apps(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("updates") / "appcenter.sqlite"
    return write_generated_catalog(path, 3, extra=(HTML_VIEWER, POWERTOP))


@pytest.fixture(scope="module")
def one_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Only gtkhtml2 is an application: powertop and the kernel are infrastructure."""
    path = tmp_path_factory.mktemp("updates1") / "appcenter.sqlite"
    return write_generated_catalog(path, 3, extra=(HTML_VIEWER,))


def _open(make_center, stack, catalog: Path, page: str = "updates"):  # type: ignore[no-untyped-def]
    backend = PackageKitBackend(stack.address)
    return make_center(backend=backend, reason="", catalog=str(catalog), page=page)


def _item(center, name: str):  # type: ignore[no-untyped-def]
    """An item by objectName, delegates included (they are not QObject children of the
    window, so ``findChild`` misses them)."""
    for item in scene_items(center.window.contentItem()):
        if item.objectName() == name:
            return item
    raise AssertionError(f"no item named {name}")


def _wait_item(qtbot, center, name: str):  # type: ignore[no-untyped-def]
    """The item once the list has made its delegate (inserted rows appear on the next
    layout, not at once)."""
    qtbot.waitUntil(
        lambda: any(i.objectName() == name for i in scene_items(center.window.contentItem())),
        timeout=5000,
    )
    return _item(center, name)


def _ready_to_update(make_center, stack, catalog: Path, qtbot, *, live: bool = True):  # type: ignore[no-untyped-def]
    """Opened on the home page (so no simulation queues ahead of the update), with the
    three dummy updates grouped; ``finished`` collects the model's finished signals.
    ``live``: system packages update at once (the setting; offline is the default, and
    tests/ui/test_offline_updates.py runs that way)."""
    center = _open(make_center, stack, catalog, page="home")
    updates = center.updates
    updates.offline.offline = not live
    qtbot.waitUntil(lambda: updates.state == "ready" and updates.count == 3, timeout=LONG)
    finished: list[tuple[bool, int]] = []
    updates.finished.connect(lambda ok, n: finished.append((ok, n)))
    return center, finished


def _check_state(row) -> str:  # type: ignore[no-untyped-def]
    return str(row.check_state)


def test_updates_grouped_collapsed_group_tri_state_and_security_badge(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, one_app, output_dir
) -> None:
    center = _open(make_center, packagekit_stack(), one_app)
    updates = center.updates
    qtbot.waitUntil(lambda: updates.state == "ready", timeout=LONG)
    rows = updates.rows()
    assert [(row.kind, row.ident) for row in rows] == [
        ("app", HTML_VIEWER.id),
        ("group", GROUP_ID),
    ]
    viewer, group = rows
    assert viewer.severity == "security" and viewer.name == "HTML Viewer"
    assert (viewer.installed_version, viewer.new_version) == ("2.18.1-22.fc8", "2.19.1-4.fc8")
    assert viewer.whats_new  # GetUpdateDetail's text
    assert group.package_count == 2 and not group.expanded
    assert updates.count == 2 and updates.securityCount == 1
    # What the check found is every page's state (the registry): the card says so too.
    registry = center.transactions.registry
    assert registry.updatable() == {HTML_VIEWER.id}
    assert registry.get(HTML_VIEWER.id).state is AppState.UPDATABLE
    assert registry.get(POWERTOP.id).state is not AppState.UPDATABLE  # a system package
    # The sidebar badge shows the count, in red because a security fix waits.
    badge = find(center, "updatesBadge")
    assert badge.isVisible()
    assert str(badge.property("color").name()) == "#da4453"
    texts = visible_texts(center)
    assert "Security" in texts and "HTML Viewer" in texts and "System infrastructure" in texts
    # Collapsed: the packages are not rows yet.
    assert "kernel" not in texts and updates.row_of(KERNEL) == -1
    center.save_screenshot(output_dir / "updates-collapsed.png")

    updates.toggleExpanded(GROUP_ID)
    qtbot.waitUntil(lambda: updates.row_of(KERNEL) > 0, timeout=5000)
    qtbot.waitUntil(lambda: "kernel" in visible_texts(center), timeout=5000)
    assert {row.ident for row in updates.rows() if row.kind == "package"} == {KERNEL, POWERTOP_ID}
    # Tri-state: one package unticked makes the group partial; the group ticks as one lump.
    updates.toggle(KERNEL)
    group_row = updates.rows()[updates.row_of(GROUP_ID)]
    assert _check_state(group_row) == "partial"
    check = _wait_item(qtbot, center, f"check:{GROUP_ID}")
    partial = Qt.CheckState.PartiallyChecked
    qtbot.waitUntil(lambda: Qt.CheckState(check.property("checkState")) == partial, timeout=5000)
    center.save_screenshot(output_dir / "updates-expanded-partial.png")
    updates.toggle(GROUP_ID)
    assert _check_state(updates.rows()[updates.row_of(GROUP_ID)]) == "checked"
    assert updates.selectedPackages == 3
    updates.toggle(GROUP_ID)
    assert _check_state(updates.rows()[updates.row_of(GROUP_ID)]) == "unchecked"
    assert all(_check_state(r) == "unchecked" for r in updates.rows() if r.kind == "package")


def test_keyboard_ticks_rows_and_opens_the_group(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, one_app
) -> None:
    center = _open(make_center, packagekit_stack(), one_app)
    updates = center.updates
    qtbot.waitUntil(lambda: updates.state == "ready", timeout=LONG)
    listing = _item(center, "updatesList")
    listing.forceActiveFocus()
    qtbot.waitUntil(lambda: listing.hasActiveFocus(), timeout=5000)
    QTest.keyClick(center.window, Qt.Key.Key_Space)  # the first row: HTML Viewer
    assert _check_state(updates.rows()[0]) == "unchecked"
    QTest.keyClick(center.window, Qt.Key.Key_Down)
    QTest.keyClick(center.window, Qt.Key.Key_Return)  # the group opens
    qtbot.waitUntil(lambda: updates.row_of(KERNEL) > 0, timeout=5000)
    QTest.keyClick(center.window, Qt.Key.Key_Space)  # the group, as one lump
    assert _check_state(updates.rows()[updates.row_of(GROUP_ID)]) == "unchecked"
    assert updates.selectedPackages == 0


def test_core_desktop_split_shows_two_groups_ticked_as_lumps(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, one_app, output_dir
) -> None:
    # "The desktop" is the kernel and what it depends on (DependsOn on the dummy daemon).
    backend = PackageKitBackend(packagekit_stack().address)
    center = make_center(
        backend=backend, reason="", catalog=str(one_app), page="updates", core_desktop=("kernel",)
    )
    updates = center.updates
    qtbot.waitUntil(lambda: updates.state == "ready", timeout=LONG)
    assert [(row.kind, row.ident, row.name) for row in updates.rows()] == [
        ("app", HTML_VIEWER.id, "HTML Viewer"),
        ("group", "core-desktop", "Core desktop"),
        ("group", "base-platform", "Base platform"),
    ]
    assert updates.count == 3
    updates.toggle("core-desktop")  # one lump: the kernel only
    assert [(r.ident, r.check_state) for r in updates.rows() if r.kind == "group"] == [
        ("core-desktop", "unchecked"),
        ("base-platform", "checked"),
    ]
    updates.toggleExpanded("core-desktop")
    assert [r.ident for r in updates.rows()][2] == KERNEL
    qtbot.waitUntil(lambda: "Base platform" in visible_texts(center), timeout=5000)
    assert "Core desktop" in visible_texts(center)
    center.save_screenshot(output_dir / "updates-core-desktop.png")


def test_simulation_shows_what_an_application_update_pulls_in(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, two_apps, output_dir
) -> None:
    center = _open(make_center, packagekit_stack(), two_apps)
    updates = center.updates
    qtbot.waitUntil(lambda: updates.state == "ready", timeout=LONG)
    # The page is shown, so the security update (first row) is simulated first.
    viewer = updates.row_of(HTML_VIEWER.id)
    assert viewer == 0
    assert updates.rows()[viewer].pending
    assert "Checking what this update needs…" in visible_texts(center)
    qtbot.waitUntil(lambda: not updates.rows()[viewer].pending, timeout=LONG)
    # The dummy's update of gtkhtml2 also changes powertop (an application) and the kernel.
    assert updates.plan.requires[HTML_VIEWER.id] == {POWERTOP_ID, KERNEL}
    # Everything is ticked, so nothing is "also" updated yet.
    assert updates.rows()[viewer].pulls_in_count == 0
    updates.toggle(GROUP_ID)  # untick the group: the kernel is still pulled in
    updates.toggle(POWERTOP.id)  # untick Powertop: gtkhtml2's update takes it along
    row = updates.rows()[viewer]
    assert (row.pulls_in_count, row.pulls_in_apps) == (1, ("Powertop",))
    # Powertop's own row says it is updated anyway, and cannot be unticked on its own.
    powertop = updates.rows()[updates.row_of(POWERTOP.id)]
    assert powertop.locked and powertop.check_state == "checked"
    assert powertop.needed_by == ("HTML Viewer",)
    assert updates.selectedPackages == 3  # exactly gtkhtml2 + what it needs
    updates.toggleExpanded(GROUP_ID)
    kernel = updates.rows()[updates.row_of(KERNEL)]
    assert kernel.locked and kernel.needed_by == ("HTML Viewer",)
    group = updates.rows()[updates.row_of(GROUP_ID)]
    assert _check_state(group) == "unchecked" and group.pulled_count == 1
    qtbot.waitUntil(
        lambda: "Also updates 1 system component and Powertop" in visible_texts(center),
        timeout=5000,
    )
    texts = visible_texts(center)
    assert "Needed by HTML Viewer" in texts
    assert "1 of them needed by the selected applications" in texts
    assert not _wait_item(qtbot, center, f"check:{KERNEL}").property(
        "enabled"
    )  # locked: untick the app
    center.save_screenshot(output_dir / "updates-pull-in.png")
    # A locked package cannot be unticked on its own.
    updates.toggle(KERNEL)
    assert updates.rows()[updates.row_of(KERNEL)].locked


def test_update_all_shows_progress_then_the_restart_hint(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, two_apps, output_dir
) -> None:
    center, finished = _ready_to_update(make_center, packagekit_stack(), two_apps, qtbot)
    updates = center.updates
    updates.updateAll()  # before the page shows, so no simulation queues ahead of it
    center.navigation.showUpdates()
    assert updates.state == "updating"
    qtbot.waitUntil(lambda: updates.percent > 10, timeout=LONG)
    assert find(center, "updateProgress").isVisible()
    assert find(center, "cancelUpdateButton").isVisible()
    assert not find(center, "updateAllButton").property("enabled")
    assert updates.statusText in ("Downloading", "Installing", "Waiting")
    center.save_screenshot(output_dir / "updates-progress.png")
    qtbot.waitUntil(lambda: bool(finished), timeout=LONG)
    assert finished == [(True, 3)]
    assert updates.resultText == "The updates were installed."
    # The kernel's update details ask for a restart of the system.
    assert updates.restartText == "Restart the computer to finish installing the updates."
    # Checked again afterwards: the dummy has nothing left to update.
    qtbot.waitUntil(lambda: updates.state == "ready" and updates.count == 0, timeout=LONG)
    qtbot.waitUntil(lambda: "Your system is up to date." in visible_texts(center), timeout=5000)
    assert find(center, "restartHint").isVisible()
    assert not find(center, "updatesBadge").isVisible()
    center.save_screenshot(output_dir / "updates-done-restart.png")


def test_cancel_stops_the_update_and_keeps_the_updates(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, two_apps
) -> None:
    center, finished = _ready_to_update(make_center, packagekit_stack(), two_apps, qtbot)
    updates = center.updates
    updates.updateSelected()
    qtbot.waitUntil(lambda: updates.percent > 0, timeout=LONG)
    updates.cancel()
    qtbot.waitUntil(lambda: bool(finished), timeout=LONG)
    assert finished[0][0] is False
    assert updates.resultText == "The update was cancelled."
    assert updates.errorText == ""  # a cancel the person asked for is not an error
    assert updates.restartText == ""


def test_a_denied_authorization_is_one_sentence_and_keeps_the_updates(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, two_apps, output_dir
) -> None:
    stack = packagekit_stack("dummy", polkit="mock")  # the mock polkit allows nothing
    center, finished = _ready_to_update(make_center, stack, two_apps, qtbot)
    updates = center.updates
    center.navigation.showUpdates()
    updates.updateAll()
    qtbot.waitUntil(lambda: bool(finished), timeout=LONG)
    assert finished == [(False, 3)]
    assert updates.errorText == "You are not allowed to install updates."
    assert updates.resultText == ""
    # Looked for again afterwards: nothing was updated, so all three are still offered.
    qtbot.waitUntil(lambda: updates.state == "ready" and updates.count == 3, timeout=LONG)
    assert updates.errorText == "You are not allowed to install updates."  # kept until dismissed
    qtbot.waitUntil(lambda: find(center, "updatesError").isVisible(), timeout=5000)
    center.save_screenshot(output_dir / "updates-denied.png")
    updates.clearError()
    assert updates.errorText == ""


def test_a_missing_daemon_gives_one_clear_error(  # type: ignore[no-untyped-def]
    packagekit_stack, make_center, qtbot, two_apps, output_dir
) -> None:
    stack = packagekit_stack(daemon=False)  # a system bus without packagekitd
    center = _open(make_center, stack, two_apps)
    updates = center.updates
    qtbot.waitUntil(lambda: updates.state == "failed", timeout=LONG)
    assert updates.errorText == error_message(ErrorKind.DAEMON_MISSING)
    assert find(center, "updatesError").isVisible()
    assert "Could not look for updates." in visible_texts(center)
    assert not find(center, "offlineError").isVisible()  # one error, not one per step
    assert not find(center, "updatesBadge").isVisible()
    center.save_screenshot(output_dir / "updates-failed.png")


def test_without_a_backend_the_page_says_why(make_center, two_apps) -> None:  # type: ignore[no-untyped-def]
    center = make_center(catalog=str(two_apps), page="updates")
    assert not center.updates.available
    assert "Updates need a package manager, and none is available." in visible_texts(center)
    assert not find(center, "refreshButton").isVisible()
