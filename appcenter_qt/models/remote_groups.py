"""The Sources page's groups of remotes: one per source manager that lists remotes or removes
unused runtimes, in registry order, each named and worded by its source (issue 30).

Kept apart from :mod:`appcenter_qt.models.sources_model` (which runs the operations) so what
a group is and says is one place: its heading, its Add button and file dialog, its
questions, and which group a file handed over from outside belongs to.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication

from appcenter_qt import backends
from appcenter_qt.domain.backend import RemoteSource, UnusedRemoval
from appcenter_qt.domain.source_wording import SourceWording, wording_of
from appcenter_qt.models.source_labels import source_label, translated_words


@dataclass
class RemoteGroup:
    """One manager on the page: ``remotes`` when it lists remotes, ``cleaner`` when it
    removes unused runtimes; ``unused`` is how many it would remove (-1: not known)."""

    index: int
    name: str
    words: SourceWording
    section: str
    remotes: RemoteSource | None
    cleaner: UnusedRemoval | None
    unused: int = -1

    def describes(self, path: str) -> bool:
        """Whether ``path`` has the name of a file this group's source reads (the registry
        knows the names, :func:`appcenter_qt.backends.describes_remote`)."""
        return backends.describes_remote(path, self.name)

    def entry(self) -> dict[str, Any]:
        """What QML reads of the group (``SourcesModel.remoteManagers``)."""
        words = self.words
        return {
            "group": self.index,
            "section": self.section,
            "label": source_label(self.name),
            "canAdd": self.remotes is not None,
            "addRemote": translated_words(words.add_remote),
            "addRemoteHint": translated_words(words.add_remote_hint),
            "addRemoteTitle": translated_words(words.add_remote_title),
            "remoteFiles": translated_words(words.remote_files),
            "removeQuestion": translated_words(words.remove_remote_question),
            "canRemoveUnused": self.cleaner is not None,
            "unused": self.unused,
            "noUnused": translated_words(words.no_unused),
        }


def unique_headings(headings: Sequence[str], labels: Sequence[str]) -> list[str]:
    """``headings`` with the source's label added to those that would repeat, and a number
    to those that still would (two groups must be told apart: the page's sections are its
    headings)."""
    pairs = list(zip(headings, labels, strict=True))
    unique = []
    for position, (heading, label) in enumerate(pairs, start=1):
        if headings.count(heading) > 1:
            if pairs.count((heading, label)) > 1:
                label = f"{label} {position}"
            heading = (
                QCoreApplication.translate("Sources", "%1 (%2)", "a group's heading and its source")
                .replace("%1", heading)
                .replace("%2", label)
            )
        unique.append(heading)
    return unique


def remote_groups(managers: Iterable[Any]) -> list[RemoteGroup]:
    """A group for each manager offering either capability; others are left out."""
    useful = [m for m in managers if isinstance(m, (RemoteSource, UnusedRemoval))]
    names = [m.name for m in useful]
    headings = unique_headings(
        [translated_words(wording_of(m).remotes) for m in useful],
        [source_label(name) for name in names],
    )
    return [
        RemoteGroup(
            index,
            name,
            wording_of(manager),
            heading,
            manager if isinstance(manager, RemoteSource) else None,
            manager if isinstance(manager, UnusedRemoval) else None,
        )
        for index, (manager, name, heading) in enumerate(zip(useful, names, headings, strict=True))
    ]


def group_for_file(groups: Sequence[RemoteGroup], path: str) -> RemoteGroup | None:
    """The group a file handed over from outside goes to: the first whose source reads files
    of its name, else the first that adds remotes at all."""
    adders = [g for g in groups if g.remotes is not None]
    return next((g for g in adders if g.describes(path)), adders[0] if adders else None)
