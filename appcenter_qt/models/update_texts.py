"""The Updates page's sentences for neutral restart hints (one place, so the page and the
offline banner word them alike)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication

from appcenter_qt.domain.backend import RestartHint


def restart_text(kinds: Iterable[str]) -> str:
    """The hint for the strongest restart the source asked for (:class:`RestartHint`
    values; "" when none)."""
    kinds = set(kinds)
    if RestartHint.SYSTEM in kinds:
        return QCoreApplication.translate(
            "Updates", "Restart the computer to finish installing the updates."
        )
    if RestartHint.SESSION in kinds:
        return QCoreApplication.translate(
            "Updates", "Log out and back in to finish installing the updates."
        )
    if RestartHint.APPLICATION in kinds:
        return QCoreApplication.translate(
            "Updates", "Restart the updated applications to use the new versions."
        )
    return ""
