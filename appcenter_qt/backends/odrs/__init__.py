"""The Open Desktop Ratings Service (ODRS): the only HTTP code in appcenter-qt.

* :mod:`.config` — server URL (flag, environment, ``appcenter-qt.conf``), the user hash
  GNOME Software and Discover share, locale and distribution as ODRS wants them;
* :mod:`.http` — one request under a total deadline with a size cap (stdlib ``http.client``);
* :mod:`.client` — the API (``/fetch``, ``/submit``, votes, ``/ratings``) → domain objects;
* :mod:`.cache` — the offline copy under ``$XDG_CACHE_HOME/appcenter-qt/odrs/``;
* :mod:`.service` — offline-first operations both front ends use.

docs/reviews.md describes the behaviour.
"""

from .client import OdrsClient, ReviewTarget
from .http import Deadline, OdrsError
from .service import ReviewsPage, ReviewsService

__all__ = ["Deadline", "OdrsClient", "OdrsError", "ReviewTarget", "ReviewsPage", "ReviewsService"]
