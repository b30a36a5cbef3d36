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


@dataclass(frozen=True)
class Hint:
    """``source`` names the file or package, ``tag`` is a stable machine-readable reason
    (``no-desktop-file``, ``icon-not-found``, ``corrupt-archive``…), ``message`` the details."""

    source: str
    tag: str
    message: str
    severity: Severity = Severity.WARNING

    def __str__(self) -> str:
        return f"{self.source}: {self.message}" if self.message else f"{self.source}: {self.tag}"


@dataclass
class ExtractResult:
    """``icons`` maps icon-archive member paths (``64x64/org.gnome.Mines.png``) to PNG bytes."""

    apps: list[Application] = field(default_factory=list)
    hints: list[Hint] = field(default_factory=list)
    icons: dict[str, bytes] = field(default_factory=dict)

    def extend(self, other: ExtractResult) -> None:
        self.apps.extend(other.apps)
        self.hints.extend(other.hints)
        self.icons.update(other.icons)

    def hint(
        self, source: str, tag: str, message: str = "", severity: Severity = Severity.WARNING
    ) -> None:
        self.hints.append(Hint(source, tag, message, severity))
