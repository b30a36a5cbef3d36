"""The app page's reviews: a list model over ODRS reviews, plus writing, voting and reporting.

Offline-first (docs/reviews.md): :meth:`ReviewsModel.show` puts the cached page on screen at
once, then asks the server on a background thread (``appcenter-odrs``, never the catalog
worker, so a slow server cannot hold up the catalog). When the server fails, the cached page
stays with ``status == "stale"``; with nothing cached it is ``"error"``. Every request runs
under the service's deadline, so ``loading`` always ends. The texts are plain and cleaned
(:func:`appcenter_qt.domain.reviews.plain_text`); QML shows them with ``Text.PlainText``.

The service is the window's :class:`~appcenter_qt.services.reviews_access.ReviewsAccess`:
made when first needed, so this model costs a window's start no ODRS client.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    Property,
    QAbstractListModel,
    QByteArray,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Signal,
    Slot,
)

from appcenter_qt.domain import Application
from appcenter_qt.domain.reviews import (
    DESCRIPTION_MAX,
    DESCRIPTION_MIN,
    SUMMARY_MAX,
    SUMMARY_MIN,
    Review,
    ReviewDraft,
)
from appcenter_qt.models.list_model import QT_DISPLAY_ROLE, QT_USER_ROLE, role_names
from appcenter_qt.services.reviews_access import ReviewsAccess
from appcenter_qt.support.formatting import format_day
from appcenter_qt.ui.async_bridge import GuiDispatcher, SerialWorker

if TYPE_CHECKING:
    from appcenter_qt.backends.odrs import ReviewsPage, ReviewsService, ReviewTarget

log = logging.getLogger(__name__)
ALREADY_REVIEWED = "already reviewed this app"
_Index = QModelIndex | QPersistentModelIndex


class ReviewRole(enum.IntEnum):
    """Stable role numbers: append, never renumber."""

    REVIEW_ID = QT_USER_ROLE + 1
    STARS = enum.auto()
    SUMMARY = enum.auto()
    DESCRIPTION = enum.auto()
    NAME = enum.auto()
    DATE_MS = enum.auto()
    VERSION = enum.auto()
    OLDER_VERSION = enum.auto()
    HELPFUL = enum.auto()
    NOT_HELPFUL = enum.auto()
    OWN = enum.auto()
    VOTED = enum.auto()
    #: the review's day in the user's locale, through Babel (formatting.format_day)
    DATE_TEXT = enum.auto()


_ROLE_NAMES = role_names(ReviewRole)


def _same_version(review_version: str, installed: str) -> bool:
    """Compare as ODRS stores versions: no epoch, no distribution suffix."""

    def upstream(version: str) -> str:
        version = version.split(":", 1)[-1]
        for mark in ("+", "~", "-"):
            version = version.split(mark, 1)[0]
        return version

    return (
        not installed or installed == "unknown" or upstream(review_version) == upstream(installed)
    )


def _review_day(timestamp: float, locale: str | None) -> str:
    """A review's day as the user's locale writes it (``Oct 11, 2026``, ``11.10.2026``);
    ``""`` for a missing or impossible time. Qt's ``toLocaleDateString`` in QML gave
    ``11 10 2026`` where its locale data and Babel's differ, so every date goes through
    Babel like the releases' and the updates' do."""
    if timestamp <= 0:
        return ""
    try:
        day = dt.datetime.fromtimestamp(timestamp, dt.UTC).date()
    except (OverflowError, OSError, ValueError):
        return ""
    return format_day(day, locale)


def _attr(name: str) -> Any:
    """A property getter reading one private attribute."""
    return lambda self: getattr(self, name)


class ReviewsModel(QAbstractListModel):
    changed = Signal()
    #: Emitted after a review was published (the dialog closes on it).
    submitted = Signal()

    def __init__(
        self,
        access: ReviewsAccess,
        dispatcher: GuiDispatcher,
        parent: QObject | None = None,
        locale: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._locale = locale
        self._access = access
        self._worker = SerialWorker(dispatcher, "odrs") if access.configured() else None
        self._rows: list[Review] = []
        self._target: ReviewTarget | None = None
        self._skey = ""
        self._loading = False
        self._status = ""
        self._status_text = ""
        self._has_more = False
        self._sending = False
        self._submit_error = ""
        self._already_reviewed = False
        self._action_error = ""
        self._default_name: str | None = None  # read when the review dialog first asks

    # -- Qt model --------------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def roleNames(self) -> dict[int, QByteArray]:
        names = dict(super().roleNames())
        names.update({int(role): QByteArray(name) for role, name in _ROLE_NAMES.items()})
        return names

    def data(self, index: _Index, role: int = QT_DISPLAY_ROLE) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        review = self._rows[index.row()]
        values: dict[int, Any] = {
            ReviewRole.REVIEW_ID: review.review_id,
            ReviewRole.STARS: review.stars,
            ReviewRole.SUMMARY: review.summary,
            ReviewRole.DESCRIPTION: review.description,
            ReviewRole.NAME: review.user_display,
            ReviewRole.DATE_MS: float(review.date) * 1000.0,
            ReviewRole.VERSION: review.version,
            ReviewRole.OLDER_VERSION: not _same_version(
                review.version, self._target.version if self._target else ""
            ),
            ReviewRole.HELPFUL: review.karma_up,
            ReviewRole.NOT_HELPFUL: review.karma_down,
            ReviewRole.OWN: review.own,
            ReviewRole.VOTED: review.voted,
            ReviewRole.DATE_TEXT: _review_day(review.date, self._locale),
        }
        if role == QT_DISPLAY_ROLE:
            return review.summary
        return values.get(role)

    # -- loading ---------------------------------------------------------------------------
    def show(self, app: Application) -> None:
        """The reviews of ``app``: cached page now, the server's when it answers."""
        from appcenter_qt.backends.odrs import ReviewTarget

        versions = [p.version for p in app.packages if p.version]
        target = ReviewTarget.of(
            app.id, app.desktop_id, app.aliases, versions[0] if versions else ""
        )
        self._target = target
        self._set_rows([], "", False)
        self._action_error = ""
        self._submit_error = ""
        self._already_reviewed = False
        service, worker = self._service(), self._worker
        if service is None or worker is None:
            self.changed.emit()
            return
        self._loading = True
        self.changed.emit()
        worker.submit(
            lambda: service.cached_reviews(target),
            lambda page, error: self._cached(target, page),
        )
        worker.submit(
            lambda: service.reviews(target),
            lambda page, error: self._fetched(target, page, error),
        )

    def _cached(self, target: ReviewTarget, page: ReviewsPage | None) -> None:
        if target is self._target and page is not None and self._loading:
            self._apply(page)

    def _fetched(
        self, target: ReviewTarget, page: ReviewsPage | None, error: BaseException | None
    ) -> None:
        if target is not self._target:
            return
        self._loading = False
        if page is not None:
            self._apply(page)
            self._status = "stale" if page.stale else ""
            self._status_text = page.stale
        else:
            self._status = "error"
            from appcenter_qt.backends.odrs import OdrsError

            self._status_text = str(error) if isinstance(error, OdrsError) else "failed"
            if not isinstance(error, OdrsError):
                log.error("reviews of %s: %s", target.app_id, error)
        self.changed.emit()

    def _apply(self, page: ReviewsPage) -> None:
        self._skey = page.user_skey or self._skey
        self._set_rows(page.reviews, page.user_skey, page.has_more)

    def _set_rows(self, reviews: list[Review], skey: str, has_more: bool) -> None:
        self.beginResetModel()
        self._rows = list(reviews)
        self.endResetModel()
        self._has_more = has_more
        self.changed.emit()

    @Slot()
    def loadMore(self) -> None:
        service, worker, target = self._service(), self._worker, self._target
        if service is None or worker is None or target is None or not self._has_more:
            return
        start = len(self._rows)
        self._loading = True
        self.changed.emit()
        worker.submit(
            lambda: service.more(target, start),
            lambda page, error: self._more(target, page, error),
        )

    def _more(
        self, target: ReviewTarget, page: ReviewsPage | None, error: BaseException | None
    ) -> None:
        if target is not self._target:
            return
        self._loading = False
        if page is None:
            self._action_error = str(error)
        else:
            known = {review.review_id for review in self._rows}
            fresh = [review for review in page.reviews if review.review_id not in known]
            if fresh:
                self.beginInsertRows(
                    QModelIndex(), len(self._rows), len(self._rows) + len(fresh) - 1
                )
                self._rows.extend(fresh)
                self.endInsertRows()
            self._has_more = page.has_more and bool(fresh)
        self.changed.emit()

    # -- actions ---------------------------------------------------------------------------
    @Slot(int, str)
    def vote(self, row: int, kind: str) -> None:
        """``up``, ``down``, ``report`` or ``remove`` (own review) on row ``row``."""
        service, worker, target = self._service(), self._worker, self._target
        if service is None or worker is None or target is None or not 0 <= row < len(self._rows):
            return
        review = self._rows[row]
        skey = self._skey
        self._action_error = ""
        self.changed.emit()
        worker.submit(
            lambda: service.vote(target, review, kind, skey),
            lambda _, error: self._voted(target, review, kind, error),
        )

    def _voted(
        self, target: ReviewTarget, review: Review, kind: str, error: BaseException | None
    ) -> None:
        if target is not self._target:
            return
        if error is not None:
            self._action_error = str(error)
            self.changed.emit()
            return
        row = next((n for n, r in enumerate(self._rows) if r.review_id == review.review_id), -1)
        if row < 0:
            return
        if kind in ("report", "remove"):
            self.beginRemoveRows(QModelIndex(), row, row)
            del self._rows[row]
            self.endRemoveRows()
        else:
            up, down = review.karma_up, review.karma_down
            self._rows[row] = dataclasses.replace(
                review,
                voted=True,
                karma_up=up + (kind == "up"),
                karma_down=down + (kind == "down"),
            )
            self.dataChanged.emit(self.index(row), self.index(row))
        self.changed.emit()

    @Slot(int, str, str, str)
    def submitReview(self, stars: int, summary: str, text: str, name: str) -> None:
        service, worker, target = self._service(), self._worker, self._target
        if service is None or worker is None or target is None or self._sending:
            return
        draft = ReviewDraft(stars, summary, text, name)
        self._sending = True
        self._submit_error = ""
        self._already_reviewed = False
        self.changed.emit()
        worker.submit(
            lambda: service.submit(target, draft),
            lambda _, error: self._submitted(target, error),
        )

    def _submitted(self, target: ReviewTarget, error: BaseException | None) -> None:
        self._sending = False
        if error is not None:
            message = getattr(error, "server_message", "")
            self._already_reviewed = message == ALREADY_REVIEWED
            self._submit_error = str(error)
            self.changed.emit()
            return
        self.changed.emit()
        self.submitted.emit()
        service = self._service()
        if target is self._target and service is not None and self._worker is not None:
            self._worker.submit(
                lambda: service.cached_reviews(target),
                lambda page, _: self._cached_after_submit(target, page),
            )

    def _cached_after_submit(self, target: ReviewTarget, page: ReviewsPage | None) -> None:
        if target is self._target and page is not None:
            self._apply(page)

    def shutdown(self) -> None:
        if self._worker is not None:
            self._worker.shutdown()

    # -- properties ------------------------------------------------------------------------
    def _service(self) -> ReviewsService | None:
        """The service, or ``None`` when reviews are off (nothing is made for that)."""
        return self._access.service() if self._worker is not None else None

    def _name(self) -> str:
        if self._default_name is None:
            from appcenter_qt.backends.odrs.config import real_name

            self._default_name = real_name()
        return self._default_name

    enabled = Property(bool, lambda self: self._service() is not None, constant=True)
    loading = Property(bool, _attr("_loading"), notify=changed)
    status = Property(str, _attr("_status"), notify=changed)
    statusText = Property(str, _attr("_status_text"), notify=changed)
    hasMore = Property(bool, _attr("_has_more"), notify=changed)
    count = Property(int, lambda self: len(self._rows), notify=changed)
    sending = Property(bool, _attr("_sending"), notify=changed)
    submitError = Property(str, _attr("_submit_error"), notify=changed)
    alreadyReviewed = Property(bool, _attr("_already_reviewed"), notify=changed)
    actionError = Property(str, _attr("_action_error"), notify=changed)
    defaultName = Property(str, _name, constant=True)
    summaryMin = Property(int, lambda self: SUMMARY_MIN, constant=True)
    summaryMax = Property(int, lambda self: SUMMARY_MAX, constant=True)
    descriptionMin = Property(int, lambda self: DESCRIPTION_MIN, constant=True)
    descriptionMax = Property(int, lambda self: DESCRIPTION_MAX, constant=True)
