"""Turning the reader's rows into domain objects: a page row into a card."""

from __future__ import annotations

import json
from typing import Any

from appcenter_qt.domain import ApplicationSummary, Icon, IconKind, Rating
from appcenter_qt.domain.application import best_icon


def summary_from_row(row: Any, name: str | None, summary: str | None) -> ApplicationSummary:
    """A card from one row of :data:`appcenter_qt.catalog.compiled.PAGE` and the localized
    ``name`` and ``summary`` the reader picked for it."""
    (_, app_id, s1, s2, s3, s4, s5, total, packages, categories, icons, origins) = row
    icon_list = tuple(
        Icon(IconKind(kind), icon_name, size, scale, path)
        for kind, icon_name, size, scale, path in sorted(json.loads(icons or "[]"))
    )
    return ApplicationSummary(
        id=app_id,
        name=name or app_id,
        summary=summary or "",
        icon=best_icon(icon_list, 64),
        rating=Rating((s1, s2, s3, s4, s5)) if total is not None else None,
        package_names=tuple(sorted(packages.split(","))) if packages else (),
        categories=tuple(sorted(categories.split(","))) if categories else (),
        package_origins=_origin_pairs(origins),
    )


def _origin_pairs(text: str | None) -> tuple[tuple[str, str], ...]:
    """``name\x1forigin,…`` → sorted (name, origin) pairs; malformed pieces are skipped."""
    pairs = set()
    for piece in (text or "").split(","):
        name, sep, origin = piece.partition("\x1f")
        if sep and name:
            pairs.add((name, origin))
    return tuple(sorted(pairs))
