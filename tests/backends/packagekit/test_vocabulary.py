"""PackageKit's statuses, infos, exits and restarts → the domain's neutral words.

The mapping is a table the UI depends on (the progress panel says "Downloading" for every
package download phase, "Waiting" for a lock or a polkit prompt); these tests pin the rows
that matter and check that every wire value maps to *something* neutral.
"""

from __future__ import annotations

import pytest

from appcenter_qt.backends.packagekit import vocabulary
from appcenter_qt.backends.packagekit.enums import Exit, Info, Restart, Status
from appcenter_qt.domain.backend import (
    Outcome,
    PackageState,
    RestartHint,
    UpdateKind,
)
from appcenter_qt.domain.backend import Status as Neutral


@pytest.mark.parametrize(
    ("wire", "neutral"),
    [
        (Status.WAIT, Neutral.WAITING),
        (Status.WAITING_FOR_LOCK, Neutral.WAITING),
        (Status.WAITING_FOR_AUTH, Neutral.WAITING),
        (Status.DOWNLOAD, Neutral.DOWNLOADING),
        (Status.DOWNLOAD_PACKAGELIST, Neutral.DOWNLOADING),
        (Status.DOWNLOAD_CHANGELOG, Neutral.REFRESHING),
        (Status.REFRESH_CACHE, Neutral.REFRESHING),
        (Status.INSTALL, Neutral.INSTALLING),
        (Status.UPDATE, Neutral.UPDATING),
        (Status.REMOVE, Neutral.REMOVING),
        (Status.CLEANUP, Neutral.REMOVING),
        (Status.DEP_RESOLVE, Neutral.PREPARING),
        (Status.COMMIT, Neutral.PREPARING),
        (Status.FINISHED, Neutral.FINISHED),
        (Status.UNKNOWN, Neutral.UNKNOWN),
    ],
)
def test_statuses(wire: Status, neutral: Neutral) -> None:
    assert vocabulary.status(int(wire)) is neutral


def test_every_wire_value_maps_and_newer_numbers_do_not_raise() -> None:
    assert {vocabulary.status(int(s)) for s in Status} <= set(Neutral)
    assert vocabulary.status(999) is Neutral.UNKNOWN
    assert vocabulary.package_state(999) == (PackageState.UNKNOWN, None)
    assert vocabulary.restart_hint(999) is RestartHint.NONE
    assert vocabulary.outcome(999) is Outcome.FAILED


@pytest.mark.parametrize(
    ("wire", "state", "urgency"),
    [
        (Info.INSTALLED, PackageState.INSTALLED, None),
        (Info.AVAILABLE, PackageState.AVAILABLE, None),
        (Info.SECURITY, PackageState.UPDATE, UpdateKind.SECURITY),
        (Info.BUGFIX, PackageState.UPDATE, UpdateKind.BUGFIX),
        (Info.CRITICAL, PackageState.UPDATE, UpdateKind.IMPORTANT),
        (Info.LOW, PackageState.UPDATE, UpdateKind.LOW),
        (Info.OBSOLETING, PackageState.REMOVING, None),
        (Info.DECOMPRESSING, PackageState.PREPARING, None),
        (Info.CLEANUP, PackageState.CLEANING_UP, None),
        (Info.FINISHED, PackageState.FINISHED, None),
        (Info.UNTRUSTED, PackageState.UNKNOWN, None),
    ],
)
def test_package_infos(wire: Info, state: PackageState, urgency: UpdateKind | None) -> None:
    assert vocabulary.package_state(int(wire)) == (state, urgency)


def test_a_severity_packed_in_the_upper_half_is_the_urgency() -> None:
    # What PackageKit 1.2.6's apt backend sends for GetUpdates: normal | (normal << 16).
    normal, security = int(Info.NORMAL), int(Info.SECURITY)
    assert vocabulary.package_state(normal | normal << 16) == (
        PackageState.UPDATE,
        UpdateKind.NORMAL,
    )
    assert vocabulary.package_state(normal | security << 16) == (
        PackageState.UPDATE,
        UpdateKind.SECURITY,
    )


@pytest.mark.parametrize(
    ("wire", "hint"),
    [
        (Restart.NONE, RestartHint.NONE),
        (Restart.APPLICATION, RestartHint.APPLICATION),
        (Restart.SECURITY_SESSION, RestartHint.SESSION),
        (Restart.SECURITY_SYSTEM, RestartHint.SYSTEM),
    ],
)
def test_restart_hints(wire: Restart, hint: RestartHint) -> None:
    assert vocabulary.restart_hint(int(wire)) is hint


@pytest.mark.parametrize(
    ("wire", "outcome"),
    [
        (Exit.SUCCESS, Outcome.SUCCESS),
        (Exit.CANCELLED, Outcome.CANCELLED),
        (Exit.CANCELLED_PRIORITY, Outcome.CANCELLED),
        (Exit.KILLED, Outcome.FAILED),
        (Exit.KEY_REQUIRED, Outcome.FAILED),
    ],
)
def test_outcomes(wire: Exit, outcome: Outcome) -> None:
    assert vocabulary.outcome(int(wire)) is outcome
