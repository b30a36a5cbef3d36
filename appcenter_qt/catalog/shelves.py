"""What the home and Installed pages ask the catalog besides the grid's questions: given
applications by id, the most recently released ones, their colours and component types, and
which applications an installed desktop file belongs to.

A mixin of :class:`~appcenter_qt.catalog.queries.Catalog` (kept apart so that module stays a
readable size); it uses the catalog's connection, locale chain and row checks.

Release dates come from the ``releases`` table (AppStream ``<release>``), which writers add
within schema version 3: a catalog without it, or without a single dated release, answers
``None`` and the home page leaves that row out instead of showing an empty one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from appcenter_qt.catalog import compiled as sql
from appcenter_qt.domain import ApplicationSummary
from appcenter_qt.domain.colors import SCHEMES, AppColor, parse_hex


class ShelfQueries:
    """Applications by id, by release date, by desktop file (mixed into ``Catalog``)."""

    # Provided by Catalog.
    _tables: frozenset[str]  # the file's tables

    def _run(self, statement: Any, **params: Any) -> Any:  # pragma: no cover - Catalog's
        raise NotImplementedError

    def _cards(self, pks: Sequence[int]) -> dict[int, ApplicationSummary]:
        raise NotImplementedError  # pragma: no cover - Catalog's

    def _good(self, pks: Iterable[int]) -> list[int]:
        raise NotImplementedError  # pragma: no cover - Catalog's: without broken ones

    def summaries(self, app_ids: Iterable[str]) -> list[ApplicationSummary]:
        """Cards for these application ids, in the order given; ids the catalog does not
        know (or left out as broken) are skipped."""
        wanted = list(dict.fromkeys(app_ids))
        if not wanted:
            return []
        pk_rows = self._run(sql.PKS_OF_IDS, ids=json.dumps(wanted))
        pk_of = {str(app_id): pk for pk, app_id in pk_rows}
        pks = self._good(pk_of[app_id] for app_id in wanted if app_id in pk_of)
        cards = self._cards(pks)
        return [cards[pk] for pk in pks if pk in cards]

    def recently_released(self, limit: int = 12) -> list[ApplicationSummary] | None:
        """The desktop applications (AppStream type ``desktop-application``: no runtimes,
        console tools or drivers) with the newest dated releases, newest first; ``None`` when the
        catalog records no release dates at all (a file without the ``releases`` table, or
        a pool whose components announce none)."""
        if "releases" not in self._tables:
            return None
        limit = max(limit, 0)
        skipped = 0
        while True:  # more rows while broken applications took places (each checked once)
            rows = self._run(sql.RECENTLY_RELEASED, limit=limit + skipped)
            if not rows:
                return None
            cards = self.summaries(str(app_id) for app_id, _ in rows)
            if len(cards) >= limit or len(rows) < limit + skipped:
                return cards[:limit]
            skipped = len(rows) - len(cards)

    def colors(self, app_ids: Iterable[str]) -> dict[str, tuple[AppColor, ...]]:
        """Application id → its branding and key colours, for these ids; empty for a file
        written before the ``colors`` table existed (checked like ``releases``). Values are
        checked again (``#rrggbb``): the file may come from anywhere."""
        wanted = list(dict.fromkeys(app_ids))
        if not wanted or "colors" not in self._tables:
            return {}
        rows = self._run(sql.COLORS_OF_IDS, ids=json.dumps(wanted))
        found: dict[str, set[AppColor]] = {}
        for app_id, kind, scheme, value in rows:
            color = parse_hex(value) if isinstance(value, str) else None
            if color and isinstance(kind, str) and isinstance(scheme, str) and scheme in SCHEMES:
                found.setdefault(str(app_id), set()).add(AppColor(kind, scheme, color))
        return {app_id: tuple(sorted(colors)) for app_id, colors in found.items()}

    def kinds(self, app_ids: Iterable[str]) -> dict[str, str]:
        """Application id → AppStream component type, for these ids (cards do not carry it;
        the home page leaves what is not a desktop application out of its rows)."""
        wanted = list(dict.fromkeys(app_ids))
        if not wanted:
            return {}
        rows = self._run(sql.KINDS_OF_IDS, ids=json.dumps(wanted))
        return {str(app_id): str(kind or "") for app_id, kind in rows}

    def desktop_ids(self) -> dict[str, str]:
        """Desktop file id (``org.gnome.Mines.desktop``) → application id, for every
        application that names one: how an installed desktop file finds its application."""
        rows = self._run(sql.DESKTOP_IDS)
        return {str(desktop_id): str(app_id) for desktop_id, app_id in rows}

    def without_packages(self) -> list[str]:
        """Ids of applications no package installs (a system catalog's programs found only
        in the data directories, e.g. under ``/usr/local``): installed when their desktop
        file is there, since nothing else could have put them on the machine."""
        rows = self._run(sql.WITHOUT_PACKAGES)
        return [str(app_id) for (app_id,) in rows]
