"""The small things a Discover user noticed: "By name" listed twice in the sort box, a single
five-star vote drawn as 2.5 stars next to a Bayesian score, missing category icons, and the
``--backend none`` reason left in English."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QObject

from appcenter_qt.app import AppCenter, make_backend, scene_items, wait_until_idle


def find(center: AppCenter, name: str) -> QObject:
    item = center.window.findChild(QObject, name)
    assert item is not None, f"no item named {name}"
    return item


def visible_texts(center: AppCenter) -> list[str]:
    return [
        str(item.property("text"))
        for item in scene_items(center.window.contentItem())
        if item.inherits("QQuickText") and item.isVisible()
    ]


def sort_labels(center: AppCenter) -> list[str]:
    box = find(center, "sortBox")
    return [box.textAt(i) for i in range(box.property("count"))]


def test_sort_box_lists_each_order_once(make_center, qtbot) -> None:  # type: ignore[no-untyped-def]
    center = make_center()
    assert sort_labels(center) == ["By name", "By rating"]
    center.apps.searchDelay = 0
    center.apps.searchText = "chess"
    qtbot.waitUntil(lambda: sort_labels(center) == ["Best match", "By name", "By rating"])
    assert wait_until_idle(center)


def test_one_five_star_vote_shows_five_stars_and_the_count(make_center) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="search:chess")
    texts = visible_texts(center)
    assert "5.0 · 1 rating" in texts, texts  # the demo's Chess has a single 5-star vote
    assert not any(text.startswith("Score") for text in texts)
    stars = [
        item
        for item in scene_items(center.window.contentItem())
        if item.metaObject().className().startswith("StarRating") and item.isVisible()
    ]
    assert stars and stars[0].property("value") == pytest.approx(5.0)


def test_app_page_draws_the_average_not_the_score(make_center) -> None:  # type: ignore[no-untyped-def]
    center = make_center(page="app:org.gnome.Mines")
    mean = center.app_details.ratingMean
    assert center.app_details.ratingScore < mean  # the two differ for this app
    summary = find(center, "ratingSummary").property("text")
    assert summary == f"{mean:.1f} · {center.app_details.ratingCount} ratings"
    drawn = {
        round(item.property("value"), 3)
        for item in scene_items(center.window.contentItem())
        if item.metaObject().className().startswith("StarRating") and item.isVisible()
    }
    assert drawn == {round(mean, 3)}


def test_applications_is_not_a_title_twice(make_center) -> None:  # type: ignore[no-untyped-def]
    """The window title says "Applications"; the header no longer repeats it beside the
    page heading ("All applications")."""
    center = make_center()
    texts = visible_texts(center)
    assert "All applications" in texts
    assert "Applications" not in texts


def test_backend_none_reason_is_translated(make_center) -> None:  # type: ignore[no-untyped-def]
    _, reason = make_backend("none")
    center = make_center(locale="de", reason=reason, page="app:org.kde.kcalc")
    reason = center.transactions.unavailableReason
    assert reason.startswith("Installieren und Entfernen ist aus")
    assert find(center, "unavailableReason").property("text") == reason


def test_category_icons_come_from_the_icon_theme(make_center) -> None:  # type: ignore[no-untyped-def]
    if not any(
        Path(p, "Adwaita").is_dir() or Path(p, "breeze").is_dir() for p in ("/usr/share/icons",)
    ):
        pytest.skip("no Breeze or Adwaita icon theme installed")
    from PySide6.QtGui import QIcon

    from appcenter_qt.models.categories_model import CategoryRole

    center = make_center()
    model = center.categories
    names = [
        model.data(model.index(row, 0), CategoryRole.ICON_NAME) for row in range(model.rowCount())
    ]
    assert names and all(QIcon.hasThemeIcon(name) for name in names), names
