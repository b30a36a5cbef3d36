"""A list of applications kept on disk, so a catalog's size does not set the memory it needs.

A 60,000-component DEP-11 catalog is ~ 1 GiB of :class:`Application` objects, held from
the parse through the merge to the writer. :class:`AppSpool` is the list those stages pass
on instead: each application is pickled to an anonymous temporary file as it arrives
(deleted by the kernel when the spool is closed or the process dies), and only its offset,
id and provenance stay in memory (the merge ranks and groups by those without reading the
records back). Reading is sequential for iteration and by position for the merge's few
duplicate ids; both use ``pread``, so an iteration and an append or a lookup never move a
shared file position.

A record can be *amended* (:meth:`AppSpool.amend`): changed where it is read instead of
rewritten, which is how a pool catalog's cached icons are resolved to the machine's files.

The records are pickles, read back only from this file: it is private to this process (no
name anyone else can open: created ``O_EXCL`` mode 0600 and unlinked at once, or never named
with ``O_TMPFILE``), and what goes in comes from this process or its own worker processes.

Every spool of a process writes to **one** shared temporary file (:class:`_Store`), each
flush as one extent of it: a pool of 100,000 catalog files is 100,000 spools held at once,
and one descriptor each would exhaust the process's limit ("Too many open files"). The file
is closed when the last spool is; a closed spool's extents stay in it until then. A forked
worker that makes spools gets a file of its own, never writing into its parent's.
"""

from __future__ import annotations

import bisect
import os
import pickle
import tempfile
import threading
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

from appcenter_qt.domain import PIXEL_ICON_KINDS, Application

#: Pickled records gathered before one write, and read ahead by an iteration.
_CHUNK = 1 << 20


class _Store:
    """The temporary file every spool of this process appends its extents to."""

    _lock = threading.Lock()
    _current: _Store | None = None

    def __init__(self) -> None:
        # closed when its last spool is (release): it lives as long as the spools using it
        self._file = tempfile.TemporaryFile(prefix="appcenter-spool-")  # noqa: SIM115
        self.fd = self._file.fileno()
        self.pid = os.getpid()
        self.size = 0
        self.users = 0

    @classmethod
    def acquire(cls) -> _Store:
        with cls._lock:
            store = cls._current
            if store is None or store.pid != os.getpid():  # none yet, or the parent's
                store = cls._current = _Store()
            store.users += 1
            return store

    def allocate(self, length: int) -> int:
        """The offset of ``length`` bytes reserved at the end of the file for one caller."""
        with self._lock:
            offset = self.size
            self.size += length
            return offset

    def release(self) -> None:
        with self._lock:
            self.users -= 1
            if self.users > 0:
                return
            if _Store._current is self:
                _Store._current = None
            self._file.close()


class AppSpool(Sequence[Application]):
    """An append-only, re-iterable sequence of applications stored in a temporary file
    shared with the process's other spools."""

    def __init__(self, apps: Iterable[Application] = ()) -> None:
        self._store: _Store | None = _Store.acquire()
        #: where each flushed piece of this spool's byte stream lies in the store: piece k
        #: starts at logical offset _logical[k] and at file offset _physical[k]
        self._logical = array("q")
        self._physical = array("q")
        #: end offset of each record; record i spans [ends[i-1], ends[i])
        self._ends = array("q")
        #: icons with pixels (cached, local) of each record, for the report's count
        self._pixel_icons = array("l")
        self._written = 0
        self._buffer = bytearray()
        #: (id, provenance) of each record, for grouping without unpickling
        self.heads: list[tuple[str, str]] = []
        #: changes applied to a record as it is read (:meth:`amend`), by position
        self._amendments: dict[int, Callable[[Application], Application]] = {}
        self._provenances: dict[str, str] = {}
        self.extend(apps)

    def append(self, app: Application) -> None:
        data = pickle.dumps(app, pickle.HIGHEST_PROTOCOL)
        self.append_pickled(app.id, app.provenance, data, pixel_icon_count([app]))

    def append_pickled(self, app_id: str, provenance: str, data: bytes, pixel_icons: int) -> None:
        """Store an application pickled elsewhere (``pickle.dumps(app, HIGHEST_PROTOCOL)``
        of an application with this id and provenance and ``pixel_icons`` icons of a
        :data:`PIXEL_ICON_KINDS` kind): a worker process did the work."""
        self._pixel_icons.append(pixel_icons)
        self._buffer += data
        end = (self._ends[-1] if self._ends else 0) + len(data)
        self._ends.append(end)
        # one provenance string per input, not one copy per unpickled record
        provenance = self._provenances.setdefault(provenance, provenance)
        self.heads.append((app_id, provenance))
        if len(self._buffer) >= _CHUNK:
            self._flush()

    def extend(self, apps: Iterable[Application]) -> None:
        for app in apps:
            self.append(app)

    def _open_store(self) -> _Store:
        if self._store is None:
            raise ValueError("application spool is closed")
        return self._store

    def _flush(self) -> None:
        if self._buffer:
            store = self._open_store()
            offset = store.allocate(len(self._buffer))
            self._logical.append(self._written)
            self._physical.append(offset)
            view = memoryview(self._buffer)
            while view:
                written = os.pwrite(store.fd, view, offset)
                offset += written
                view = view[written:]
            view.release()
            self._written += len(self._buffer)
            self._buffer.clear()

    def _read(self, start: int, end: int) -> bytes:
        """Bytes [start, end) of this spool's stream, from however many extents hold them."""
        self._flush()
        fd = self._open_store().fd
        pieces = []
        position = start
        while position < end:
            piece = bisect.bisect_right(self._logical, position) - 1
            piece_end = (
                self._logical[piece + 1] if piece + 1 < len(self._logical) else self._written
            )
            length = min(end, piece_end) - position
            physical = self._physical[piece] + position - self._logical[piece]
            data = os.pread(fd, length, physical)
            if len(data) != length:
                raise OSError(f"application spool: short read at {position}")
            pieces.append(data)
            position += length
        return pieces[0] if len(pieces) == 1 else b"".join(pieces)

    def __len__(self) -> int:
        return len(self._ends)

    def amend(
        self, index: int, change: Callable[[Application], Application], pixel_icons: int
    ) -> None:
        """Have record ``index`` read as ``change(record)``, ``pixel_icons`` icons with pixels
        then: the record is changed where it is read anyway, not unpickled and pickled again
        now (resolving a catalog's cached icons rewrote every record: 0.3 s of a pool
        build). An amended spool is read through; its raw records cannot be copied."""
        self._amendments[index] = change
        self._pixel_icons[index] = pixel_icons

    @property
    def amended(self) -> bool:
        return bool(self._amendments)

    def _amended(self, index: int, app: Application) -> Application:
        change = self._amendments.get(index)
        return app if change is None else change(app)

    def pixel_icons(self, index: int) -> int:
        """How many icons with pixels record ``index`` has, without reading it."""
        return self._pixel_icons[index]

    @overload
    def __getitem__(self, index: int) -> Application: ...
    @overload
    def __getitem__(self, index: slice) -> list[Application]: ...
    def __getitem__(self, index: int | slice) -> Application | list[Application]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("application spool index out of range")
        start = self._ends[index - 1] if index else 0
        record = self._read(start, self._ends[index])
        app: Application = pickle.loads(record)  # noqa: S301 (our own unlinked file)
        return self._amended(index, app) if self._amendments else app

    def __iter__(self) -> Iterator[Application]:
        amended = self._amended if self._amendments else None
        for index, record in enumerate(self._records()):
            app: Application = pickle.loads(record)  # noqa: S301 (our own unlinked file)
            yield amended(index, app) if amended is not None else app

    def records(self) -> Iterator[memoryview]:
        """Each application's pickle in order (a view into a chunk read at once), for
        copying records without unpickling them; not for an amended spool (its records
        are not what it reads as)."""
        if self._amendments:
            raise ValueError("application spool: amended records cannot be copied raw")
        return self._records()

    def _records(self) -> Iterator[memoryview]:
        count = len(self)
        index = 0
        while index < count:
            start = self._ends[index - 1] if index else 0
            last = index
            while last + 1 < count and self._ends[last + 1] - start <= _CHUNK:
                last += 1
            chunk = memoryview(self._read(start, self._ends[last]))
            for i in range(index, last + 1):
                begin = (self._ends[i - 1] if i else 0) - start
                yield chunk[begin : self._ends[i] - start]
            index = last + 1

    def __eq__(self, other: object) -> bool:
        return same_apps(self, other)

    def pixel_icon_count(self) -> int:
        return sum(self._pixel_icons)

    def close(self) -> None:
        store = getattr(self, "_store", None)
        if store is not None:
            self._store = None
            store.release()

    def __del__(self) -> None:
        # a spool dropped without close() still lets the shared file go with the last one
        self.close()

    def __reduce__(self) -> tuple[Any, ...]:
        # A parse cache pickles whole results: the records go in as they are, one bytes
        # object and where each ends, not unpickled on the way in and pickled again on the
        # way out (a third of a rebuild from the cache, on Debian's pool).
        if self._amendments:
            raise ValueError("application spool: an amended spool cannot be pickled")
        data = self._read(0, self._written + len(self._buffer)) if self._ends else b""
        state = (data, self._ends.tobytes(), self.heads, self._pixel_icons.tobytes())
        return (_restored, state)


def _restored(
    data: bytes, ends: bytes, heads: list[tuple[str, str]], pixel_icons: bytes
) -> AppSpool:
    """A spool holding the records of a pickled one (:meth:`AppSpool.__reduce__`)."""
    spool = AppSpool()
    spool._ends.frombytes(ends)
    spool._pixel_icons.frombytes(pixel_icons)
    count = len(spool._ends)
    last = spool._ends[-1] if count else 0
    if not (len(heads) == count == len(spool._pixel_icons) and last == len(data)):
        raise ValueError("application spool: damaged records")
    if any(b < a for a, b in zip(spool._ends, spool._ends[1:], strict=False)):
        raise ValueError("application spool: damaged records")
    spool.heads = [(str(app_id), str(provenance)) for app_id, provenance in heads]
    spool._buffer += data
    spool._flush()
    return spool


def pixel_icon_count(apps: Iterable[Application]) -> int:
    """Icons whose pixels the catalog provides (archive members and local files); a
    sequence that knows the count (a spool, the merged applications) gives it unread."""
    known = getattr(apps, "pixel_icon_count", None)
    if callable(known):
        return int(known())
    return sum(1 for app in apps for icon in app.icons if icon.kind in PIXEL_ICON_KINDS)


def app_ids(apps: Iterable[Application]) -> Iterator[str]:
    """The applications' ids; a spool (or a view over spools) gives them without reading
    its records (:func:`app_heads`)."""
    return (app_id for app_id, _provenance in app_heads(apps))


def app_heads(apps: Iterable[Application]) -> Iterator[tuple[str, str]]:
    """``(id, provenance)`` of each application; a spool, or a view over spools that knows
    them (``app_heads()``: the merged applications), gives them without reading records."""
    if isinstance(apps, AppSpool):
        return iter(apps.heads)
    known = getattr(apps, "app_heads", None)
    if callable(known):
        return iter(known())
    return ((app.id, app.provenance) for app in apps)


def same_apps(apps: Sequence[Application], other: object) -> bool | Any:
    """Equality of an application sequence with a list or another such sequence, element
    by element, as for lists (so results compare the same whichever holds them)."""
    if not isinstance(other, (list, tuple, Sequence)) or isinstance(other, (str, bytes)):
        return NotImplemented
    return len(apps) == len(other) and all(a == b for a, b in zip(apps, other, strict=True))
