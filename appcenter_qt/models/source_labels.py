"""How the window names a source: "Debian GNU/Linux" for the distribution's, "flathub
(Flatpak)" for a Flatpak remote, "Flatpak" for the source as a whole, as GNOME Software and
Discover name them. The one ``source_label`` of the window (issue 30): every page, the
Sources page's groups and its catalog rows use it.

The names are registry names (``packagekit``, ``flatpak:flathub``); the distribution's comes
from os-release (:func:`appcenter_qt.services.source_set.distribution_name`), a source's kind from
the registry (:func:`appcenter_qt.backends.kind_label`). No source is named in code here.
"""

from __future__ import annotations

import functools

from PySide6.QtCore import QCoreApplication

from appcenter_qt import backends
from appcenter_qt.domain.backend import DEFAULT_SOURCE
from appcenter_qt.domain.source_wording import CONTEXT as WORDS_CONTEXT
from appcenter_qt.services.source_set import distribution_name


@functools.cache
def _distribution() -> str:
    return distribution_name()


def source_label(name: str) -> str:
    """The user-facing name of the source ``name``."""
    if name == DEFAULT_SOURCE:
        return _distribution() or QCoreApplication.translate("Sources", "Distribution")
    base, instance = backends.split_name(name)
    kind = backends.kind_label(name)
    if not instance:
        return kind or base
    if not kind:
        return instance
    return (
        QCoreApplication.translate("Sources", "%1 (%2)", "a source's name and its kind")
        .replace("%1", instance)
        .replace("%2", kind)
    )


def translated_words(text: str) -> str:
    """One of a source's own words (:class:`~appcenter_qt.domain.source_wording.SourceWording`,
    marked for lupdate in the source's package) in the window's language."""
    return QCoreApplication.translate(WORDS_CONTEXT, text)
