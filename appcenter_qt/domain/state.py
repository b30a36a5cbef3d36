"""The state of an application on this machine, as the UI shows it (GNOME Software's GsAppState
idea, reduced to what a person can see and act on)."""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable


class AppState(enum.StrEnum):
    UNKNOWN = "unknown"
    AVAILABLE = "available"
    INSTALLING = "installing"
    INSTALLED = "installed"
    REMOVING = "removing"
    UPDATABLE = "updatable"
    UPDATING = "updating"
    UNAVAILABLE = "unavailable"

    @property
    def installed(self) -> bool:
        """On this machine: installed, or installed with an update waiting."""
        return self in (AppState.INSTALLED, AppState.UPDATABLE)


def snapshot_state(package_names: Iterable[str], installed: Collection[str]) -> AppState:
    """The one rule for "installed" from a list of installed package names (the catalog's
    snapshot or a source's answer): any of the application's packages is installed. The
    Installed page lists by it and every other page's state is seeded by it, so the two
    cannot disagree about an application (issue 32)."""
    if any(name in installed for name in package_names):
        return AppState.INSTALLED
    return AppState.AVAILABLE
