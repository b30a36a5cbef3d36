"""PackageKit's offline updates: ``org.freedesktop.PackageKit.Offline`` and its results file.

The cycle, as PackageKit 1.2 implements it (``src/pk-engine.c``, ``lib/pk-offline*.c``):

1. ``UpdatePackages`` with the ``only-download`` transaction flag downloads the updates and,
   when it succeeds, the daemon writes their ids to ``/var/lib/PackageKit/prepared-update``
   (``UpdatePrepared`` becomes true, ``GetPrepared`` lists them). A later refresh, or a
   change to one of those packages, throws the preparation away.
2. ``Trigger(action)`` (polkit ``trigger-offline-update``; ``reboot`` or ``power-off``)
   clears the last results, writes the action and links ``/system-update`` to the prepared
   file; systemd then boots into ``system-update.target``, where ``pk-offline-update``
   installs the updates. ``Cancel()`` removes the link and the action (the download stays).
3. After that boot the outcome is the key file ``/var/lib/PackageKit/offline-update-competed``
   (PackageKit's spelling): ``Success``, ``Packages`` (comma-separated ids), on failure
   ``ErrorCode`` (a PackageKit error nick) and ``ErrorDetails``. PackageKit 1.2 has no D-Bus
   method to read it, so it is read here as a file; ``ClearResults()`` (polkit
   ``clear-offline-update``) deletes it.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from appcenter_qt.domain.backend import ErrorKind, OfflineAction, OfflineResult, OfflineStatus
from appcenter_qt.support.safe_open import read_regular

from .client import PK_PATH, PROPERTIES_IFACE, PackageKitClient
from .enums import Error
from .errors import kind_for_error, message_for
from .package_id import InvalidPackageId, validate_package_id

log = logging.getLogger(__name__)

OFFLINE_IFACE = "org.freedesktop.PackageKit.Offline"
#: The results of the last offline update (PackageKit's file name, typo included).
RESULTS_FILE = Path("/var/lib/PackageKit/offline-update-competed")
#: What ``only-download`` prepares and ``Trigger`` links ``/system-update`` to.
PREPARED_FILE = Path("/var/lib/PackageKit/prepared-update")
ACTION_FILE = Path("/var/lib/PackageKit/offline-update-action")
TRIGGER_FILE = Path("/system-update")
RESULTS_GROUP = "PackageKit Offline Update Results"
#: A results file is a few lines per package; anything bigger is not one.
MAX_RESULTS_BYTES = 4 * 1024 * 1024
MAX_DETAILS = 2000


def _valid_ids(values: Any) -> tuple[str, ...]:
    found = []
    for value in values or ():
        try:
            found.append(validate_package_id(str(value)))
        except InvalidPackageId as exc:
            log.warning("ignoring a prepared or updated package id: %s", exc)
    return tuple(found)


async def status(client: PackageKitClient) -> OfflineStatus:
    """``GetPrepared`` and the ``UpdateTriggered``/``TriggerAction`` properties."""
    (ids,) = await client.call(PK_PATH, OFFLINE_IFACE, "GetPrepared") or [[]]
    (props,) = await client.call(PK_PATH, PROPERTIES_IFACE, "GetAll", "s", [OFFLINE_IFACE])
    triggered = bool(props["UpdateTriggered"].value) if "UpdateTriggered" in props else False
    action_name = str(props["TriggerAction"].value) if "TriggerAction" in props else ""
    action = None
    if triggered:
        try:
            action = OfflineAction(action_name)
        except ValueError:
            log.warning("unknown offline trigger action %r", action_name[:40])
    return OfflineStatus(prepared=_valid_ids(ids), triggered=triggered, action=action)


async def trigger(client: PackageKitClient, action: OfflineAction) -> None:
    await client.call(PK_PATH, OFFLINE_IFACE, "Trigger", "s", [OfflineAction(action).value])


async def cancel(client: PackageKitClient) -> None:
    await client.call(PK_PATH, OFFLINE_IFACE, "Cancel")


async def clear_results(client: PackageKitClient) -> None:
    await client.call(PK_PATH, OFFLINE_IFACE, "ClearResults")


_ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}


def _unescape(value: str) -> str:
    """A GKeyFile string value: ``\\s \\n \\t \\r \\\\`` escapes."""
    out = []
    chars = iter(value)
    for char in chars:
        if char != "\\":
            out.append(char)
            continue
        following = next(chars, "")
        out.append(_ESCAPES.get(following, following))
    return "".join(out)


def _key_file_group(text: str, group: str) -> dict[str, str]:
    """The keys of one group of a GKeyFile (comments, other groups and locales skipped)."""
    values: dict[str, str] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
            continue
        if current != group or "=" not in line:
            continue
        key, value = line.split("=", 1)
        values.setdefault(key.strip(), _unescape(value.strip()))
    return values


def parse_results(data: bytes, finished_at: float = 0.0) -> OfflineResult | None:
    """The outcome a results file records; ``None`` when it has no results group."""
    text = data.decode("utf-8", errors="replace")
    values = _key_file_group(text, RESULTS_GROUP)
    if not values:
        return None
    success = values.get("Success", "false").lower() == "true"
    packages = _valid_ids(p for p in values.get("Packages", "").split(",") if p)
    if success:
        return OfflineResult(True, packages, finished_at=finished_at)
    code = values.get("ErrorCode", "")[:80]
    try:
        wire = Error[code.upper().replace("-", "_")]
        kind = kind_for_error(int(wire))
    except KeyError:
        kind = ErrorKind.FAILED
    return OfflineResult(
        False,
        packages,
        error=kind,
        message=message_for(kind),
        code=code,
        details=values.get("ErrorDetails", "")[:MAX_DETAILS],
        finished_at=finished_at,
    )


def read_results(path: Path = RESULTS_FILE) -> OfflineResult | None:
    """The results file's outcome; ``None`` when there is none (or it cannot be read, which
    is logged: a damaged file must not stop the Updates page)."""
    try:
        data = read_regular(path, MAX_RESULTS_BYTES)
        finished_at = os.stat(path).st_mtime
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("cannot read the offline update results %s: %s", path, exc)
        return None
    if len(data) > MAX_RESULTS_BYTES:
        log.warning("ignoring %s: over %d bytes", path, MAX_RESULTS_BYTES)
        return None
    return parse_results(data, finished_at)
