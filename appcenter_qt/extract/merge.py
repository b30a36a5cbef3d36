"""One application from several sources: packages, DEP-11/XML catalogs and ODRS ratings.

When more than one input describes the same application (same component id, compared
without a ``.desktop`` suffix), the records are ranked and merged field by field:

1. **Rank.** Records extracted from packages (provenance ``deb``, ``rpm``, ``tree``) rank
   above catalog records (``dep11``, ``appstream-xml``), which rank above anything else
   (``demo``): the packages are what will actually be installed, a catalog may lag behind
   them. Among catalogs the higher catalog ``Priority`` (DEP-11 header, XML
   ``priority=`` attribute) wins, as in libappstream; remaining ties go to the input given
   first.
2. **Merge.** The best-ranked record supplies every field it has. A field it lacks (empty
   summary, description, keywords, categories, screenshots, desktop id, developer, licence,
   homepage) is taken whole from the next-ranked record that has it; localized fields are
   never mixed across sources, so one source's translations stay consistent. Icons are a
   union keyed by (kind, size, scale), the better-ranked record winning each key;
   packages are a union, and so are the aliases (with the other records' ids).
3. **Ratings** are matched afterwards by id or desktop file id, each with and without
   ``.desktop`` (see :mod:`.odrs`).

Provenance: the application row (and, through the writer, its texts, packages and
categories) records the winning record's input; a field filled from another input is noted
in an ``info`` hint (``merged``); the rating row records the ratings file
(``odrs:<file>``). :meth:`MergedCatalog.write_to` stores all of it with a
:class:`~appcenter_qt.catalog.writer.CatalogWriter`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, Protocol

from appcenter_qt.domain import Application, Rating
from appcenter_qt.extract import odrs
from appcenter_qt.extract.components import aliases_for
from appcenter_qt.extract.result import ExtractResult, Severity

#: Higher wins. Kinds are the part of ``Application.provenance`` before the colon.
SOURCE_RANK: Mapping[str, int] = {
    "deb": 3,
    "rpm": 3,
    "tree": 3,
    "dep11": 2,
    "appstream-xml": 2,
}
#: Fields a lower-ranked record may fill when the winner has no value for them.
FILLABLE_FIELDS = (
    "summary",
    "description",
    "keywords",
    "categories",
    "screenshots",
    "desktop_id",
    "developer",
    "project_license",
    "homepage",
)


class _RatingSink(Protocol):
    def add(self, app: Application) -> None: ...
    def set_rating(self, app_id: str, rating: Rating, provenance: str = "") -> bool: ...


def merge_key(app_id: str) -> str:
    return app_id.removesuffix(".desktop")


def source_rank(app: Application) -> int:
    return SOURCE_RANK.get(app.provenance.partition(":")[0], 0)


@dataclass
class MergedCatalog(ExtractResult):
    """Merged applications; ``rating_provenance`` maps app id → the rating's input."""

    rating_provenance: dict[str, str] = field(default_factory=dict)

    def write_to(self, writer: _RatingSink) -> int:
        """Add every application to ``writer``, ratings with their own provenance."""
        for app in self.apps:
            provenance = self.rating_provenance.get(app.id)
            if provenance is None or app.rating is None:
                writer.add(app)
                continue
            writer.add(dataclasses.replace(app, rating=None))
            writer.set_rating(app.id, app.rating, provenance)
        return len(self.apps)


def _empty(value: Any) -> bool:
    return not value


def _merge_group(records: list[Application], hints: MergedCatalog) -> Application:
    winner = records[0]
    if len(records) == 1:
        return winner
    changes: dict[str, Any] = {}
    filled: list[str] = []
    for name in FILLABLE_FIELDS:
        if not _empty(getattr(winner, name)):
            continue
        donor = next((r for r in records[1:] if not _empty(getattr(r, name))), None)
        if donor is not None:
            changes[name] = getattr(donor, name)
            filled.append(f"{name} from {donor.provenance}")
    icons = {(i.kind, i.size, i.scale): i for r in reversed(records) for i in r.icons}
    changes["icons"] = tuple(sorted(icons.values()))
    if changes["icons"] != winner.icons:
        filled.append("icons (union)")
    changes["packages"] = tuple(sorted({p for r in records for p in r.packages}))
    # Every id a record of this application goes by is an alias of the winner's id.
    changes["aliases"] = aliases_for(
        winner.id, [alias for r in records for alias in (r.id, *r.aliases)]
    )
    others = ", ".join(r.provenance for r in records[1:])
    hints.hint(
        winner.id,
        "merged",
        f"{winner.provenance} wins over {others}"
        + (f"; filled {'; '.join(filled)}" if filled else ""),
        Severity.INFO,
    )
    return dataclasses.replace(winner, **changes)


def merge(
    results: Sequence[ExtractResult],
    ratings: Mapping[str, Rating] | None = None,
    *,
    ratings_source: str = "",
) -> MergedCatalog:
    """Merge ``results`` (in command-line order) and attach ``ratings`` (from ``ratings_source``).

    Output applications are sorted by id, so the same inputs give the same catalog.
    """
    merged = MergedCatalog()
    groups: dict[str, list[tuple[tuple[int, int, int], Application]]] = {}
    for order, result in enumerate(results):
        merged.hints.extend(result.hints)
        merged.icons.update(result.icons)
        priority = getattr(result, "priority", 0)
        for app in result.apps:
            rank = (source_rank(app), priority, -order)
            groups.setdefault(merge_key(app.id), []).append((rank, app))
    apps = []
    for records in groups.values():
        records.sort(key=lambda item: item[0], reverse=True)
        apps.append(_merge_group([app for _, app in records], merged))
    if ratings:
        by_base = odrs.index_by_base(ratings)
        provenance = f"{odrs.PROVENANCE_KIND}:{PurePath(ratings_source).name or 'ratings'}"
        matched: set[str] = set()
        for index, app in enumerate(apps):
            rating = odrs.ratings_for(by_base, app.id, app.desktop_id)
            if rating is None:
                continue
            matched.update({merge_key(app.id), merge_key(app.desktop_id)})
            apps[index] = dataclasses.replace(app, rating=rating)
            merged.rating_provenance[app.id] = provenance
        unmatched = len(set(by_base) - matched)
        if unmatched:
            merged.hint(
                provenance,
                "unmatched-ratings",
                f"{unmatched} rated id(s) match no application in the catalog",
                Severity.INFO,
            )
    merged.apps = sorted(apps, key=lambda app: app.id)
    return merged
