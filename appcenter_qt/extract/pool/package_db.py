"""What the package database says is installed: dpkg's ``status`` file or the rpm database.

The catalog keeps this as a snapshot (``installed_packages``), so "Installed" and the installed
version are known the moment the catalog opens, without waiting for PackageKit (or without
PackageKit at all). dpkg's status file is read directly, since its format is simple and
stable. The rpm database (sqlite, bdb or ndb, depending on the distribution's rpm) is read by
the ``rpm`` program itself, run with an argument list and never through a shell.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

from appcenter_qt.domain import Package
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.pool.system_pool import resolve_in_root
from appcenter_qt.extract.readers.dpkg_status import (
    MAX_STATUS_BYTES,
    MAX_STATUS_PACKAGES,
    MAX_STATUS_TEXT,
    StatusRecord,
    status_records,
)
from appcenter_qt.extract.readers.units import PackageInfo
from appcenter_qt.support.safe_open import NotRegularFile, open_regular

RPM_TIMEOUT_SECONDS = 120
#: One ``rpm -qf`` for one file.
RPM_QUERY_TIMEOUT = 60
_RPM_FORMAT = "%{NAME}\\t%{EPOCHNUM}:%{VERSION}-%{RELEASE}\\t%{ARCH}\\n"


def installed_from_status(
    records: Iterable[StatusRecord], limit: int = MAX_STATUS_PACKAGES
) -> list[Package]:
    """Installed packages from dpkg ``status`` records, sorted by name and arch.

    Only ``Status: install ok installed`` counts: a package removed with its configuration
    left behind (``deinstall ok config-files``) or half-installed is not installed. More than
    ``limit`` distinct packages, or more than :data:`MAX_STATUS_TEXT` characters of their
    fields, is a :class:`ValueError`: the snapshot's memory is bounded, whatever the file.
    """
    found: dict[tuple[str, str], Package] = {}
    arches: dict[str, str] = {}
    text = 0
    for record in records:
        words = record.status.split()
        if len(words) != 3 or words[2] != "installed":
            continue
        arch = arches.setdefault(record.architecture, record.architecture)
        source = record.source.split(" ", 1)[0] or record.package
        key = (record.package, arch)
        if key not in found:
            if len(found) >= limit:
                raise ValueError(f"more than {limit} installed packages")
            text += len(record.package) + len(record.version) + len(arch) + len(source)
            if text > MAX_STATUS_TEXT:
                raise ValueError(
                    f"installed packages' names and versions longer than {MAX_STATUS_TEXT} "
                    f"characters in all (at {record.package[:60]!r})"
                )
        found[key] = Package(record.package, record.version, arch, "", source)
    return [found[key] for key in sorted(found)]


def parse_dpkg_status(text: str) -> list[Package]:
    """Installed packages from a dpkg ``status`` file's text (see
    :func:`installed_from_status`)."""
    return installed_from_status(status_records(io.BytesIO(text.encode("utf-8"))))


def read_dpkg(root: Path) -> list[Package]:
    """Installed packages from the root's dpkg ``status``, streamed (its size does not decide
    the memory used); an unreadable or oversized file is an error naming it."""
    path = resolve_in_root(root, "var/lib/dpkg/status")
    try:
        with open_regular(path) as handle:
            return installed_from_status(status_records(handle, MAX_STATUS_BYTES))
    except NotRegularFile as error:
        raise ExtractError(f"{path}: {error.strerror}") from error
    except OSError as error:
        raise ExtractError(f"{path}: cannot read: {error.strerror or error}") from error
    except ValueError as error:  # StatusTooLarge, or too many packages
        raise ExtractError(f"{path}: {error}") from error


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
