"""The search index filled while the writer writes, in a worker process and a file of its
own, and copied into the catalog at commit (docs/system-catalog.md, issue 31's seventh round).

Why: the writer's rows and the index were one after the other in one process. With two
cores, the writer's 1 s and the index's 1 s (SQLite tokenizing 6.6 million characters is
two thirds of it, and FTS5 has one writer) ran while the second core waited. Fed as the
applications are added, the index is built beside the writer (on Debian's pool it trails by
about 800 applications of 1,987, three processes sharing two cores), and the copy of FTS5's
shadow tables takes tens of milliseconds.

Why it is the same index: the worker makes its rows with :mod:`.search_index`'s own code,
from the very row tuples the writer stores (so what it reads back from the file is what the
worker got), in the order of their ids, in one transaction, and optimizes it as
:func:`~.search_index.fill_search_index` does. Anything else ends the feed and the index is
filled at commit from the stored rows, as without it: an application added twice (the
writer deletes its rows, and a contentless index cannot take them back), a worker that
fails or dies, a count of text rows that is not the one the feed gave ids to.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections import deque
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from appcenter_qt.catalog.layout import SEARCH_TABLE_DDL
from appcenter_qt.catalog.search_index import (
    INSERT_ROW,
    OPTIMIZE,
    application_facts,
    index_rows,
    opening,
)
from appcenter_qt.support.worker_pool import TaskFailed, WorkerPool

log = logging.getLogger(__name__)

#: Applications per task (about 17 text rows each on Debian's pool), a few tens of
#: milliseconds of the worker's time. Smaller (10, each task fitting in the pipe) measured
#: no faster.
APPS_PER_TASK = 50

#: The worker's open index files, by path (a replacement worker has none: its tasks fail).
_open_files: dict[str, tuple[sqlite3.Connection, set[str]]] = {}


def _start(path: str) -> None:
    """In the worker: a new file holding an empty ``search`` table, in a transaction."""
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("PRAGMA journal_mode=OFF")
    raw.execute("PRAGMA synchronous=OFF")
    raw.execute("BEGIN")
    raw.execute(SEARCH_TABLE_DDL)
    _open_files[path] = (raw, set())


def _add(path: str, texts: list[tuple[Any, ...]], facts: dict[int, Any]) -> None:
    """In the worker: index the rows of a batch of applications."""
    raw, vocabulary = _open_files[path]
    raw.executemany(INSERT_ROW, index_rows(texts, facts, vocabulary))


def _finish(path: str) -> None:
    """In the worker: optimize, store the vocabulary, commit and close."""
    raw, vocabulary = _open_files.pop(path)
    raw.execute(OPTIMIZE)
    raw.execute("CREATE TABLE words(word TEXT PRIMARY KEY) WITHOUT ROWID")
    raw.executemany("INSERT INTO words(word) VALUES (?)", [(w,) for w in sorted(vocabulary)])
    raw.execute("COMMIT")
    raw.close()


class IndexFeed:
    """A search index built beside the catalog at ``path`` from the applications the writer
    adds, in one worker process; :meth:`finish` gives the file, or ``None`` when the index
    must be filled from the stored rows after all."""

    def __init__(self, path: Path) -> None:
        self.path = path
        #: text rows fed so far: the writer's ``texts`` rows are 1 … ``rows``
        self.rows = 0
        self._pool: WorkerPool | None = WorkerPool(1)
        self._tickets: deque[int] = deque([self._pool.submit(_start, str(path))])
        self._texts: list[tuple[Any, ...]] = []
        self._facts: dict[int, Any] = {}

    @property
    def active(self) -> bool:
        return self._pool is not None

    def add(
        self,
        application: tuple[Any, ...],
        package_names: Iterable[str],
        categories: list[str],
        texts: Sequence[tuple[Any, ...]],
    ) -> None:
        """Feed one application: its ``applications`` row, distinct package names and
        categories (sorted) and its ``texts`` rows without ids, as the writer queues them
        (``application_id, locale, name, summary, description, keywords, …``)."""
        if self._pool is None:
            return
        pk = application[0]
        first = self.rows + 1
        self.rows += len(texts)
        numbered = list(zip(range(first, self.rows + 1), texts, strict=True))
        self._facts[pk] = application_facts(
            application, package_names, categories, [(i, t[1], t[5]) for i, t in numbered]
        )
        self._texts += [
            (i, pk, locale, name, keywords, summary, opening(description, locale))
            for i, (_pk, locale, name, summary, description, keywords, *_rest) in numbered
        ]
        if len(self._facts) >= APPS_PER_TASK:
            self._send()
        self._settle(block=False)

    def _send(self) -> None:
        assert self._pool is not None
        self._tickets.append(self._pool.submit(_add, str(self.path), self._texts, self._facts))
        self._texts, self._facts = [], {}

    def _settle(self, *, block: bool) -> None:
        """Hand the worker its next batch; check the batches it finished (all, with
        ``block``). A failure stops the feed."""
        pool = self._pool
        assert pool is not None
        try:
            pool.poll()
            while self._tickets and (block or pool.finished(self._tickets[0])):
                outcome = pool.result(self._tickets.popleft())
                if isinstance(outcome, TaskFailed):
                    raise RuntimeError(outcome.message)
        except Exception as error:  # the index is then filled at commit, as without a feed
            log.debug("%s: search index feed stopped: %s", self.path, error)
            self.stop()

    def finish(self) -> Path | None:
        """Wait for the worker to index what was fed and close its file: the file, or
        ``None`` if the feed stopped."""
        if self._pool is None:
            return None
        if self._facts:
            self._send()
        self._tickets.append(self._pool.submit(_finish, str(self.path)))
        self._settle(block=True)
        if self._pool is None:
            return None
        self._pool.close()
        self._pool = None
        return self.path

    def stop(self) -> None:
        """End the feed (it stopped, or its file is copied): its worker killed, its file
        removed."""
        if self._pool is not None:
            self._pool.close(kill=True)
            self._pool = None
        self._texts, self._facts = [], {}
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)
