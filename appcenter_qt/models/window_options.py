"""What one window is asked to show and how (``appcenter-qt``'s options, already parsed):
plain data shared by the entry point that parses them and the assembly that uses them.
"""

from __future__ import annotations

from dataclasses import dataclass

from appcenter_qt.domain.pages import START_PAGE

DEFAULT_SIZE = (1280, 800)
ORGANIZATION = "appcenter-qt"
#: The setting that says how system packages update: "offline" (the default) or "live".
SYSTEM_UPDATES_KEY = "updates/systemUpdates"


@dataclass
class Options:
    catalog: str | None = None
    locale: str | None = None
    page: str = str(START_PAGE)
    screenshot: str | None = None
    size: tuple[int, int] = DEFAULT_SIZE
    backend: str = "all"
    open_argument: str | None = None
    check_updates: bool = False
    # --check-updates even if checked recently or on a metered connection.
    force: bool = False
    # The tray notifier (ui/tray_notifier.py) instead of the window.
    notifier: bool = False
    # Metapackages of the desktop: splits System infrastructure (``None``: the config file).
    core_desktop: tuple[str, ...] | None = None
    # The ratings server (``None``: environment, config file, default; "": reviews off).
    odrs_url: str | None = None
    # ``light``/``dark`` override the desktop's colours; ``font_scale`` multiplies its font.
    color_scheme: str = "system"
    font_scale: float = 1.0
    # A .flatpakrepo to offer on the Sources page (asked before it is added).
    add_remote: str | None = None
    # Refuse screenshots on local and private addresses (``None``: environment, config file).
    block_local_media: bool | None = None
