"""Flatpak refs, ``KIND/ID/ARCH/BRANCH``: this source's opaque package references.

Validated here before anything reaches libflatpak, by flatpak's own rules (an id is at
least three dot-separated elements of letters, digits, ``_`` and, except in the first,
``-``; an arch and a branch are letters, digits, ``_``, ``-`` and ``.``), so a hostile
catalog or command line cannot hand libflatpak a path or an option. ``name`` of a ref is the
application id, ``version`` its branch: what a catalog row of a Flatpak app stores
(:mod:`appcenter_qt.extract.appstream.components` reads it from ``<bundle type="flatpak">``).
"""

from __future__ import annotations

import re

from appcenter_qt.domain.package_ref import InvalidPackageRef, PackageRef

KINDS = ("app", "runtime")
MAX_REF_LENGTH = 512
_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+){2,}")
_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


def validate_app_id(text: str) -> str:
    """A Flatpak application id; raises :class:`InvalidPackageRef` naming it."""
    if not isinstance(text, str) or len(text) > 255 or not _ID.fullmatch(text):
        raise InvalidPackageRef(f"not a valid Flatpak application id: {str(text)[:200]!r}")
    return text


def parse_ref(text: str) -> PackageRef:
    """``app/org.example.App/x86_64/stable`` → name ``org.example.App``, version ``stable``,
    arch ``x86_64``; raises :class:`InvalidPackageRef` for anything else."""
    parts = text.split("/") if isinstance(text, str) and len(text) <= MAX_REF_LENGTH else []
    if (
        len(parts) != 4
        or parts[0] not in KINDS
        or not _ID.fullmatch(parts[1])
        or not all(_PART.fullmatch(p) for p in parts[2:])
    ):
        raise InvalidPackageRef(f"not a valid Flatpak ref: {str(text)[:200]!r}")
    return PackageRef(text, parts[1], parts[3], parts[2])


def validate_ref(text: str) -> str:
    return parse_ref(text).ref


def is_app(ref: str) -> bool:
    return ref.startswith("app/")
