"""The update notification follows the updater's grouping and marks security fixes."""

from __future__ import annotations

from appcenter_qt.backends.notifications import URGENCY_CRITICAL, URGENCY_NORMAL
from appcenter_qt.domain.updates import PackageUpdate, UpdateKind, build_plan
from appcenter_qt.ui.update_notice import notice_for


def _plan(*updates: tuple[str, UpdateKind]):
    catalog = {
        "firefox-esr": ["ff"],
        "gnome-mines": ["mines"],
        "kcalc": ["kcalc"],
        "kpat": ["kpat"],
    }
    names = {"ff": "Firefox", "mines": "Mines", "kcalc": "KCalc", "kpat": "KPatience"}
    return build_plan(
        [
            PackageUpdate(f"{name};2.0;amd64;main", kind, name=name, new_version="2.0")
            for name, kind in updates
        ],
        catalog,
        names,
    )


def test_nothing_to_update_sends_nothing() -> None:
    assert notice_for(_plan()) is None


def test_apps_are_named_and_infrastructure_is_one_group() -> None:
    notice = notice_for(
        _plan(
            ("gnome-mines", UpdateKind.BUGFIX),
            ("libc6", UpdateKind.NORMAL),
            ("dbus", UpdateKind.LOW),
        )
    )
    assert notice is not None
    assert notice.summary == "2 update(s) available"
    assert notice.body == "Mines\nSystem infrastructure: 2 package(s)"
    assert notice.urgency == URGENCY_NORMAL
    assert "libc6" not in notice.body


def test_security_in_the_group_makes_it_critical_and_long_lists_are_cut() -> None:
    notice = notice_for(
        _plan(
            ("gnome-mines", UpdateKind.NORMAL),
            ("kcalc", UpdateKind.NORMAL),
            ("kpat", UpdateKind.NORMAL),
            ("firefox-esr", UpdateKind.NORMAL),
            ("libssl3", UpdateKind.SECURITY),
        )
    )
    assert notice is not None
    assert notice.summary == "5 update(s) available, including security fixes"
    assert notice.urgency == URGENCY_CRITICAL
    first_line = notice.body.splitlines()[0]
    assert first_line == "Firefox, KCalc, KPatience and 1 more"
