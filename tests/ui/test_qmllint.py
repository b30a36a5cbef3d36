"""Every QML file passes ``pyside6-qmllint`` with no warning (unqualified access, unknown
properties, reserved words… are bugs waiting for a binding to fail at run time)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_qml_module_is_lint_clean() -> None:
    qmllint = shutil.which("pyside6-qmllint", path=str(Path(sys.executable).parent))
    if qmllint is None:
        pytest.skip("needs pyside6-qmllint (PySide6-Essentials)")
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "qml").rglob("*.qml"))
    assert len(files) >= 11
    result = subprocess.run(
        [qmllint, "-I", "qml", *files], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    output = (result.stdout + result.stderr).strip()
    assert result.returncode == 0 and output == "", output
