"""Which source provides the packages of each origin: the catalog's ``meta.sources``.

A catalog lists packages by origin (``debian-bookworm-main``, a Flatpak remote…); installing
one needs the *source* that can act on that origin (a registry name,
:func:`appcenter_qt.backends.make`). The writer records the pairs in one meta value,
``origin=source`` joined by ``;`` in origin order; every origin of the catalog is listed.
Readers of a catalog without the key (written before it existed), or of an origin it does not
list, use :data:`~appcenter_qt.domain.source_names.DEFAULT_SOURCE`: until another source exists,
every catalog input is distribution packages. Adding the key did not change the schema
version: it is one more optional meta value (docs/catalog-schema.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from appcenter_qt.domain.source_names import DEFAULT_SOURCE

META_KEY = "sources"
# Origins are repository ids; source names are registry names, with an instance after a
# colon for sources that have several (``flatpak:flathub``: a Flatpak remote's name). Neither
# may hold the separators, so a hostile catalog cannot smuggle a second pair into one.
_SOURCE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}(?::[A-Za-z0-9][A-Za-z0-9._-]{0,127})?")


def format_sources(origins: Iterable[str], chosen: Mapping[str, str] | None = None) -> str:
    """The ``meta.sources`` value for ``origins``: each with its ``chosen`` source or the
    default one (empty origins and origins holding ``=``/``;`` are left out)."""
    chosen = chosen or {}
    pairs = []
    for origin in sorted(set(origins)):
        if not origin or "=" in origin or ";" in origin:
            continue
        pairs.append(f"{origin}={chosen.get(origin, DEFAULT_SOURCE)}")
    return ";".join(pairs)


def parse_sources(value: str) -> dict[str, str]:
    """``meta.sources`` → origin → source name; malformed pairs are skipped."""
    found: dict[str, str] = {}
    for pair in value.split(";"):
        origin, sep, source = pair.partition("=")
        if sep and origin and _SOURCE_NAME.fullmatch(source):
            found[origin] = source
    return found


def meta_origins(meta: Mapping[str, str]) -> list[str]:
    """The catalog's origins as its ``meta.origins`` lists them (``;``-joined, in order)."""
    return [origin for origin in meta.get("origins", "").split(";") if origin]


def source_for(meta: Mapping[str, str], origin: str) -> str:
    """The source of ``origin`` in a catalog with this ``meta`` (default when unnamed)."""
    return parse_sources(meta.get(META_KEY, "")).get(origin, DEFAULT_SOURCE)
