"""DEP-11: the YAML AppStream catalogs of Debian and Ubuntu (``Components-<arch>.yml.gz``).

A DEP-11 file is a multi-document YAML stream: a header document (``File: DEP-11``,
``Origin``, ``MediaBaseUrl``, ``Priority``) followed by one document per component. The stream
is cut into documents and each is loaded on its own by :mod:`.yaml_documents` (flat memory,
one malformed document reported and skipped, no alias expansion). Every field is
type-checked: a wrong type drops that field (or, for ``ID``/``Name``, the component) with a
hint naming the file, the component and the reason.

Reference: the DEP-11 format as written by appstream-generator and read by libappstream
(``as-yaml.c``); fields are ``Type``, ``ID``, ``Package``, ``Name``, ``Summary``,
``Description``, ``Categories``, ``Keywords``, ``Icon``, ``Launchable``, ``Screenshots``,
``Url``, ``ProjectGroup``, ``ProjectLicense``, ``DeveloperName``, ``Provides``, ``Replaces``,
``Extends``. A component with ``Merge:`` is a merge component: it needs no ``Type`` or
``Name`` and is handed on in ``ExtractResult.merges`` rather than as an application. A
``Type: addon`` component is an add-on of the applications its ``Extends`` names, handed on
in ``ExtractResult.addons``.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import pickle
import re
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

import yaml

from appcenter_qt.domain import Addon, Application
from appcenter_qt.extract.appstream.components import (
    ADDON_KINDS,
    APPLICATION_KINDS,
    ComponentFields,
    ComponentRejected,
    check_id,
    merge_kind,
    safe_url,
)
from appcenter_qt.extract.appstream.dep11_fields import ComponentDocument, type_name, whole_number
from appcenter_qt.extract.appstream.yaml_documents import (
    MAX_DOCUMENT_BYTES,
    load_document,
    split_documents,
)
from appcenter_qt.extract.byte_stream import ByteStream
from appcenter_qt.extract.deadline import stall_if_asked
from appcenter_qt.extract.result import AddonRecord, ComponentMerge, ExtractResult, Hint
from appcenter_qt.support.worker_pool import TaskFailed, WorkerPool

FORMAT = "dep11"
PROVENANCE_KIND = "dep11"
#: Documents per job when parsing in worker processes: small, so the parse does not end with
#: one worker idle while the other finishes a long last batch (256 left it ~0.1 s; Debian's
#: pool is 37 batches of 64, each about 50 ms of work).
_BATCH = 64


@dataclass(frozen=True)
class _Context:
    """What reading a component needs from the file: small and picklable, for workers."""

    source: str
    origin: str
    arch: str
    kinds: frozenset[str]
    media_base_url: str

    def where(self, line: int, component_id: object = None) -> str:
        if isinstance(component_id, str) and component_id:
            return f"{self.source} ({component_id[:80]})"
        return f"{self.source} (document at line {line})"


@dataclass(frozen=True)
class Packed:
    """An application already pickled where it was built (a worker process), with what the
    importer needs of it without unpickling: the main process stores ``data`` as it is."""

    id: str
    provenance: str
    data: bytes
    #: what the ``prepare`` step said about the application
    note: Any


#: A step run on each application where it is built, before it is pickled: the prepared
#: application and a note for the importer (module-level, so a worker can receive it).
Prepare = Callable[[Application], tuple[Application, Any]]

#: One processed document: the application (packed or not), merge component, add-on or None,
#: its hints, and the skipped type.
_Outcome = tuple[
    "Application | Packed | ComponentMerge | AddonRecord | None", list[Hint], "str | None", bool
]


def _pack(outcome: _Outcome, prepare: Prepare | None) -> _Outcome:
    app = outcome[0]
    if prepare is None or not isinstance(app, Application):
        return outcome
    prepared, note = prepare(app)
    data = pickle.dumps(prepared, pickle.HIGHEST_PROTOCOL)
    return (Packed(prepared.id, prepared.provenance, data, note), *outcome[1:])


def _load(document: bytes) -> Any:
    if len(document) > MAX_DOCUMENT_BYTES:
        raise ComponentRejected("document-too-large", f"{len(document)} bytes")
    return load_document(document)


def _loaded(context: _Context, line: int, document: bytes, hints: list[Hint]) -> Any:
    """The document's values, or ``None`` after adding a hint saying why not."""
    try:
        return _load(document)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        at = f" at line {line + mark.line}" if mark is not None else ""
        reason = getattr(error, "problem", None) or str(error).splitlines()[0]
        hints.append(Hint(context.where(line), "malformed-yaml", f"YAML error{at}: {reason}"))
    except ComponentRejected as rejected:
        hints.append(Hint(context.where(line), rejected.tag, str(rejected)))
    return None


def _component(context: _Context, line: int, doc: object) -> _Outcome:
    """Build one component document; never raises."""
    hints: list[Hint] = []
    raw_id = doc.get("ID") if isinstance(doc, dict) else None
    where = context.where(line, raw_id)
    try:
        if not isinstance(doc, dict):
            raise ComponentRejected(
                "invalid-component", f"a component must be a mapping, not {type_name(doc)}"
            )
        merging = merge_kind(doc.get("Merge"))
        kind = doc.get("Type", "generic" if merging else None)
        if not isinstance(kind, str):
            raise ComponentRejected("invalid-type", f"Type must be text, not {kind!r:.40}")
        component_id = check_id(raw_id)
        addon = kind in ADDON_KINDS and merging is None
        if kind not in context.kinds and merging is None and not addon:
            return None, hints, kind[:40], True
        fields = ComponentFields(component_id, kind, context.source)
        ComponentDocument(doc, fields, context.media_base_url).read()
        if addon:
            found = AddonRecord(fields.build_addon(), where)
            hints.extend(Hint(where, tag, message) for tag, message in fields.problems)
            return found, hints, None, True
        app = fields.build(
            origin=context.origin,
            arch=context.arch,
            provenance=f"{PROVENANCE_KIND}:{context.source}",
            partial=merging is not None,
        )
    except ComponentRejected as rejected:
        hints.append(Hint(where, rejected.tag, str(rejected)))
        return None, hints, None, True
    except (TypeError, ValueError, AttributeError) as error:  # a shape nobody foresaw
        hints.append(Hint(where, "invalid-component", f"unusable value: {error}"))
        return None, hints, None, True
    hints.extend(Hint(where, tag, message) for tag, message in fields.problems)
    if merging is not None:  # applied to its target by extract.merge, across all inputs
        return ComponentMerge(merging, app, where), hints, None, True
    return app, hints, None, True


#: A top-level ``Type:`` with a plain value, and a top-level ``Merge:`` key. A top-level key
#: starts at column 0; block scalars and continuation lines of values are indented, so these
#: lines cannot come from inside a value.
_TOP_TYPE = re.compile(rb"^Type:[ \t]*([A-Za-z0-9][A-Za-z0-9_-]*)[ \t]*\r?$", re.M)
_TOP_MERGE = re.compile(rb"^Merge:", re.M)


def _skippable(context: _Context, document: bytes) -> str | None:
    """The component type, when it is plainly one that is not catalogued (a font, an addon,
    a codec…): such a document is counted without being parsed, which is a sixth of Debian's
    pool. Anything less plain (a quoted type, a merge component) is parsed as usual."""
    match = _TOP_TYPE.search(document)
    if match is None:
        return None
    kind = match.group(1).decode("ascii")
    # A catalogued type is parsed anyway: only the others need the scan for "Merge:".
    if kind in context.kinds or kind in ADDON_KINDS or _TOP_MERGE.search(document):
        return None
    return kind


def _process(context: _Context, line: int, document: bytes) -> _Outcome:
    hints: list[Hint] = []
    skipped = _skippable(context, document)
    if skipped is not None:
        return None, hints, skipped[:40], True
    doc = _loaded(context, line, document, hints)
    if doc is None:
        return None, hints, None, bool(hints)
    if isinstance(doc, dict) and doc.get("File") == "DEP-11":
        return (
            None,
            [Hint(context.where(line), "extra-header", "second header ignored")],
            None,
            False,
        )
    return _component(context, line, doc)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while documents are parsed.

    Parsing allocates hundreds of thousands of short-lived nodes and containers that reference
    counting frees; each 700 of them would otherwise start a collection that walks every young
    object (15 % of a one-process import of Debian's pool). Parsing creates no reference
    cycles, so nothing is left for the collector when it resumes.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _process_batch(
    context: _Context, batch: list[tuple[int, bytes]], prepare: Prepare | None = None
) -> list[_Outcome]:
    stall_if_asked(context.source)
    with _collector_paused():
        return [_pack(_process(context, line, document), prepare) for line, document in batch]


def _first_batch(
    documents: Iterator[tuple[int, bytes]],
) -> tuple[list[tuple[int, bytes]], BaseException | None]:
    """Up to one batch of documents, and the stream's error if it ended in one (raised
    after the documents before it are handed out, as when reading one by one)."""
    first: list[tuple[int, bytes]] = []
    try:
        for item in documents:
            first.append(item)
            if len(first) >= _BATCH:
                break
    except (EOFError, OSError, ValueError) as error:  # zlib/lzma errors derive from these
        return first, error
    return first, None


def _batch_outcomes(context: _Context, pool: WorkerPool, ticket: int, line: int) -> list[_Outcome]:
    """A batch's outcomes, or one ``internal-error`` for the batch whose worker died."""
    outcomes = pool.result(ticket)
    if isinstance(outcomes, TaskFailed):
        message = (
            f"the worker process parsing the documents from here on crashed: {outcomes.message}"
        )
        return [(None, [Hint(context.where(line), "internal-error", message)], None, True)]
    return outcomes


def _keep_addon(record: AddonRecord, seen: set[str], result: ExtractResult) -> None:
    """Add ``record`` to ``result.addons`` unless the file defined its id before."""
    addon: Addon = record.addon
    if addon.id in seen:
        result.hint(
            record.where, "duplicate-id", f"ID {addon.id} already defined earlier in the file"
        )
        return
    seen.add(addon.id)
    result.addons.append(record)


class Dep11Reader:
    """Iterate over the applications of one DEP-11 stream (already decompressed).

    ``source`` names the file in hints and provenance. Header values are available as
    attributes once iteration has started. Non-application components are counted and
    reported in one hint per type at the end; add-ons go to ``result.addons``. With
    ``workers > 1`` documents are parsed in that many processes, in batches, and the results
    are consumed in file order, so the output is the same as with one worker. :meth:`packed`
    hands out the applications already prepared and pickled there instead.
    """

    def __init__(
        self,
        stream: ByteStream,
        source: str,
        result: ExtractResult,
        *,
        origin: str | None = None,
        arch: str = "",
        kinds: frozenset[str] = APPLICATION_KINDS,
        workers: int = 1,
    ) -> None:
        self.stream = stream
        self.source = PurePath(source).name or source
        self.result = result
        self.origin = origin or ""
        self._origin_override = origin is not None
        self.arch = arch
        self.kinds = kinds
        self.workers = max(1, workers)
        self.media_base_url = ""
        self.priority = 0
        self.skipped: Counter[str] = Counter()
        self.components = 0

    @property
    def provenance(self) -> str:
        return f"{PROVENANCE_KIND}:{self.source}"

    def _context(self) -> _Context:
        return _Context(self.source, self.origin, self.arch, self.kinds, self.media_base_url)

    def _header(self, doc: dict[Any, Any]) -> None:
        if not self._origin_override and isinstance(doc.get("Origin"), str):
            self.origin = doc["Origin"].strip()
        base = doc.get("MediaBaseUrl")
        if isinstance(base, str) and safe_url(base):
            self.media_base_url = base
        self.priority = whole_number(doc.get("Priority"), 0)

    def _outcomes(self, prepare: Prepare | None = None) -> Iterator[_Outcome]:
        documents = split_documents(self.stream)
        for line, document in documents:  # the header, or the first component
            hints: list[Hint] = []
            doc = _loaded(self._context(), line, document, hints)
            if doc is None and not hints:
                continue
            if doc is None:
                yield None, hints, None, True
            elif isinstance(doc, dict) and doc.get("File") == "DEP-11":
                self._header(doc)
            else:
                self.result.hint(self.source, "no-dep11-header", "no DEP-11 header document")
                yield _pack(_component(self._context(), line, doc), prepare)
            break
        context = self._context()
        first, error = _first_batch(documents) if self.workers > 1 else ([], None)
        if self.workers == 1 or len(first) < _BATCH:
            # one batch or less (most pool files): parsed here, no worker started for it
            for line, document in itertools.chain(first, () if error else documents):
                with _collector_paused():
                    outcome = _pack(_process(context, line, document), prepare)
                yield outcome
            if error is not None:
                raise error
            return
        # A time limit raised here (the caller's, while waiting) leaves the block by an
        # exception: the workers are killed then, not waited for (worker_pool).
        with WorkerPool(self.workers) as pool:
            pending: deque[tuple[int, int]] = deque()
            batch: list[tuple[int, bytes]] = []
            for item in itertools.chain(first, () if error else documents):
                batch.append(item)
                if len(batch) >= _BATCH:
                    ticket = pool.submit(_process_batch, context, batch, prepare)
                    pending.append((ticket, batch[0][0]))
                    batch = []
                    if len(pending) > 2 * self.workers:
                        yield from _batch_outcomes(context, pool, *pending.popleft())
            if batch:
                pending.append((pool.submit(_process_batch, context, batch, prepare), batch[0][0]))
            while pending:
                yield from _batch_outcomes(context, pool, *pending.popleft())
        if error is not None:
            raise error

    def __iter__(self) -> Iterator[Application]:
        for app in self._applications(None):
            assert isinstance(app, Application)  # nothing packs without prepare
            yield app

    def packed(self, prepare: Prepare) -> Iterator[Packed]:
        """The applications as :class:`Packed` records: ``prepare`` runs on each where it is
        built (in the worker processes), then it is pickled there, so the importer stores
        it without unpickling and pickling it again. Same order and hints as iterating."""
        for app in self._applications(prepare):
            assert isinstance(app, Packed)  # prepare packs every application
            yield app

    def _applications(self, prepare: Prepare | None) -> Iterator[Application | Packed]:
        seen: set[str] = set()
        addons: set[str] = set()
        for app, hints, skipped, counted in self._outcomes(prepare):
            self.result.hints.extend(hints)
            self.components += counted
            if skipped is not None:
                self.skipped[skipped] += 1
            if app is None:
                continue
            if isinstance(app, ComponentMerge):
                self.result.merges.append(app)
                continue
            if isinstance(app, AddonRecord):
                _keep_addon(app, addons, self.result)
                continue
            if app.id in seen:
                self.result.hint(
                    f"{self.source} ({app.id})",
                    "duplicate-id",
                    f"ID {app.id} already defined earlier in the file",
                )
                continue
            seen.add(app.id)
            yield app
        for kind, count in sorted(self.skipped.items()):
            self.result.hint(
                self.source,
                "not-desktop-application",
                f"{count} component(s) of type {kind!r:.40} skipped (only desktop applications "
                "are catalogued)",
            )
