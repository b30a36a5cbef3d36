"""The Sources page's sentences for adding and removing remotes and unused runtimes; where a
sentence names the source's kind of remote, the words are the source's own
(:class:`~appcenter_qt.domain.source_wording.SourceWording`).

Most failures get the one sentence of their :class:`~appcenter_qt.domain.backend.ErrorKind`
(:func:`~appcenter_qt.models.transactions_model.error_message`); a few of the source's own
codes say more than their kind and get their own: a remote still in use, one already there,
a remote added whose application list could not be fetched. A refused ``.flatpakrepo`` shows
the cause, which names the file (plain text on the page). A Refresh that could not refresh
some sources names each. A remote added or removed says what it means for the catalog shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from appcenter_qt.domain.backend import ErrorEvent, ErrorKind
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.source_wording import NEUTRAL, SourceWording
from appcenter_qt.models.job_texts import error_message
from appcenter_qt.models.source_labels import source_label, translated_words

# What a finished remote change did (the notice and the catalog reload follow from it).
ADDED = "added"
REMOVED = "removed"


def input_error(error: BackendError, words: SourceWording = NEUTRAL) -> str:
    """A file or name refused before anything ran: the cause, which names the file."""
    if error.code == ErrorKind.INVALID_INPUT and error.details:
        return translated_words(words.refused_file).replace("%1", error.details)
    return error_message(error.code)


def remote_error(event: ErrorEvent, words: SourceWording = NEUTRAL) -> str:
    """The sentence for a failed remote or runtime change; the source's own codes that say
    more than the kind get theirs."""
    if event.code == "remote-used":
        return QCoreApplication.translate(
            "Sources", "Applications installed from this source still use it."
        )
    if event.code == "remote-exists":
        return translated_words(words.remote_exists)
    if event.code == "appstream-failed":
        return QCoreApplication.translate(
            "Sources",
            "The source was added, but its list of applications could not be downloaded. "
            "Try Refresh later.",
        )
    if event.kind is ErrorKind.INVALID_INPUT:
        return translated_words(words.refused_file).replace("%1", event.message)
    return error_message(event.kind)


def refresh_failures(failed: Sequence[tuple[str, Sequence[ErrorEvent]]]) -> str:
    """One sentence per source a Refresh could not refresh, naming it ("flathub (Flatpak)")
    with its error's sentence; the others were refreshed all the same."""
    sentences = []
    for name, errors in failed:
        kind = next((e.kind for e in errors if e.kind is not ErrorKind.CANCELLED), None)
        sentences.append(
            QCoreApplication.translate("Sources", "%1 could not be refreshed: %2")
            .replace("%1", source_label(name))
            .replace("%2", error_message(kind or ErrorKind.FAILED))
        )
    return " ".join(sentences)


def change_notice(change: str, follows: bool) -> str:
    """What a remote added or removed (``change``) means for the catalog shown: it is updated
    when the window's catalog ``follows`` the sources, else only once it is rebuilt."""
    if change == ADDED and follows:
        return QCoreApplication.translate(
            "Sources", "The source was added. The catalog is updated with its applications."
        )
    if change == ADDED:
        return QCoreApplication.translate(
            "Sources",
            "The source was added. This catalog is a fixed file: its applications appear "
            "once the catalog is rebuilt and App Center starts again.",
        )
    if change == REMOVED and follows:
        return QCoreApplication.translate(
            "Sources",
            "The source was removed. The catalog is updated without its applications.",
        )
    if change == REMOVED:
        return QCoreApplication.translate(
            "Sources",
            "The source was removed. This catalog is a fixed file: its applications leave "
            "once the catalog is rebuilt and App Center starts again.",
        )
    return ""
