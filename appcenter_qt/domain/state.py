"""The state of an application on this machine, as the UI shows it (GNOME Software's GsAppState
idea, reduced to what a person can see and act on)."""

from __future__ import annotations

import enum


class AppState(enum.StrEnum):
    UNKNOWN = "unknown"
    AVAILABLE = "available"
    INSTALLING = "installing"
    INSTALLED = "installed"
    REMOVING = "removing"
    UPDATABLE = "updatable"
    UPDATING = "updating"
    UNAVAILABLE = "unavailable"
