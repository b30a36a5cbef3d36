"""Update grouping, selection and pull-in, as tables of update sets → expected plans."""

from __future__ import annotations

import pytest

from appcenter_qt.domain.updates import (
    CheckState,
    PackageUpdate,
    Selection,
    UpdateKind,
    apps_included,
    build_plan,
    group_check_state,
    packages_to_update,
    pulled_in,
    split_infrastructure,
)


def pkg(name: str, kind: UpdateKind = UpdateKind.NORMAL, version: str = "2.0") -> PackageUpdate:
    return PackageUpdate(
        f"{name};{version};amd64;debian-main", kind, name=name, new_version=version
    )


CATALOG = {
    "firefox-esr": ["org.mozilla.firefox"],
    "gnome-mines": ["org.gnome.Mines"],
    "kdegames-data": ["org.kde.kmines", "org.kde.kpat"],  # one package, two apps
    "kpat": ["org.kde.kpat"],  # several packages, one app
    "libreoffice-core": ["org.libreoffice.Writer"],
}
NAMES = {
    "org.mozilla.firefox": "Firefox",
    "org.gnome.Mines": "Mines",
    "org.kde.kmines": "KMines",
    "org.kde.kpat": "KPatience",
    "org.libreoffice.Writer": "LibreOffice Writer",
}


def test_empty_updates_give_an_empty_plan() -> None:
    plan = build_plan([], CATALOG, NAMES)
    assert plan.is_empty
    assert plan.count == 0
    assert packages_to_update(plan, Selection.everything(plan)) == ()
    assert group_check_state(plan, Selection.everything(plan)) is CheckState.UNCHECKED


@pytest.mark.parametrize(
    ("updates", "rows", "infrastructure"),
    [
        # apps and unknown packages split; security sorts first, then by name
        (
            [pkg("gnome-mines"), pkg("libc6", UpdateKind.SECURITY), pkg("firefox-esr")],
            ["org.mozilla.firefox", "org.gnome.Mines"],
            ["libc6"],
        ),
        (
            [pkg("gnome-mines"), pkg("firefox-esr", UpdateKind.SECURITY)],
            ["org.mozilla.firefox", "org.gnome.Mines"],
            [],
        ),
        (
            [pkg("gnome-mines", UpdateKind.SECURITY), pkg("firefox-esr", UpdateKind.BUGFIX)],
            ["org.gnome.Mines", "org.mozilla.firefox"],
            [],
        ),
        # one package providing two apps gives two rows
        ([pkg("kdegames-data")], ["org.kde.kmines", "org.kde.kpat"], []),
        # infrastructure sorted security first, then name
        (
            [pkg("zlib1g"), pkg("dbus"), pkg("systemd", UpdateKind.SECURITY)],
            [],
            ["systemd", "dbus", "zlib1g"],
        ),
    ],
)
def test_rows_and_group(updates, rows, infrastructure) -> None:
    plan = build_plan(updates, CATALOG, NAMES)
    assert [row.app_id for row in plan.apps] == rows
    assert [p.name for p in plan.infrastructure.packages] == infrastructure
    assert plan.count == len(rows) + (1 if infrastructure else 0)


def test_several_packages_of_one_app_are_one_row_with_the_worst_kind() -> None:
    plan = build_plan(
        [pkg("kpat"), pkg("kdegames-data", UpdateKind.SECURITY)],
        {"kpat": ["org.kde.kpat"], "kdegames-data": ["org.kde.kpat"]},
        NAMES,
    )
    (row,) = plan.apps
    assert row.app_id == "org.kde.kpat"
    assert row.kind is UpdateKind.SECURITY
    assert {p.name for p in row.packages} == {"kpat", "kdegames-data"}


def test_update_kind_labels() -> None:
    # PackageKit's infos → UpdateKind is the source's mapping (backends/packagekit/vocabulary).
    assert UpdateKind.SECURITY.label == "security"
    assert max(UpdateKind) is UpdateKind.SECURITY


def test_duplicate_reports_merge_and_unknown_apps_use_their_id() -> None:
    plan = build_plan([pkg("gnome-mines"), pkg("gnome-mines")], CATALOG, {})
    assert [(row.app_id, row.name, len(row.packages)) for row in plan.apps] == [
        ("org.gnome.Mines", "org.gnome.Mines", 1)
    ]


def test_group_has_security_flag() -> None:
    assert not build_plan([pkg("dbus")], CATALOG).infrastructure.has_security
    assert build_plan(
        [pkg("dbus"), pkg("libssl3", UpdateKind.SECURITY)], CATALOG
    ).infrastructure.has_security


@pytest.fixture
def plan():
    updates = [
        pkg("firefox-esr", UpdateKind.SECURITY),
        pkg("gnome-mines"),
        pkg("libnss3", UpdateKind.SECURITY),
        pkg("libgtk-3-0"),
        pkg("systemd"),
        pkg("kdegames-data"),
        pkg("libreoffice-core"),
    ]
    plan = build_plan(updates, CATALOG, NAMES)
    ids = {p.name: p.package_id for p in updates}
    return plan.with_requires(
        {
            "org.mozilla.firefox": [ids["libnss3"], "libnotinplan;1;amd64;x"],
            "org.gnome.Mines": [ids["libgtk-3-0"]],
            # an app whose dependency is itself an app's package
            "org.libreoffice.Writer": [ids["kdegames-data"]],
        }
    ), ids


@pytest.mark.parametrize(
    ("apps", "infra", "expected_packages", "expected_pulled", "state"),
    [
        # one app: its own package plus exactly its dependency, nothing else of the group
        (["org.mozilla.firefox"], [], ["firefox-esr", "libnss3"], ["libnss3"], "unchecked"),
        (["org.gnome.Mines"], [], ["gnome-mines", "libgtk-3-0"], ["libgtk-3-0"], "unchecked"),
        # the group picked by hand: a pulled-in package is not "pulled in" any more
        (
            ["org.mozilla.firefox"],
            ["libnss3"],
            ["firefox-esr", "libnss3"],
            [],
            "partial",
        ),
        # the whole group as one lump
        (
            [],
            ["libnss3", "libgtk-3-0", "systemd"],
            ["libnss3", "libgtk-3-0", "systemd"],
            [],
            "checked",
        ),
        # a single infrastructure package picked
        ([], ["systemd"], ["systemd"], [], "partial"),
        # dependency that is itself an app package
        (
            ["org.libreoffice.Writer"],
            [],
            ["kdegames-data", "libreoffice-core"],
            ["kdegames-data"],
            "unchecked",
        ),
        ([], [], [], [], "unchecked"),
    ],
)
def test_selection_to_packages(
    plan, apps, infra, expected_packages, expected_pulled, state
) -> None:
    plan, ids = plan
    selection = Selection(frozenset(apps), frozenset(ids[name] for name in infra))
    chosen = packages_to_update(plan, selection)
    assert sorted(pid.split(";")[0] for pid in chosen) == sorted(expected_packages)
    assert [pid.split(";")[0] for pid in pulled_in(plan, selection)] == expected_pulled
    assert group_check_state(plan, selection) is CheckState(state)
    assert len(chosen) == len(set(chosen))


def test_simulate_results_outside_the_plan_are_dropped(plan) -> None:
    plan, _ = plan
    assert all(";1;amd64;x" not in pid for pid in plan.requires["org.mozilla.firefox"])


def test_shared_package_and_app_dependency_include_other_rows(plan) -> None:
    plan, _ = plan
    kmines_only = Selection(frozenset({"org.kde.kmines"}))
    assert apps_included(plan, kmines_only) == ("org.kde.kmines", "org.kde.kpat")
    writer = Selection(frozenset({"org.libreoffice.Writer"}))
    assert set(apps_included(plan, writer)) == {
        "org.libreoffice.Writer",
        "org.kde.kmines",
        "org.kde.kpat",
    }


def test_toggles_and_group_lump(plan) -> None:
    plan, ids = plan
    selection = Selection().set_group(plan, True)
    assert group_check_state(plan, selection) is CheckState.CHECKED
    selection = selection.toggle_package(ids["systemd"])
    assert group_check_state(plan, selection) is CheckState.PARTIAL
    assert ids["systemd"] not in packages_to_update(plan, selection)
    selection = selection.set_group(plan, False).toggle_app("org.gnome.Mines")
    assert group_check_state(plan, selection) is CheckState.UNCHECKED
    assert selection.toggle_app("org.gnome.Mines").apps == frozenset()
    everything = packages_to_update(plan, Selection.everything(plan))
    assert set(everything) == set(plan.all_package_ids)
    apps_only = packages_to_update(plan, Selection.apps_only(plan))
    assert ids["systemd"] not in apps_only and ids["libnss3"] in apps_only


def test_split_into_core_desktop_and_base_platform() -> None:
    plan = build_plan([pkg("plasma-workspace"), pkg("libc6"), pkg("kwin-x11")], CATALOG)
    core, base = split_infrastructure(plan.infrastructure, {"plasma-workspace", "kwin-x11"})
    assert (core.title, [p.name for p in core.packages]) == (
        "Core desktop",
        ["kwin-x11", "plasma-workspace"],
    )
    assert (base.title, [p.name for p in base.packages]) == ("Base platform", ["libc6"])


def test_the_split_in_a_plan_groups_ticks_and_counts_by_half() -> None:
    plan = build_plan(
        [pkg("plasma-workspace"), pkg("libc6", UpdateKind.SECURITY), pkg("gnome-mines")], CATALOG
    )
    assert [g.key for g in plan.groups] == ["system-infrastructure"] and plan.count == 2
    split = plan.with_desktop({"plasma-workspace"})
    assert [(g.key, [p.name for p in g.packages]) for g in split.groups] == [
        ("core-desktop", ["plasma-workspace"]),
        ("base-platform", ["libc6"]),
    ]
    assert split.count == 3 and split.group("base-platform").has_security  # type: ignore[union-attr]
    # A half that would be empty is no row; with nothing of the desktop to update, one half.
    assert [g.key for g in plan.with_desktop({"kwin-x11"}).groups] == ["base-platform"]
    core = split.group("core-desktop")
    assert core is not None
    picked = Selection().set_packages(core.package_ids, True)
    assert group_check_state(split, picked, "core-desktop") is CheckState.CHECKED
    assert group_check_state(split, picked, "base-platform") is CheckState.UNCHECKED
    assert group_check_state(split, picked) is CheckState.PARTIAL  # the whole infrastructure
    assert picked.set_packages(core.package_ids, False) == Selection()
    # The split survives adding simulate results, and can be turned off again.
    assert split.with_requires({}).desktop_packages == {"plasma-workspace"}
    assert split.with_desktop(None).groups == plan.groups


def test_versions_and_whats_new() -> None:
    update = PackageUpdate(
        "gnome-mines;1:40.1-2;amd64;debian",
        installed_version="1:40.0-1",
        whats_new="Fixes.",
        name="gnome-mines",
        new_version="1:40.1-2",
    )
    other_arch = PackageUpdate("gnome-mines;1:40.1-2;i386;debian", name="gnome-mines")
    plan = build_plan([update, other_arch], CATALOG)
    (row,) = plan.apps
    assert update.new_version == "1:40.1-2"
    assert row.whats_new == "Fixes."
    assert len(row.package_ids) == 2


def test_version_change_reads_installed_to_new() -> None:
    def update(installed: str = "") -> PackageUpdate:
        return PackageUpdate("a;2.0;amd64;x", installed_version=installed, new_version="2.0")

    assert update("1.9").version_change == "1.9 → 2.0"
    assert update().version_change == "2.0"  # installed unknown
    assert update("2.0").version_change == "2.0"
