"""``appcenter-qt --app ID`` and ``appstream://ID`` open that application's page."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from appcenter_qt.app import parse_args
from appcenter_qt.domain.app_url import parse_open_argument
from tests.ui.scene_text import visible_texts


def test_app_flag_and_url_name_the_same_page() -> None:
    by_flag = parse_args(["--app", "org.kde.kcalc"]).open_argument
    by_url = parse_args(["appstream://org.kde.kcalc"]).open_argument
    assert (
        parse_open_argument(by_flag).page == parse_open_argument(by_url).page == "app:org.kde.kcalc"
    )
    with pytest.raises(SystemExit):
        parse_args(["--app", "org.kde.kcalc", "appstream://org.gnome.Mines"])


@pytest.mark.parametrize(
    ("app_id", "expected"),
    [
        ("org.kde.kcalc", "KCalc"),
        ("org.example.DoesNotExist", "This application is not in the catalog."),
    ],
)
def test_the_page_opens_or_says_not_found(make_center, app_id: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    page = parse_open_argument(parse_args(["--app", app_id]).open_argument).page
    center = make_center(page=page)
    assert expected in visible_texts(center)


def test_page_option_takes_the_page_vocabulary(capsys) -> None:  # type: ignore[no-untyped-def]
    assert parse_args(["--page", "browse"]).page == "browse"
    assert parse_args(["--page", "home"]).page == "home"  # the start page, no longer an alias
    assert parse_args([]).page == "home"
    with pytest.raises(SystemExit):
        parse_args(["--page", "installd"])
    assert "not a page: 'installd' (home, browse, app:ID, updates" in capsys.readouterr().err
