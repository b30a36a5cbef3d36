"""All the sources of a :class:`~appcenter_qt.services.source_set.SourceSet` as one neutral source.

The Installed and Updates pages (and the updater steps they run) ask "what is installed",
"what can be updated", "update these": questions for every source at once. Rather than teach
each of them about several sources, :class:`MergedSource` implements the same
:class:`~appcenter_qt.domain.backend.PackageBackend` contract over all of them:

* listings (``get_packages``, ``get_updates``, ``resolve``, ``search_names``) ask each source
  in turn and pass every answer on; a source that fails is logged and skipped, unless every
  source failed (then its error is the answer). ``resolve`` hands each source only the names
  it accepts (a Flatpak remote refuses a Debian package name as invalid input);
* operations on references (``get_details``, ``update``, ``install``, ``remove``…) go to the
  source that handed the reference out (remembered from every answer), else to the first
  source that can read it; several sources run one after the other, as one transaction with
  one overall percentage and one :class:`FinishedEvent`;
* ``parse_ref`` asks the reference's owner; :meth:`owner` names it (the Installed page shows
  which source an application came from).

``refresh_cache`` refreshes every source in turn (PackageKit's cache, each Flatpak remote's
AppStream) as one transaction with one percentage and one Cancel; a source that fails does not
stop the others, and the returned :class:`Chain` lists it in ``failed`` so the Sources page can
name it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Protocol

from appcenter_qt.domain.backend import (
    ErrorEvent,
    ErrorKind,
    FinishedEvent,
    Outcome,
    PackageBackend,
    PackageEvent,
    ProgressEvent,
    Transaction,
    TransactionEvent,
    UpdateDetailEvent,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef, PackageRef
from appcenter_qt.services.install import error_line
from appcenter_qt.services.jobs import clamp_percent

log = logging.getLogger(__name__)

#: What the merged view is called where a source name is shown (logs).
NAME = "sources"


class Sources(Protocol):
    """What the merged view needs of a :class:`~appcenter_qt.services.source_set.SourceSet` (which
    builds it; named here only by shape, so neither module imports the other)."""

    names: tuple[str, ...]

    def get(self, name: str) -> PackageBackend | None: ...

    def usable(self) -> list[tuple[str, PackageBackend]]: ...

    async def aclose(self) -> None: ...


class MergedSource:
    """Every source of ``sources`` behind the one contract."""

    name = NAME

    def __init__(self, sources: Sources) -> None:
        self.sources = sources
        self._owners: dict[str, str] = {}
        self._lock = threading.Lock()
        #: The sources the last listing that has run could not ask (source name → its
        #: errors' text), so a caller of a listing can say whose answer is missing.
        self.last_failures: dict[str, str] = {}

    # -- who owns a reference -------------------------------------------------------------
    def remember(self, ref: str, source: str) -> None:
        with self._lock:
            self._owners[ref] = source

    def owner(self, ref: str) -> str:
        """The registry name of the source that handed ``ref`` out, else of the first source
        that can read it; "" for none."""
        with self._lock:
            known = self._owners.get(ref)
        if known:
            return known
        for name, backend in self.sources.usable():
            try:
                backend.parse_ref(ref)
            except InvalidPackageRef:
                continue
            return name
        return ""

    def parse_ref(self, ref: str) -> PackageRef:
        backend = self.sources.get(self.owner(ref))
        if backend is None:
            raise InvalidPackageRef(f"no source reads the reference {str(ref)[:200]!r}")
        return backend.parse_ref(ref)

    async def aclose(self) -> None:
        await self.sources.aclose()

    # -- fanning out ----------------------------------------------------------------------
    def _each(self, build: Callable[[PackageBackend], Transaction]) -> Chain:
        """``build`` on every usable source; a source that refuses the input is left out."""
        parts: list[tuple[str, Transaction]] = []
        refused: BackendError | None = None
        for name, backend in self.sources.usable():
            try:
                parts.append((name, build(backend)))
            except BackendError as error:
                refused = refused or error
        if not parts:
            raise refused or BackendError(ErrorKind.DAEMON_MISSING, "no source is available")
        return Chain(parts, self.remember, tolerant=True, on_done=self._note_failures)

    def _note_failures(self, chain: Chain) -> None:
        self.last_failures = {
            name: "; ".join(error_line(error.message, error.details) for error in errors)
            or "it failed"
            for name, errors in chain.failed
        }

    def _by_owner(self, refs: Sequence[str], build: Callable[..., Transaction]) -> Chain:
        """``build(backend, its refs)`` per owning source, in the sources' order."""
        if isinstance(refs, str):
            raise BackendError(ErrorKind.INVALID_INPUT, "expected a list of references")
        grouped: dict[str, list[str]] = {}
        for ref in refs:
            owner = self.owner(ref)
            if not owner:
                raise BackendError(
                    ErrorKind.INVALID_INPUT, f"no source knows the reference {str(ref)[:200]!r}"
                )
            grouped.setdefault(owner, []).append(ref)
        if not grouped:
            raise BackendError(ErrorKind.INVALID_INPUT, "no reference given")
        parts = []
        for name in self.sources.names:
            if name in grouped:
                backend = self.sources.get(name)
                assert backend is not None  # owner() only names sources that built
                parts.append((name, build(backend, grouped[name])))
        return Chain(parts, self.remember, tolerant=False)

    @staticmethod
    def _accepted(backend: PackageBackend, names: Sequence[str], installed_only: bool) -> list[str]:
        """The names ``backend`` takes: building a transaction starts nothing, so each name
        is tried on its own when the whole list is refused."""
        try:
            backend.resolve(names, installed_only=installed_only)
            return list(names)
        except BackendError:
            pass
        taken = []
        for name in names:
            try:
                backend.resolve([name], installed_only=installed_only)
            except BackendError:
                continue
            taken.append(name)
        return taken

    # -- the contract ---------------------------------------------------------------------
    def resolve(self, names: Sequence[str], *, installed_only: bool = False) -> Transaction:
        if isinstance(names, str):
            raise BackendError(ErrorKind.INVALID_INPUT, "expected a list of package names")
        names = list(names)

        def build(backend: PackageBackend) -> Transaction:
            mine = self._accepted(backend, names, installed_only)
            return backend.resolve(mine, installed_only=installed_only)

        return self._each(build)

    def search_names(self, terms: Sequence[str]) -> Transaction:
        return self._each(lambda backend: backend.search_names(terms))

    def get_packages(self, *, installed_only: bool = False) -> Transaction:
        return self._each(lambda backend: backend.get_packages(installed_only=installed_only))

    def get_updates(self) -> Transaction:
        return self._each(lambda backend: backend.get_updates())

    def refresh_cache(self, *, force: bool = False) -> Chain:
        """Every source's metadata; the chain's ``failed`` names the sources that failed."""
        return self._each(lambda backend: backend.refresh_cache(force=force))

    def get_details(self, package_ids: Sequence[str]) -> Transaction:
        return self._by_owner(package_ids, lambda b, refs: b.get_details(refs))

    def get_update_details(self, package_ids: Sequence[str]) -> Transaction:
        return self._by_owner(package_ids, lambda b, refs: b.get_update_details(refs))

    def depends_on(
        self, package_ids: Sequence[str], *, recursive: bool = True, installed_only: bool = True
    ) -> Transaction:
        return self._by_owner(
            package_ids,
            lambda b, refs: b.depends_on(refs, recursive=recursive, installed_only=installed_only),
        )

    def install(self, package_ids: Sequence[str], *, simulate: bool = False) -> Transaction:
        return self._by_owner(package_ids, lambda b, refs: b.install(refs, simulate=simulate))

    def remove(
        self,
        package_ids: Sequence[str],
        *,
        allow_deps: bool = True,
        autoremove: bool = False,
        simulate: bool = False,
    ) -> Transaction:
        return self._by_owner(
            package_ids,
            lambda b, refs: b.remove(
                refs, allow_deps=allow_deps, autoremove=autoremove, simulate=simulate
            ),
        )

    def update(self, package_ids: Sequence[str], *, simulate: bool = False) -> Transaction:
        return self._by_owner(package_ids, lambda b, refs: b.update(refs, simulate=simulate))


class Chain:
    """Several sources' transactions run one after the other as one :class:`Transaction`.

    ``tolerant`` (listings, refreshing): a part that fails is logged, its error dropped unless
    every part failed, and the part is listed in :attr:`failed` (source name, its errors) once
    the chain has run. Otherwise (changes) the first failure stops the chain and is reported.
    The parts' percentages become one overall percentage; one :class:`FinishedEvent` ends it."""

    def __init__(
        self,
        parts: list[tuple[str, Transaction]],
        remember: Callable[[str, str], None],
        *,
        tolerant: bool,
        on_done: Callable[[Chain], None] | None = None,
    ) -> None:
        self._parts = parts
        self._remember = remember
        self._tolerant = tolerant
        self._on_done = on_done
        self._current: Transaction | None = None
        self._cancelled = False
        #: The tolerated parts that failed: (source name, its error events), in order.
        self.failed: list[tuple[str, list[ErrorEvent]]] = []

    async def cancel(self) -> None:
        self._cancelled = True
        if self._current is not None:
            await self._current.cancel()

    def __aiter__(self) -> AsyncIterator[TransactionEvent]:
        return self._run()

    async def _run(self) -> AsyncIterator[TransactionEvent]:
        started = time.monotonic()
        count = len(self._parts)
        failures: list[ErrorEvent] = []
        failed_parts = 0
        outcome = Outcome.SUCCESS
        code = ""
        for index, (name, transaction) in enumerate(self._parts):
            if self._cancelled:
                outcome = Outcome.CANCELLED
                break
            self._current = transaction
            errors: list[ErrorEvent] = []
            finished: FinishedEvent | None = None
            async for event in transaction:
                if isinstance(event, FinishedEvent):
                    finished = event
                    continue
                if isinstance(event, ErrorEvent):
                    errors.append(event)
                    if self._tolerant:
                        continue
                elif isinstance(event, PackageEvent | UpdateDetailEvent):
                    self._remember(event.package_id, name)
                elif isinstance(event, ProgressEvent) and event.percent is not None:
                    overall = (index * 100 + clamp_percent(event.percent)) // count
                    event = ProgressEvent(overall, event.status, event.item, event.item_percent)
                yield event
            self._current = None
            ended = finished.exit if finished is not None else Outcome.FAILED
            if ended is Outcome.SUCCESS:
                continue
            if ended is Outcome.CANCELLED or self._cancelled:
                outcome, code = Outcome.CANCELLED, finished.code if finished else ""
                break
            if self._tolerant:
                log.info("%s: %s", name, "; ".join(e.message for e in errors) or ended)
                failures.extend(errors)
                self.failed.append((name, errors))
                failed_parts += 1
                continue
            outcome, code = Outcome.FAILED, finished.code if finished else ""
            break
        if self._tolerant and failed_parts == count and outcome is Outcome.SUCCESS:
            for error in failures:
                yield error
            outcome = Outcome.FAILED
        if self._on_done is not None:
            self._on_done(self)
        runtime = int((time.monotonic() - started) * 1000)
        yield FinishedEvent(outcome, runtime, code)
