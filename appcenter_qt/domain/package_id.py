"""PackageKit package ids (``name;version;arch;data``), checked before they reach any backend.

Ids come from the catalog and from the daemon, both of which carry text from packages; a
validator here means no backend has to trust them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_PACKAGE_ID_LENGTH = 1024
# Debian and RPM package names, versions (epoch:version-release, ~ and +), arches, and repo
# data such as "installed:debian-bookworm-main" or "manual:" — nothing that could be markup,
# a path or a shell metacharacter.
_NAME = r"[A-Za-z0-9][A-Za-z0-9+._-]*"
_VERSION = r"[A-Za-z0-9.+~:_-]*"
_ARCH = r"[A-Za-z0-9_-]*"
_DATA = r"[A-Za-z0-9.+~:_@/=-]*"
_PACKAGE_ID = re.compile(rf"({_NAME});({_VERSION});({_ARCH});({_DATA})")
_PACKAGE_NAME = re.compile(_NAME)


class InvalidPackageId(ValueError):
    pass


@dataclass(frozen=True)
class PackageId:
    name: str
    version: str
    arch: str
    data: str

    def __str__(self) -> str:
        return f"{self.name};{self.version};{self.arch};{self.data}"


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


def validate_package_name(text: str) -> str:
    """Package names given to ``resolve``/``search``: the name part of an id, nothing else."""
    if not isinstance(text, str) or len(text) > 255 or not _PACKAGE_NAME.fullmatch(text):
        raise InvalidPackageId(f"not a valid package name: {str(text)[:200]!r}")
    return text
