"""Issue 31, the window's start: until its first cards are drawn, a window without a
package backend loads no source library (libflatpak through gi), no asyncio and nothing only
another page or a later step needs (Babel, the installed desktop files' reader, what builds
a catalog); the Sources page gets the sources' managers and set-up hints a moment later.
The ratings server is asked after those cards too (its client, HTTP code and TLS set-up are
not in the interpreter yet). Checked in a fresh interpreter, so nothing an earlier test
imported can hide an import."""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.extract.samples import png
from tests.flatpak_fixtures import FlatpakWorld
from tests.models.catalogs import generated_app

_SCRIPT = """
import json, sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
from appcenter_qt.app import AppCenter, Options, wait_until_idle
center = AppCenter(Options(catalog=sys.argv[1], backend="none", screenshot="-", page="home"))
later = ("gi", "asyncio", "babel", "appcenter_qt.services.auto_update",
         "appcenter_qt.extract.pool.installed_desktop", "socket", "configparser",
         "appcenter_qt.backends.odrs")
built = sorted(m for m in later if m in sys.modules)
# what opening a catalog that is there does not need: building one, an extraction's results,
# discovering the system's pool
not_to_open = ("subprocess", "appcenter_qt.extract.result", "appcenter_qt.extract.pool.system_pool")
opened = []
import PySide6.QtCore
def frame():
    if not opened and center.home.featured_model.rowCount() > 0:
        opened.append(sorted(m for m in not_to_open if m in sys.modules))
        # Qt's namespace: its 93 Python enums are made on its first use, 15 ms
        opened.append("Qt" in vars(PySide6.QtCore))
center.window.frameSwapped.connect(frame)
center.window.show()
idle = wait_until_idle(center)
center.navigation.showSources()  # the page that needs them waits for the sources
idle = idle and wait_until_idle(center)
after = {
    "idle": idle,
    "gi": "gi" in sys.modules,
    "hints": center.sources.property("setupHints") is not None,
    "pending": center._managers_pending,
}
center.close()
print(json.dumps({"built": built, "opened": opened, "after": after}))
"""


def _window_run(script: str, catalog: Path, env: dict[str, str], *args: str) -> dict[str, Any]:
    """``script`` run on ``catalog`` in a fresh interpreter: what it printed last, as JSON."""
    result = subprocess.run(
        [sys.executable, "-c", script, str(catalog), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    found: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return found


def test_the_window_loads_its_sources_after_the_first_cards(tmp_path: Path) -> None:
    from appcenter_qt.catalog.writer import CatalogWriter
    from appcenter_qt.domain import Icon, IconKind
    from appcenter_qt.extract.appstream.icon_archive import member_path, write_icon_archive

    # 64 px icons, as a pool's are: the banner asks for 128
    catalog = tmp_path / "appcenter.sqlite"
    icons = {}
    with CatalogWriter(catalog, origin="test", generator="tests") as writer:
        for n in range(8):
            app = generated_app(n)
            icon = Icon(IconKind.CACHED, f"{app.id}.png", 64, 1, member_path(64, f"{app.id}.png"))
            icons[icon.path] = png(64)
            writer.add(replace(app, icons=(icon,)))
    write_icon_archive(tmp_path / "icons.tar", icons)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "APPCENTER_ODRS_URL": ""}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    # no installed desktop files: their icons (any size) may come before a slow start's cards
    env["XDG_DATA_DIRS"] = env["XDG_DATA_HOME"] = str(tmp_path / "data")
    found = _window_run(_SCRIPT, catalog, env)
    # nothing of a source's library or of asyncio yet, nor what formats numbers and dates
    # (Babel), reads the automatic updates' record, scans the installed desktop files,
    # resolves a remote image's host (socket), reads a configuration file there is not or
    # talks to the ratings server (its client is made after the first cards)
    assert found["built"] == []
    # the first cards came from the catalog without the modules that build one, and
    # without Qt's namespace of enums (roles are numbers, results are posted events)
    assert found["opened"] == [[], False]
    after = found["after"]
    assert after["idle"] and after["hints"] and not after["pending"]
    # gi is loaded where it is installed (the Flatpak source); then so is asyncio for it
    try:
        import gi  # noqa: F401
    except ImportError:
        return
    assert after["gi"]


_RATINGS_SCRIPT = """
import json, sys, time
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
from appcenter_qt.app import AppCenter, Options
center = AppCenter(Options(catalog=sys.argv[1], backend="none", screenshot="-", page="home"))
seen = {}
def frame():
    if "cards" not in seen and center.home.featured_model.rowCount() > 0:
        seen["cards"] = time.time()
        seen["client"] = sorted(
            m for m in ("httpx", "ssl", "appcenter_qt.backends.odrs") if m in sys.modules
        )
center.window.frameSwapped.connect(frame)
center.live_ratings.applied.connect(lambda: seen.setdefault("applied", time.time()))
center.window.show()
deadline = time.time() + 20
while "applied" not in seen and time.time() < deadline:
    app.processEvents()
    time.sleep(0.005)
center.close()
print(json.dumps(seen))
"""


class _RatingsServer:
    """A ratings server on loopback that notes when ``/ratings`` was asked for."""

    def __init__(self) -> None:
        self.asked: list[float] = []
        asked = self.asked

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path.endswith("/ratings"):
                    asked.append(time.time())
                body = json.dumps(
                    {
                        "org.example.app": {
                            "star1": 0,
                            "star2": 0,
                            "star3": 1,
                            "star4": 2,
                            "star5": 9,
                        }
                    }
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/1.0/reviews/api"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_the_ratings_are_fetched_after_the_first_cards(tmp_path: Path) -> None:
    """No ratings cached yet: the window fetches them, but only once its first cards are
    drawn; before, the fetch's thread imported the HTTP client while the GUI thread built
    them (70-80 ms later cards on Debian's catalog)."""
    from appcenter_qt.catalog.writer import CatalogWriter

    catalog = tmp_path / "appcenter.sqlite"
    with CatalogWriter(catalog, origin="test", generator="tests") as writer:
        for n in range(8):
            writer.add(generated_app(n))
    server = _RatingsServer()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "APPCENTER_ODRS_URL": server.url}
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        env[name] = str(tmp_path / name.lower())
    try:
        seen = _window_run(_RATINGS_SCRIPT, catalog, env)
    finally:
        server.close()
    assert "cards" in seen and "applied" in seen, seen  # the cards, then the ratings laid over
    # no HTTP client, nor the ratings server's, in the interpreter when the cards came
    assert seen["client"] == []
    assert len(server.asked) == 1 and server.asked[0] >= seen["cards"]


_SOURCES_SCRIPT = """
import json, sys, time
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
from appcenter_qt.app import AppCenter, Options, make_backend
chosen = sys.argv[2]
backend, reason = make_backend(chosen)
center = AppCenter(Options(catalog=sys.argv[1], backend=chosen, screenshot="-",
                           page="home"), backend, reason)
seen = {"reason": reason}
def frame():
    if "cards" not in seen and center.home.featured_model.rowCount() > 0:
        seen["cards"] = sorted(m for m in ("asyncio", "dbus_next", "lxml", "gi")
                               if m in sys.modules)
        seen["started"] = center.loop.started()
        seen["sources"] = list(center.source_set.names)
center.window.frameSwapped.connect(frame)
center.window.show()
deadline = time.time() + 20
while not ("cards" in seen and center.loop.started() and not center._managers_pending) and (
    time.time() < deadline
):
    app.processEvents()
    time.sleep(0.005)
seen["after"] = center.loop.started()
seen["sources after"] = list(center.source_set.names)
center.close()
print(json.dumps(seen))
"""


def _sources_window(tmp_path: Path, chosen: str) -> dict[str, Any]:
    """:data:`_SOURCES_SCRIPT` with ``--backend chosen`` on a small catalog, no daemon on
    the system bus (a source connects only when asked)."""
    from appcenter_qt.catalog.writer import CatalogWriter

    catalog = tmp_path / "appcenter.sqlite"
    with CatalogWriter(catalog, origin="test", generator="tests") as writer:
        for n in range(8):
            writer.add(generated_app(n))
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "APPCENTER_ODRS_URL": ""}
    env["DBUS_SYSTEM_BUS_ADDRESS"] = f"unix:path={tmp_path / 'no-bus'}"  # no daemon answers
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        env[name] = str(tmp_path / name.lower())
    return _window_run(_SOURCES_SCRIPT, catalog, env, chosen)


def test_the_sources_talk_to_their_daemons_after_the_first_cards(tmp_path: Path) -> None:
    """With PackageKit as the source: its asyncio loop, asyncio itself and the D-Bus library
    start once the first cards are drawn (the installed state is asked then); before, the
    source's imports and the loop's thread shared the interpreter with the GUI thread. The
    registry lists Flatpak's remotes too where gi is installed: its release reader (lxml)
    waits until a version is asked."""
    seen = _sources_window(tmp_path, "packagekit")
    assert seen["reason"] == ""  # the source was chosen (it connects only when asked)
    assert seen["cards"] == [] and seen["started"] is False
    assert seen["after"] is True  # then the installed state was asked


def test_every_source_the_remotes_are_listed_after_the_first_cards(
    tmp_path: Path, flatpak_world: FlatpakWorld
) -> None:
    """``--backend all``, a Flatpak remote configured: the first cards come with the
    distribution's source alone, before libflatpak is loaded to list the remotes (40 ms of
    the start); the remote is one of the window's sources a moment later."""
    seen = _sources_window(tmp_path, "all")
    assert seen["reason"] == ""
    assert seen["cards"] == [] and seen["sources"] == ["packagekit"]
    assert seen["sources after"][0] == "packagekit"
    assert f"flatpak:{flatpak_world.remote}" in seen["sources after"]
