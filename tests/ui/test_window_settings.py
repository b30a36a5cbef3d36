"""The window comes back where the user left it (QSettings under $XDG_CONFIG_HOME)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

SCRIPT = """
import sys
from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtQuick import QQuickWindow, QSGRendererInterface
QQuickWindow.setGraphicsApi(QSGRendererInterface.GraphicsApi.Software)
app = QGuiApplication([])
from appcenter_qt.app import AppCenter, Options, wait_until_idle
center = AppCenter(Options(backend="none"))
center.window.show()
wait_until_idle(center)
if sys.argv[1] == "save":
    center.window.setGeometry(QRect(40, 50, 900, 640))
    wait_until_idle(center)
g = center.window.geometry()
print(g.width(), g.height())
center.close()
"""


def _run(mode: str, config: Path) -> str:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(config)}
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_window_size_is_remembered(tmp_path: Path) -> None:
    config = tmp_path / "config"
    assert _run("show", config) == "1280 800"  # first start: the default size
    assert _run("save", config) == "900 640"
    assert (config / "appcenter-qt" / "appcenter-qt.conf").is_file()
    assert _run("show", config) == "900 640"  # restored
