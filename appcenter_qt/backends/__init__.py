"""The registry of sources: the one place that knows the concrete backend classes.

Everything that installs, removes or updates (the window, the update notifier, the CLIs) asks
here: ``make("packagekit", address=…)`` builds a source implementing
:class:`~appcenter_qt.domain.backend.PackageBackend`, ``available()`` says which sources this
installation can build and, for those it cannot, why. Sources are imported lazily, on first
use: a missing optional dependency (dbus-next for PackageKit) makes that one source
unavailable with a reason instead of breaking every import of the product.

Adding a source is one package under ``backends/`` and one :class:`SourceSpec` line in
:data:`SOURCES` (docs/architecture.md, "Sources").
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass
from typing import Any

from appcenter_qt.domain.backend import DEFAULT_SOURCE, ErrorKind, PackageBackend
from appcenter_qt.errors import BackendError

__all__ = [
    "DEFAULT_SOURCE",
    "SOURCES",
    "SourceSpec",
    "SourceStatus",
    "SourceUnavailable",
    "available",
    "make",
    "names",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SourceSpec:
    """One registered source: its registry ``name``, the ``module:Class`` that implements it,
    and a one-line description for ``appcenter-apps sources``."""

    name: str
    target: str
    description: str


@dataclass(frozen=True)
class SourceStatus:
    """Whether a source can be built here; ``reason`` says why not (empty when it can)."""

    name: str
    description: str
    available: bool
    reason: str = ""


SOURCES: tuple[SourceSpec, ...] = (
    SourceSpec(
        "packagekit",
        "appcenter_qt.backends.packagekit:PackageKitBackend",
        "distribution packages through the PackageKit daemon",
    ),
)


class SourceUnavailable(BackendError):
    """``make`` cannot build the source: unknown name, or its implementation cannot load."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason
        super().__init__(ErrorKind.DAEMON_MISSING, f"source {name!r} is unavailable: {reason}")


def names() -> tuple[str, ...]:
    """The registered source names, default first."""
    return tuple(spec.name for spec in SOURCES)


def _spec(name: str) -> SourceSpec:
    for spec in SOURCES:
        if spec.name == name:
            return spec
    known = ", ".join(names())
    raise SourceUnavailable(name, f"no such source (known: {known})")


def _load(spec: SourceSpec) -> Any:
    module_name, _, class_name = spec.target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        missing = f" ({error.name} is not installed)" if error.name else ""
        raise SourceUnavailable(spec.name, f"cannot load {module_name}{missing}: {error}") from None
    factory = getattr(module, class_name, None)
    if factory is None:
        raise SourceUnavailable(spec.name, f"{module_name} has no {class_name}")
    return factory


def available() -> list[SourceStatus]:
    """Every registered source and whether it can be built here (imports, never connects:
    whether a daemon answers is what the first transaction reports)."""
    statuses = []
    for spec in SOURCES:
        try:
            _load(spec)
        except SourceUnavailable as error:
            statuses.append(SourceStatus(spec.name, spec.description, False, error.reason))
        else:
            statuses.append(SourceStatus(spec.name, spec.description, True))
    return statuses


def make(name: str = DEFAULT_SOURCE, **options: Any) -> PackageBackend:
    """Build the source called ``name`` with its own keyword ``options`` (PackageKit:
    ``address``, ``locale``, ``interactive``, ``inactivity_timeout``, ``call_timeout``).

    Raises :class:`SourceUnavailable` naming the source and the reason."""
    factory = _load(_spec(name))
    try:
        backend: PackageBackend = factory(**options)
    except TypeError as error:  # an option this source does not take
        raise SourceUnavailable(name, f"bad options: {error}") from None
    return backend
