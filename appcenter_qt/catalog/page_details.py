"""The app page's extra facts in the catalog: links, releases, the content rating and
add-ons (the tables ``urls``, ``releases``, ``release_notes``, ``content_ratings``,
``addons`` and ``addon_texts``, added within schema version 3), and the colours the home
page's banner paints with (``colors``, read by :mod:`.shelves`).

Both directions live here, so the writer and the reader stay short and agree: the writer
asks :func:`application_rows` for the rows of one application and :func:`addon_rows` for an
add-on; :class:`PageDetailsReader` reads them back. Files written before these tables
existed simply lack them: the reader checks once which are there and answers empty for the
rest, so such a file still opens (docs/catalog-schema.md, "Added within version 3").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from appcenter_qt.catalog import compiled as sql
from appcenter_qt.catalog.layout import PAGE_DETAIL_TABLES
from appcenter_qt.domain import Addon, Application, ContentRating, LocalizedText, Release
from appcenter_qt.domain.colors import KEY, PRIMARY, SCHEMES, parse_hex
from appcenter_qt.domain.links import LINK_KINDS, safe_link
from appcenter_qt.domain.releases import RELEASE_KINDS

#: Most releases kept per application: the page shows the recent ones, and some metainfo
#: files list every release since 1998.
MAX_RELEASES = 30

Rows = dict[str, list[tuple[Any, ...]]]


def application_rows(app: Application, pk: int, next_release_id: Callable[[], int]) -> Rows:
    """The rows of ``app`` (stored as ``pk``) for the page-detail tables, by table name."""
    rows: Rows = {
        "urls": [],
        "releases": [],
        "release_notes": [],
        "content_ratings": [],
        "colors": [],
    }
    seen: set[str] = set()
    for kind, url in app.urls:
        link = safe_link(url)
        if kind in LINK_KINDS and kind != "homepage" and link and kind not in seen:
            seen.add(kind)
            rows["urls"].append((pk, kind, link))
    for position, release in enumerate(app.releases[:MAX_RELEASES]):
        release_id = next_release_id()
        kind = release.kind if release.kind in RELEASE_KINDS else "stable"
        rows["releases"].append(
            (release_id, pk, position, release.version, max(0, release.timestamp), kind)
        )
        rows["release_notes"].extend(
            (release_id, locale, text)
            for locale, text in sorted(release.description.values.items())
            if text
        )
    rating = app.content_rating
    if rating is not None:
        rows["content_ratings"].append((pk, rating.kind, rating.encode()))
    seen_colors: set[tuple[str, str]] = set()
    for color in app.colors:
        value = parse_hex(color.value)
        key = (color.kind, color.scheme)
        known = color.kind in (PRIMARY, KEY) and color.scheme in SCHEMES
        if value and known and key not in seen_colors:
            seen_colors.add(key)
            rows["colors"].append((pk, color.kind, color.scheme, value))
    return rows


def addon_rows(addon: Addon, next_id: Callable[[], int]) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """(table, row) pairs storing ``addon``: one ``addons`` row per application it extends."""
    locales = sorted(set(addon.name.values) | set(addon.summary.values))
    for extends in sorted(set(addon.extends)):
        pk = next_id()
        yield (
            "addons",
            (pk, addon.id, extends, ";".join(addon.packages), addon.project_license),
        )
        for locale in locales:
            yield (
                "addon_texts",
                (pk, locale, addon.name.values.get(locale), addon.summary.values.get(locale)),
            )


class PageDetailsReader:
    """Reads the page-detail tables through a catalog's ``run(statement, **params)``;
    ``tables`` are the file's (read when not given)."""

    def __init__(self, run: Callable[..., Any], tables: Iterable[str] | None = None) -> None:
        self._run = run
        present = set(tables) if tables is not None else {name for (name,) in run(sql.TABLES)}
        self.tables = frozenset(name for name in PAGE_DETAIL_TABLES if name in present)

    def urls(self, pk: int) -> tuple[tuple[str, str], ...]:
        if "urls" not in self.tables:
            return ()
        found = {
            kind: link
            for kind, url in self._run(sql.URLS_OF, pk=pk)
            if isinstance(kind, str) and isinstance(url, str) and (link := safe_link(url))
        }
        return tuple((kind, found[kind]) for kind in LINK_KINDS if kind in found)

    def releases(self, pk: int) -> tuple[Release, ...]:
        if "releases" not in self.tables:
            return ()
        rows = self._run(sql.RELEASES_OF, pk=pk, limit=MAX_RELEASES)
        notes: dict[int, dict[str, str]] = defaultdict(dict)
        if rows and "release_notes" in self.tables:
            for release_id, locale, text in self._run(
                sql.RELEASE_NOTES, ids=[row[0] for row in rows]
            ):
                if isinstance(text, str) and isinstance(locale, str):
                    notes[release_id][locale] = text
        return tuple(
            Release(
                str(version or ""),
                timestamp if isinstance(timestamp, int) and timestamp > 0 else 0,
                kind if kind in RELEASE_KINDS else "stable",
                LocalizedText(notes[release_id]),
            )
            for release_id, version, timestamp, kind in rows
        )

    def content_rating(self, pk: int) -> ContentRating | None:
        if "content_ratings" not in self.tables:
            return None
        rows = self._run(sql.CONTENT_RATING_OF, pk=pk)
        if not rows:
            return None
        kind, attributes = rows[0]
        return ContentRating.decode(str(kind or ""), str(attributes or ""))

    def addons(self, app_ids: tuple[str, ...]) -> list[Addon]:
        """The add-ons extending any of ``app_ids`` (an application's id and aliases), by id."""
        if "addons" not in self.tables or not app_ids:
            return []
        rows = self._run(sql.ADDONS_EXTENDING, ids=list(app_ids))
        texts: dict[int, tuple[dict[str, str], dict[str, str]]] = defaultdict(lambda: ({}, {}))
        if rows and "addon_texts" in self.tables:
            for pk, locale, name, summary in self._run(
                sql.ADDON_TEXTS, ids=[row[0] for row in rows]
            ):
                if isinstance(name, str):
                    texts[pk][0][locale] = name
                if isinstance(summary, str):
                    texts[pk][1][locale] = summary
        found: dict[str, Addon] = {}
        for pk, addon_id, packages, license_ in rows:
            names, summaries = texts[pk]
            found.setdefault(
                addon_id,
                Addon(
                    addon_id,
                    LocalizedText(names),
                    LocalizedText(summaries),
                    app_ids[:1],
                    tuple(filter(None, str(packages or "").split(";"))),
                    str(license_ or ""),
                ),
            )
        return list(found.values())


__all__ = ["PageDetailsReader", "addon_rows", "application_rows"]
