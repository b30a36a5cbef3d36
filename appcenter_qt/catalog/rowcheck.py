"""Rows with the wrong types, found before an application is shown, so readers skip them.

SQLite stores whatever a writer puts in a column: a blob in ``texts.name``, text in
``ratings.star1``. Converted into domain objects those give tracebacks deep in the query layer
(``'bytes' object has no attribute 'casefold'``) in ``appcenter-query`` and in the GUI. So a
reader asks which applications have a row whose stored type is not the column's declared type
(``typeof()`` against the SQLAlchemy metadata of :mod:`.schema`, so new tables and columns are
covered without a list here), plus a few value rules (icon kinds, non-negative vote counts).
Those applications are left out of every answer, each with one warning naming the file, the
application and the column. Tables of no application (``meta``, ``installed_packages``, the
search vocabulary) are read without their wrong-typed rows, named in one warning per table.
The statements are derived ahead of time (:mod:`.row_rules` through :mod:`.compile_sql`, into
:mod:`.compiled`), so the reader needs no SQLAlchemy.

The checks run on demand, for the applications about to be answered with, and each
application is checked once: checking a whole Debian catalog reads every text row and costs
more than everything else ``appcenter-query search`` does (docs/architecture.md, "The lean
read path"). Many applications at once are checked table by table in one scan each.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Iterable
from typing import Any

from appcenter_qt.catalog.compiled import ALL_IDS, ROW_CHECKS, UNOWNED_CHECKS

log = logging.getLogger(__name__)
#: Checking more applications than this at once scans whole tables instead.
SCAN_ABOVE = 300


class RowChecker:
    """Which applications of a catalog have a row of the wrong type (:attr:`bad`), learnt
    as they are asked about; ``run`` runs a compiled statement or SQL text
    (:meth:`.connect.CatalogFile.run`), ``tables`` are the file's."""

    def __init__(self, run: Callable[..., list[Any]], path: str, tables: Collection[str]):
        self._run = run
        self._path = path
        # Tables added within the schema version (aliases, installed_packages) may be absent.
        self._checks = [(full, of) for table, full, of in ROW_CHECKS if table in tables]
        self._unowned = {table: count for table, count in UNOWNED_CHECKS if table in tables}
        #: Application pk → why it is skipped.
        self.bad: dict[int, str] = {}
        self._checked: set[int] = set()
        self._everything = False

    def check_all(self) -> None:
        """Check every application (one scan per table), and every table of no application."""
        if not self._everything:
            for table in list(self._unowned):
                self.unowned(table)
            self._learn(row for full, _of in self._checks for row in self._run(full))
            self._everything = True

    def unowned(self, table: str) -> None:
        """Name, once, the rows of ``table`` (one of no application: ``meta``,
        ``installed_packages``, the search vocabulary) that readers leave out for a value of
        the wrong type (the compiled statements of those tables select only sound rows)."""
        count_statement = self._unowned.pop(table, None)
        if count_statement is None:
            return
        count = self._run(count_statement)[0][0]
        if count:
            skipped = "%s: %d row(s) of %s skipped: a value of the wrong type"
            log.warning(skipped, self._path, count, table)

    def good(self, pks: Iterable[int]) -> list[int]:
        """``pks`` in their order without the broken applications (checking new ones)."""
        pks = list(pks)
        if not self._everything:
            new = list(dict.fromkeys(pk for pk in pks if pk not in self._checked))
            if len(new) > SCAN_ABOVE:
                self.check_all()
            elif new:
                self._learn(row for _full, of in self._checks for row in self._run(of, pks=new))
                self._checked.update(new)
        return [pk for pk in pks if pk not in self.bad] if self.bad else pks

    def _learn(self, rows: Iterable[tuple[Any, Any]]) -> None:
        found: dict[int, str] = {}
        for pk, reason in rows:
            if isinstance(pk, int) and pk not in self.bad and pk not in found:
                found[pk] = str(reason)
        if not found:
            return
        names = {pk: app_id for pk, app_id, _desktop in self._run(ALL_IDS)}
        for pk, reason in sorted(found.items()):
            app_id = names.get(pk)
            label = repr(app_id[:80]) if isinstance(app_id, str) else f"#{pk}"
            log.warning("%s: application %s skipped: %s", self._path, label, reason)
        self.bad.update(found)
