"""Which source provides the packages of each origin: the catalog's ``meta.sources``.

A catalog lists packages by origin (``debian-bookworm-main``, a Flatpak remote…); installing
one needs the *source* that can act on that origin (a registry name,
:func:`appcenter_qt.backends.make`). The writer records the pairs in one meta value,
``origin=source`` joined by ``;`` in origin order; every origin of the catalog is listed.

Origins are text from the catalog's inputs (a DEP-11 ``Origin``), so they may hold the
separators. In ``meta.origins`` and ``meta.sources`` a backslash, ``;`` or ``=`` inside an item is
written with a backslash before it (:func:`join_list`, :func:`split_list`); a value without
those characters reads as it always did, so catalogs written before need no change.
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


_SPECIAL = re.compile(r"[\\;=]")


def escape(item: str) -> str:
    """``item`` as one entry of a meta list: backslash, ``;`` and ``=`` with a backslash before."""
    return _SPECIAL.sub(lambda match: "\\" + match.group(), item)


def _split_escaped(value: str, separator: str, limit: int = -1) -> list[str]:
    """``value`` split at each ``separator`` not escaped (at most ``limit`` times), the
    pieces still escaped."""
    pieces, current, index = [], [], 0
    while index < len(value):
        char = value[index]
        if char == "\\" and index + 1 < len(value):
            current.append(value[index : index + 2])
            index += 2
            continue
        if char == separator and limit != 0:
            pieces.append("".join(current))
            current, limit = [], limit - 1
        else:
            current.append(char)
        index += 1
    pieces.append("".join(current))
    return pieces


def _unescape(piece: str) -> str:
    return re.sub(r"\\(.)", r"\1", piece, flags=re.DOTALL)


def join_list(items: Iterable[str]) -> str:
    """A meta list (``meta.origins``): the items escaped, ``;``-joined."""
    return ";".join(escape(item) for item in items)


def split_list(value: str) -> list[str]:
    """The items of a meta list written by :func:`join_list` (empty items left out)."""
    return [item for item in map(_unescape, _split_escaped(value, ";")) if item]


def format_sources(origins: Iterable[str], chosen: Mapping[str, str] | None = None) -> str:
    """The ``meta.sources`` value for ``origins``: each with its ``chosen`` source or the
    default one (empty origins are left out; separators in an origin are escaped)."""
    chosen = chosen or {}
    pairs = []
    for origin in sorted(set(origins)):
        if origin:
            pairs.append(f"{escape(origin)}={escape(chosen.get(origin, DEFAULT_SOURCE))}")
    return ";".join(pairs)


def parse_sources(value: str) -> dict[str, str]:
    """``meta.sources`` → origin → source name; malformed pairs are skipped."""
    found: dict[str, str] = {}
    for pair in _split_escaped(value, ";"):
        parts = _split_escaped(pair, "=", 1)
        if len(parts) != 2:
            continue
        origin, source = map(_unescape, parts)
        if origin and _SOURCE_NAME.fullmatch(source):
            found[origin] = source
    return found


def meta_origins(meta: Mapping[str, str]) -> list[str]:
    """The catalog's origins as its ``meta.origins`` lists them (:func:`join_list`, in
    order)."""
    return split_list(meta.get("origins", ""))


def source_for(meta: Mapping[str, str], origin: str) -> str:
    """The source of ``origin`` in a catalog with this ``meta`` (default when unnamed)."""
    return parse_sources(meta.get(META_KEY, "")).get(origin, DEFAULT_SOURCE)
