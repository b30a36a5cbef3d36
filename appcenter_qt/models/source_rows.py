"""The rows the Sources page lists, and how each reads (docs/ui.md, "Sources").

Three kinds, one :class:`SourceRow` each: a catalog origin (read-only: what the application
list was built from), a repository of the source (with its switch) and a remote of a source
that has several (its installation, address and the applications installed from it). A
repository or remote row belongs to one source's group, headed in the source's own words.
Kept apart from :mod:`appcenter_qt.models.sources_model`, which talks to the sources, so
what a row says is one place.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from appcenter_qt.domain.backend import RemoteEvent, RemoteScope
from appcenter_qt.models.list_model import QT_USER_ROLE, role_names
from appcenter_qt.models.source_labels import source_label

if TYPE_CHECKING:
    from appcenter_qt.catalog.queries import Catalog

CATALOG = "catalog"
REPOSITORY = "repository"
REMOTE = "remote"


@dataclass(frozen=True)
class SourceRow:
    kind: str
    source_id: str
    title: str
    detail: str = ""
    enabled: bool = True
    busy: bool = False
    # a remote's installation (``user``/``system``) and the apps installed from it
    scope: str = ""
    apps: tuple[str, ...] = ()
    # which source's group (its index on the page; -1: the catalog's) and the group's heading
    group: int = -1
    section: str = ""


class SourceRole(enum.IntEnum):
    """Appended, never renumbered."""

    KIND = QT_USER_ROLE + 1
    SOURCE_ID = enum.auto()
    TITLE = enum.auto()
    DETAIL = enum.auto()
    REPO_ENABLED = enum.auto()
    CAN_TOGGLE = enum.auto()
    BUSY = enum.auto()
    SCOPE = enum.auto()
    INSTALLED_APPS = enum.auto()
    GROUP = enum.auto()
    SECTION = enum.auto()


SOURCE_ROLE_NAMES = role_names(SourceRole)


def catalog_heading() -> str:
    return QCoreApplication.translate("Sources", "Application catalog")


def catalog_rows(catalog: Catalog) -> list[SourceRow]:
    """One row per origin the catalog lists, saying which source installs from it."""
    from appcenter_qt.catalog.origins import meta_origins, source_for

    meta = catalog.meta()
    origins = meta_origins(meta) or ([meta["origin"]] if meta.get("origin") else [])
    built = meta.get("created_at", "")[:10]
    rows = []
    for origin in origins:
        installed_by = QCoreApplication.translate("Sources", "Installed through: %1").replace(
            "%1", source_label(source_for(meta, origin))
        )
        detail = installed_by
        if built:
            detail += " · " + QCoreApplication.translate("Sources", "catalog of %1").replace(
                "%1", built
            )
        rows.append(SourceRow(CATALOG, origin, origin, detail, section=catalog_heading()))
    return rows


def remote_row(event: RemoteEvent, group: int = 0, section: str = "") -> SourceRow:
    """A remote as the page lists it: its title, then its installation and address."""
    if event.scope is RemoteScope.SYSTEM:
        where = QCoreApplication.translate("Sources", "System installation (all users)")
    else:
        where = QCoreApplication.translate("Sources", "Your user installation")
    detail = f"{event.name} · {where} · {event.url}"
    if event.apps:
        count = len(event.apps)
        text = QCoreApplication.translate("Sources", "Installed applications: %n", None, count)
        detail += " · " + text
    if not event.enabled:
        detail += " · " + QCoreApplication.translate("Sources", "disabled")
    return SourceRow(
        REMOTE,
        event.name,
        event.title or event.name,
        detail,
        event.enabled,
        scope=event.scope.value,
        apps=event.apps,
        group=group,
        section=section,
    )
