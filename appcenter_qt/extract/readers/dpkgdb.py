"""Which package owns a file in an unpacked Debian root: ``var/lib/dpkg/info/*.list`` and
``var/lib/dpkg/status``, read the way the tree reader reads everything (no symlink is
followed, sizes are capped) and streamed, so an app found in an installed root names its real
package whatever the size of the database.
"""

from __future__ import annotations

import os
from pathlib import Path

from appcenter_qt.extract.readers.dpkg_status import capped_lines, status_records
from appcenter_qt.extract.readers.units import INTERESTING_PREFIXES, PackageInfo
from appcenter_qt.support.safe_open import open_regular

MAX_DB_FILE_BYTES = 64 * 1024 * 1024


def _interesting_paths(path: Path) -> list[str] | None:
    """The interesting paths a ``.list`` file names, streamed; ``None`` for a symlink, a
    FIFO (a plain open would block forever), a device, or a file over the size cap."""
    found: list[str] = []
    try:
        with open_regular(path, follow_symlinks=False) as handle:
            for line in capped_lines(handle, MAX_DB_FILE_BYTES):
                name = line.decode("utf-8", "surrogateescape").rstrip("\r\n").lstrip("/")
                if name.startswith(INTERESTING_PREFIXES):
                    found.append(name)
    except (OSError, ValueError):
        return None
    return found


def _installed_versions(status_file: Path, wanted: set[str]) -> dict[str, PackageInfo]:
    """The version, architecture and source of the ``wanted`` packages, from the status file
    streamed (only the owners are kept, so neither the file's size nor its package count
    decides the memory); an unreadable file, or one over the size cap, gives none."""
    versions: dict[str, PackageInfo] = {}
    try:
        with open_regular(status_file, follow_symlinks=False) as handle:
            for record in status_records(handle):
                name = record.package
                if name in wanted and "installed" in (record.status or "installed"):
                    source = record.source.split(" ", 1)[0] or name
                    versions[name] = PackageInfo(name, record.version, record.architecture, source)
    except (OSError, ValueError):  # unreadable, or over the size cap: no versions at all
        return {}
    return versions


def read_owners(info_dir: Path, status_file: Path | None) -> dict[str, PackageInfo]:
    """Interesting path (``usr/share/applications/x.desktop``) → owning package; with no
    ``status_file`` (the caller has read it already) the owners carry only their names."""
    owners: dict[str, str] = {}
    try:
        entries = sorted(os.scandir(info_dir), key=lambda entry: entry.name)
    except OSError:
        return {}
    for entry in entries:
        if not entry.name.endswith(".list") or not entry.is_file(follow_symlinks=False):
            continue
        package = entry.name.removesuffix(".list").split(":", 1)[0]
        for path in _interesting_paths(Path(entry.path)) or ():
            owners.setdefault(path, package)
    versions: dict[str, PackageInfo] = {}
    if owners and status_file is not None:
        versions = _installed_versions(status_file, set(owners.values()))
    return {
        path: versions.get(package, PackageInfo(package, source=package))
        for path, package in owners.items()
    }
