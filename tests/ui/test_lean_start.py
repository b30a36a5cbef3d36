"""Issue 31, the window's start: until its first cards are drawn, a window without a
package backend loads no source library (libflatpak through gi) and no asyncio; the
Sources page gets the sources' managers and set-up hints a moment later. Checked in a
fresh interpreter, so nothing an earlier test imported can hide an import."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.models.catalogs import generated_app

_SCRIPT = """
import json, sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
from appcenter_qt.app import AppCenter, Options, wait_until_idle
center = AppCenter(Options(catalog=sys.argv[1], backend="none", screenshot="-", page="home"))
built = sorted(m for m in ("gi", "asyncio") if m in sys.modules)
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
print(json.dumps({"built": built, "after": after}))
"""


def test_the_window_loads_its_sources_after_the_first_cards(tmp_path: Path) -> None:
    from appcenter_qt.catalog.writer import CatalogWriter

    catalog = tmp_path / "appcenter.sqlite"
    with CatalogWriter(catalog, origin="test", generator="tests") as writer:
        for n in range(8):
            writer.add(generated_app(n))
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "APPCENTER_ODRS_URL": ""}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    result = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(catalog)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["built"] == []  # nothing of a source's library or of asyncio yet
    after = found["after"]
    assert after["idle"] and after["hints"] and not after["pending"]
    # gi is loaded where it is installed (the Flatpak source); then so is asyncio for it
    try:
        import gi  # noqa: F401
    except ImportError:
        return
    assert after["gi"]
