"""appstream:// URLs and --app ids: what the desktop, browsers and other stores hand us."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from appcenter_qt.domain.app_url import (
    AppUrlError,
    OpenRequest,
    catalog_id_candidates,
    parse_open_argument,
)


@pytest.mark.parametrize(
    ("text", "app_id"),
    [
        ("appstream://org.kde.kcalc", "org.kde.kcalc"),
        ("appstream:org.kde.kcalc", "org.kde.kcalc"),
        ("APPSTREAM://org.kde.kcalc/", "org.kde.kcalc"),
        ("appstream:///org.gnome.Mines", "org.gnome.Mines"),
        ("appstream://org.kde.kcalc?utm_source=web#top", "org.kde.kcalc"),
        ("appstream://org%2Ekde%2Ekcalc", "org.kde.kcalc"),
        ("gnome-mines.desktop", "gnome-mines.desktop"),
        ("  org.kde.kcalc\n", "org.kde.kcalc"),
        ("org.libreoffice.LibreOffice.writer", "org.libreoffice.LibreOffice.writer"),
        ("c++-ide", "c++-ide"),
    ],
)
def test_accepted_forms(text: str, app_id: str) -> None:
    request = parse_open_argument(text)
    assert request.app_id == app_id
    assert request.page == f"app:{app_id}"


def test_bare_scheme_just_raises_the_window() -> None:
    assert parse_open_argument("appstream://") == OpenRequest(None)
    assert OpenRequest(None).page == "home"  # the start page


@pytest.mark.parametrize(
    "text",
    [
        "",
        "appstream://../../etc/passwd",
        "appstream://org.kde..kcalc",
        "appstream://%2E%2E%2Fetc",
        "appstream://org.kde.kcalc;rm -rf ~",
        "appstream://<b>x</b>",
        "https://example.invalid/org.kde.kcalc",
        "file:///etc/passwd",
        "appstream://" + "a" * 300,
        "org.kde.kcalc\u202e",
        "-rf",
    ],
)
def test_refused_forms_say_why(text: str) -> None:
    with pytest.raises(AppUrlError) as excinfo:
        parse_open_argument(text)
    message = str(excinfo.value)
    assert message
    assert len(message) < 200  # a 300-character id is shortened, not echoed whole


@given(st.text(max_size=400))
def test_any_text_is_accepted_as_a_safe_id_or_refused(text: str) -> None:
    try:
        request = parse_open_argument(text)
    except AppUrlError:
        return
    if request.app_id is not None:
        assert ".." not in request.app_id
        assert "/" not in request.app_id
        assert all(c.isascii() and (c.isalnum() or c in "_.+-") for c in request.app_id)


def test_catalog_candidates_cover_both_suffix_conventions() -> None:
    assert catalog_id_candidates("org.kde.kcalc") == ("org.kde.kcalc", "org.kde.kcalc.desktop")
    assert catalog_id_candidates("gnome-mines.desktop") == ("gnome-mines.desktop", "gnome-mines")


@given(st.sampled_from(["appstream://", "appstream:", "APPSTREAM://", "appstream:///"]), st.text())
def test_any_url_after_the_scheme_is_accepted_or_refused_never_raises_else(
    scheme: str, rest: str
) -> None:
    """``urlsplit`` raises ``ValueError`` on ``[`` without ``]`` and on characters NFKC turns
    into URL delimiters (``＃``): such URLs are refused like any other bad one."""
    try:
        parse_open_argument(scheme + rest)
    except AppUrlError as error:
        assert "\n" not in str(error).strip()


@pytest.mark.parametrize("text", ["appstream://a＃b", "appstream://[abc", "appstream://a]b"])
def test_urls_the_parser_cannot_split_are_refused(text: str) -> None:
    with pytest.raises(AppUrlError, match="not a valid URL"):
        parse_open_argument(text)
