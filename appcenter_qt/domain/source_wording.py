"""How a source names itself and its places, in its own words (issue 30).

The Sources page shows every source that manages repositories or remotes, each in its own
group; what a group says ("Flatpak sources", "Add Flatpak source…", the kind of file that
describes a remote) belongs to the source, not to QML or the models. A source (or its
manager) carries a :class:`SourceWording` as its ``wording`` attribute
(:class:`WordedSource`); the window translates each text in the ``SourceWords`` context, so
the words are English here, marked for lupdate with :func:`QT_TRANSLATE_NOOP` (this layer
has no Qt). A source without wording of its own gets the neutral defaults.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

# The translation context of every text below (``QCoreApplication.translate``).
CONTEXT = "SourceWords"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` for lupdate (it reads the call by name) and return it unchanged."""
    return text


@dataclass(frozen=True)
class SourceWording:
    """One source's words (its name is the registry's, ``backends.kind_label``). ``%1`` in
    ``refused_file`` is the cause."""

    # The heading over the source's repositories, and over its remotes.
    repositories: str = QT_TRANSLATE_NOOP("SourceWords", "Package repositories")
    remotes: str = QT_TRANSLATE_NOOP("SourceWords", "Other sources")
    # The button that adds a remote from a file, its longer accessible name, the file
    # dialog's title and name filter, and the two questions asked first.
    add_remote: str = QT_TRANSLATE_NOOP("SourceWords", "Add source…")
    add_remote_hint: str = QT_TRANSLATE_NOOP("SourceWords", "Add a source from a file")
    add_remote_title: str = QT_TRANSLATE_NOOP("SourceWords", "Add Source")
    remote_files: str = QT_TRANSLATE_NOOP("SourceWords", "Source files (*)")
    add_remote_question: str = QT_TRANSLATE_NOOP("SourceWords", "Add Source?")
    remove_remote_question: str = QT_TRANSLATE_NOOP("SourceWords", "Remove Source?")
    # A file refused before anything ran, and a remote that is already there.
    refused_file: str = QT_TRANSLATE_NOOP(
        "SourceWords", "This file cannot be added as a source: %1"
    )
    remote_exists: str = QT_TRANSLATE_NOOP(
        "SourceWords", "A source of this name is already configured."
    )
    # What the source leaves behind that no application needs, when there is none.
    no_unused: str = QT_TRANSLATE_NOOP("SourceWords", "Nothing unused to remove.")


# The words of a source that has none of its own.
NEUTRAL = SourceWording()


@runtime_checkable
class WordedSource(Protocol):
    """A source, or a source's manager, that says how it names itself (optional)."""

    wording: SourceWording


def wording_of(source: object) -> SourceWording:
    """``source``'s own words, else the neutral ones."""
    return source.wording if isinstance(source, WordedSource) else NEUTRAL
