"""The build time of generated files, from ``SOURCE_DATE_EPOCH`` when it is set, so the same
inputs give byte-identical catalogs, icon archives and reports (reproducible builds).

A leaf module beside :mod:`appcenter_qt.domain.errors`: the catalog writer and the generator's
report and icon archive all stamp their files, and neither layer may import the other for it.
"""

from __future__ import annotations

import datetime as dt
import os
from typing import overload


@overload
def source_date_epoch(default: int) -> int: ...
@overload
def source_date_epoch(default: None = None) -> int | None: ...
def source_date_epoch(default: int | None = None) -> int | None:
    """``SOURCE_DATE_EPOCH`` as seconds, or ``default`` when it is unset or not a number."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    return int(epoch) if epoch.isdigit() else default


def created_at_now() -> str:
    """ISO 8601 UTC, from ``SOURCE_DATE_EPOCH`` for reproducible builds when set."""
    epoch = source_date_epoch()
    moment = (
        dt.datetime.fromtimestamp(epoch, dt.UTC) if epoch is not None else dt.datetime.now(dt.UTC)
    )
    return moment.replace(microsecond=0).isoformat().replace("+00:00", "Z")
