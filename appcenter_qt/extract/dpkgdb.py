"""Which package owns a file in an unpacked Debian root: ``var/lib/dpkg/info/*.list`` and
``var/lib/dpkg/status``, read the way the tree reader reads everything (no symlink is
followed, sizes are capped), so an app found in an installed root names its real package.
"""

from __future__ import annotations

import os
from pathlib import Path

from appcenter_qt.extract.units import INTERESTING_PREFIXES, PackageInfo, parse_control
from appcenter_qt.safe_open import read_regular

MAX_DB_FILE_BYTES = 64 * 1024 * 1024


def _read_no_follow(path: Path) -> bytes | None:
    """The file's bytes; ``None`` for a symlink, a FIFO (a plain open would block forever),
    a device, or a file over the size cap."""
    try:
        data = read_regular(path, MAX_DB_FILE_BYTES, follow_symlinks=False)
    except OSError:
        return None
    return None if len(data) > MAX_DB_FILE_BYTES else data


def read_owners(info_dir: Path, status_file: Path) -> dict[str, PackageInfo]:
    """Interesting path (``usr/share/applications/x.desktop``) → owning package."""
    owners: dict[str, str] = {}
    try:
        entries = sorted(os.scandir(info_dir), key=lambda entry: entry.name)
    except OSError:
        return {}
    for entry in entries:
        if not entry.name.endswith(".list") or not entry.is_file(follow_symlinks=False):
            continue
        package = entry.name.removesuffix(".list").split(":", 1)[0]
        data = _read_no_follow(Path(entry.path))
        if data is None:
            continue
        for line in data.decode("utf-8", "surrogateescape").splitlines():
            path = line.lstrip("/")
            if path.startswith(INTERESTING_PREFIXES):
                owners.setdefault(path, package)
    versions: dict[str, PackageInfo] = {}
    status = _read_no_follow(status_file) if owners else None
    for paragraph in (status or b"").decode("utf-8", "replace").split("\n\n"):
        fields = parse_control(paragraph)
        name = fields.get("package", "")
        if name and "installed" in fields.get("status", "installed"):
            source = fields.get("source", "").split(" ", 1)[0] or name
            versions[name] = PackageInfo(
                name, fields.get("version", ""), fields.get("architecture", ""), source
            )
    return {
        path: versions.get(package, PackageInfo(package, source=package))
        for path, package in owners.items()
    }
