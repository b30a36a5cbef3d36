"""The update policy: what the automatic checks and updates may do, and where each rule came from.

Five settings in the ``[updates]`` group of ``appcenter-qt.conf``, read through the one
configuration reader (:mod:`appcenter_qt.support.config_files`: the user's file, then the
system's; an administrator may lock any of them with ``locked = key, key``):

* ``check-interval-hours``: not more than one automatic check per interval (24, 1 to 720);
* ``systemUpdates``: ``offline`` (default) or ``live`` for the packages of a source that can
  install at restart; the window's check box writes this key (``QSettings`` uses the same file);
* ``auto-update-apps``: apply the updates of sources that update safely while running
  (:class:`~appcenter_qt.domain.backend.LiveUpdates`, Flatpak) after an automatic check;
  off by default, as in Discover: nothing changes on the machine unless asked;
* ``security-only``: automatic updates apply only updates marked security;
* ``download-on-metered``: check and download on a metered connection (default no).

Each value keeps its :class:`~appcenter_qt.support.config_files.Found`, which
``appcenter-update --policy`` prints. A value that cannot be read is one warning naming the
file, and the default.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from appcenter_qt.domain.updates import DEFAULT_SYSTEM_UPDATE_MODE, SystemUpdateMode
from appcenter_qt.support import user_dirs
from appcenter_qt.support.config_files import Found, lookup

log = logging.getLogger(__name__)

SECTION = "updates"
DEFAULT_INTERVAL_HOURS = 24.0
#: Shorter intervals are raised to this: a typo must not turn the check into polling.
MIN_INTERVAL_HOURS = 1.0
MAX_INTERVAL_HOURS = 24.0 * 30

_TRUE = frozenset({"1", "yes", "true", "on"})
_FALSE = frozenset({"0", "no", "false", "off"})

T = TypeVar("T")


@dataclass(frozen=True)
class Rule(Generic[T]):
    """One setting's effective value and where it came from."""

    key: str
    value: T
    found: Found

    @property
    def locked(self) -> bool:
        return self.found.locked

    @property
    def shown(self) -> str:
        if isinstance(self.value, bool):
            return "yes" if self.value else "no"
        if isinstance(self.value, float):
            return f"{self.value:g}"
        return str(self.value)


def _boolean(text: str) -> bool:
    word = text.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise ValueError(text)


def _hours(text: str) -> float:
    hours = float(text)
    if not math.isfinite(hours):
        raise ValueError(text)
    return min(max(hours, MIN_INTERVAL_HOURS), MAX_INTERVAL_HOURS)


def _mode(text: str) -> SystemUpdateMode:
    return SystemUpdateMode(text.strip().lower())


def _rule(
    key: str, parse: Callable[[str], T], default: T, environ: Mapping[str, str] | None
) -> Rule[T]:
    found = lookup(SECTION, key, environ)
    if found.value is None:
        return Rule(key, default, found)
    try:
        return Rule(key, parse(found.value), found)
    except ValueError:
        log.warning("%s: [%s] %s: cannot read %r", found.path, SECTION, key, found.value[:40])
        return Rule(key, default, Found(None, None, found.locked, found.locked_by))


@dataclass(frozen=True)
class UpdatePolicy:
    """The effective policy; :func:`load_policy` reads it."""

    check_interval_hours: Rule[float]
    system_updates: Rule[SystemUpdateMode]
    auto_update_apps: Rule[bool]
    security_only: Rule[bool]
    download_on_metered: Rule[bool]

    @property
    def rules(self) -> tuple[Rule[Any], ...]:
        return (
            self.check_interval_hours,
            self.system_updates,
            self.auto_update_apps,
            self.security_only,
            self.download_on_metered,
        )


def load_policy(environ: Mapping[str, str] | None = None) -> UpdatePolicy:
    """The policy from ``appcenter-qt.conf`` (locks honoured), defaults for the rest."""
    return UpdatePolicy(
        _rule("check-interval-hours", _hours, DEFAULT_INTERVAL_HOURS, environ),
        _rule("systemUpdates", _mode, DEFAULT_SYSTEM_UPDATE_MODE, environ),
        _rule("auto-update-apps", _boolean, False, environ),
        _rule("security-only", _boolean, False, environ),
        _rule("download-on-metered", _boolean, False, environ),
    )


def window_system_mode(
    stored: object, environ: Mapping[str, str] | None = None
) -> tuple[SystemUpdateMode, bool]:
    """The window's mode for system packages, and whether it is locked: an administrator's
    lock first, then the person's stored choice (``stored``: the window's ``QSettings`` value,
    which lives in the user's file but which Qt may cache), then the system's file or the
    default."""
    rule = load_policy(environ).system_updates
    if rule.locked or stored is None:
        return rule.value, rule.locked
    return SystemUpdateMode.parse(stored), False


def state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_STATE_HOME/appcenter-qt`` (default ``~/.local/state/appcenter-qt``): where the
    automatic checks and updates record what they did."""
    return user_dirs.state_dir(environ)
