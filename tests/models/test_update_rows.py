"""The Updates page's rows as tables: what each row says and ticks for a plan and selection.

Plain data in, plain rows out (no Qt): pull-in notes, the tri-state group, locked packages,
an application pulled in by another, progress.
"""

from __future__ import annotations

from appcenter_qt.domain.updates import (
    CheckState,
    PackageUpdate,
    Selection,
    UpdateKind,
    build_plan,
)
from appcenter_qt.models.update_rows import (
    APP,
    GROUP,
    GROUP_ID,
    PACKAGE,
    AppInfo,
    Progress,
    build_rows,
)

FIREFOX = PackageUpdate(
    "firefox-esr;115.6;amd64;main",
    UpdateKind.SECURITY,
    "Web browser",
    "115.5",
    name="firefox-esr",
    new_version="115.6",
)
NSS = PackageUpdate(
    "libnss3;3.87.1;amd64;main",
    UpdateKind.SECURITY,
    "NSS libraries",
    name="libnss3",
    new_version="3.87.1",
)
MINES = PackageUpdate(
    "gnome-mines;40.1;amd64;main",
    UpdateKind.BUGFIX,
    "Mines",
    name="gnome-mines",
    new_version="40.1",
)
GAMES = PackageUpdate(
    "libgnome-games;1.2;amd64;main",
    UpdateKind.NORMAL,
    "Games library",
    name="libgnome-games",
    new_version="1.2",
)
KERNEL = PackageUpdate(
    "linux-image;6.1.2;amd64;main",
    UpdateKind.BUGFIX,
    restart="system",
    name="linux-image",
    new_version="6.1.2",
)
APPS = {
    "firefox-esr": ("org.mozilla.firefox",),
    "gnome-mines": ("org.gnome.Mines",),
}
NAMES = {"org.mozilla.firefox": "Firefox", "org.gnome.Mines": "Mines"}


def _plan(requires=None):  # type: ignore[no-untyped-def]
    plan = build_plan([FIREFOX, NSS, MINES, GAMES, KERNEL], APPS, NAMES)
    return plan.with_requires(requires or {})


def _kinds(rows):  # type: ignore[no-untyped-def]
    return [(row.kind, row.ident) for row in rows]


def test_collapsed_everything_ticked_security_first() -> None:
    plan = _plan()
    rows = build_rows(
        plan,
        Selection.everything(plan),
        app_info={"org.mozilla.firefox": AppInfo("Browse", "image://x")},
    )
    assert _kinds(rows) == [
        (APP, "org.mozilla.firefox"),
        (APP, "org.gnome.Mines"),
        (GROUP, GROUP_ID),
    ]
    firefox, mines, group = rows
    assert firefox.severity == "security" and firefox.summary == "Browse"
    assert (firefox.installed_version, firefox.new_version) == ("115.5", "115.6")
    assert mines.severity == "bugfix" and mines.summary == ""
    assert group.check_state is CheckState.CHECKED
    assert (group.package_count, group.security_count) == (3, 1)
    assert group.severity == "security" and group.restart == "system"
    assert not group.expanded


def test_expanded_group_lists_its_packages_security_first() -> None:
    plan = _plan()
    rows = build_rows(plan, Selection.everything(plan), expanded={GROUP_ID})
    assert [row.ident for row in rows if row.kind == PACKAGE] == [
        NSS.package_id,
        KERNEL.package_id,
        GAMES.package_id,
    ]
    assert rows[2].expanded


def test_unticked_group_shows_what_the_selected_apps_pull_in() -> None:
    plan = _plan({"org.mozilla.firefox": [NSS.package_id], "org.gnome.Mines": [GAMES.package_id]})
    selection = Selection(frozenset({"org.mozilla.firefox"}))
    rows = {row.ident: row for row in build_rows(plan, selection, expanded={GROUP_ID})}
    assert rows["org.mozilla.firefox"].pulls_in_count == 1
    # Mines is not ticked, so what it would pull in is not pulled in.
    assert rows["org.gnome.Mines"].pulls_in_count == 0
    assert rows["org.gnome.Mines"].check_state is CheckState.UNCHECKED
    group = rows[GROUP_ID]
    assert group.check_state is CheckState.UNCHECKED and group.pulled_count == 1
    nss = rows[NSS.package_id]
    assert nss.check_state is CheckState.CHECKED and nss.locked
    assert nss.needed_by == ("Firefox",)
    games = rows[GAMES.package_id]
    assert games.check_state is CheckState.UNCHECKED and not games.locked
    assert games.needed_by == ()


def test_picking_packages_makes_the_group_partial_and_unlocks_them() -> None:
    plan = _plan({"org.mozilla.firefox": [NSS.package_id]})
    selection = Selection(frozenset({"org.mozilla.firefox"}), frozenset({NSS.package_id}))
    rows = {row.ident: row for row in build_rows(plan, selection, expanded={GROUP_ID})}
    assert rows[GROUP_ID].check_state is CheckState.PARTIAL
    # Picked by hand: ticked and not locked (the person may untick it again)…
    assert not rows[NSS.package_id].locked
    # …and no longer counted as pulled in by Firefox.
    assert rows["org.mozilla.firefox"].pulls_in_count == 0
    assert rows[GROUP_ID].pulled_count == 0


def test_an_application_pulled_in_by_another_is_named_on_its_row() -> None:
    plan = _plan({"org.mozilla.firefox": [MINES.package_id, NSS.package_id]})
    selection = Selection(frozenset({"org.mozilla.firefox"}))
    rows = {row.ident: row for row in build_rows(plan, selection)}
    assert rows["org.mozilla.firefox"].pulls_in_apps == ("Mines",)
    assert rows["org.mozilla.firefox"].pulls_in_count == 1
    # With Mines ticked as well, nothing is "also" updated on its behalf.
    both = Selection(frozenset({"org.mozilla.firefox", "org.gnome.Mines"}))
    rows = {row.ident: row for row in build_rows(plan, both)}
    assert rows["org.mozilla.firefox"].pulls_in_apps == ()


def test_pending_simulations_only_on_ticked_rows() -> None:
    plan = _plan()
    selection = Selection(frozenset({"org.gnome.Mines"}))
    rows = {row.ident: row for row in build_rows(plan, selection, pending=lambda _a: True)}
    assert rows["org.gnome.Mines"].pending
    assert not rows["org.mozilla.firefox"].pending


def test_progress_is_the_mean_of_the_rows_packages() -> None:
    plan = _plan()
    progress = {
        NSS.package_id: Progress(100, "Installing", True),
        KERNEL.package_id: Progress(50, "Installing"),
        FIREFOX.package_id: Progress(100, "", True),
    }
    rows = {
        row.ident: row
        for row in build_rows(
            plan, Selection.everything(plan), expanded={GROUP_ID}, progress=progress
        )
    }
    assert rows["org.mozilla.firefox"].done and rows["org.mozilla.firefox"].percent == 100
    group = rows[GROUP_ID]
    assert group.percent == (100 + 50 + 0) // 3 and not group.done
    assert group.status == "Installing"
    assert rows[NSS.package_id].done and rows[GAMES.package_id].percent == -1


def test_no_updates_no_rows_and_no_group_without_infrastructure() -> None:
    assert build_rows(build_plan([], APPS), Selection()) == []
    only_app = build_plan([FIREFOX], APPS, NAMES)
    assert _kinds(build_rows(only_app, Selection.everything(only_app))) == [
        (APP, "org.mozilla.firefox")
    ]


def test_an_application_carried_along_is_ticked_locked_and_says_by_whom() -> None:
    plan = _plan({"org.mozilla.firefox": [MINES.package_id]})
    selection = Selection(frozenset({"org.mozilla.firefox"}))
    rows = {row.ident: row for row in build_rows(plan, selection)}
    mines = rows["org.gnome.Mines"]
    assert mines.check_state is CheckState.CHECKED and mines.locked
    assert mines.needed_by == ("Firefox",)
    assert not rows["org.mozilla.firefox"].locked


def test_the_core_desktop_split_gives_two_group_rows_ticked_separately() -> None:
    plan = _plan().with_desktop({"linux-image", "libgnome-games"})
    assert [g.key for g in plan.groups] == ["core-desktop", "base-platform"]
    assert plan.count == 4  # two apps, two groups
    titles = {"core-desktop": "Kerndesktop", "base-platform": "Basisplattform"}
    selection = Selection.everything(plan).set_packages(plan.groups[1].package_ids, False)
    rows = build_rows(plan, selection, expanded={"core-desktop"}, group_titles=titles)
    assert _kinds(rows)[2:] == [
        (GROUP, "core-desktop"),
        (PACKAGE, KERNEL.package_id),
        (PACKAGE, GAMES.package_id),
        (GROUP, "base-platform"),
    ]
    core, base = rows[2], rows[5]
    assert (core.name, core.check_state, core.package_count) == (
        "Kerndesktop",
        CheckState.CHECKED,
        2,
    )
    assert (base.name, base.check_state, base.severity) == (
        "Basisplattform",
        CheckState.UNCHECKED,
        "security",  # libnss3 is not part of the desktop
    )
    assert core.expanded and not base.expanded
