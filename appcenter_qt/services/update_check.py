"""When the background update check may run, and what one check finds.

Both automatic checkers (``appcenter-qt --check-updates`` started by the systemd user timer,
and the tray notifier's own timer) share two rules, so together they never ask the sources
more than once per interval and never on a connection that costs money:

* **the interval**: the time of the last check is one file in the user's state directory
  (``$XDG_STATE_HOME/appcenter-qt/last-update-check``, default ``~/.local/state``); a check
  asked for sooner than ``[updates] check-interval-hours`` (``appcenter-qt.conf``, default
  24) after it does nothing;
* **metered connections**: NetworkManager's ``Metered`` (``backends.network``); no
  NetworkManager means not metered.

A check the user asks for ("Check now", ``--check-updates --force``) skips both rules and
still records its time. No Qt here.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from appcenter_qt.domain.backend import ErrorKind, OfflineStatus
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.updates import UpdateKind, UpdatePlan
from appcenter_qt.services.update_policy import UpdatePolicy, load_policy, state_dir

if TYPE_CHECKING:
    from appcenter_qt.services.auto_update import AutoUpdateRecord

log = logging.getLogger(__name__)

STAMP_NAME = "last-update-check"


def check_interval_s(environ: Mapping[str, str] | None = None) -> float:
    """``[updates] check-interval-hours`` in seconds (default 24 h, at least 1 h, at most
    30 days; :mod:`update_policy`); a value that is not a number is one warning and the
    default."""
    return load_policy(environ).check_interval_hours.value * 3600.0


def stamp_path(environ: Mapping[str, str] | None = None) -> Path:
    return state_dir(environ) / STAMP_NAME


def last_check(path: Path) -> float | None:
    """The recorded time (seconds since the epoch), or ``None`` when none is usable."""
    try:
        text = path.read_text(encoding="ascii", errors="replace")[:64].strip()
        return float(text)
    except (OSError, ValueError):
        return None


def seconds_until_due(path: Path, interval_s: float, now: float | None = None) -> float:
    """0 when a check may run now, else how long until it may. A time in the future (a
    clock set back) counts as no time recorded, so a wrong clock cannot stop checks."""
    now = time.time() if now is None else now
    last = last_check(path)
    if last is None or last > now:
        return 0.0
    return max(0.0, last + interval_s - now)


def record_check(path: Path, now: float | None = None) -> None:
    """Write the check's time (atomically: a crash leaves the old time or the new one)."""
    now = time.time() if now is None else now
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        partial = path.with_name(path.name + ".new")
        partial.write_text(f"{math.floor(now)}\n", encoding="ascii")
        partial.replace(path)
    except OSError as error:
        log.warning("%s: cannot record the update check: %s", path, error.strerror or error)


def is_metered(bus_address: str | None = None) -> bool:
    """The metered decision (NetworkManager's ``Metered`` is yes or guess-yes)."""
    import asyncio  # not at the top: the window imports this module before its first frame

    from appcenter_qt.backends.network import connection_is_metered

    return asyncio.run(connection_is_metered(bus_address=bus_address))


def why_not_now(
    path: Path,
    interval_s: float,
    *,
    bus_address: str | None = None,
    now: float | None = None,
    allow_metered: bool = False,
) -> str:
    """Why an automatic check must not run now ("" when it may): the interval first (no bus
    is touched for a check that is not due), then a metered connection, unless the policy's
    ``download-on-metered`` (``allow_metered``) says a metered one is fine."""
    wait = seconds_until_due(path, interval_s, now)
    if wait > 0:
        return f"checked less than {interval_s / 3600:g} h ago; next check in {wait / 60:.0f} min"
    if not allow_metered and is_metered(bus_address):
        return "the network connection is metered: not checking for updates"
    return ""


@dataclass(frozen=True)
class Findings:
    """What one check found: the updates as the Updates page groups them, whether an
    offline update is prepared (downloaded, waiting for "Restart and update"), and what the
    policy updated by itself during the check (``automatic``, already gone from ``plan``)."""

    plan: UpdatePlan
    offline: OfflineStatus | None = None
    automatic: AutoUpdateRecord | None = None

    @property
    def security_count(self) -> int:
        """Rows with a security fix: applications, plus the infrastructure group once."""
        apps = sum(1 for app in self.plan.apps if app.kind is UpdateKind.SECURITY)
        return apps + (1 if self.plan.infrastructure.has_security else 0)

    @property
    def restart_ready(self) -> bool:
        return bool(self.offline and self.offline.prepared and not self.offline.triggered)


async def find_updates(
    catalog_path: str | None,
    locale: str,
    *,
    offline: bool = False,
    selection: str = "all",
    policy: UpdatePolicy | None = None,
) -> Findings:
    """Every source's updates (the distribution's and each Flatpak remote's) grouped as the
    Updates page groups them, and with ``offline`` what is prepared for the restart. With a
    ``policy`` that updates applications automatically, those updates are applied first
    (:mod:`auto_update`) and the plan is what is left. A source that cannot be asked is
    logged and the others still count; none at all raises :class:`BackendError`
    (``DAEMON_MISSING``)."""
    from appcenter_qt import backends
    from appcenter_qt.catalog.queries import Catalog
    from appcenter_qt.services.auto_update import apply_automatic
    from appcenter_qt.services.source_set import SourceSet
    from appcenter_qt.services.system_catalog import choose_catalog
    from appcenter_qt.services.updater import fetch_updates, offline_status, plan_updates

    options = {backends.DEFAULT_SOURCE: {"locale": locale, "interactive": False}}
    automatic = None
    with Catalog(choose_catalog(catalog_path).path, locale) as catalog:
        sources = SourceSet.choose(selection, options=options)
        backend = sources.combined()
        if backend is None:
            raise BackendError(ErrorKind.DAEMON_MISSING, f"no package source can start ({sources})")
        try:
            updates = await fetch_updates(backend)
            plan = plan_updates(updates, catalog.app_ids_for_packages, catalog.names)
            if policy is not None and updates:
                automatic = await apply_automatic(backend, plan, policy)
                if automatic is not None:
                    updates = await fetch_updates(backend)
                    plan = plan_updates(updates, catalog.app_ids_for_packages, catalog.names)
            status = None
            if offline:
                try:
                    status = await offline_status(backend)
                except BackendError as error:
                    log.warning("cannot ask for a prepared offline update: %s", error)
        finally:
            await sources.aclose()
    return Findings(plan, status, automatic)
