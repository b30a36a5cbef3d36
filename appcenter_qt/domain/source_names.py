"""Source names without the registry: the default source, the registry's order and how a
multi-instance name splits, for code that must not import :mod:`appcenter_qt.backends`
(the catalog read path, ``appcenter-query``: docs/architecture.md, "The lean read path").

:mod:`appcenter_qt.backends` owns the registry and builds its answers from these; a test
checks :data:`REGISTRY_ORDER` against its ``SOURCES``.
"""

from __future__ import annotations

#: The registry name of the source that installs distribution packages: what a catalog origin
#: maps to when the catalog names no source for it (catalogs written before ``meta.sources``).
DEFAULT_SOURCE = "packagekit"
#: The registered sources' names in registry order (the distribution's first).
REGISTRY_ORDER = ("packagekit", "flatpak")


def split_name(name: str) -> tuple[str, str]:
    """``flatpak:flathub`` → (``flatpak``, ``flathub``); ``packagekit`` → (``packagekit``, "")."""
    base, _, instance = name.partition(":")
    return base, instance


def sort_key(name: str) -> tuple[int, str]:
    """Registry order (the distribution's source first), then the name: how several sources
    of one application are listed, and which one is the default."""
    base = split_name(name)[0]
    order = REGISTRY_ORDER
    return (order.index(base) if base in order else len(order), name)
