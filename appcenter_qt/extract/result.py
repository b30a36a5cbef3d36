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
from appcenter_qt.extract.hint_tags import Severity, hint_tag

__all__ = [
    "AddonRecord",
    "ComponentMerge",
    "ExtractResult",
    "Hint",
    "MergeKind",
    "Severity",
    "where",
]


def where(source: str, component: str) -> str:
    """A hint's ``source`` for a problem with one component: the input (file or package)
    and the component (its id, or the file inside a package while no id is known), as
    ``deb:gnome-mines_40.1-2_amd64.deb (org.gnome.Mines)``."""
    return f"{source} ({component[:80]})" if component else source


@dataclass(frozen=True)
class Hint:
    """``source`` names the file or package, and for a problem with one component the
    component too (:func:`where`); ``tag`` is a stable machine-readable reason
    (``no-desktop-file``, ``icon-not-found``, ``corrupt-archive``…), ``message`` the details.

    The tag must be in :mod:`.hint_tags`, which also gives the ``severity``: passing another
    severity, or an unknown tag, raises (a bug in the emitting code, caught by the tests)."""

    source: str
    tag: str
    message: str
    severity: Severity

    def __init__(
        self, source: str, tag: str, message: str = "", severity: Severity | None = None
    ) -> None:
        registered = hint_tag(tag).severity
        if severity is not None and severity != registered:
            raise ValueError(f"hint {tag!r} is registered as {registered}, not {severity}")
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "tag", tag)
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "severity", registered)

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
