"""PySide's question about each imported module ("does its source mention PySide6?"),
answered from the file's bytes (issue 31): the same answers as PySide's own reading for
every module a window loads, and nothing changed where PySide's internals are not there."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types

import pytest

from appcenter_qt.ui import import_scan

_SCRIPT = """
import json, sys
import PySide6.QtCore
feature = sys.modules["shibokensupport.feature"]
pysides_own = feature._mod_uses_pyside
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
import appcenter_qt.app, appcenter_qt.models.app_center, appcenter_qt.models.app_details
import appcenter_qt.models.apps_model, appcenter_qt.models.home_model
import appcenter_qt.models.transactions_model, appcenter_qt.models.package_details
from appcenter_qt.ui.import_scan import answer_from_bytes, mentions_pyside
modules = [m for m in list(sys.modules.values()) if m is not None]
differ = sorted(m.__name__ for m in modules if mentions_pyside(m) != pysides_own(m))
said = sum(1 for m in modules if pysides_own(m))
placed = answer_from_bytes()
from appcenter_qt.models.updates_model import UpdatesModel  # after: from the bytes
print(json.dumps({
    "modules": len(modules), "mention": said, "differ": differ, "placed": placed,
    "hook": feature._mod_uses_pyside is mentions_pyside,
    "recorded": feature.pyside_feature_dict.get("appcenter_qt.models.updates_model"),
}))
"""


def test_the_answers_are_pysides_own_for_every_module_a_window_loads() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["modules"] > 150 and found["mention"] > 20  # both answers are common
    assert found["differ"] == []
    assert found["placed"] and found["hook"]
    assert found["recorded"] == 0  # a module that uses PySide: "no feature", not "ignore"


def test_without_pysides_hook_nothing_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    changed = types.ModuleType("shibokensupport.feature")
    monkeypatch.setitem(sys.modules, "shibokensupport.feature", changed)
    assert import_scan.answer_from_bytes() is False
    assert not hasattr(changed, "_mod_uses_pyside")


def test_a_module_without_a_source_file_mentions_nothing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    gone = types.ModuleType("gone")
    gone.__file__ = str(tmp_path / "gone.py")
    assert import_scan.mentions_pyside(gone) is False
    assert import_scan.mentions_pyside(sys) is False  # built in
    (tmp_path / "uses.py").write_text("from PySide6.QtCore import QObject\n", encoding="utf-8")
    uses = types.ModuleType("uses")
    uses.__file__ = str(tmp_path / "uses.py")
    assert import_scan.mentions_pyside(uses) is True
