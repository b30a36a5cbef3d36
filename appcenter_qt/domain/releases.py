"""What an app page says about versions: the releases an application announces (AppStream
``<releases>``) and the short version people know ("43.1") behind a package's full version
("1:43.1-2+deb12u1").

Package versions carry the packager's bookkeeping (an epoch, a revision, repackaging
suffixes); the app page shows the upstream part and keeps the full string for a tooltip.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from appcenter_qt.domain.localized import LocalizedText

#: ``1:`` (Debian/RPM epoch) at the start.
_EPOCH = re.compile(r"\A\d+:")
#: Repackaging suffixes: ``+dfsg``, ``+ds1``, ``+really…``, ``~bpo12+1``, ``.fc39``-style dist
#: tags after the revision are gone with the revision already.
_REPACKAGED = re.compile(r"[+~](?:dfsg|ds|repack|really|bpo|deb|ubuntu).*\Z", re.IGNORECASE)
#: What a person calls a version: digits first, then digits, letters and dots.
_HUMAN = re.compile(r"\A[0-9][0-9A-Za-z.]*")

#: AppStream release types; anything else reads as ``stable``.
RELEASE_KINDS = ("stable", "development", "snapshot")


@dataclass(frozen=True)
class Release:
    """One ``<release>``: ``timestamp`` in seconds since the epoch (0 = unknown), ``kind`` one
    of :data:`RELEASE_KINDS`, ``description`` its notes per locale in the catalog's plain-text
    description format (paragraphs, ``• item`` lines)."""

    version: str
    timestamp: int = 0
    kind: str = "stable"
    description: LocalizedText = field(default_factory=LocalizedText)


def human_version(package_version: str) -> str:
    """The upstream version inside a package version: ``1:43.1-2+deb12u1`` → ``43.1``,
    ``2.10.34+dfsg-1`` → ``2.10.34``, ``43.1-1.fc39`` → ``43.1``. A version that does not
    start with a digit after the epoch (``git20240101``) is returned without epoch and
    revision only."""
    version = _EPOCH.sub("", package_version.strip())
    if "-" in version:
        version = version.rsplit("-", 1)[0]
    version = _REPACKAGED.sub("", version)
    found = _HUMAN.match(version)
    return found.group(0).rstrip(".") if found else version


def newest_release(releases: tuple[Release, ...]) -> Release | None:
    """The newest stable release (by timestamp, the listed order breaking ties), else the first
    listed: AppStream lists releases newest first, and not every release has a date."""
    stable = [r for r in releases if r.kind == "stable"] or list(releases)
    if not stable:
        return None
    return max(enumerate(stable), key=lambda pair: (pair[1].timestamp, -pair[0]))[1]
