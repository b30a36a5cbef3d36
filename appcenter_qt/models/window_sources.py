"""The window's sources: which it starts with, and what the Sources page needs of them.

``make_backend`` chooses them before the window is built. With ``all`` it lists only the
distribution's source (PackageKit) at once: listing Flatpak's remotes loads libflatpak
through gi, 40 ms a start spent before the first cards (issue 31). The window lists the
others once its first cards are in (``AppCenter._list_other_sources``), or at once when it
opens on a page other than the home page or the grid, with a remote's file, or when an action
needs every source (``SourceSet.settle``).
"""

from __future__ import annotations

import logging
from typing import Any

from appcenter_qt.domain.errors import AppCenterError

log = logging.getLogger("appcenter_qt")


def make_backend(kind: str) -> tuple[Any, str]:
    """The sources (a :class:`~appcenter_qt.services.source_set.SourceSet`) and, when there is none,
    why (shown instead of Install). ``all`` is every source the registry says is available
    (PackageKit and each Flatpak remote), a registry name only that one, ``none`` browse-only.
    The reason is the English source text: :class:`AppCenter` translates it once its
    translator is installed (lupdate finds it through ``QT_TRANSLATE_NOOP``)."""
    from PySide6.QtCore import QT_TRANSLATE_NOOP

    from appcenter_qt.services.source_set import SourceSet

    if kind == "none":
        return None, str(
            QT_TRANSLATE_NOOP(
                "App",
                "Installing and removing is off: appcenter-qt was started with --backend none.",
            )
        )
    try:
        # The other sources (Flatpak's remotes) are listed after the first cards
        # (AppCenter._attach_managers), unless the distribution's own cannot start.
        sources = SourceSet.choose(kind, others_later=True)
        if not sources.usable():
            sources.settle()
        if sources.usable():  # builds each now: one that cannot start is left out, logged
            return sources, ""
        log.warning("no package source can start: %s", sources)
    except (ImportError, AppCenterError, OSError) as error:
        log.warning("no package backend: %s", error)
    return None, str(
        QT_TRANSLATE_NOOP(
            "App",
            "Installing and removing is unavailable: no package manager could start.",
        )
    )


def source_managers() -> list[Any]:
    """The sources' managers (Flatpak's remotes and unused runtimes) for the Sources page;
    none when a source cannot load, which the registry logs."""
    from appcenter_qt import backends

    try:
        return backends.managers()
    except (ImportError, AppCenterError, OSError) as error:
        log.warning("no source managers: %s", error)
        return []


def setup_hint_pairs() -> list[tuple[str, str]]:
    """(label, packages) of each source that cannot load here (loading them tells)."""
    from appcenter_qt.services.source_set import setup_hints

    return [(hint.label, hint.packages) for hint in setup_hints()]
