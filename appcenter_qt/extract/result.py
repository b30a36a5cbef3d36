"""What every extractor returns: applications plus *hints*, the problems met on the way.

Following libappstream's compose hints, problems are collected with a severity instead of
raised, so one broken package never stops a run and the report can say, per input, why it
is or is not an application.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from appcenter_qt.domain import Application


class Severity(enum.StrEnum):
    INFO = "info"  # noteworthy, nothing lost (e.g. "not an application: no desktop file")
    WARNING = "warning"  # something was dropped (an icon, a locale, a screenshot)
    ERROR = "error"  # the input or a component could not be used at all


def where(source: str, component: str) -> str:
    """A hint's ``source`` for a problem with one component: the input (file or package)
    and the component (its id, or the file inside a package while no id is known), as
    ``deb:gnome-mines_40.1-2_amd64.deb (org.gnome.Mines)``."""
    return f"{source} ({component[:80]})" if component else source


@dataclass(frozen=True)
class Hint:
    """``source`` names the file or package, and for a problem with one component the
    component too (:func:`where`); ``tag`` is a stable machine-readable reason
    (``no-desktop-file``, ``icon-not-found``, ``corrupt-archive``…), ``message`` the details."""

    source: str
    tag: str
    message: str
    severity: Severity = Severity.WARNING

    def __str__(self) -> str:
        return f"{self.source}: {self.message}" if self.message else f"{self.source}: {self.tag}"


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
    :func:`appcenter_qt.extract.merge.merge` once every input's applications are known."""

    kind: MergeKind
    app: Application
    where: str


@dataclass
class ExtractResult:
    """``icons`` maps icon-archive member paths (``64x64/org.gnome.Mines.png``) to PNG bytes;
    ``merges`` are the merge components met, in input order."""

    apps: list[Application] = field(default_factory=list)
    hints: list[Hint] = field(default_factory=list)
    icons: dict[str, bytes] = field(default_factory=dict)
    merges: list[ComponentMerge] = field(default_factory=list)

    def extend(self, other: ExtractResult) -> None:
        self.apps.extend(other.apps)
        self.hints.extend(other.hints)
        self.icons.update(other.icons)
        self.merges.extend(other.merges)

    def hint(
        self, source: str, tag: str, message: str = "", severity: Severity = Severity.WARNING
    ) -> None:
        self.hints.append(Hint(source, tag, message, severity))
