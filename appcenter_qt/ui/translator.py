"""The window's translator: the first ``.qm`` of the locale's fallback chain, else English.

Moved out of ``app.py`` (issue 30); the window, ``--check-updates`` and ``--notifier`` share it.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

log = logging.getLogger("appcenter_qt")


def install_translator(app: Any, locale: str) -> Any:
    from PySide6.QtCore import QTranslator

    from appcenter_qt.support.l10n import locale_chain

    directory = Path(__file__).resolve().parent.parent / "translations"
    translator = QTranslator(app)
    # The sources are English, so a language without a translation (and C/POSIX) shows
    # English text: it gets the English plural forms ("1 update", not "1 update(s)").
    for candidate in (*locale_chain(locale), "en"):
        qm = directory / f"appcenter-qt_{candidate}.qm"
        if qm.is_file() and translator.load(str(qm)):
            app.installTranslator(translator)
            log.debug("translation %s", qm)
            return translator
    return None
