"""Hatch build hook: compile translations/*.ts into .qm files inside the wheel (and ship the
.ts files beside them, for the search index's category names).

Compiled catalogs are build products, never committed; the wheel carries them as
``appcenter_qt/translations/*.qm`` where :mod:`appcenter_qt.ui.translator` loads them.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _lrelease() -> str:
    found = shutil.which("pyside6-lrelease") or shutil.which(
        "pyside6-lrelease", path=str(Path(sys.executable).parent)
    )
    if found is None:
        raise RuntimeError("pyside6-lrelease not found: PySide6-Essentials is a build requirement")
    return found


class TranslationsHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        sources = sorted(Path(self.root, "translations").glob("*.ts"))
        if not sources or self.target_name != "wheel" or version == "editable":
            return
        self._out = Path(tempfile.mkdtemp(prefix="appcenter-qm-"))
        for ts in sources:
            qm = self._out / f"{ts.stem}.qm"
            subprocess.run([_lrelease(), "-silent", str(ts), "-qm", str(qm)], check=True)
            build_data["force_include"][str(qm)] = f"appcenter_qt/translations/{qm.name}"
            # The sources too: the catalog writer reads the category names' translations
            # from them without Qt (catalog/category_names.py).
            build_data["force_include"][str(ts)] = f"appcenter_qt/translations/{ts.name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_out", None):
            shutil.rmtree(self._out, ignore_errors=True)
