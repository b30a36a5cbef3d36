"""The QML scene seen from Python: where the ``AppCenter`` QML module is, and every item of
a window's visual tree (what screenshots wait on and tests read).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from appcenter_qt.domain.errors import AppCenterError

QML_MODULE = "AppCenter"


def qml_import_dir() -> Path:
    """``qml/`` inside the installed package (wheel), else the checkout's ``qml/``."""
    here = Path(__file__).resolve().parent.parent  # appcenter_qt/
    for candidate in (here / "qml", here.parent / "qml"):
        if (candidate / QML_MODULE / "qmldir").is_file():
            return candidate
    raise AppCenterError(f"QML module {QML_MODULE} not found beside {here}")


def scene_items(root: Any) -> list[Any]:
    """Every item under ``root`` in the visual tree (QML items are visual children, not
    necessarily QObject children).

    PySide6 now and then hands back a stale wrapper of another type for a child that QML
    has just replaced (seen as a ``QMetaObject``); such an entry is skipped, not followed:
    the callers poll the scene again on the next tick."""
    from PySide6.QtQuick import QQuickItem

    found, pending = [], [root]
    while pending:
        item = pending.pop()
        if not isinstance(item, QQuickItem):
            continue
        found.append(item)
        pending.extend(item.childItems())
    return found
