"""Source names without the registry: the default source, the order sources are listed in
and how a multi-instance name splits, for code that must not import
:mod:`appcenter_qt.backends` (the catalog read path, ``appcenter-query``: docs/architecture.md,
"The lean read path").

:mod:`appcenter_qt.backends` owns the registry and builds its answers from these; a test
checks that it lists :data:`DEFAULT_SOURCE` first. No other source is named here, so adding
one touches only its own package and the registry (issue 30).
"""

from __future__ import annotations

#: The registry name of the source that installs distribution packages: what a catalog origin
#: maps to when the catalog names no source for it (catalogs written before ``meta.sources``).
DEFAULT_SOURCE = "packagekit"


def split_name(name: str) -> tuple[str, str]:
    """``flatpak:flathub`` → (``flatpak``, ``flathub``); ``packagekit`` → (``packagekit``, "")."""
    base, _, instance = name.partition(":")
    return base, instance


def sort_key(name: str) -> tuple[int, str]:
    """The distribution's source first, then the others by name: how several sources of one
    application are listed, and which one is the default."""
    return (0 if split_name(name)[0] == DEFAULT_SOURCE else 1, name)
