"""A *hint*: one problem met while reading an input, named by its file or package and a
stable tag (:mod:`.hint_tags`).

In a module of its own, without the extraction's results (:mod:`.result`): the pool's
discovery reports hints too, and the window's catalog choice imports it before its first
cards; the results would add the application spool and pickle to that path.
"""

from __future__ import annotations

from dataclasses import dataclass

from appcenter_qt.extract.hint_tags import Severity, hint_tag


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
