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
3. **Merge components** (DEP-11 ``Merge:``, XML ``merge=``; ``ExtractResult.merges``) are
   applied next, in input order, to the merged application with the same id (compared
   without ``.desktop`` like everything here), whichever input it came from (see
   :func:`apply_merge`). One that matches no application is reported (``merge-unmatched``).
4. **Add-ons** (``ExtractResult.addons``, from any input) are attached to the merged
   applications their ``extends`` name: the id (compared without ``.desktop``), else a
   desktop file id or an alias. ``extends`` is rewritten to the application's id; an id no
   application has is dropped with an ``addon-unmatched`` hint, one whose packages are all
   the application's own with ``addon-built-in``, and an add-on left extending nothing is
   not stored (see :func:`_attach_addons`). Of two add-ons with one id the higher
   catalog priority wins, then the input given first.
5. **Ratings** are matched afterwards: the entry under the id, else its other spelling, its
   desktop file id or a ``provides`` id; the first found, never a sum (see
   :mod:`~appcenter_qt.extract.appstream.ratings_file`).

Provenance: the application row (and, through the writer, its texts, packages and
categories) records the winning record's input; a field filled from another input is noted
in an ``info`` hint (``merged``); the rating row records the ratings file
(``odrs:<file>``). :meth:`MergedCatalog.write_to` stores all of it with a
:class:`~appcenter_qt.catalog.writer.CatalogWriter`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, Protocol, overload

from appcenter_qt.domain import Addon, Application, Rating
from appcenter_qt.extract.app_spool import AppSpool, app_heads, pixel_icon_count, same_apps
from appcenter_qt.extract.appstream import ratings_file
from appcenter_qt.extract.appstream.components import aliases_for
from appcenter_qt.extract.result import AddonRecord, ComponentMerge, ExtractResult, MergeKind

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
    def add_addon(self, addon: Addon) -> None: ...
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
        """Add every application to ``writer``, ratings with their own provenance, then the
        add-ons (``addons``: only those attached to an application of the catalog)."""
        for record in self.addons:
            writer.add_addon(record.addon)
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
    # Keyed by the bare id (the message names every input): appcenter-generate --system
    # files this hint under the report entry of the winner's input by that key.
    hints.hint(
        winner.id,
        "merged",
        f"{winner.provenance} wins over {others}"
        + (f"; filled {'; '.join(filled)}" if filled else ""),
    )
    return dataclasses.replace(winner, **changes)


#: Fields a merge component can change; the rest (id, kind, provenance, rating) stay.
MERGEABLE_FIELDS = (
    "name",
    "summary",
    "description",
    "keywords",
    "categories",
    "packages",
    "icons",
    "screenshots",
    "desktop_id",
    "developer",
    "project_license",
    "homepage",
    "only_show_in",
    "not_show_in",
    "aliases",
)
#: Tuple fields an ``append`` merge extends (the others it only fills when empty).
_EXTENDED_FIELDS = frozenset(
    {"categories", "packages", "screenshots", "only_show_in", "not_show_in", "aliases"}
)


def apply_merge(target: Application, merging: ComponentMerge) -> tuple[Application, list[str]]:
    """``target`` changed by the merge component; also the names of the fields it changed.

    ``append`` fills every field the target lacks (localized texts whole, as libappstream
    does for names, summaries and descriptions), extends lists (categories, packages,
    screenshots, aliases) and adds icons of a (kind, size, scale) the target has no icon for.
    ``replace`` replaces every field the merge component has, whole: a replaced summary
    drops the old summary's translations, which translate a text that is gone (libappstream
    0.16 overrides locale by locale). ``remove-component`` is handled by :func:`merge`.
    """
    source = merging.app
    changes: dict[str, Any] = {}
    for name in MERGEABLE_FIELDS:
        new, old = getattr(source, name), getattr(target, name)
        if _empty(new):
            continue
        if merging.kind is MergeKind.REPLACE or _empty(old):
            value = new
        elif name in _EXTENDED_FIELDS:
            value = tuple(dict.fromkeys((*old, *new)))
        elif name == "icons":
            have = {(i.kind, i.size, i.scale) for i in old}
            value = (*old, *(i for i in new if (i.kind, i.size, i.scale) not in have))
        else:
            continue
        if name == "aliases":
            value = aliases_for(target.id, value)
        elif name in ("icons", "packages"):
            value = tuple(sorted(set(value)))
        if value != old:
            changes[name] = value
    return dataclasses.replace(target, **changes), sorted(changes)


def _apply_merges(
    apps: MutableMapping[str, Application], merges: list[ComponentMerge], hints
) -> None:
    for merging in merges:
        key = merge_key(merging.app.id)
        target = apps.get(key)
        if target is None:
            hints.hint(
                merging.where,
                "merge-unmatched",
                f"{merging.kind.value} merge component matches no application",
            )
            continue
        if merging.kind is MergeKind.REMOVE_COMPONENT:
            del apps[key]
            message = f"removed {target.id} from {target.provenance}"
        else:
            apps[key], changed = apply_merge(target, merging)
            message = f"{merging.kind.value} into {target.id} from {target.provenance}: " + (
                ", ".join(changed) if changed else "nothing changed"
            )
        hints.hint(merging.where, "merge-applied", message)


class _Catalog(MutableMapping[str, Application]):
    """Merged applications by merge key, without holding them: a key points at its record in
    an input (an :class:`AppSpool` or a list) or, once merged or changed, at a copy in a
    spool of its own. Iterates in insertion order, like the dict it replaces."""

    def __init__(self, results: Sequence[ExtractResult]) -> None:
        self._sources = [result.apps for result in results]
        #: each input's notes of its records' names, where it has them (a pool catalog
        #: parsed by the workers: ``CatalogImport.known_names``)
        self._names = [_noted_names(result) for result in results]
        self._changed = AppSpool()
        #: key → (source, position); source -1 is ``_changed``
        self._where: dict[str, tuple[int, int]] = {}
        self.ids: dict[str, str] = {}

    def point(self, key: str, app_id: str, source: int, position: int) -> None:
        self._where[key] = (source, position)
        self.ids[key] = app_id

    def _locate(self, key: str) -> tuple[Sequence[Application], int]:
        """The input (or the spool of merged records) holding ``key``'s record, and where."""
        source, position = self._where[key]
        return (self._changed if source < 0 else self._sources[source]), position

    def __getitem__(self, key: str) -> Application:
        spool, position = self._locate(key)
        return spool[position]

    def __setitem__(self, key: str, app: Application) -> None:
        self._changed.append(app)
        self.point(key, app.id, -1, len(self._changed) - 1)

    def head(self, key: str) -> tuple[str, str]:
        """``(id, provenance)`` of the record ``key`` points at, read only when it is not in
        a spool."""
        spool, position = self._locate(key)
        if isinstance(spool, AppSpool):
            return spool.heads[position]
        app = spool[position]
        return app.id, app.provenance

    def other_names(self, key: str) -> tuple[str, ...]:
        """The desktop file id and aliases of the record ``key`` points at (non-empty):
        from its input's notes when it is a record as parsed, so none is read."""
        source, position = self._where[key]
        noted = self._names[source] if source >= 0 else None
        if noted is not None:
            return noted[position][1:]  # after the id (app_names)
        app = self[key]
        return tuple(name for name in (app.desktop_id, *app.aliases) if name)

    def pixel_icons(self, key: str) -> int:
        spool, position = self._locate(key)
        if isinstance(spool, AppSpool):
            return spool.pixel_icons(position)
        return pixel_icon_count([spool[position]])

    def __delitem__(self, key: str) -> None:
        del self._where[key]
        del self.ids[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


def _noted_names(result: ExtractResult) -> Sequence[tuple[str, ...]] | None:
    """``result``'s notes of its applications' names, if it has them for every one."""
    noted = getattr(result, "known_names", None)
    return noted if noted is not None and len(noted) == len(result.apps) else None


#: At most this many unmatched ids are named in one ``addon-unmatched`` hint.
_NAMED_IDS = 5


def _best_addons(results: Sequence[ExtractResult]) -> list[AddonRecord]:
    """One record per add-on id, sorted by id: the higher catalog priority, then the input
    given first (a parse cache may hold results pickled before they carried add-ons)."""
    best: dict[str, tuple[tuple[int, int], AddonRecord]] = {}
    for order, result in enumerate(results):
        rank = (getattr(result, "priority", 0), -order)
        for record in getattr(result, "addons", ()):
            held = best.get(record.addon.id)
            if held is None or rank > held[0]:
                best[record.addon.id] = (rank, record)
    return [best[addon_id][1] for addon_id in sorted(best)]


def _attach_addons(
    catalog: _Catalog, results: Sequence[ExtractResult], merged: MergedCatalog
) -> None:
    """Keep the add-ons that extend an application of ``catalog``, their ``extends`` rewritten
    to its id (the app page lists the rows under the application's id). Not kept under an
    application: one it does not have (``addon-unmatched``), and one whose packages are all
    the application's own (``addon-built-in``: Evince's document formats come with the
    ``evince`` package, and their Remove button would remove Evince). The aliases are read
    only when an ``extends`` is not an id, so a catalog without add-ons costs nothing."""
    records = _best_addons(results)
    aliases: dict[str, str] | None = None
    packages: dict[str, frozenset[str]] = {}

    def key_of(extended: str) -> str | None:
        nonlocal aliases
        key = merge_key(extended)
        if key in catalog.ids:
            return key
        if aliases is None:
            aliases = {}
            for each in catalog:
                for other in catalog.other_names(each):
                    aliases.setdefault(merge_key(other), each)
        return aliases.get(key)

    def built_in(addon: Addon, key: str) -> bool:
        if key not in packages:
            packages[key] = frozenset(p.name for p in catalog[key].packages)
        return bool(addon.packages) and set(addon.packages) <= packages[key]

    for record in records:
        found: list[str] = []
        missing: list[str] = []
        within: list[str] = []
        for extended in record.addon.extends:
            key = key_of(extended)
            if key is None:
                missing.append(extended)
            elif built_in(record.addon, key):
                within.append(catalog.ids[key])
            elif catalog.ids[key] not in found:
                found.append(catalog.ids[key])
        outcome = f"listed on the page of {', '.join(found)}" if found else "skipped"
        if missing:
            named = ", ".join(missing[:_NAMED_IDS]) + (" …" if len(missing) > _NAMED_IDS else "")
            merged.hint(
                record.where,
                "addon-unmatched",
                f"add-on of {named}, which the catalog does not have; {outcome}",
            )
        if within:
            merged.hint(
                record.where,
                "addon-built-in",
                f"add-on of {', '.join(dict.fromkeys(within))}, installed with the application "
                f"itself (package {', '.join(record.addon.packages)}); {outcome}",
            )
        if found:
            addon = dataclasses.replace(record.addon, extends=tuple(found))
            merged.addons.append(dataclasses.replace(record, addon=addon))


class MergedApps(Sequence[Application]):
    """The merged catalog's applications sorted by id, read from the inputs as iterated."""

    def __init__(self, catalog: _Catalog) -> None:
        self._catalog = catalog
        self._keys = sorted(catalog.ids, key=catalog.ids.__getitem__)
        catalog.ids.clear()  # only needed for the order

    def __len__(self) -> int:
        return len(self._keys)

    @overload
    def __getitem__(self, index: int) -> Application: ...
    @overload
    def __getitem__(self, index: slice) -> list[Application]: ...
    def __getitem__(self, index: int | slice) -> Application | list[Application]:
        if isinstance(index, slice):
            return [self._catalog[key] for key in self._keys[index]]
        return self._catalog[self._keys[index]]

    def __iter__(self) -> Iterator[Application]:
        return (self._catalog[key] for key in self._keys)

    def app_heads(self) -> Iterator[tuple[str, str]]:
        """``(id, provenance)`` of each application in order, from the spools' heads."""
        return (self._catalog.head(key) for key in self._keys)

    def pixel_icon_count(self) -> int:
        """The applications' icons with pixels, read from the spools' counts where the
        records are spooled (no application is unpickled for the report's count)."""
        return sum(self._catalog.pixel_icons(key) for key in self._keys)

    def __eq__(self, other: object) -> bool:
        return same_apps(self, other)


def merge(
    results: Sequence[ExtractResult],
    ratings: Mapping[str, Rating] | None = None,
    *,
    ratings_source: str = "",
) -> MergedCatalog:
    """Merge ``results`` (in command-line order) and attach ``ratings`` (from ``ratings_source``).

    Output applications are sorted by id, so the same inputs give the same catalog. They are
    not held: ``apps`` reads each from its input (or a spool of merged records) when asked,
    so the inputs' spools must stay open while it is used.
    """
    merged = MergedCatalog()
    groups: dict[str, list[tuple[tuple[int, int, int], str, int, int]]] = {}
    for order, result in enumerate(results):
        merged.hints.extend(result.hints)
        merged.icons.update(result.icons)
        priority = getattr(result, "priority", 0)
        for position, (app_id, provenance) in enumerate(app_heads(result.apps)):
            rank = (SOURCE_RANK.get(provenance.partition(":")[0], 0), priority, -order)
            groups.setdefault(merge_key(app_id), []).append((rank, app_id, order, position))
    catalog = _Catalog(results)
    for key, records in groups.items():
        records.sort(key=lambda item: item[0], reverse=True)
        if len(records) == 1:
            _rank, app_id, order, position = records[0]
            catalog.point(key, app_id, order, position)
            continue
        apps = [results[order].apps[position] for _rank, _id, order, position in records]
        catalog[key] = _merge_group(apps, merged)
    del groups
    # getattr: a parse cache may hold results pickled before they carried merge components
    merges = [m for result in results for m in getattr(result, "merges", ())]
    _apply_merges(catalog, merges, merged)
    _attach_addons(catalog, results, merged)
    if ratings:
        provenance = f"{ratings_file.PROVENANCE_KIND}:{PurePath(ratings_source).name or 'ratings'}"
        matched: set[str] = set()
        for key in list(catalog):
            app = catalog[key]
            rating = ratings_file.ratings_for(ratings, app.id, app.desktop_id, app.aliases)
            if rating is None:
                continue
            matched.update(merge_key(key) for key in (app.id, app.desktop_id, *app.aliases))
            catalog[key] = dataclasses.replace(app, rating=rating)
            merged.rating_provenance[app.id] = provenance
        unmatched = len({merge_key(key) for key in ratings} - matched)
        if unmatched:
            merged.hint(
                provenance,
                "unmatched-ratings",
                f"{unmatched} rated id(s) match no application in the catalog",
            )
    merged.apps = MergedApps(catalog)  # type: ignore[assignment]  # a read-only view, not a list
    return merged
