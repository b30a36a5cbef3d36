"""Live ODRS ratings on cards and in the rating order, refreshed at most once a day.

When the catalog opens, the cached histograms (``$XDG_CACHE_HOME/appcenter-qt/odrs/
ratings.json``) are laid over it on the catalog worker (:func:`appcenter_qt.services.
live_ratings.overlay`, read as ``appcenter-query`` reads them, without the ODRS client),
before the first page of cards is queried (the worker runs in order). If the cache is older
than a day, or missing, the server's ``/ratings`` is fetched on the ODRS thread; when it
arrives it is stored, laid over the catalog and ``applied`` asks the grid to reload. A
failure keeps the stored ratings and the catalog's imported ones (docs/reviews.md).

The reviews service (:class:`~appcenter_qt.services.reviews_access.ReviewsAccess`) is made
on the ODRS thread behind the catalog worker's queue, which a window holds until its first
cards are drawn (:mod:`.first_cards`), and the fetch follows it there: the ODRS thread imports
the HTTP client and sets up TLS, work that shares the interpreter with the GUI thread
building those cards (70-80 ms later cards on Debian's catalog, bench/ui_bench.py). A
day-old cache, or no network, made every start pay it.
"""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QObject, Signal

from appcenter_qt.services.live_ratings import cached_ratings, overlay
from appcenter_qt.services.reviews_access import ReviewsAccess
from appcenter_qt.ui.async_bridge import GuiDispatcher, SerialWorker

log = logging.getLogger(__name__)


class LiveRatings(QObject):
    #: The catalog now ranks by newly fetched ratings: reload what shows them.
    applied = Signal()

    def __init__(
        self,
        access: ReviewsAccess,
        catalog_worker: SerialWorker,
        dispatcher: GuiDispatcher,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._access = access
        self._catalog_worker = catalog_worker
        configured = access.configured()
        self._worker = SerialWorker(dispatcher, "odrs-ratings") if configured else None
        self._closed = False

    def attach(self, catalog: Any) -> None:
        """Lay the cached ratings over ``catalog`` now; refresh them if over a day old."""
        access, worker = self._access, self._worker
        if worker is None:
            return

        def from_cache() -> bool:
            """On the catalog worker: apply the cache (the rule ``appcenter-query`` follows
            too); ``True`` when it is under a day old."""
            return overlay(catalog, cached_ratings(access.server))

        def refreshed() -> Any:
            """On the ODRS thread: the service made, then the ratings from the server
            (``None`` when reviews turned out to be off)."""
            service = access.service()
            return None if service is None else service.refresh_ratings()

        def after_cards(fresh: bool | None) -> None:
            if self._closed:
                return
            if fresh:  # only the service, for the app page's reviews
                worker.submit(access.service, lambda *_: None)
            else:
                worker.submit(refreshed, lambda got, fail: self._fetched(catalog, got, fail))

        def then(fresh: bool | None, error: BaseException | None) -> None:
            # after what the catalog worker holds: the first cards go first
            self._catalog_worker.submit(_queued_after, lambda *_: after_cards(fresh))

        self._catalog_worker.submit(from_cache, then)

    def _fetched(self, catalog: Any, fresh: Any, error: BaseException | None) -> None:
        if error is not None:
            log.info("ratings not refreshed: %s", error)
            return
        if fresh is None:  # reviews are off: the configured address is not a server's
            return
        self._catalog_worker.submit(
            lambda: catalog.set_live_ratings(fresh.ratings), lambda *_: self.applied.emit()
        )

    def shutdown(self) -> None:
        self._closed = True
        if self._worker is not None:
            self._worker.shutdown()


def _queued_after() -> None:
    """A catalog worker task that does nothing: its callback runs once the tasks queued (or
    held) before it have run."""
