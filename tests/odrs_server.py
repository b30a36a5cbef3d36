"""A local ODRS server for tests: odrs-web's API semantics (``odrs/views_api.py``,
``odrs/util.py``) re-implemented in memory, listening on 127.0.0.1 only.

The real server is out of reach of the test machines, so this stands in for it, and it is
kept faithful where clients can go wrong: JSON bodies only (a form post reads as an empty
body and fails to parse, as Flask's ``request.data`` does), the same required fields and
messages, HTTP 400 ``{"success": false, "msg": …}`` refusals, the placeholder item carrying
the ``user_skey`` when there are no reviews, ``items[start:start + limit]`` (limit 0 means 50),
locale compatibility by language, ETag/If-None-Match on ``/fetch``, the ``user_skey`` check
and one vote per review, one review per user and application, ratings histograms where a
parent id includes its linked children. It also plays hostile servers (:attr:`mode`).
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SECRET = "test-secret"  # noqa: S105 (the fake server's user_skey salt)
PREFIX = "/1.0/reviews/api"
IGNORED_NAMES = {"root", "Administrator", "Live System User", "user", "Unknown"}
HOSTILE_MODES = (
    "html500",
    "not-json",
    "bad-utf8",
    "deep",
    "huge",
    "silent",
    "trickle",
    "wrong-types",
)


def user_key(user_hash: str, app_id: str) -> str:
    return hashlib.sha1((SECRET + user_hash + app_id).encode(), usedforsecurity=False).hexdigest()


def locale_compatible(one: str, two: str) -> bool:
    if one == two:
        return True
    lang1, lang2 = one.split("_")[0], two.split("_")[0]
    return lang1 == lang2 or (lang1 in ("C", "en") and lang2 in ("C", "en"))


@dataclass
class FakeReview:
    review_id: int
    app_id: str
    user_hash: str
    summary: str
    description: str
    rating: int
    locale: str = "de_DE"
    version: str = "1.0"
    distro: str = "Debian GNU/Linux"
    user_display: str | None = "Alice"
    date_created: float = field(default_factory=time.time)
    karma_up: int = 0
    karma_down: int = 0
    reported: int = 0

    def asdict(self, user_hash: str) -> dict[str, Any]:
        return {
            "app_id": self.app_id,
            "date_created": self.date_created,
            "description": self.description,
            "distro": self.distro,
            "karma_down": self.karma_down,
            "karma_up": self.karma_up,
            "locale": self.locale,
            "rating": self.rating,
            "reported": self.reported,
            "review_id": self.review_id,
            "summary": self.summary,
            "user_display": self.user_display,
            "version": self.version,
            "user_hash": self.user_hash,
            "user_skey": user_key(user_hash, self.app_id),
        }


class OdrsState:
    """Reviews, votes and linked ids (parent id → child ids), guarded by one lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reviews: list[FakeReview] = []
        self.votes: set[tuple[int, str]] = set()
        self.links: dict[str, set[str]] = {}
        self.requests: list[dict[str, Any]] = []
        self.mode = ""
        self.next_id = 1

    def add(self, app_id: str, stars: int, summary: str = "Fine", **extra: Any) -> FakeReview:
        with self.lock:
            review = FakeReview(
                self.next_id,
                app_id,
                extra.pop("user_hash", "f" * 40),
                summary,
                extra.pop("description", "It works."),
                stars * 20,
                **extra,
            )
            self.next_id += 1
            self.reviews.append(review)
            return review

    def family(self, app_id: str) -> set[str]:
        ids = {app_id}
        for child in self.links.get(app_id, ()):
            ids |= self.family(child)
        return ids


def _error(msg: str, status: int = 400) -> tuple[int, dict[str, str], bytes]:
    return status, {}, json.dumps({"success": False, "msg": msg}).encode()


def _success(document: Any) -> tuple[int, dict[str, str], bytes]:
    return 200, {}, json.dumps(document, sort_keys=True, indent=4).encode()


class Handler(BaseHTTPRequestHandler):
    server: OdrsServer

    def log_message(self, *_: Any) -> None:
        pass

    def _body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(length) if length else b""
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip()
        if kind in ("application/x-www-form-urlencoded", "multipart/form-data"):
            return b""  # Flask parses these into request.form; request.data stays empty
        return data

    def _hostile(self) -> bool:
        mode = self.server.state.mode
        if not mode:
            return False
        if mode == "silent":
            time.sleep(60)
            return True
        if mode == "trickle":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            try:
                for _ in range(120):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(0.5)
            except OSError:
                pass
            return True
        bodies = {
            "html500": (500, "text/html", b"<html><body><h1>Internal Server Error</h1>"),
            "not-json": (200, "application/json", b"<html>maintenance</html>"),
            "bad-utf8": (200, "application/json", b'[{"summary": "\xff\xfe"}]'),
            "deep": (200, "application/json", b"[" * 100_000 + b"]" * 100_000),
            "wrong-types": (200, "application/json", self._wrong_types()),
        }
        if mode == "huge":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(50 * 1024 * 1024))
            self.end_headers()
            try:
                chunk = b"[" + b" " * (1024 * 1024 - 1)
                for _ in range(50):
                    self.wfile.write(chunk)
                    chunk = b" " * (1024 * 1024)
            except OSError:
                pass
            return True
        status, kind, body = bodies[mode]
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return True

    def _wrong_types(self) -> bytes:
        if self.path.endswith("/ratings"):
            return json.dumps({"org.example.Bad": {"star1": "many"}, "x": [1, 2]}).encode()
        if self.path.endswith("/fetch"):
            return json.dumps(
                [{"review_id": "7", "rating": "high", "app_id": 3}, 5, None, {"summary": []}]
            ).encode()
        return json.dumps({"success": "true", "review_id": "x"}).encode()

    def _send(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)

    def do_GET(self) -> None:
        self.server.state.requests.append({"method": "GET", "path": self.path})
        if self._hostile():
            return
        if self.path == f"{PREFIX}/ratings":
            self._send(*_success(self.server.ratings()))
        elif self.path.startswith(f"{PREFIX}/ratings/"):
            app_id = self.path.removeprefix(f"{PREFIX}/ratings/")
            self._send(*_success(self.server.histogram(app_id) or []))
        else:
            self._send(405 if self.path.startswith(PREFIX) else 404, {}, b"")

    def do_POST(self) -> None:
        body = self._body()
        endpoint = self.path.removeprefix(PREFIX + "/")
        self.server.state.requests.append(
            {
                "method": "POST",
                "path": self.path,
                "headers": dict(self.headers),
                "body": body,
            }
        )
        if self._hostile():
            return
        try:
            item = json.loads(body.decode("utf8"))
        except ValueError as error:
            self._send(*_error(str(error)))
            return
        handler = {
            "fetch": self.server.fetch,
            "submit": self.server.submit,
            "upvote": lambda i: self.server.vote(i, 1),
            "downvote": lambda i: self.server.vote(i, -1),
            "report": lambda i: self.server.vote(i, -5),
            "remove": self.server.remove,
        }.get(endpoint)
        if handler is None:
            self._send(404, {}, b"")
            return
        try:
            status, headers, answer = handler(item)
        except Exception:  # odrs-web answers a crash in a view with Flask's HTML 500
            self._send(500, {}, b"<html>Internal Server Error</html>")
            return
        if endpoint == "fetch" and status == 200:
            etag = '"' + hashlib.sha1(answer, usedforsecurity=False).hexdigest() + '"'
            headers = {"ETag": etag, "Cache-Control": "private"}
            if self.headers.get("If-None-Match") == etag:
                self._send(304, headers, b"")
                return
        self._send(status, headers, answer)


class OdrsServer(ThreadingHTTPServer):
    """The server; ``url`` is the API base to give the client."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.state = OdrsState()
        self.url = f"http://127.0.0.1:{self.server_address[1]}{PREFIX}"
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    def start(self) -> OdrsServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()

    # -- views (the odrs-web rules; messages as it words them) --------------------------
    def fetch(self, item: Any) -> tuple[int, dict[str, str], bytes]:
        if not isinstance(item, dict):
            return _error("invalid data, expected app_id")
        for key in ("app_id", "user_hash", "locale", "distro", "limit", "version"):
            if key not in item:
                return _error(f"invalid data, expected {key}")
            if not item[key] and item[key] != 0:
                return _error(f"missing data, expected {key}")
        if len(item["user_hash"]) != 40:
            return _error("the user_hash is invalid")
        state = self.state
        ids = {item["app_id"], *item.get("compat_ids", [])}
        for app_id in list(ids):
            ids |= state.family(app_id)
        with state.lock:
            found = [
                r
                for r in sorted(state.reviews, key=lambda r: -r.date_created)
                if r.app_id in ids
                and r.reported < 2
                and locale_compatible(r.locale, item["locale"])
            ]
            items = []
            for review in found:
                entry = review.asdict(item["user_hash"])
                entry["score"] = review.karma_up - review.karma_down
                if (review.review_id, item["user_hash"]) in state.votes:
                    entry["vote_id"] = 1
                items.append(entry)
        if not items:
            items.append(
                {
                    "score": 0,
                    "app_id": item["app_id"],
                    "user_hash": item["user_hash"],
                    "user_skey": user_key(item["user_hash"], item["app_id"]),
                }
            )
        items.sort(key=lambda entry: entry["score"], reverse=True)
        limit = 50 if item["limit"] == 0 else item.get("limit", -1)
        start = item.get("start", 0)
        return _success(items[start : start + limit])

    def submit(self, item: Any) -> tuple[int, dict[str, str], bytes]:
        required = (
            "app_id",
            "locale",
            "summary",
            "description",
            "user_hash",
            "version",
            "distro",
            "rating",
            "user_display",
        )
        if not isinstance(item, dict):
            return _error("invalid data, expected app_id")
        for key in required:
            if key not in item:
                return _error(f"invalid data, expected {key}")
            if not item[key]:
                return _error(f"missing data, expected {key}")
        if len(item["user_hash"]) != 40:
            return _error("the user_hash is invalid")
        if len(item["summary"]) > 70:
            return _error("summary is too long")
        if len(item["description"]) > 3000:
            return _error("description is too long")
        for key in ("summary", "description"):
            if "<" in item[key]:
                return _error(f"{key} is not a valid string")
        state = self.state
        with state.lock:
            if any(
                r.app_id == item["app_id"] and r.user_hash == item["user_hash"]
                for r in state.reviews
            ):
                return _error("already reviewed this app")
        summary = item["summary"].strip().replace("!!!", "!").removesuffix(".")
        if len(summary) < 2:
            return _error("summary is too short")
        description = item["description"].strip()
        if len(description) < 2:
            return _error("description is too short")
        if not 1 <= item["rating"] <= 100:
            return _error(
                "review contains invalid rating '%d', expected 1 to 100" % item["rating"]  # noqa: UP031
            )
        display = item["user_display"]
        review = state.add(
            item["app_id"],
            0,
            summary,
            description=description,
            user_hash=item["user_hash"],
            locale=item["locale"],
            version=item["version"].split(":")[-1].split("+")[0].split("~")[0],
            distro=item["distro"],
            user_display=None if display in IGNORED_NAMES else display,
        )
        review.rating = item["rating"]
        return _success({"success": True, "review_id": review.review_id})

    def vote(self, item: Any, value: int) -> tuple[int, dict[str, str], bytes]:
        for key in ("review_id", "app_id", "user_hash", "user_skey"):
            if key not in item:
                return _error(f"invalid data, required {key}")
            if item[key] is None:
                return _error(f"missing data, expected {key}")
        if len(item["user_hash"]) != 40:
            return _error("the user_hash is invalid")
        if len(item["user_skey"]) != 40:
            return _error("the user_skey is invalid")
        if item["user_skey"] != user_key(item["user_hash"], item["app_id"]):
            return _error("invalid user_skey")
        state = self.state
        with state.lock:
            if (item["review_id"], item["user_hash"]) in state.votes:
                return _error("already voted on this app")
            review = next((r for r in state.reviews if r.review_id == item["review_id"]), None)
            if review is None:
                return _error("invalid review ID")
            if value == -5:
                review.reported += 1
            elif value == 1:
                review.karma_up += 1
            elif value == -1:
                review.karma_down += 1
            state.votes.add((item["review_id"], item["user_hash"]))
        return _success({"success": True, "msg": "voted #%i %i" % (item["review_id"], value)})  # noqa: UP031 (%i: a string id fails, as in odrs-web)

    def remove(self, item: Any) -> tuple[int, dict[str, str], bytes]:
        for key in ("review_id", "app_id", "user_hash", "user_skey"):
            if key not in item:
                return _error(f"invalid data, required {key}")
            if not item[key]:
                return _error(f"missing data, expected {key}")
        if len(item["user_hash"]) != 40:
            return _error("the user_hash is invalid")
        if len(item["user_skey"]) != 40:
            return _error("the user_skey is invalid")
        state = self.state
        with state.lock:
            review = next(
                (
                    r
                    for r in state.reviews
                    if r.review_id == item["review_id"] and r.user_hash == item["user_hash"]
                ),
                None,
            )
            if review is None:
                return _error("no review")
            if review.app_id != item["app_id"]:
                return _error("the app_id is invalid")
            if item["user_skey"] != user_key(item["user_hash"], item["app_id"]):
                return _error("invalid user_skey")
            state.reviews.remove(review)
        return _success({"success": True, "msg": "removed review #%i" % item["review_id"]})  # noqa: UP031

    def histogram(self, app_id: str) -> dict[str, int] | None:
        counts = [0] * 6
        ids = self.state.family(app_id)
        with self.state.lock:
            for review in self.state.reviews:
                if review.app_id in ids and review.reported < 2:
                    counts[review.rating // 20] += 1
        if not sum(counts):
            return None
        return {"total": sum(counts), **{f"star{i}": n for i, n in enumerate(counts)}}

    def ratings(self) -> dict[str, dict[str, int]]:
        with self.state.lock:
            ids = {r.app_id for r in self.state.reviews} | set(self.state.links)
        return {app_id: histogram for app_id in ids if (histogram := self.histogram(app_id))}
