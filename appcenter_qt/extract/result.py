"""What every extractor returns: applications plus *hints*, the problems met on the way.

Following libappstream's compose hints, problems are collected with a severity instead of
raised, so one broken package never stops a run and the report can say, per input, why it
is or is not an application.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from appcenter_qt.domain import Addon, Application
from appcenter_qt.extract.app_spool import AppSpool
from appcenter_qt.extract.hint import Hint, where
from appcenter_qt.extract.hint_tags import Severity

__all__ = [
    "AddonRecord",
    "ComponentMerge",
    "ExtractResult",
    "Hint",
    "MergeKind",
    "Severity",
    "where",
]


class MergeKind(enum.StrEnum):
    """How an AppStream *merge component* (DEP-11 ``Merge:``, XML ``merge=``) changes the
    component with its id: ``append`` fills and extends, ``replace`` replaces the fields the
    merge component has, ``remove-component`` removes the component."""

    APPEND = "append"
    REPLACE = "replace"
    REMOVE_COMPONENT = "remove-component"


@dataclass(frozen=True)
class ComponentMerge:
    """A merge component as read: ``app`` holds only the fields it has (its name may be
    empty); ``where`` names the input and the id for hints. Merges are applied by
    :func:`appcenter_qt.generator.merge.merge` once every input's applications are known."""

    kind: MergeKind
    app: Application
    where: str


@dataclass(frozen=True)
class AddonRecord:
    """An add-on as read (an ``addon`` component): ``where`` names the input and the id for
    hints. The applications it extends are looked up once every input's applications are
    known (:func:`appcenter_qt.generator.merge.merge`), not in its own file."""

    addon: Addon
    where: str


@dataclass
class ExtractResult:
    """``icons`` maps icon-archive member paths (``64x64/org.gnome.Mines.png``) to PNG bytes;
    ``merges`` are the merge components met, in input order, ``addons`` the add-ons. A
    large catalog's ``apps`` are an :class:`AppSpool` (on disk), a package's a list."""

    apps: list[Application] | AppSpool = field(default_factory=list)
    hints: list[Hint] = field(default_factory=list)
    icons: dict[str, bytes] = field(default_factory=dict)
    merges: list[ComponentMerge] = field(default_factory=list)
    addons: list[AddonRecord] = field(default_factory=list)

    def extend(self, other: ExtractResult) -> None:
        self.apps.extend(other.apps)
        self.hints.extend(other.hints)
        self.icons.update(other.icons)
        self.merges.extend(other.merges)
        self.addons.extend(other.addons)

    def hint(self, source: str, tag: str, message: str = "") -> None:
        self.hints.append(Hint(source, tag, message))
