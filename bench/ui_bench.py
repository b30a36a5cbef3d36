"""UI benchmark: start-up to first frame, and search-as-you-type latency.

Run by hand (not part of the tests)::

    .venv/bin/python bench/ui_bench.py [--runs 5] [--queries 200]

Offscreen with Qt Quick's software renderer, in one run:

* **start-up**: wall time from spawning a fresh process to the window's first
  ``frameSwapped``, and to the first frame that shows cards (the apps model answered), for
  the embedded demo catalog and for a generated 3,000-app catalog. Reference: a bare
  ``QGuiApplication`` + empty QML ``Window`` started the same way. Target: first frame less
  than 300 ms over the reference.
* **search**: for 200 queries typed into the real :class:`AppsModel` over the 3,000-app
  catalog (no debounce, so every keystroke queries), the time from setting ``searchText`` to
  the model's ``refreshed`` signal, and the longest the GUI thread was busy inside one
  keystroke (the part that could drop a frame). Reference: the same queries run directly on
  :class:`Catalog` (count + first page) on the calling thread. Target: p95 < 16 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
center = AppCenter(Options(catalog=sys.argv[1] or None, backend="none", screenshot="-"))
state = {"frames": 0}
def frame():
    state["frames"] += 1
    if state["frames"] == 1:
        print("FRAME", flush=True)
    if center.apps.rowCount() > 0 and not center.apps.loading:
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


def _startup(script: str, catalog: str) -> tuple[float, float]:
    """Seconds from spawn to the first frame and to the first frame with cards."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", script, catalog],
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


def _median_startup(script: str, catalog: str, runs: int) -> tuple[float, float]:
    results = [_startup(script, catalog) for _ in range(runs)]
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


def main() -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--apps", type=int, default=3000)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    with tempfile.TemporaryDirectory(prefix="appcenter-ui-bench-") as tmp:
        big = _generate(Path(tmp) / "appcenter.sqlite", args.apps)
        from appcenter_qt.demo import ensure_demo_catalog

        demo = str(ensure_demo_catalog())
        print(f"start-up (median of {args.runs} fresh processes, offscreen, software renderer)")
        bare_frame, _ = _median_startup(BARE, "", args.runs)
        print(f"  {'reference: bare QGuiApplication + QML Window':<44} {bare_frame * 1000:7.1f} ms")
        for label, path in (("demo catalog", demo), (f"{args.apps}-app catalog", str(big))):
            frame, cards = _median_startup(APP, path, args.runs)
            print(
                f"  {label + ': first frame':<44} {frame * 1000:7.1f} ms "
                f"(+{(frame - bare_frame) * 1000:6.1f} ms over reference, "
                f"x{frame / bare_frame:4.2f})\n"
                f"  {label + ': cards shown':<44} {cards * 1000:7.1f} ms "
                f"(+{(cards - bare_frame) * 1000:6.1f} ms)"
            )

        queries = _queries(args.queries)
        result = _search(big, queries)
        print(f"search-as-you-type over {args.apps} apps, {len(queries)} keystrokes, no debounce")
        for key, label in (
            ("direct", "reference: Catalog count+page on one thread"),
            ("model", "AppsModel: keystroke -> rows updated"),
            ("blocked", "AppsModel: GUI thread busy per keystroke"),
        ):
            values = [v * 1000 for v in result[key]]
            print(
                f"  {label:<46} p50 {statistics.median(values):6.2f} ms  "
                f"p95 {_p(values, 0.95):6.2f} ms  max {max(values):6.2f} ms"
            )
        ratio = _p(result["model"], 0.95) / max(_p(result["direct"], 0.95), 1e-9)
        print(f"  model p95 / reference p95: x{ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
