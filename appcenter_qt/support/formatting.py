"""Numbers, sizes and dates in the user's locale, through Babel (CLDR data).

Qt's own ``Locale`` formatting in QML would give a second, differently-behaving source of
truth for the same locale; the catalog, the CLIs and the models all format through these
functions instead, with the same locale negotiation as the translated texts
(:func:`appcenter_qt.support.l10n.locale_chain`). A pseudo-locale such as ``en_XA`` or an unknown
one falls back along the chain to the first locale CLDR knows, then to English.

Babel is imported when something is first formatted, not with this module: its locale data,
``decimal`` and ``zoneinfo`` are 20–50 ms that a window's first frame would otherwise wait
for, before any page shows a number or a date (docs/ui.md, "Where the start-up time goes").
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from typing import TYPE_CHECKING

from appcenter_qt.support.l10n import BABEL_IMPORT, locale_chain

if TYPE_CHECKING:
    from babel import Locale

_FALLBACK = "en"
# IEC units, as KDE's KFormat shows them by default ("12.3 MiB").
_UNITS = ("B", "KiB", "MiB", "GiB", "TiB")


@lru_cache(maxsize=64)
def babel_locale(locale: str | None) -> Locale:
    """The most specific CLDR locale along ``locale``'s fallback chain (English if none)."""
    with BABEL_IMPORT:
        from babel import Locale, UnknownLocaleError

    for candidate in locale_chain(locale):
        if candidate == "C":
            break
        try:
            return Locale.parse(candidate.split("@", 1)[0])
        except (UnknownLocaleError, ValueError):
            continue
    return Locale.parse(_FALLBACK)


def format_count(value: int, locale: str | None) -> str:
    """``12345`` → ``12,345`` (en), ``12.345`` (de), ``12 345`` (fr, narrow no-break space)."""
    with BABEL_IMPORT:
        from babel.numbers import format_decimal

    return format_decimal(value, locale=babel_locale(locale))


def format_size(num_bytes: int, locale: str | None) -> str:
    """A download or installed size with one decimal above bytes: ``1.5 MiB``, ``1,5 MiB``."""
    if num_bytes < 0:
        raise ValueError(f"negative size: {num_bytes}")
    with BABEL_IMPORT:
        from babel.numbers import format_decimal

    value = float(num_bytes)
    unit = 0
    while value >= 1024 and unit < len(_UNITS) - 1:
        value /= 1024
        unit += 1
    pattern = "#,##0" if unit == 0 else "#,##0.0"
    number = format_decimal(value, format=pattern, locale=babel_locale(locale))
    return f"{number}\N{NO-BREAK SPACE}{_UNITS[unit]}"


def format_day(day: dt.date | str, locale: str | None) -> str:
    """A release or update date in the locale's medium form (``Mar 4, 2026``, ``04.03.2026``).

    Accepts ISO 8601 strings as PackageKit (``issued``) and AppStream (``<release date>``)
    give them; an unparseable string is returned unchanged rather than lost.
    """
    if isinstance(day, str):
        text = day
        try:
            day = dt.date.fromisoformat(text[:10])
        except ValueError:
            return text
    with BABEL_IMPORT:
        from babel.dates import format_date

    return format_date(day, format="medium", locale=babel_locale(locale))
