"""The home page: a featured banner, rows to discover applications by, category tiles.

What it shows, in order (docs/ui.md, "Home page"):

* **Featured**: the distribution's list (:mod:`appcenter_qt.catalog.featured`), else the top rated;
  the first :data:`BANNER_SIZE` in the banner, the rest as "Editor's picks".
* **Top rated**: by the Bayesian score, only applications with votes.
* **Popular in <category>**: the configured main categories (else the two biggest), by
  score, leaving out what Top rated already shows; a row with fewer than
  :data:`MIN_ROW` rated applications is left out.
* **Recently updated**: by the newest release date; left out, with :attr:`recentReason`
  saying why, when the catalog records no release dates.

The rows the page fills by itself (Top rated, Popular, Recently updated, the banner without a
configured list) leave out the system's components (:func:`discoverable`).

No row is an A–Z dump: a row without ratings or dates is omitted, not filled by name. The
queries run on the catalog worker; the rows are rebuilt when live ratings arrive.
"""

from __future__ import annotations

import dataclasses
import enum
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QCoreApplication, QObject, Signal, Slot

from appcenter_qt.catalog.featured import Featured
from appcenter_qt.catalog.origins import meta_origins
from appcenter_qt.domain import ApplicationSummary
from appcenter_qt.domain.categories import MAIN_CATEGORIES, is_system_component
from appcenter_qt.models.app_list import CardListModel, StateLookup, no_state
from appcenter_qt.models.categories_model import main_category_name
from appcenter_qt.models.list_model import QT_USER_ROLE, ListModel, role_names
from appcenter_qt.services.registry import AppRegistry
from appcenter_qt.ui.async_bridge import SerialWorker
from appcenter_qt.ui.icon_provider import IconRegistry

if TYPE_CHECKING:
    from appcenter_qt.catalog.queries import Catalog

log = logging.getLogger(__name__)

ROW_LENGTH = 12
FEATURED_FALLBACK = 8
#: The banner shows this many featured applications; the rest of a configured list is the
#: "Editor's picks" row (a catalog without ratings has no other rows but Recently updated).
BANNER_SIZE = 6
#: A "Popular in" row with fewer rated applications than this is left out.
MIN_ROW = 3


class ShelfModel(CardListModel):
    """One row of cards (the grid's roles, so ``AppCard`` binds to it unchanged)."""

    countChanged = Signal()

    def set_apps(self, apps: Sequence[ApplicationSummary]) -> None:
        before = len(self._rows)
        self.replace_rows(apps, key=lambda app: app.id)
        if len(self._rows) != before:
            self.countChanged.emit()

    def _get_count(self) -> int:
        return len(self._rows)

    count = Property(int, _get_count, notify=countChanged)

    @Slot(int, result=str)
    def appIdAt(self, row: int) -> str:
        return self._rows[row].id if 0 <= row < len(self._rows) else ""


class PopularRole(enum.IntEnum):
    CATEGORY_ID = QT_USER_ROLE + 1
    TITLE = enum.auto()
    APPS = enum.auto()


_POPULAR_ROLE_NAMES = role_names(PopularRole)


@dataclass(frozen=True)
class _Popular:
    category: str
    title: str
    shelf: ShelfModel


class PopularRows(ListModel[_Popular]):
    """The "Popular in <category>" rows: category id, title and that row's :class:`ShelfModel`."""

    ROLE_NAMES = _POPULAR_ROLE_NAMES
    DISPLAY_ROLE = PopularRole.TITLE

    def role_data(self, row: _Popular, role: int) -> Any:
        if role == PopularRole.CATEGORY_ID:
            return row.category
        if role == PopularRole.TITLE:
            return row.title
        if role == PopularRole.APPS:
            return row.shelf
        return None


@dataclass(frozen=True)
class HomeContent:
    """What one load found (plain data, made on the worker thread)."""

    featured: list[ApplicationSummary]
    featured_configured: bool
    picks: list[ApplicationSummary]
    top_rated: list[ApplicationSummary]
    popular: list[tuple[str, list[ApplicationSummary]]]
    recent: list[ApplicationSummary] | None


def _rated(apps: Sequence[ApplicationSummary]) -> list[ApplicationSummary]:
    return [app for app in apps if app.rating is not None and app.rating.total > 0]


def discoverable(
    apps: Sequence[ApplicationSummary], kinds: Mapping[str, str] | None = None
) -> list[ApplicationSummary]:
    """``apps`` without the system's own components (settings panels, system tools, the
    desktop's shell programs): "Recently updated" was Discover, Info Center and Menu Edit on a
    Plasma machine (issue 32). Only the rows the page fills by itself; a configured featured
    list and browsing a category show them."""
    kinds = kinds or {}
    return [
        app
        for app in apps
        if not is_system_component(app.id, app.categories, kinds.get(app.id, ""))
    ]


def top_rated(catalog: Catalog) -> list[ApplicationSummary]:
    """The "Top rated" row: the best rated applications that are not the system's own."""
    from appcenter_qt.catalog.queries import AppQuery, SortOrder

    rated = _rated(catalog.list(AppQuery(sort=SortOrder.RATING, limit=ROW_LENGTH * 3)))
    return discoverable(rated, catalog.kinds(app.id for app in rated))[:ROW_LENGTH]


@dataclass(frozen=True)
class Banner:
    """The banner's applications with their colours, and the configured list's rest."""

    apps: list[ApplicationSummary]
    picks: list[ApplicationSummary]
    configured: bool


def banner(
    catalog: Catalog, featured: Featured, top: list[ApplicationSummary] | None = None
) -> Banner:
    """The configured list's first applications, else the top rated (``top`` when the
    caller has them; runs on the worker thread, alone before the other rows: the page's
    first cards)."""
    chosen = catalog.summaries(featured.apps) if featured.apps else []
    if not chosen and top is None:
        top = top_rated(catalog)
    apps = (chosen or (top or [])[:FEATURED_FALLBACK])[:BANNER_SIZE]
    colors = catalog.colors(app.id for app in apps)
    apps = [dataclasses.replace(app, colors=colors.get(app.id, ())) for app in apps]
    return Banner(apps, chosen[BANNER_SIZE:], bool(chosen))


def load_home(
    catalog: Catalog, featured: Featured, category_counts: dict[str, int] | None = None
) -> HomeContent:
    """Every row of the home page from the catalog (runs on the worker thread).
    ``category_counts``: the sidebar's, when known; else counted here if needed (the
    popular rows follow the largest categories unless the featured list names them)."""
    from appcenter_qt.catalog.queries import AppQuery, SortOrder

    top = top_rated(catalog)
    first = banner(catalog, featured, top)
    if not featured.popular and category_counts is None:
        category_counts = catalog.category_counts()
    categories = (
        list(featured.popular)
        or [
            category
            for category, _ in sorted((category_counts or {}).items(), key=lambda item: -item[1])
            if category in MAIN_CATEGORIES
        ][:2]
    )
    shown = {app.id for app in top}
    popular = []
    for category in categories:
        apps = catalog.list(
            AppQuery(category=category, sort=SortOrder.RATING, limit=ROW_LENGTH * 3)
        )
        rated = _rated(apps)
        kinds = catalog.kinds(app.id for app in rated)
        row = [app for app in discoverable(rated, kinds) if app.id not in shown][:ROW_LENGTH]
        if len(row) >= MIN_ROW:
            popular.append((category, row))
            shown.update(app.id for app in row)
    recent = catalog.recently_released(ROW_LENGTH * 4)
    if recent is not None:
        recent = discoverable(recent)[:ROW_LENGTH]
    return HomeContent(first.apps, first.configured, first.picks, top, popular, recent)


class HomeModel(QObject):
    """The home page's rows (``featured``, ``topRated``, ``popularRows``, ``recent``), each a
    model QML binds to; ``recentReason`` says why "Recently updated" is missing."""

    changed = Signal()
    loadingChanged = Signal()
    # The banner's first cards are set (or there are none): the rest of the page follows.
    bannerShown = Signal()

    def __init__(
        self,
        worker: SerialWorker,
        icons: IconRegistry | None = None,
        load_featured: Callable[[list[str]], Featured] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        from appcenter_qt.catalog.featured import load_featured as default_loader

        self._worker = worker
        self._icons = icons
        self._load_featured = load_featured or default_loader
        self._catalog: Catalog | None = None
        self._counts: dict[str, int] | None = None
        self._featured_config = Featured()
        self._loading = False
        self._generation = 0
        self._featured_configured = False
        self._recent_known = True
        self._state_of: StateLookup = no_state
        self.featured_model = ShelfModel(self)
        self.top_model = ShelfModel(self)
        self.recent_model = ShelfModel(self)
        self.picks_model = ShelfModel(self)
        self.popular_model = PopularRows(self)
        self._popular_shelves: dict[str, ShelfModel] = {}

    # -- set-up ----------------------------------------------------------------------------
    def set_state_lookup(self, lookup: StateLookup) -> None:
        self._state_of = lookup
        for shelf in self._shelves():
            shelf.set_state_lookup(self._state_of)

    def follow(self, registry: AppRegistry) -> None:
        """Show the states ``registry`` holds, and redraw a card when its state changes."""
        self.set_state_lookup(registry.state_of)
        registry.subscribe(self.app_changed)

    def _shelves(self) -> list[ShelfModel]:
        rows = list(self._popular_shelves.values())
        return [self.featured_model, self.picks_model, self.top_model, self.recent_model, *rows]

    def set_catalog(self, catalog: Catalog, counts: dict[str, int] | None = None) -> None:
        """Show ``catalog``; ``counts`` (the sidebar's) spares counting them again."""
        self._catalog = catalog
        self._counts = dict(counts) if counts is not None else None
        meta = catalog.meta()
        origins = meta_origins(meta)
        origins.append(meta.get("origin", ""))
        self._featured_config = self._load_featured(origins)
        log.info("featured applications from %s", self._featured_config.source or "top rated")
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        catalog = self._catalog
        if catalog is None:
            return
        self._generation += 1
        generation = self._generation
        featured, counts = self._featured_config, self._counts
        self._set_loading(True)
        if self.needs_banner():
            # The banner first (a lookup by id, or the top rated), before the rows that
            # count and sort the catalog: the page shows its first cards sooner
            # (bench/ui_bench.py, cards shown).
            self._worker.submit(
                lambda: banner(catalog, featured),
                lambda result, error: self._banner_first(generation, result, error),
                ahead=True,  # also while the window holds the other queries back for it
            )
        self._worker.submit(
            lambda: load_home(catalog, featured, counts),
            lambda result, error: self._apply(generation, result, error),
        )

    def _banner_first(self, generation: int, first: Banner | None, error: Any) -> None:
        if generation != self._generation:
            return
        if error is None and first is not None and first.apps:
            self._remember_icons([*first.apps, *first.picks])
            self.featured_model.set_apps(first.apps)
            self.picks_model.set_apps(first.picks)
            self._featured_configured = first.configured
            self.changed.emit()
        self.bannerShown.emit()

    def needs_banner(self) -> bool:
        """Whether the next catalog's first cards are the banner's (none shown yet)."""
        return self.featured_model.rowCount() == 0

    def _apply(self, generation: int, content: HomeContent | None, error: Any) -> None:
        if generation != self._generation:
            return
        self._set_loading(False)
        if error is not None or content is None:
            log.warning("the home page could not be loaded: %s", error)
            return
        for apps in (content.featured, content.picks, content.top_rated, content.recent or []):
            self._remember_icons(apps)
        self.featured_model.set_apps(content.featured)
        self.picks_model.set_apps(content.picks)
        self.top_model.set_apps(content.top_rated)
        self.recent_model.set_apps(content.recent or [])
        rows = []
        for category, apps in content.popular:
            self._remember_icons(apps)
            shelf = self._popular_shelves.get(category)
            if shelf is None:
                # Kept for the model's lifetime and reused: QML's delegates may still hold
                # a row's shelf while a reload replaces the rows (deleting it then crashed).
                shelf = self._popular_shelves[category] = ShelfModel(self)
                shelf.set_state_lookup(self._state_of)
            shelf.set_apps(apps)
            title = QCoreApplication.translate("Home", "Popular in %1").replace(
                "%1", main_category_name(category)
            )
            rows.append(_Popular(category, title, shelf))
        self.popular_model.replace_rows(rows, key=lambda row: row.category)
        self._featured_configured = content.featured_configured
        self._recent_known = content.recent is not None
        self.changed.emit()

    def _remember_icons(self, apps: Sequence[ApplicationSummary]) -> None:
        if self._icons is not None:
            for app in apps:
                if app.icon is not None:
                    self._icons.remember(app.id, (app.icon,))

    def app_changed(self, app_id: str) -> None:
        for shelf in self._shelves():
            shelf.app_changed(app_id)

    def palette_changed(self) -> None:
        for shelf in self._shelves():
            shelf.palette_changed()

    def shown_ids(self) -> list[str]:
        """Every application a row shows (the window asks for their installed state)."""
        return list(dict.fromkeys(app.id for shelf in self._shelves() for app in shelf.rows()))

    def summary_of(self, app_id: str) -> ApplicationSummary | None:
        for shelf in self._shelves():
            for app in shelf.rows():
                if app.id == app_id:
                    return app
        return None

    # -- properties ------------------------------------------------------------------------
    def _set_loading(self, loading: bool) -> None:
        if loading != self._loading:
            self._loading = loading
            self.loadingChanged.emit()

    def _get_loading(self) -> bool:
        return self._loading

    def _get_featured(self) -> QObject:
        return self.featured_model

    def _get_top(self) -> QObject:
        return self.top_model

    def _get_picks(self) -> QObject:
        return self.picks_model

    def _get_recent(self) -> QObject:
        return self.recent_model

    def _get_popular(self) -> QObject:
        return self.popular_model

    def _get_configured(self) -> bool:
        return self._featured_configured

    def _get_recent_reason(self) -> str:
        if self._recent_known:
            return ""
        return QCoreApplication.translate(
            "Home", "Recently updated is not shown: this catalog records no release dates."
        )

    loading = Property(bool, _get_loading, notify=loadingChanged)
    featured = Property(QObject, _get_featured, constant=True)
    topRated = Property(QObject, _get_top, constant=True)
    recent = Property(QObject, _get_recent, constant=True)
    picks = Property(QObject, _get_picks, constant=True)
    popularRows = Property(QObject, _get_popular, constant=True)
    #: Whether the banner is the configured list (else the top rated stand in).
    featuredConfigured = Property(bool, _get_configured, notify=changed)
    recentReason = Property(str, _get_recent_reason, notify=changed)
