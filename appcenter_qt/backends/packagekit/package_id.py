"""PackageKit package ids (``name;version;arch;data``), checked before they reach the daemon.

Ids come from the catalog, the user and the daemon, all of which carry text from packages; a
validator here means nothing PackageKit-shaped has to be trusted. To the rest of the product
an id is an opaque reference (:mod:`appcenter_qt.domain.package_ref`); only this source takes
it apart (:meth:`PackageKitBackend.parse_ref`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from appcenter_qt.domain.package_ref import InvalidPackageRef, PackageRef, validate_package_name

MAX_PACKAGE_ID_LENGTH = 1024
# Debian and RPM package names, versions (epoch:version-release, ~ and +), arches, and repo
# data such as "installed:debian-bookworm-main" or "manual:" — nothing that could be markup,
# a path or a shell metacharacter.
_NAME = r"[A-Za-z0-9][A-Za-z0-9+._-]*"
_VERSION = r"[A-Za-z0-9.+~:_-]*"
_ARCH = r"[A-Za-z0-9_-]*"
_DATA = r"[A-Za-z0-9.+~:_@/=-]*"
_PACKAGE_ID = re.compile(rf"({_NAME});({_VERSION});({_ARCH});({_DATA})")

__all__ = [
    "InvalidPackageId",
    "PackageId",
    "parse_package_id",
    "validate_package_id",
    "validate_package_name",
]


class InvalidPackageId(InvalidPackageRef):
    pass


@dataclass(frozen=True)
class PackageId:
    name: str
    version: str
    arch: str
    data: str

    def __str__(self) -> str:
        return f"{self.name};{self.version};{self.arch};{self.data}"

    def ref(self) -> PackageRef:
        return PackageRef(str(self), self.name, self.version, self.arch)


def parse_package_id(text: str) -> PackageId:
    """Split and validate a package id; raises :class:`InvalidPackageId` naming the id."""
    if not isinstance(text, str) or len(text) > MAX_PACKAGE_ID_LENGTH:
        raise InvalidPackageId(
            f"package id is not a string of at most {MAX_PACKAGE_ID_LENGTH} characters"
        )
    match = _PACKAGE_ID.fullmatch(text)
    if not match:
        raise InvalidPackageId(f"not a valid package id: {text[:200]!r}")
    return PackageId(*match.groups())


def validate_package_id(text: str) -> str:
    return str(parse_package_id(text))
