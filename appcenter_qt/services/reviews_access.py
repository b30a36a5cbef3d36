"""The window's reviews service, made the first time something needs it.

Making :class:`~appcenter_qt.backends.odrs.ReviewsService` imports the ODRS client (its
HTTP code, the identity's hashing) and reads the user's login, machine id and distribution:
12-14 ms that a window paid before its first cards, although nothing there needs the
server (the cached ratings are read through :mod:`.live_ratings`, as ``appcenter-query``
reads them). The app page's reviews and the ratings' refresh ask :meth:`ReviewsAccess.service`
instead; whichever thread asks first makes it, once.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from appcenter_qt.support.ratings_cache import server_url

if TYPE_CHECKING:
    from appcenter_qt.backends.odrs import ReviewsService

log = logging.getLogger(__name__)


class ReviewsAccess:
    """One window's way to its reviews service (``None`` when reviews are off)."""

    def __init__(self, locale: str, url: str | None = None) -> None:
        self.locale = locale
        #: The server's address, looked up once (``--odrs-url``, the environment, the
        #: configuration files, the public server); ``""``: reviews are off. Handed on as
        #: the address given, it is taken as it is, with no file read again.
        self.server = server_url(url)
        self._lock = threading.Lock()
        self._made = False
        self._service: ReviewsService | None = None

    def configured(self) -> bool:
        """Whether a server is configured at all (no client made): an empty address anywhere
        in the lookup turns reviews off. A configured address may still be unusable, which
        :meth:`service` tells."""
        return bool(self.server)

    def service(self) -> ReviewsService | None:
        """The service, made on the first call; ``None`` when reviews are off or the
        configured address cannot be a server's (logged once)."""
        with self._lock:
            if not self._made:
                self._service = self._make()
                self._made = True
            return self._service

    def _make(self) -> ReviewsService | None:
        from appcenter_qt.backends.odrs import OdrsError, ReviewsService

        try:
            return ReviewsService.create(self.locale, self.server)
        except OdrsError as error:  # from the environment or the config file: reviews off
            log.warning("reviews are off: %s", error)
            return None
