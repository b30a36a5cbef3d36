"""What the home and Installed pages ask the catalog besides the grid's questions: given
applications by id, the most recently released ones, their colours and component types, and
which applications an installed desktop file belongs to.

A mixin of :class:`~appcenter_qt.catalog.queries.Catalog` (kept apart so that module stays a
readable size); it uses the catalog's connection, page statement and row checks.

Release dates come from the ``releases`` table (AppStream ``<release>``), which writers add
within schema version 3: a catalog without it, or without a single dated release, answers
``None`` and the home page leaves that row out instead of showing an empty one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import bindparam, column, func, literal_column, select, table

from appcenter_qt.catalog.schema import ApplicationPackage, ApplicationRow, ColorRow
from appcenter_qt.catalog.statements import summary_from_row
from appcenter_qt.domain import ApplicationSummary
from appcenter_qt.domain.colors import SCHEMES, AppColor, parse_hex

#: The writer's table of releases (columns read: application_id, timestamp).
_RELEASES = table("releases", column("application_id"), column("timestamp"))


class ShelfQueries:
    """Applications by id, by release date, by desktop file (mixed into ``Catalog``)."""

    # Provided by Catalog.
    _page: Any
    _bad: Mapping[int, str]  # broken application pk → why (Catalog's row checks)

    def _run(self, statement: Any, **params: Any) -> Any:  # pragma: no cover - Catalog's
        raise NotImplementedError

    def _run_chunked(self, statement: Any, pks: Sequence[Any], **params: Any) -> list[Any]:
        raise NotImplementedError  # pragma: no cover - Catalog's

    def _has_table(self, name: str) -> bool:
        return bool(
            self._run(
                select(literal_column("1"))
                .select_from(table("sqlite_master"))
                .where(column("type") == "table", column("name") == name)
            )
        )

    def summaries(self, app_ids: Iterable[str]) -> list[ApplicationSummary]:
        """Cards for these application ids, in the order given; ids the catalog does not
        know (or left out as broken) are skipped."""
        wanted = list(dict.fromkeys(app_ids))
        if not wanted:
            return []
        pk_rows = self._run(
            select(ApplicationRow.id, ApplicationRow.app_id).where(
                ApplicationRow.app_id.in_(
                    select(column("value"))
                    .select_from(func.json_each(bindparam("ids")))
                    .scalar_subquery()
                )
            ),
            ids=json.dumps(wanted),
        )
        pk_of = {str(app_id): pk for pk, app_id in pk_rows if pk not in self._bad}
        pks = [pk_of[app_id] for app_id in wanted if app_id in pk_of]
        rows = {row[0]: row for row in self._run_chunked(self._page, pks)}
        return [summary_from_row(rows[pk]) for pk in pks if pk in rows]

    def recently_released(self, limit: int = 12) -> list[ApplicationSummary] | None:
        """The desktop applications (AppStream type ``desktop-application``: no runtimes,
        console tools or drivers) with the newest dated releases, newest first; ``None`` when the
        catalog records no release dates at all (a file without the ``releases`` table, or
        a pool whose components announce none)."""
        if not self._has_table("releases"):
            return None
        newest = func.max(_RELEASES.c.timestamp)
        rows = self._run(
            select(ApplicationRow.app_id, newest)
            .join(_RELEASES, _RELEASES.c.application_id == ApplicationRow.id)
            .where(_RELEASES.c.timestamp > 0, ApplicationRow.kind == "desktop-application")
            .group_by(ApplicationRow.id)
            .order_by(newest.desc(), ApplicationRow.app_id)
            .limit(max(limit, 0) + len(self._bad))
        )
        if not rows:
            return None
        return self.summaries(str(app_id) for app_id, _ in rows)[:limit]

    def colors(self, app_ids: Iterable[str]) -> dict[str, tuple[AppColor, ...]]:
        """Application id → its branding and key colours, for these ids; empty for a file
        written before the ``colors`` table existed. Values are checked again (``#rrggbb``):
        the file may come from anywhere."""
        wanted = list(dict.fromkeys(app_ids))
        if not wanted or not self._has_table("colors"):
            return {}
        rows = self._run(
            select(ApplicationRow.app_id, ColorRow.kind, ColorRow.scheme, ColorRow.color)
            .join(ColorRow, ColorRow.application_id == ApplicationRow.id)
            .where(
                ApplicationRow.app_id.in_(
                    select(column("value"))
                    .select_from(func.json_each(bindparam("ids")))
                    .scalar_subquery()
                )
            ),
            ids=json.dumps(wanted),
        )
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
        rows = self._run(
            select(ApplicationRow.app_id, ApplicationRow.kind).where(
                ApplicationRow.app_id.in_(
                    select(column("value"))
                    .select_from(func.json_each(bindparam("ids")))
                    .scalar_subquery()
                )
            ),
            ids=json.dumps(wanted),
        )
        return {str(app_id): str(kind or "") for app_id, kind in rows}

    def desktop_ids(self) -> dict[str, str]:
        """Desktop file id (``org.gnome.Mines.desktop``) → application id, for every
        application that names one: how an installed desktop file finds its application."""
        rows = self._run(
            select(ApplicationRow.desktop_id, ApplicationRow.app_id).where(
                ApplicationRow.desktop_id != ""
            )
        )
        return {str(desktop_id): str(app_id) for desktop_id, app_id in rows}

    def without_packages(self) -> list[str]:
        """Ids of applications no package installs (a system catalog's programs found only
        in the data directories, e.g. under ``/usr/local``): installed when their desktop
        file is there, since nothing else could have put them on the machine."""
        packaged = select(ApplicationPackage.application_id).distinct().scalar_subquery()
        rows = self._run(select(ApplicationRow.app_id).where(ApplicationRow.id.not_in(packaged)))
        return [str(app_id) for (app_id,) in rows]
