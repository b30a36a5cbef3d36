"""Locale-aware numbers, sizes and dates (Babel/CLDR), with the project's locale fallback."""

from __future__ import annotations

import datetime as dt

import pytest

from appcenter_qt.support.formatting import babel_locale, format_count, format_day, format_size


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en_US.UTF-8", "12,345"),
        ("de_DE.UTF-8", "12.345"),
        ("de_AT", "12.345"),
        ("fr_FR", "12\u202f345"),
        ("C", "12,345"),
        (None, "12,345"),
    ],
)
def test_counts_use_the_locale_grouping(locale: str | None, expected: str) -> None:
    assert format_count(12345, locale) == expected


@pytest.mark.parametrize(
    ("num_bytes", "locale", "expected"),
    [
        (0, "en", "0\u00a0B"),
        (1023, "en", "1,023\u00a0B"),
        (1536, "en", "1.5\u00a0KiB"),
        (1536, "de", "1,5\u00a0KiB"),
        (5 * 1024**3 + 200 * 1024**2, "fr", "5,2\u00a0GiB"),
    ],
)
def test_sizes_are_iec_with_locale_decimals(num_bytes: int, locale: str, expected: str) -> None:
    assert format_size(num_bytes, locale) == expected


def test_negative_size_is_a_bug_not_a_label() -> None:
    with pytest.raises(ValueError, match="negative"):
        format_size(-1, "en")


def test_dates_follow_the_locale_and_accept_packagekit_timestamps() -> None:
    day = dt.date(2026, 3, 4)
    assert format_day(day, "en") == "Mar 4, 2026"
    assert format_day(day, "de_DE") == "04.03.2026"
    assert format_day("2026-03-04T10:00:00Z", "fr") == "4 mars 2026"
    assert format_day("not a date", "de") == "not a date"


def test_pseudo_and_unknown_locales_fall_back_along_the_chain() -> None:
    assert babel_locale("en_XA").language == "en"
    assert babel_locale("sr_RS@latin").language == "sr"
    assert babel_locale("xx_YY").language == "en"
