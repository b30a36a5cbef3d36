"""What the application center is asked to open: ``appstream://`` URLs and ``--app`` ids.

Browsers, Plasma's KRunner and other stores hand us ``appstream://org.kde.kcalc`` (the scheme
our desktop file registers with ``MimeType=x-scheme-handler/appstream;``), sometimes written
``appstream:org.kde.kcalc`` or with a trailing ``.desktop`` or slash. This module turns any of
them into one validated application id, so a hostile URL never reaches the catalog or the
window as anything but a plain, checked string. Pure Python: the command line, the
single-instance hand-over and the tests all use the same parser.
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass

from appcenter_qt.domain.pages import START_PAGE, Page

SCHEME = "appstream"

# AppStream component ids are reverse-DNS-like: letters, digits, '_', '-', '.', and for the
# older desktop-file ids also '+' (e.g. "gnome-mines.desktop", "org.kde.kcalc"). 255 is the
# longest id the catalog schema admits.
_APP_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]{0,254}")


class AppUrlError(ValueError):
    """The text is not an application id or an ``appstream:`` URL we accept."""


@dataclass(frozen=True)
class OpenRequest:
    """A request to show one application's page (``app_id``) or just raise the window."""

    app_id: str | None = None

    @property
    def page(self) -> str:
        """The ``--page`` spelling of this request (``app:ID``, or the start page)."""
        return f"{Page.APP}:{self.app_id}" if self.app_id else str(START_PAGE)


def validate_app_id(text: str) -> str:
    """Return ``text`` as an application id, or raise :class:`AppUrlError` saying why."""
    if not _APP_ID.fullmatch(text) or ".." in text:
        raise AppUrlError(f"not an application id: {_shown(text)!r}")
    return text


def _shown(text: str) -> str:
    """``text`` short enough for a one-line message."""
    return text if len(text) <= 80 else text[:77] + "..."


def parse_open_argument(text: str) -> OpenRequest:
    """Parse ``appstream://ID``, ``appstream:ID`` or a bare ``ID`` into an :class:`OpenRequest`.

    Query strings and fragments are ignored (other stores append tracking parameters);
    percent-escapes are decoded before validation so ``org%2Ekde%2Ekcalc`` is accepted and
    ``..%2F`` is refused like ``../``.
    """
    raw = text.strip()
    if not raw:
        raise AppUrlError("empty application id")
    scheme, sep, rest = raw.partition(":")
    if sep and scheme.lower() == SCHEME:
        try:
            parsed = urllib.parse.urlsplit(raw)
        except ValueError as error:  # "[" without "]", characters NFKC turns into "#", "/"…
            raise AppUrlError(f"not a valid URL: {_shown(raw)!r} ({error})") from None
        # appstream://ID puts the id in netloc; appstream:ID and appstream:///ID in the path.
        candidate = (parsed.netloc + parsed.path).strip("/")
    elif sep and "/" in rest:
        raise AppUrlError(f"unsupported URL scheme {scheme!r}: only {SCHEME}: is handled")
    else:
        candidate = raw
    candidate = urllib.parse.unquote(candidate)
    if not candidate:
        return OpenRequest(None)
    return OpenRequest(validate_app_id(candidate))


def catalog_id_candidates(app_id: str) -> tuple[str, ...]:
    """Ids to try in the catalog, most specific first: ``x.desktop`` also matches ``x`` and the
    other way round, because catalogs from different generators disagree on the suffix."""
    if app_id.endswith(".desktop"):
        return (app_id, app_id.removesuffix(".desktop"))
    return (app_id, f"{app_id}.desktop")
