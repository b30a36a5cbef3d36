"""The optional refusal of media on local and private addresses (issue 29, class 3).

A real HTTP server on 127.0.0.1 stands in for a machine on the local network: with the
setting on, the window never asks it for a catalog's screenshot (the placeholder shows);
with it off, the request arrives. The manager itself is driven too, for redirects."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor, QImage
from PySide6.QtNetwork import QNetworkReply, QNetworkRequest

from appcenter_qt.app import parse_args, scene_items
from appcenter_qt.domain import Application, LocalizedText, Package, Screenshot, ScreenshotImage
from appcenter_qt.ui.media_guard import (
    GuardedNetworkAccessManager,
    local_address_reason,
    local_media_blocked,
)
from tests.models.catalogs import write_generated_catalog
from tests.ui.scene_text import visible_texts


class Server:
    """Serves ``/shot.png``, redirects ``/to?URL`` to URL, records every path asked for."""

    def __init__(self, root: Path) -> None:
        image = QImage(64, 40, QImage.Format.Format_RGB32)
        image.fill(QColor("#3daee9"))
        assert image.save(str(root / "shot.png"), "PNG")
        png = (root / "shot.png").read_bytes()
        hits = self.hits = []  # type: list[str]

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                hits.append(self.path)
                if self.path.startswith("/to?"):
                    self.send_response(302)
                    self.send_header("Location", self.path[4:])
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(png)))
                self.end_headers()
                self.wfile.write(png)

            def log_message(self, *_args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    served = Server(tmp_path)
    yield served
    served.close()


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1",
        "127.1.2.3",
        "localhost",
        "::1",
        "10.0.0.8",
        "172.16.4.1",
        "192.168.1.1",
        "169.254.169.254",  # a cloud's metadata service
        "fe80::1",
        "fc00::5",
        "100.64.0.1",  # carrier-grade NAT
        "0.0.0.0",  # noqa: S104 (a host to refuse, nothing listens)
        "224.0.0.1",
        "::ffff:127.0.0.1",
        "::ffff:192.168.0.1",
    ],
)
def test_local_private_and_link_local_hosts_are_refused(host: str) -> None:
    assert local_address_reason(host) != ""


@pytest.mark.parametrize("host", ["8.8.8.8", "2001:4860:4860::8888", "name.invalid"])
def test_public_and_unresolvable_hosts_are_not_refused(host: str) -> None:
    """A name that does not resolve is left to fail by itself (no lookup reaches a network:
    ``.invalid`` never resolves and the others are literal addresses)."""
    assert local_address_reason(host) == ""


def test_the_setting_comes_from_flag_environment_or_config_file(tmp_path: Path) -> None:
    home = tmp_path / "home"
    conf = home / "appcenter-qt" / "appcenter-qt.conf"
    conf.parent.mkdir(parents=True)
    env = {"XDG_CONFIG_HOME": str(home), "XDG_CONFIG_DIRS": str(tmp_path / "none")}
    assert local_media_blocked(None, env) is False  # off by default
    conf.write_text("[media]\nblock-local-addresses = yes\n")
    assert local_media_blocked(None, env) is True
    assert local_media_blocked(None, {**env, "APPCENTER_BLOCK_LOCAL_MEDIA": "0"}) is False
    assert local_media_blocked(False, env) is False
    conf.write_text("[media]\nblock-local-addresses = maybe\n")
    assert local_media_blocked(None, env) is False  # a warning, and the default
    assert local_media_blocked(None, {**env, "APPCENTER_BLOCK_LOCAL_MEDIA": "on"}) is True
    assert parse_args(["--block-local-media"]).block_local_media is True
    assert parse_args(["--no-block-local-media"]).block_local_media is False
    assert parse_args([]).block_local_media is None


def _shot_catalog(path: Path, url: str) -> Path:
    app = Application(
        id="org.example.Shots",
        name=LocalizedText.untranslated("Shots"),
        summary=LocalizedText.untranslated("A screenshot on the local network"),
        categories=("Utility",),
        packages=(Package("shots", "1", "amd64", "test"),),
        screenshots=(
            Screenshot((ScreenshotImage(url, 64, 40),), LocalizedText.untranslated("Local")),
        ),
    )
    return write_generated_catalog(path, 1, extra=(app,))


@pytest.mark.parametrize("blocked", [True, False])
def test_the_window_asks_a_local_address_for_a_screenshot_only_when_allowed(  # type: ignore[no-untyped-def]
    blocked: bool, server, make_center, qtbot, tmp_path, monkeypatch, output_dir
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # nothing cached before
    catalog = _shot_catalog(tmp_path / "appcenter.sqlite", f"{server.url}/shot.png")
    center = make_center(
        catalog=str(catalog), page="app:org.example.Shots", block_local_media=blocked
    )
    images = [
        item
        for item in scene_items(center.window.contentItem())
        if item.inherits("QQuickImage") and item.property("source").toString().endswith("/shot.png")
    ]
    assert images
    if blocked:
        # the only screenshot refused: the area becomes one quiet line, nothing was asked
        qtbot.waitUntil(lambda: "Screenshots could not be loaded" in visible_texts(center))
        assert server.hits == []
        center.save_screenshot(output_dir / "media-local-refused.png")
    else:
        # the thumbnail, then the large picture (no thumbnail in this catalog: the same file)
        qtbot.waitUntil(lambda: "/shot.png" in server.hits, timeout=10_000)
        assert set(server.hits) == {"/shot.png"}
        qtbot.waitUntil(lambda: all(i.property("progress") == 1.0 for i in images), timeout=10_000)


def _get(qtbot: Any, manager: GuardedNetworkAccessManager, url: str) -> QNetworkReply:
    reply = manager.get(QNetworkRequest(QUrl(url)))
    qtbot.waitUntil(reply.isFinished, timeout=10_000)
    return reply


def test_the_manager_refuses_without_connecting_and_follows_only_allowed_redirects(  # type: ignore[no-untyped-def]
    qapp, qtbot, server
) -> None:
    refused = GuardedNetworkAccessManager()
    reply = _get(qtbot, refused, f"{server.url}/shot.png")
    assert reply.error() == QNetworkReply.NetworkError.ContentAccessDenied
    assert "not a public address" in reply.errorString()
    assert server.hits == []

    # 127.0.0.1 stands for a public host here and "localhost" for a local one.
    port = server.url.rsplit(":", 1)[1]
    manager = GuardedNetworkAccessManager(check=lambda host: "local" if host == "localhost" else "")
    reply = _get(qtbot, manager, f"{server.url}/to?http://localhost:{port}/shot.png")
    assert reply.error() != QNetworkReply.NetworkError.NoError
    # The redirect not followed: only the first address was asked for (Qt may send a request
    # twice when the server closes a kept-alive connection under it).
    assert server.hits and set(server.hits) == {f"/to?http://localhost:{port}/shot.png"}
    reply = _get(qtbot, manager, f"{server.url}/to?{server.url}/shot.png")
    assert reply.error() == QNetworkReply.NetworkError.NoError
    assert server.hits[-1] == "/shot.png"
    assert bytes(reply.readAll().data()).startswith(b"\x89PNG")
