"""The app page's reviews against the local ODRS server (tests/odrs_server.py): the list
fills in, server text stays plain, the cache shows when the server is gone, the dialog checks
ODRS's limits live and publishes. Screenshots (looked at) in ``$APPCENTER_TEST_OUTPUT/ui``."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QObject

from appcenter_qt.app import scene_items
from appcenter_qt.models.reviews_model import ReviewRole
from tests.odrs_server import OdrsServer
from tests.ui.scene_text import visible_texts

APP = "org.kde.kcalc"


@pytest.fixture
def odrs(tmp_path, monkeypatch) -> Iterator[OdrsServer]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    server = OdrsServer().start()
    state = server.state
    now = time.time()
    state.add(
        APP,
        5,
        "Does exactly what I need",
        locale="en_US",
        user_display="Alice",
        description="Fast, clear buttons, and the history panel is handy.\n\nRecommended.",
        version="22.12.3",
        date_created=now - 86400 * 3,
        user_hash="a" * 40,
    )
    state.add(
        APP,
        2,
        "Crashed twice",
        locale="en_GB",
        user_display="\u202eBob",
        description="Lost my sums. <b>not bold</b>",
        version="20.08",
        date_created=now - 86400 * 400,
        user_hash="b" * 40,
        karma_up=3,
        karma_down=1,
    )
    state.add(
        APP + ".desktop",
        4,
        "Solid",
        locale="en_US",
        user_display=None,
        description="Does the job.",
        version="22.12.3",
        user_hash="c" * 40,
    )
    yield server
    server.state.mode = ""
    server.stop()


def _open(make_center, qtbot, odrs, **options):  # type: ignore[no-untyped-def]
    center = make_center(
        page=f"app:{APP}", odrs_url=odrs.url, locale="en_US.UTF-8", size=(1100, 2000), **options
    )
    qtbot.waitUntil(lambda: center.reviews.rowCount() == 3, timeout=10_000)
    qtbot.waitUntil(lambda: not center.reviews.property("loading"), timeout=10_000)
    return center


def _reviews(center) -> list[QObject]:  # type: ignore[no-untyped-def]
    return [i for i in scene_items(center.window.contentItem()) if i.objectName() == "review"]


def test_reviews_fill_in_as_plain_text(make_center, qtbot, odrs, output_dir) -> None:  # type: ignore[no-untyped-def]
    center = _open(make_center, qtbot, odrs)
    qtbot.waitUntil(lambda: len(_reviews(center)) == 3, timeout=5000)
    texts = visible_texts(center)
    assert "Does exactly what I need" in texts and "Crashed twice" in texts
    assert "Lost my sums. <b>not bold</b>" in texts  # markup shown as text
    assert not any("\u202e" in text for text in texts)
    assert any(text.startswith("Anonymous · ") for text in texts)
    assert "For an older version (20.08)" in texts
    assert "3 of 4 people found this helpful" in texts
    sent = [r for r in odrs.state.requests if r["path"].endswith("/fetch")][-1]
    assert b'"locale": "en_US"' in sent["body"]
    assert center.save_screenshot(output_dir / "app-reviews.png").is_file()


def test_cached_reviews_show_when_the_server_is_gone(make_center, qtbot, odrs, output_dir) -> None:  # type: ignore[no-untyped-def]
    center = _open(make_center, qtbot, odrs)
    odrs.state.mode = "html500"
    center.app_details.load(APP)
    qtbot.waitUntil(lambda: center.reviews.property("status") == "stale", timeout=10_000)
    assert center.reviews.rowCount() == 3
    assert (
        "These reviews may be out of date: the ratings server could not be reached."
        in visible_texts(center)
    )
    center.save_screenshot(output_dir / "app-reviews-stale.png")


def test_vote_and_report(make_center, qtbot, odrs) -> None:  # type: ignore[no-untyped-def]
    center = _open(make_center, qtbot, odrs)
    reviews = center.reviews
    first_id = reviews.data(reviews.index(0), ReviewRole.REVIEW_ID)
    first = next(r for r in odrs.state.reviews if r.review_id == first_id)
    helpful = first.karma_up
    reviews.vote(0, "up")
    qtbot.waitUntil(lambda: first.karma_up == helpful + 1, timeout=10_000)
    qtbot.waitUntil(lambda: reviews.data(reviews.index(0), ReviewRole.VOTED), timeout=5000)
    assert reviews.data(reviews.index(0), ReviewRole.HELPFUL) == helpful + 1
    reviews.vote(1, "report")
    qtbot.waitUntil(lambda: reviews.rowCount() == 2, timeout=10_000)
    assert sum(r.reported for r in odrs.state.reviews) == 1


def test_write_dialog_checks_limits_and_publishes(make_center, qtbot, odrs, output_dir) -> None:  # type: ignore[no-untyped-def]
    center = _open(make_center, qtbot, odrs)
    dialog = center.window.findChild(QObject, "writeReviewDialog")
    dialog.open()
    qtbot.waitUntil(lambda: dialog.property("opened"), timeout=5000)
    assert dialog.property("problem") == "Choose how many stars to give."
    dialog.setProperty("stars", 4)
    summary = center.window.findChild(QObject, "summaryField")
    body = center.window.findChild(QObject, "bodyArea")
    publish = center.window.findChild(QObject, "publishButton")
    summary.setProperty("text", "x")
    assert dialog.property("problem") == "Write a short summary."
    summary.setProperty("text", "y" * 71)
    assert dialog.property("problem") == "The summary is too long."
    summary.setProperty("text", "Handy <tool>")
    body.setProperty("text", "Works well.")
    assert dialog.property("problem") == "The review cannot contain the character “<”."
    assert not publish.property("enabled")
    summary.setProperty("text", "Handy tool")
    body.setProperty("text", "z" * 3001)
    assert dialog.property("problem") == "The review is too long."
    body.setProperty("text", "Works well for quick sums.")
    assert dialog.property("problem") == "" and publish.property("enabled")
    center.save_screenshot(output_dir / "write-review.png")
    before = len(odrs.state.reviews)
    publish.clicked.emit()
    qtbot.waitUntil(lambda: len(odrs.state.reviews) == before + 1, timeout=10_000)
    qtbot.waitUntil(lambda: not dialog.property("visible"), timeout=10_000)
    assert odrs.state.reviews[-1].rating == 80
    dialog.open()
    dialog.setProperty("stars", 3)
    summary.setProperty("text", "Again")
    body.setProperty("text", "Second try.")
    publish.clicked.emit()
    qtbot.waitUntil(lambda: center.reviews.property("alreadyReviewed"), timeout=10_000)
    assert "You have already reviewed this application." in visible_texts(center)
