"""A source's package reference, opaque to the product, and the package names it resolves.

Every source (PackageKit, Flatpak…) names its packages its own way: PackageKit says
``name;version;arch;data``, Flatpak ``app/org.example.App/x86_64/stable``. The product never
takes such a reference apart; it keeps it as a string and hands it back to the source that
made it. When it needs to *show* a reference (name and version in a list, the installed
version of an update) it asks that source: ``backend.parse_ref(ref)`` returns a
:class:`PackageRef`. Each source validates its own references before anything reaches its
outside system (PackageKit's rule is in :mod:`appcenter_qt.backends.packagekit.package_id`).

Package *names* are what the catalog stores and what ``resolve`` takes; the rule for them is
the distributions' common one (Debian, RPM and Arch names fit it), kept here so the catalog,
the CLIs and the sources agree on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PACKAGE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9+._-]*")
MAX_PACKAGE_NAME_LENGTH = 255


class InvalidPackageRef(ValueError):
    """A reference or package name a source refuses; the message names the value."""


@dataclass(frozen=True)
class PackageRef:
    """What a source reads from one of its references: ``ref`` is the reference itself
    (pass it back unchanged), ``name``/``version``/``arch`` what people are shown."""

    ref: str
    name: str
    version: str = ""
    arch: str = ""

    def __str__(self) -> str:
        return self.ref


def validate_package_name(text: str) -> str:
    """A package name as given to ``resolve``: letters, digits and ``+._-``, nothing that
    could be markup, a path or a shell metacharacter; raises :class:`InvalidPackageRef`."""
    if (
        not isinstance(text, str)
        or len(text) > MAX_PACKAGE_NAME_LENGTH
        or not _PACKAGE_NAME.fullmatch(text)
    ):
        raise InvalidPackageRef(f"not a valid package name: {str(text)[:200]!r}")
    return text
