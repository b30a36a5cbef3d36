"""What the package database says is installed: dpkg's ``status`` file or the rpm database.

The catalog keeps this as a snapshot (``installed_packages``), so "Installed" and the installed
version are known the moment the catalog opens, without waiting for PackageKit (or without
PackageKit at all). dpkg's status file is read directly, since its format is simple and
stable. The rpm database (sqlite, bdb or ndb, depending on the distribution's rpm) is read by
the ``rpm`` program itself, run with an argument list and never through a shell.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from appcenter_qt.domain import Package
from appcenter_qt.errors import ExtractError
from appcenter_qt.extract.system_pool import resolve_in_root
from appcenter_qt.extract.units import PackageInfo, parse_control
from appcenter_qt.safe_open import NotRegularFile, read_regular

#: A desktop's dpkg status is a few MiB; refuse anything absurd rather than fill memory.
MAX_STATUS_BYTES = 256 * 1024 * 1024
RPM_TIMEOUT_SECONDS = 120
#: One ``rpm -qf`` for one file.
RPM_QUERY_TIMEOUT = 60
_RPM_FORMAT = "%{NAME}\\t%{EPOCHNUM}:%{VERSION}-%{RELEASE}\\t%{ARCH}\\n"


def _read_database(path: Path, limit: int) -> bytes:
    """The file's bytes if it is a regular file (never blocks on a FIFO), else an error
    naming it."""
    try:
        data = read_regular(path, limit)
    except NotRegularFile as error:
        raise ExtractError(f"{path}: {error.strerror}") from error
    except OSError as error:
        raise ExtractError(f"{path}: cannot open: {error.strerror or error}") from error
    if len(data) > limit:
        raise ExtractError(f"{path}: larger than {limit} bytes")
    return data


def parse_dpkg_status(text: str) -> list[Package]:
    """Installed packages from a dpkg ``status`` file's text, sorted by name and arch.

    Only ``Status: install ok installed`` counts: a package removed with its configuration
    left behind (``deinstall ok config-files``) or half-installed is not installed.
    """
    found: dict[tuple[str, str], Package] = {}
    for paragraph in text.split("\n\n"):
        if not paragraph.strip():
            continue
        fields = parse_control(paragraph)
        name = fields.get("package", "")
        words = fields.get("status", "").split()
        if not name or len(words) != 3 or words[2] != "installed":
            continue
        arch = fields.get("architecture", "")
        source = fields.get("source", "").split(" ", 1)[0] or name
        found[(name, arch)] = Package(name, fields.get("version", ""), arch, "", source)
    return [found[key] for key in sorted(found)]


def read_dpkg(root: Path) -> list[Package]:
    path = resolve_in_root(root, "var/lib/dpkg/status")
    data = _read_database(path, MAX_STATUS_BYTES)
    return parse_dpkg_status(data.decode("utf-8", "replace"))


def parse_rpm_query(text: str) -> list[Package]:
    """Packages from ``rpm -qa --qf NAME\\tEPOCH:VERSION-RELEASE\\tARCH\\n`` output; the
    epoch is left out when it is 0, as rpm itself prints versions."""
    found: dict[tuple[str, str], Package] = {}
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) != 3 or not parts[0] or parts[0] == "gpg-pubkey":
            continue
        name, version, arch = parts
        version = version.removeprefix("0:")
        arch = "" if arch == "(none)" else arch
        found[(name, arch)] = Package(name, version, arch)
    return [found[key] for key in sorted(found)]


def read_rpm(root: Path, dbpath: str = "/var/lib/rpm") -> list[Package]:
    rpm = shutil.which("rpm")
    if rpm is None:
        raise ExtractError(f"{root}: has an rpm database but no rpm program is installed")
    try:
        done = subprocess.run(
            [rpm, "--root", str(root), "--dbpath", dbpath, "-qa", "--qf", _RPM_FORMAT],
            capture_output=True,
            timeout=RPM_TIMEOUT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ExtractError(f"rpm database in {root}: {error}") from error
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", "replace").strip().splitlines()[:1]
        raise ExtractError(f"rpm database in {root}: {reason[0] if reason else 'rpm failed'}")
    return parse_rpm_query(done.stdout.decode("utf-8", "replace"))


def rpm_owners(root: Path, dbpath: str, paths: list[str]) -> dict[str, PackageInfo]:
    """The package that installed each of these files (paths relative to the root), by
    ``rpm -qf`` for just them: the rpm database indexes file names, unlike dpkg's lists."""
    rpm = shutil.which("rpm")
    if rpm is None or not paths:
        return {}
    owners: dict[str, PackageInfo] = {}
    for path in paths:
        try:
            done = subprocess.run(
                [
                    rpm,
                    "--root",
                    str(root),
                    "--dbpath",
                    dbpath,
                    "-qf",
                    "--qf",
                    "%{NAME}\\t%{VERSION}-%{RELEASE}\\t%{ARCH}\\t%{SOURCERPM}\\n",
                    "/" + path,
                ],
                capture_output=True,
                timeout=RPM_QUERY_TIMEOUT,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        line = done.stdout.decode("utf-8", "replace").splitlines()[:1]
        parts = line[0].split("\t") if done.returncode == 0 and line else []
        if len(parts) == 4:
            source = parts[3].rsplit("-", 2)[0] if parts[3] != "(none)" else parts[0]
            owners[path] = PackageInfo(parts[0], parts[1], parts[2], source)
    return owners


def read_installed(root: Path, database: str, location: str = "") -> list[Package]:
    """Installed packages from ``database`` (``dpkg`` or ``rpm``, at ``location`` as the
    system sees it) below ``root``."""
    if database == "dpkg":
        return read_dpkg(root)
    if database == "rpm":
        return read_rpm(root, location or "/var/lib/rpm")
    raise ExtractError(f"unknown package database {database!r}")
