"""Install and remove an application: the one rule set the window and ``appcenter-apps`` share.

Before, the window simulated and asked but had no branch preference, and the command line
preferred the catalog's branch but never simulated, so the two could install different
things. Now both call this module (GNOME Software's install job, Discover's Transaction):

1. **Which source** (:func:`route`, :func:`choose_source`): an application's packages are
   grouped by the source owning their catalog origin (``meta.sources``), in registry order
   (the distribution first). A removal acts where the application is installed; otherwise
   the chosen source, else the first.
2. **Which packages** (:func:`plan`): the names are resolved in that source; of several
   references for one name (a Flatpak application in two branches) the one whose version
   the catalog lists wins (:func:`preferred_refs`).
3. **Simulate first**: what else the change installs, removes or updates
   (:attr:`ChangePlan.extra`) is what a front end asks about before anything changes.
4. **Run it** (:func:`run_change`), progress to a callback, and report failures by
   :class:`~appcenter_qt.domain.backend.ErrorKind`, worded once by :func:`error_sentence`
   (the window translates these sentences; they are marked for ``lupdate``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from appcenter_qt import backends
from appcenter_qt.catalog.origins import source_for
from appcenter_qt.domain import Package
from appcenter_qt.domain.backend import (
    ErrorKind,
    Outcome,
    PackageBackend,
    PackageState,
    Transaction,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef
from appcenter_qt.services.jobs import JobResult, ProgressCallback, collect

log = logging.getLogger(__name__)

INSTALL = "install"
REMOVE = "remove"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks ``text`` for translation in ``context`` (``lupdate`` reads this name); the window
    translates it when shown."""
    return text


# The translation context of SENTENCES.
ERROR_CONTEXT = "Errors"

# One user sentence per kind of failure, neutral: no source named.
SENTENCES: dict[str, str] = {
    ErrorKind.DAEMON_MISSING: QT_TRANSLATE_NOOP(
        "Errors", "The package manager service is not running or not installed."
    ),
    ErrorKind.DAEMON_CRASHED: QT_TRANSLATE_NOOP(
        "Errors", "The package manager service stopped unexpectedly."
    ),
    ErrorKind.NOT_AUTHORIZED: QT_TRANSLATE_NOOP(
        "Errors", "You are not allowed to install or remove software."
    ),
    ErrorKind.LOCKED: QT_TRANSLATE_NOOP(
        "Errors", "Another program is installing or updating software. Try again later."
    ),
    ErrorKind.NETWORK: QT_TRANSLATE_NOOP(
        "Errors", "The package could not be downloaded. Check the network."
    ),
    ErrorKind.NOT_FOUND: QT_TRANSLATE_NOOP(
        "Errors", "The package was not found in the configured sources."
    ),
    ErrorKind.CANCELLED: QT_TRANSLATE_NOOP("Errors", "The operation was cancelled."),
    ErrorKind.TIMEOUT: QT_TRANSLATE_NOOP("Errors", "The package manager did not answer in time."),
    ErrorKind.INVALID_INPUT: QT_TRANSLATE_NOOP(
        "Errors", "The catalog names a package that is not valid."
    ),
    ErrorKind.FAILED: QT_TRANSLATE_NOOP("Errors", "The operation failed."),
}


def error_sentence(kind: str) -> str:
    """The sentence for an :class:`ErrorKind` (or a ``BackendError`` code); unknown → failed."""
    return SENTENCES.get(kind, SENTENCES[ErrorKind.FAILED])


def error_line(sentence: str, details: str = "") -> str:
    """``sentence`` and, in brackets, the first line of what the source said: the one line
    the command lines print for a source's failure. The details are the source's free text,
    untrusted: cut to 200 characters, control characters dropped."""
    if not details.strip():
        return sentence
    first = "".join(ch for ch in details.splitlines()[0][:200] if ch.isprintable())
    return f"{sentence} ({first})"


def describe_error(
    kind: str, details: str = "", translate: Callable[[str], str] = lambda text: text
) -> str:
    """The sentence for ``kind`` (through ``translate``); the source's own words only for
    the catch-all kind, where they are the only clue (for the others they repeat it)."""
    message = translate(error_sentence(kind))
    details = " ".join(details.split())[:300]
    return f"{message} ({details})" if details and kind == ErrorKind.FAILED else message


# -- 1. which source -------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """An application's packages in one source: names, and the versions the catalog lists
    for each (a Flatpak application's branch)."""

    source: str
    names: tuple[str, ...]
    versions: Mapping[str, frozenset[str]] = field(default_factory=dict)


def route(
    meta: Mapping[str, str], packages: Iterable[Package], among: Collection[str] | None = None
) -> dict[str, Target]:
    """The packages grouped by the source owning their origin, default source first;
    sources not ``among`` (the ones this process has) left out."""
    names: dict[str, set[str]] = {}
    versions: dict[str, dict[str, set[str]]] = {}
    for package in packages:
        source = source_for(meta, package.origin)
        if among is not None and source not in among:
            continue
        names.setdefault(source, set()).add(package.name)
        if package.version:
            versions.setdefault(source, {}).setdefault(package.name, set()).add(package.version)
    return {
        source: Target(
            source,
            tuple(sorted(names[source])),
            {n: frozenset(v) for n, v in versions.get(source, {}).items()},
        )
        for source in sorted(names, key=backends.sort_key)
    }


def choose_source(
    routes: Mapping[str, Target],
    action: str,
    requested: str = "",
    installed_from: Sequence[str] = (),
) -> Target | None:
    """The target of a change: the ``requested`` source; for a removal, the first source the
    application is installed from; else the first (the distribution before a remote)."""
    if requested:
        return routes.get(requested)
    if action == REMOVE:
        for source in installed_from:
            if source in routes:
                return routes[source]
    return next(iter(routes.values()), None)


# -- 2. and 3. which packages, and what else changes -------------------------------------------


def name_of(backend: PackageBackend, ref: str) -> str:
    """The package name the source reads from its reference ("" when it is not one)."""
    try:
        return backend.parse_ref(ref).name
    except InvalidPackageRef:
        return ""


def preferred_refs(backend: PackageBackend, refs: Sequence[str], target: Target) -> list[str]:
    """Of several references for one name (two branches), those whose version the catalog
    lists for it, when any does; every reference otherwise."""
    kept: list[str] = []
    for name in target.names:
        mine = [r for r in refs if name_of(backend, r) == name]
        listed = target.versions.get(name, frozenset())
        matching = [r for r in mine if backend.parse_ref(r).version in listed]
        kept.extend(matching if len(mine) > 1 and matching else mine)
    return kept


@dataclass(frozen=True)
class ChangePlan:
    """What a change would do. ``refs`` empty: nothing to do, ``nothing`` says why
    (``installed``: an install of an installed application; ``not-installed``; ``not-found``)."""

    action: str
    source: str
    refs: tuple[str, ...] = ()
    #: the other packages the simulation changes, (reference, how), sorted
    extra: tuple[tuple[str, PackageState], ...] = ()
    nothing: str = ""


async def plan(
    backend: PackageBackend, target: Target, action: str, *, simulate: bool = True
) -> ChangePlan:
    """Resolve the target's names, pick the branch, and simulate the change."""
    removing = action == REMOVE
    resolved = (
        await collect(backend.resolve(target.names, installed_only=removing))
    ).raise_for_error()
    wanted = PackageState.INSTALLED if removing else PackageState.AVAILABLE
    mine = [r for r in resolved.package_ids(wanted) if name_of(backend, r) in target.names]
    refs = tuple(preferred_refs(backend, mine, target))
    if not refs:
        if removing:
            return ChangePlan(action, target.source, nothing="not-installed")
        installed = resolved.package_ids(PackageState.INSTALLED)
        return ChangePlan(action, target.source, nothing="installed" if installed else "not-found")
    if not simulate:
        return ChangePlan(action, target.source, refs)
    simulation = (
        await collect(_transaction(backend, action, refs, simulate=True))
    ).raise_for_error()
    extra = sorted(
        {
            (p.package_id, p.state)
            for p in simulation.packages
            if p.state.changes and name_of(backend, p.package_id) not in ("", *target.names)
        }
    )
    return ChangePlan(action, target.source, refs, tuple(extra))


def _transaction(
    backend: PackageBackend, action: str, refs: Sequence[str], *, simulate: bool = False
) -> Transaction:
    if action == INSTALL:
        return backend.install(list(refs), simulate=simulate)
    return backend.remove(list(refs), allow_deps=True, autoremove=False, simulate=simulate)


# -- 4. run it ---------------------------------------------------------------------------------


@dataclass
class ChangeResult:
    """How a change ended. ``error`` is an :class:`ErrorKind` value ("" when none);
    ``declined`` the user said no to the extra changes; ``job`` what the change reported."""

    plan: ChangePlan
    success: bool = False
    error: str = ""
    details: str = ""
    declined: bool = False
    job: JobResult | None = None

    @property
    def restart(self) -> list[str]:
        return self.job.restart_hints() if self.job is not None else []


async def run_change(
    backend: PackageBackend,
    target: Target,
    action: str,
    *,
    confirm: Callable[[ChangePlan], Awaitable[bool]] | None = None,
    on_progress: ProgressCallback | None = None,
    on_start: Callable[[Transaction], None] | None = None,
    stopped: Callable[[], bool] = lambda: False,
) -> ChangeResult:
    """Plan (resolve, branch, simulate), ask ``confirm`` when other packages change too
    (no ``confirm``: go ahead), then run the change. ``on_start`` is handed the running
    transaction (what a Cancel button cancels); ``stopped`` saying yes before the change
    starts (cancelled while it was planned) ends it as cancelled. Failures come back in the
    result, by kind."""
    try:
        planned = await plan(backend, target, action)
    except BackendError as error:
        return ChangeResult(
            ChangePlan(action, target.source), error=error.code, details=error.details
        )
    if not planned.refs:
        done = planned.nothing == "installed"
        return ChangeResult(planned, success=done, error="" if done else ErrorKind.NOT_FOUND)
    if planned.extra and confirm is not None and not await confirm(planned):
        return ChangeResult(planned, declined=True)
    if stopped():
        return ChangeResult(planned, error=ErrorKind.CANCELLED)
    try:
        transaction = _transaction(backend, action, planned.refs)
    except BackendError as error:
        return ChangeResult(planned, error=error.code, details=error.details)
    if on_start is not None:
        on_start(transaction)
    job = await collect(transaction, on_progress)
    failure = job.error
    if job.success:
        return ChangeResult(planned, success=True, job=job)
    if failure is not None:
        return ChangeResult(planned, error=failure.kind, details=failure.details, job=job)
    cancelled = job.finished is not None and job.finished.exit is Outcome.CANCELLED
    return ChangeResult(
        planned, error=ErrorKind.CANCELLED if cancelled else ErrorKind.FAILED, job=job
    )


# -- the installed state (refresh) -------------------------------------------------------------


async def installed_sources(
    sources: Mapping[str, PackageBackend], wanted: Mapping[str, Mapping[str, Target]]
) -> dict[str, tuple[str, ...]]:
    """For each application (id → its routes), the sources that have any of its packages
    installed: one resolve per source over every name it owns. Applications no answering
    source knows are left out; a source that fails is logged and skipped."""
    per_source: dict[str, set[str]] = {}
    for routes in wanted.values():
        for source, target in routes.items():
            per_source.setdefault(source, set()).update(target.names)
    installed: dict[str, set[str]] = {}
    for source, backend in sources.items():
        if source not in per_source:
            continue
        try:
            job = await collect(backend.resolve(sorted(per_source[source]), installed_only=True))
            job.raise_for_error()
        except BackendError as error:
            log.info("%s cannot tell installed state: %s", source, error)
            continue
        refs = job.package_ids(PackageState.INSTALLED)
        installed[source] = {name_of(backend, ref) for ref in refs}
    return {
        app_id: tuple(
            source
            for source, target in routes.items()
            if any(name in installed.get(source, ()) for name in target.names)
        )
        for app_id, routes in wanted.items()
        if any(source in installed for source in routes)
    }
