"""Rows with the wrong types, found once per opened catalog, so readers can skip them.

SQLite stores whatever a writer puts in a column: a blob in ``texts.name``, text in
``ratings.star1``. Converted into domain objects those give tracebacks deep in the query layer
(``'bytes' object has no attribute 'casefold'``) in ``appcenter-query`` and in the GUI. So a
reader asks, in one statement per table when it opens the file, which applications have a row
whose stored type is not the column's declared type (``typeof()`` against the SQLAlchemy
metadata of :mod:`.schema`, so new tables and columns are covered without a list here), plus a
few value rules (icon kinds, non-negative vote counts). Those applications are left out of
every answer, each with one warning naming the file, the application and the column. The
statements are derived ahead of time (:mod:`.compile_sql`, into :mod:`.compiled`), so the
reader needs no SQLAlchemy.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from appcenter_qt.catalog.compiled import ALL_IDS, ROW_CHECKS, TABLES

log = logging.getLogger(__name__)


def bad_applications(run: Callable[[Any], list[Any]], path: str) -> dict[int, str]:
    """Application pk → why it is skipped; one warning per skipped application. ``run``
    runs a compiled statement or SQL text (:meth:`.connect.CatalogFile.run`)."""
    bad: dict[int, str] = {}
    # Tables added within the schema version (aliases, installed_packages) may be absent.
    present = {name for (name,) in run(TABLES)}
    for table_name, statement in ROW_CHECKS:
        if table_name not in present:
            continue
        for pk, reason in run(statement):
            if isinstance(pk, int) and pk not in bad:
                bad[pk] = str(reason)
    if bad:
        names = {pk: app_id for pk, app_id, _desktop in run(ALL_IDS)}
        for pk, reason in sorted(bad.items()):
            app_id = names.get(pk)
            label = repr(app_id[:80]) if isinstance(app_id, str) else f"#{pk}"
            log.warning("%s: application %s skipped: %s", path, label, reason)
    return bad
