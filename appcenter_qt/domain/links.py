"""The links an app page offers (AppStream ``<url type=…>``) and which of them may be opened.

A link comes from a package, so it is untrusted: the desktop's URL handler would start
whatever is registered for its scheme (``file:``, ``smb:``, ``javascript:``, a custom
``x-scheme-handler``). Only ``https``, ``http`` and ``mailto`` links with no whitespace or
control characters are ever offered; :func:`safe_link` is the one check, used when the
catalog is read and again by the slot that opens a link.
"""

from __future__ import annotations

import re
import urllib.parse

#: AppStream ``url`` types the app page shows, in the order it shows them.
LINK_KINDS = (
    "homepage",
    "bugtracker",
    "help",
    "faq",
    "donation",
    "translate",
    "contact",
    "vcs-browser",
    "contribute",
)
MAX_LINK_CHARS = 2_000
_FORBIDDEN = re.compile(r"[\x00-\x20\x7f-\x9f<>\"\\^`{|}]")
_MAIL = re.compile(r"[^@\s/?#:]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\Z")


def safe_link(url: str) -> str | None:
    """``url`` if it is an http(s) URL with a host or a ``mailto:`` address, else ``None``.

    A bare e-mail address (AppStream's ``contact`` is often written so) becomes a
    ``mailto:`` link.
    """
    url = url.strip()
    if not url or len(url) > MAX_LINK_CHARS or _FORBIDDEN.search(url):
        return None
    if _MAIL.match(url):
        return f"mailto:{url}"
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme in ("http", "https"):
        try:
            host = parts.hostname
        except ValueError:
            return None
        return url if host and "@" not in parts.netloc else None
    if scheme == "mailto":
        address = parts.path.split("?", 1)[0]
        return url if _MAIL.match(urllib.parse.unquote(address)) else None
    return None
