"""UI benchmark: start-up to first frame and to cards, search-as-you-type latency, and
frame times while scrolling the full grid.

Run by hand (not part of the tests)::

    .venv/bin/python bench/ui_bench.py [--runs 5] [--queries 200] [--debian CATALOG]

Offscreen with Qt Quick's software renderer, in one run:

* **start-up**: wall time from spawning a fresh process to the window's first
  ``frameSwapped``, and to the first frame that shows cards (the home page's banner with
  ``--page home``, the grid with ``--page browse``), for the embedded demo catalog, a
  generated 3,000-app catalog and (``--debian``) a catalog of Debian's pool. Reference: a
  bare ``QGuiApplication`` + empty QML ``Window`` started the same way. Target: cards within
  300 ms of the reference.
* **search**: for 200 queries typed into the real :class:`AppsModel` over the 3,000-app
  catalog (no debounce, so every keystroke queries), the time from setting ``searchText`` to
  the model's ``refreshed`` signal, and the longest the GUI thread was busy inside one
  keystroke (the part that could drop a frame). Reference: the same queries run directly on
  :class:`Catalog` (count + first page) on the calling thread. Target: p95 <= 8 ms on the
  Debian catalog.
* **opening an app page**: ``navigation.openApp`` to the first frame swapped after the
  page's application has loaded, for up to 20 applications spread over each catalog, each
  opened ``--runs`` times (back to the grid in between). Target: p95 <= 100 ms.
* **scrolling**: the grid of all applications scrolled top to bottom, ``--scroll-step`` px
  per frame, each frame asked for as soon as the last was swapped: the gaps between
  ``QQuickWindow.frameSwapped`` signals are what each frame cost (offscreen there is no
  vsync to wait for). Target: 60 fps, i.e. gaps under 16.7 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WORDS = (
    "photo", "music", "chess", "editor", "mail", "notes", "paint", "terminal", "maps",
    "video", "office", "browser", "calendar", "weather", "backup", "scanner", "player",
)  # fmt: skip

BARE = """
import sys, time
from PySide6.QtGui import QGuiApplication
from PySide6.QtQml import QQmlApplicationEngine
from PySide6.QtQuick import QQuickWindow, QSGRendererInterface
QQuickWindow.setGraphicsApi(QSGRendererInterface.GraphicsApi.Software)
app = QGuiApplication([])
engine = QQmlApplicationEngine()
engine.loadData(b"import QtQuick\\nWindow { width: 1280; height: 800; visible: true }")
window = engine.rootObjects()[0]
def frame():
    print("FRAME", flush=True)
    print("CARDS", flush=True)
    app.quit()
window.frameSwapped.connect(frame)
app.exec()
"""

APP = """
import sys
from PySide6.QtGui import QGuiApplication
from PySide6.QtQuick import QQuickWindow, QSGRendererInterface
QQuickWindow.setGraphicsApi(QSGRendererInterface.GraphicsApi.Software)
app = QGuiApplication([])
from appcenter_qt.app import AppCenter, Options
page = sys.argv[2] if len(sys.argv) > 2 else "browse"
center = AppCenter(Options(catalog=sys.argv[1] or None, backend="none", screenshot="-", page=page))
state = {"frames": 0}
# Cards of the page shown: the home page's banner (the rows below may still be loading),
# or the grid once its first page is in.
home = page == "home"
shown = center.home.featured_model if home else center.apps
def frame():
    state["frames"] += 1
    if state["frames"] == 1:
        print("FRAME", flush=True)
    if shown.rowCount() > 0 and (home or not center.apps.loading):
        print("CARDS", flush=True)
        app.quit()
center.window.frameSwapped.connect(frame)
center.window.show()
app.exec()
center.close()
"""


def _generate(path: Path, count: int) -> Path:
    from appcenter_qt.catalog.writer import CatalogWriter
    from appcenter_qt.domain import Application, LocalizedText, Package, Rating
    from appcenter_qt.domain.categories import MAIN_CATEGORIES

    rng = random.Random(8)
    with CatalogWriter(path, origin="bench", generator="ui_bench") as writer:
        for n in range(count):
            words = rng.sample(WORDS, 3)
            writer.add(
                Application(
                    id=f"org.bench.App{n:05d}",
                    name=LocalizedText({"C": f"{words[0].title()} {words[1].title()} {n}"}),
                    summary=LocalizedText.untranslated(f"A {words[1]} and {words[2]} tool"),
                    description=LocalizedText.untranslated(" ".join(words) * 20),
                    categories=(MAIN_CATEGORIES[n % len(MAIN_CATEGORIES)],),
                    packages=(Package(f"bench-{n:05d}", "1.0", "amd64", "bench"),),
                    rating=Rating(tuple(rng.randint(0, 50) for _ in range(5))),  # type: ignore[arg-type]
                )
            )
    return path


SCROLL = """
import json, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtQuick import QQuickWindow, QSGRendererInterface
QQuickWindow.setGraphicsApi(QSGRendererInterface.GraphicsApi.Software)
app = QGuiApplication([])
from appcenter_qt.app import AppCenter, Options, scene_items, wait_until_idle
center = AppCenter(Options(catalog=sys.argv[1] or None, backend="none", screenshot="-",
                           page="browse"))
center.window.show()
wait_until_idle(center)
grid = next(i for i in scene_items(center.window.contentItem()) if i.objectName() == "appGrid")
stamps = []
step = float(sys.argv[2])
def frame():
    stamps.append(time.perf_counter())
    bottom = grid.property("contentHeight") - grid.property("height")
    if grid.property("contentY") >= bottom - 1 or len(stamps) > 3000:
        # Not app.quit() inside the frame's signal: the window's pending update then fires
        # on a window being torn down (a segfault in QPlatformWindow::hasPendingUpdateRequest).
        center.window.frameSwapped.disconnect(frame)
        QTimer.singleShot(0, app.quit)
        return
    grid.setProperty("contentY", min(bottom, grid.property("contentY") + step))
center.window.frameSwapped.connect(frame)
if grid.property("contentHeight") > grid.property("height") + 1:
    # The first step makes the scene dirty, so the first frame is rendered and swapped.
    grid.setProperty("contentY", step)
    QTimer.singleShot(120000, app.quit)
    app.exec()
gaps = [b - a for a, b in zip(stamps, stamps[1:])]
print("SCROLL " + json.dumps({"gaps": gaps, "rows": center.apps.rowCount()}), flush=True)
center.close()
"""


APP_PAGE = """
import json, sys, time
from PySide6.QtCore import QCoreApplication, QEventLoop
from PySide6.QtGui import QGuiApplication
from PySide6.QtQuick import QQuickWindow, QSGRendererInterface
QQuickWindow.setGraphicsApi(QSGRendererInterface.GraphicsApi.Software)
app = QGuiApplication([])
from appcenter_qt.app import AppCenter, Options, wait_until_idle
center = AppCenter(Options(catalog=sys.argv[1] or None, backend="none", screenshot="-",
                           page="browse"))
center.window.show()
wait_until_idle(center)
rows = center.apps.rowCount()
ids = [center.apps.appIdAt(row) for row in range(0, rows, max(1, rows // 20))][:20]
stamps = []
center.window.frameSwapped.connect(lambda: stamps.append(time.perf_counter()))
def pump(until, limit=5.0):
    end = time.perf_counter() + limit
    while not until() and time.perf_counter() < end:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
times = []
for _ in range(int(sys.argv[2])):
    for app_id in ids:
        start = time.perf_counter()
        center.navigation.openApp(app_id)
        details = center.app_details
        pump(lambda: not details.property("loading") and details.property("appId") == app_id)
        loaded = time.perf_counter()
        pump(lambda: bool(stamps) and stamps[-1] > loaded, 1.0)
        times.append(stamps[-1] - start)
        center.navigation.showBrowse()
        wait_until_idle(center, 10)
print("APPPAGE " + json.dumps({"times": times, "apps": len(ids)}), flush=True)
center.close()
"""


def _app_page(catalog: str, rounds: int) -> dict[str, Any]:
    """Seconds from asking for an app page to the first frame that shows it, for up to 20
    applications spread over the catalog, ``rounds`` times each (one process)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", APP_PAGE, catalog, str(rounds)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    for line in done.stdout.splitlines():
        if line.startswith("APPPAGE "):
            return dict(json.loads(line.removeprefix("APPPAGE ")))
    print(f"  (app page run on {catalog} gave no result, exit {done.returncode})")
    return {"times": [], "apps": 0}


def _scroll(catalog: str, step: float) -> dict[str, Any]:
    """Frame intervals while the full grid scrolls ``step`` px per frame, top to bottom."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    for _attempt in range(3):
        done = subprocess.run(
            [sys.executable, "-c", SCROLL, catalog, str(step)],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
        for line in done.stdout.splitlines():
            if line.startswith("SCROLL "):
                return dict(json.loads(line.removeprefix("SCROLL ")))
        print(f"  (scroll run on {catalog} gave no result, exit {done.returncode}; again)")
    return {"gaps": [], "rows": 0}


def _startup(script: str, catalog: str, page: str = "browse") -> tuple[float, float]:
    """Seconds from spawn to the first frame and to the first frame with cards."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", script, catalog, page],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    frame = cards = float("nan")
    for line in process.stdout:
        now = time.perf_counter() - start
        if line.startswith("FRAME"):
            frame = now
        elif line.startswith("CARDS"):
            cards = now
            break
    process.wait(timeout=60)
    return frame, cards


def _median_startup(
    script: str, catalog: str, runs: int, page: str = "browse"
) -> tuple[float, float]:
    results = [_startup(script, catalog, page) for _ in range(runs)]
    return (
        statistics.median(r[0] for r in results),
        statistics.median(r[1] for r in results),
    )


def _queries(count: int) -> list[str]:
    """Prefixes as typed: "p", "ph", "pho"… over random words, ``count`` in all."""
    rng = random.Random(16)
    typed: list[str] = []
    while len(typed) < count:
        word = rng.choice(WORDS)
        typed.extend(word[:n] for n in range(1, len(word) + 1))
    return typed[:count]


def _search(catalog_path: Path, queries: list[str]) -> dict[str, list[float]]:
    from PySide6.QtCore import QCoreApplication, QEventLoop

    from appcenter_qt.catalog.queries import AppQuery, Catalog
    from appcenter_qt.models.apps_model import PAGE_SIZE, AppsModel
    from appcenter_qt.ui.async_bridge import GuiDispatcher, SerialWorker

    app = QCoreApplication.instance() or QCoreApplication([])  # noqa: F841 (needed alive)
    catalog = Catalog(catalog_path, "C")
    direct: list[float] = []
    for text in queries:
        catalog._order_cache.clear()  # measure real work, not the ordering cache
        started = time.perf_counter()
        query = AppQuery(text=text, limit=PAGE_SIZE)
        catalog.count(query)
        catalog.list(query)
        direct.append(time.perf_counter() - started)

    dispatcher = GuiDispatcher()
    worker = SerialWorker(dispatcher)
    model = AppsModel(catalog, worker)
    model.searchDelay = 0
    latency: list[float] = []
    blocked: list[float] = []
    # The GUI thread waits in a real event loop (sleeping, GIL released) as in the app, not
    # in a polling loop that would compete with the worker for the GIL.
    waiting = QEventLoop()
    model.refreshed.connect(waiting.quit)
    for text in queries:
        catalog._order_cache.clear()
        started = time.perf_counter()
        model.searchText = text
        blocked.append(time.perf_counter() - started)
        waiting.exec()
        latency.append(time.perf_counter() - started)
    worker.shutdown()
    catalog.close()
    return {"direct": direct, "model": latency, "blocked": blocked}


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _report_search(label: str, result: dict[str, list[float]], count: int) -> None:
    print(f"search-as-you-type over {label}, {count} keystrokes, no debounce")
    for key, text in (
        ("direct", "reference: Catalog count+page on one thread"),
        ("model", "AppsModel: keystroke -> rows updated"),
        ("blocked", "AppsModel: GUI thread busy per keystroke"),
    ):
        values = [v * 1000 for v in result[key]]
        print(
            f"  {text:<46} p50 {statistics.median(values):6.2f} ms  "
            f"p95 {_p(values, 0.95):6.2f} ms  max {max(values):6.2f} ms"
        )
    ratio = _p(result["model"], 0.95) / max(_p(result["direct"], 0.95), 1e-9)
    print(f"  model p95 / reference p95: x{ratio:.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--apps", type=int, default=3000)
    parser.add_argument(
        "--debian",
        metavar="CATALOG",
        default=os.environ.get("APPCENTER_BENCH_DEBIAN", ""),
        help="a catalog of Debian's pool (appcenter-generate --system -o DIR) to measure too",
    )
    parser.add_argument("--scroll-step", type=float, default=40.0, metavar="PX")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # No ratings server: its requests (and, offline, their failures) are not start-up work
    # and vary from run to run.
    os.environ.setdefault("APPCENTER_ODRS_URL", "")

    with tempfile.TemporaryDirectory(prefix="appcenter-ui-bench-") as tmp:
        big = _generate(Path(tmp) / "appcenter.sqlite", args.apps)
        from appcenter_qt.demo import ensure_demo_catalog

        demo = str(ensure_demo_catalog())
        catalogs = [("demo", demo), (f"{args.apps} apps", str(big))]
        if args.debian:
            catalogs.append(("Debian", args.debian))
        print(f"start-up (median of {args.runs} fresh processes, offscreen, software renderer)")
        bare_frame, _ = _median_startup(BARE, "", args.runs)
        print(f"  {'reference: bare QGuiApplication + QML Window':<44} {bare_frame * 1000:7.1f} ms")
        for label, path in catalogs:
            for page in ("home", "browse"):
                frame, cards = _median_startup(APP, path, args.runs, page)
                name = f"{label}, --page {page}"
                print(
                    f"  {name + ': first frame':<44} {frame * 1000:7.1f} ms "
                    f"(+{(frame - bare_frame) * 1000:6.1f} ms over reference)\n"
                    f"  {name + ': cards shown':<44} {cards * 1000:7.1f} ms "
                    f"(+{(cards - bare_frame) * 1000:6.1f} ms)"
                )

        queries = _queries(args.queries)
        for label, path in catalogs[1:]:
            _report_search(label, _search(Path(path), queries), len(queries))

        print("opening an app page: openApp to the first frame showing it (target p95 <= 100 ms)")
        for label, path in catalogs:
            result = _app_page(path, args.runs)
            times = [t * 1000 for t in result["times"]]
            if times:
                print(
                    f"  {label:<30} {len(times):4d} opens of {result['apps']} apps  "
                    f"p50 {statistics.median(times):6.2f} ms  p95 {_p(times, 0.95):6.2f} ms  "
                    f"max {max(times):7.2f} ms"
                )

        print(f"scrolling the full grid, {args.scroll_step:g} px per frame (frameSwapped gaps)")
        for label, path in catalogs:
            result = _scroll(path, args.scroll_step)
            gaps = [g * 1000 for g in result["gaps"]]
            if not gaps:
                print(f"  {label:<30} fits in the window: nothing to scroll")
                continue
            slow = sum(g > 1000 / 60 for g in gaps)
            name = f"{label} ({result['rows']} rows loaded)"
            print(
                f"  {name:<30} frames {len(gaps):5d}  "
                f"p50 {statistics.median(gaps):6.2f} ms  p95 {_p(gaps, 0.95):6.2f} ms  "
                f"max {max(gaps):7.2f} ms  over 16.7 ms: {slow} ({slow / len(gaps):.1%})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
