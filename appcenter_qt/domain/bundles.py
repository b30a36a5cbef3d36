"""AppStream bundles (``<bundle type="KIND">REF</bundle>``) as neutral data.

Which bundle kinds a source installs, and how one of its refs reads as a package row, is the
source's own knowledge: it declares a :class:`BundleFormat` in its registry line
(``SourceSpec.bundles``), the generator hands the registry's formats down to the readers,
and ``extract/`` only applies them, carrying the kind as opaque data. No kind is named here
(issue 30).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from appcenter_qt.domain.application import Package

#: One part of a ref: what a catalog row may store (no path, no option, bounded).
_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}")
#: The fields of a package row a ref's parts may fill.
FIELDS = ("name", "arch", "version")


@dataclass(frozen=True)
class BundleFormat:
    """A bundle ``kind`` (the AppStream ``type``) and its ref's ``layout``: ``/``-separated
    parts, each a literal or a ``{name}``, ``{arch}`` or ``{version}`` placeholder
    (``app/{name}/{arch}/{version}``). ``{name}`` is required."""

    kind: str
    layout: str

    def __post_init__(self) -> None:
        slots = [s[1:-1] for s in self.layout.split("/") if s.startswith("{")]
        if "name" not in slots or len(set(slots)) != len(slots) or set(slots) - set(FIELDS):
            raise ValueError(f"bundle layout {self.layout!r} needs {{name}}, once each of {FIELDS}")

    def package(self, ref: str, origin: str) -> Package | None:
        """The package row ``ref`` stands for in ``origin``, or ``None`` when it does not
        follow the layout (every part a plain word, the literals equal)."""
        layout = self.layout.split("/")
        parts = ref.split("/")
        if len(parts) != len(layout) or not all(_PART.fullmatch(p) for p in parts):
            return None
        found: dict[str, str] = {}
        for slot, part in zip(layout, parts, strict=True):
            if slot.startswith("{"):
                found[slot[1:-1]] = part
            elif slot != part:
                return None
        return Package(found["name"], found.get("version", ""), found.get("arch", ""), origin)


#: No format: every bundle stays data (a reader that was told none).
NO_BUNDLES: Mapping[str, BundleFormat] = MappingProxyType({})


def by_kind(formats: Iterable[BundleFormat]) -> Mapping[str, BundleFormat]:
    """``formats`` by kind, as :func:`bundle_packages` looks them up (the first of a kind wins)."""
    found: dict[str, BundleFormat] = {}
    for form in formats:
        found.setdefault(form.kind, form)
    return MappingProxyType(found)


def bundle_packages(
    bundles: Iterable[tuple[str, str]], formats: Mapping[str, BundleFormat], origin: str
) -> set[Package]:
    """The package rows of a component's ``(kind, ref)`` bundles whose kind has a format."""
    found = set()
    for kind, ref in bundles:
        form = formats.get(kind)
        package = form.package(ref, origin) if form is not None else None
        if package is not None:
            found.add(package)
    return found
