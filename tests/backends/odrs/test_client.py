"""The ODRS client against the local ODRS server: requests as odrs-web expects them,
answers mapped to reviews, refusals with the server's message."""

from __future__ import annotations

import hashlib
import json
import urllib.error
import urllib.request

import pytest

from appcenter_qt.backends.odrs.client import PAGE_SIZE, OdrsClient, ReviewTarget
from appcenter_qt.backends.odrs.config import Identity, odrs_locale, server_url, user_hash
from appcenter_qt.backends.odrs.http import Deadline, OdrsError
from appcenter_qt.domain.ratings import lookup_rating
from appcenter_qt.domain.reviews import ReviewDraft
from tests.backends.odrs.conftest import MACHINE_ID
from tests.odrs_server import OdrsServer, user_key

APP = ReviewTarget.of("org.example.Mines", "org.example.Mines.desktop", ["gnome-mines"], "1:2.0-1")


def _client(odrs: OdrsServer, identity: Identity) -> OdrsClient:
    return OdrsClient(odrs.url, identity)


def test_user_hash_is_the_one_gnome_software_and_discover_send() -> None:
    expected = hashlib.sha1(
        f"gnome-software[alice:{MACHINE_ID}]".encode(), usedforsecurity=False
    ).hexdigest()
    assert user_hash("alice", MACHINE_ID) == expected
    assert len(expected) == 40 and "alice" not in expected


def test_locale_without_encoding_and_url_precedence(tmp_path) -> None:
    assert odrs_locale("de_DE.UTF-8") == "de_DE"
    assert odrs_locale("sr_RS.UTF-8@latin") == "sr_RS"
    assert odrs_locale("POSIX") == "C"
    conf = tmp_path / "etc" / "appcenter-qt" / "appcenter-qt.conf"
    conf.parent.mkdir(parents=True)
    conf.write_text("[odrs]\nurl = http://distro.example/api/\n")
    env = {"XDG_CONFIG_DIRS": str(tmp_path / "etc"), "HOME": str(tmp_path)}
    assert server_url(None, env) == "http://distro.example/api"
    assert server_url(None, {**env, "APPCENTER_ODRS_URL": "http://env"}) == "http://env"
    assert server_url("http://flag", {**env, "APPCENTER_ODRS_URL": "http://env"}) == "http://flag"
    conf.write_text("[odrs]\nurl =\n")
    assert server_url(None, env) == ""  # the distribution turned reviews off
    assert server_url(None, {"HOME": str(tmp_path), "XDG_CONFIG_DIRS": "/nonexistent"}) == (
        "https://odrs.gnome.org/1.0/reviews/api"
    )


def test_compat_ids_cover_spellings_and_provides() -> None:
    assert APP.compat_ids == ("org.example.Mines.desktop", "gnome-mines", "gnome-mines.desktop")
    assert APP.version == "1:2.0-1"
    assert ReviewTarget.of("x").version == "unknown"


def test_fetch_sends_json_odrs_accepts_and_reads_the_placeholder(odrs, identity) -> None:
    result = _client(odrs, identity).fetch(APP, Deadline(5))
    assert result.reviews == []
    assert result.user_skey == user_key(identity.user_hash, APP.app_id)
    sent = odrs.state.requests[-1]
    assert sent["headers"]["Content-Type"] == "application/json"
    body = json.loads(sent["body"])
    assert body["locale"] == "de_DE" and body["limit"] == PAGE_SIZE and body["start"] == 0
    assert body["compat_ids"] == list(APP.compat_ids) and body["version"] == "1:2.0-1"
    assert "alice" not in sent["body"].decode() and "0123456789" not in sent["body"].decode()


def test_form_posts_are_what_odrs_refuses(odrs, identity) -> None:
    """Why every POST is JSON: odrs-web reads a form body as empty and fails to parse it."""
    form = urllib.request.Request(  # noqa: S310 (127.0.0.1)
        odrs.url + "/fetch",
        data=b"app_id=x&user_hash=" + identity.user_hash.encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(form, timeout=5)  # noqa: S310 (127.0.0.1)
    assert refused.value.code == 400
    assert json.loads(refused.value.read())["success"] is False


def test_reviews_are_mapped_compat_ids_found_and_locale_filtered(odrs, identity) -> None:
    odrs.state.add(
        "org.example.Mines.desktop",
        4,
        "Good \u202egame",
        locale="de_AT",
        description="Fun\x07 to play",
        user_display="Bob\u202e",
        version="1.0",
    )
    odrs.state.add("org.example.Mines", 2, "Nicht übersetzt", locale="fr_FR")
    result = _client(odrs, identity).fetch(APP, Deadline(5))
    assert len(result.reviews) == 1  # the French review is not for a German reader
    review = result.reviews[0]
    assert (review.stars, review.summary, review.description) == (4, "Good game", "Fun to play")
    assert review.user_display == "Bob" and review.app_id == "org.example.Mines.desktop"
    assert review.user_skey == user_key(identity.user_hash, "org.example.Mines.desktop")
    assert not review.own


def test_submit_then_one_review_per_user_and_anonymous_by_default(odrs, identity) -> None:
    client = _client(odrs, identity)
    draft = ReviewDraft(5, "Great", "Plays well on my laptop.")
    review_id = client.submit(APP, draft, Deadline(5))
    stored = odrs.state.reviews[-1]
    assert stored.review_id == review_id and stored.rating == 100
    assert stored.user_display is None  # "Unknown" is stored as anonymous, not the login
    assert json.loads(odrs.state.requests[-1]["body"])["user_display"] == "Unknown"
    with pytest.raises(OdrsError, match="already reviewed this app") as again:
        client.submit(APP, draft, Deadline(5))
    assert again.value.refused and again.value.server_message == "already reviewed this app"
    own = client.fetch(APP, Deadline(5)).reviews
    assert [r.own for r in own] == [True]


@pytest.mark.parametrize(
    ("draft", "problem"),
    [
        (ReviewDraft(0, "Fine", "Long enough"), "stars"),
        (ReviewDraft(3, "x", "Long enough"), "summary"),
        (ReviewDraft(3, "y" * 71, "Long enough"), "summary"),
        (ReviewDraft(3, "Fine", "z" * 3001), "text"),
        (ReviewDraft(3, "Fine <b>", "Long enough"), "'<'"),
    ],
)
def test_drafts_odrs_would_refuse_are_not_sent(odrs, identity, draft, problem) -> None:
    with pytest.raises(OdrsError, match=problem):
        _client(odrs, identity).submit(APP, draft, Deadline(5))
    assert odrs.state.requests == []


def test_the_server_refuses_what_the_client_would_not_send(odrs, identity) -> None:
    """The fake server holds the same limits (so the client checks match a real refusal)."""
    request = urllib.request.Request(  # noqa: S310 (127.0.0.1)
        odrs.url + "/submit",
        data=json.dumps({"app_id": "x", "summary": "<b>"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)  # noqa: S310 (127.0.0.1)
    assert json.loads(refused.value.read())["msg"] == "invalid data, expected locale"


def test_votes_need_the_skey_and_count_once(odrs, identity) -> None:
    odrs.state.add("org.example.Mines", 4)
    client = _client(odrs, identity)
    review = client.fetch(APP, Deadline(5)).reviews[0]
    client.vote(review, "up", Deadline(5))
    assert odrs.state.reviews[0].karma_up == 1
    assert json.loads(odrs.state.requests[-1]["body"])["review_id"] == review.review_id
    with pytest.raises(OdrsError, match="already voted on this app"):
        client.vote(review, "down", Deadline(5))
    forged = type(review)(**{**review.__dict__, "user_skey": "0" * 40})
    odrs.state.votes.clear()
    with pytest.raises(OdrsError, match="invalid user_skey"):
        client.vote(forged, "report", Deadline(5))
    assert client.fetch(APP, Deadline(5)).reviews[0].voted is False
    client.vote(review, "report", Deadline(5))
    assert odrs.state.reviews[0].reported == 1


def test_remove_own_review(odrs, identity) -> None:
    client = _client(odrs, identity)
    client.submit(APP, ReviewDraft(3, "Okay", "It is okay."), Deadline(5))
    own = client.fetch(APP, Deadline(5)).reviews[0]
    client.vote(own, "remove", Deadline(5))
    assert odrs.state.reviews == []


def test_paging_never_asks_for_minus_one(odrs, identity) -> None:
    for n in range(PAGE_SIZE + 5):
        odrs.state.add("org.example.Mines", 1 + n % 5, f"Review {n}", user_hash=f"{n:040d}")
    client = _client(odrs, identity)
    first = client.fetch(APP, Deadline(5))
    rest = client.fetch(APP, Deadline(5), start=PAGE_SIZE)
    assert len(first.reviews) == PAGE_SIZE and len(rest.reviews) == 5
    ids = {r.review_id for r in first.reviews} | {r.review_id for r in rest.reviews}
    assert len(ids) == PAGE_SIZE + 5  # the last review is not dropped


def test_ratings_parent_includes_children_and_is_not_summed(odrs, identity) -> None:
    odrs.state.add("org.example.Mines", 5)
    odrs.state.add("org.example.Mines.desktop", 1, user_hash="e" * 40)
    odrs.state.links["org.example.Mines"] = {"org.example.Mines.desktop"}
    client = _client(odrs, identity)
    ratings = client.ratings(Deadline(5))
    assert ratings["org.example.Mines"].total == 2
    found = lookup_rating(ratings, "org.example.Mines", "org.example.Mines.desktop")
    assert found is not None and found.stars == (1, 0, 0, 0, 1)
    assert client.rating("org.example.Mines", Deadline(5)) == found
    assert client.rating("org.example.Nothing", Deadline(5)) is None
