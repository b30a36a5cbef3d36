"""Freedesktop menu categories: the groups people know from their Applications menu.

From the Desktop Menu Specification, "Main Categories" and the additional categories that a
menu shows as submenus. ``Audio`` and ``Video`` are main categories that require
``AudioVideo``; we show them as subcategories of it, as Plasma's and GNOME's menus do.
"""

from __future__ import annotations

from collections.abc import Sequence

MAIN_CATEGORIES: tuple[str, ...] = (
    "AudioVideo",
    "Development",
    "Education",
    "Game",
    "Graphics",
    "Network",
    "Office",
    "Science",
    "Settings",
    "System",
    "Utility",
)

#: Additional categories shown as subcategories of a main one (a subset of the spec's table
#: "Additional Categories", picked for what menus actually show).
SUBCATEGORIES: dict[str, tuple[str, ...]] = {
    "AudioVideo": (
        "Audio",
        "Video",
        "Player",
        "Recorder",
        "Music",
        "Midi",
        "Mixer",
        "Sequencer",
        "Tuner",
        "TV",
        "AudioVideoEditing",
        "DiscBurning",
    ),
    "Development": (
        "Building",
        "Debugger",
        "IDE",
        "GUIDesigner",
        "Profiling",
        "RevisionControl",
        "Translation",
        "WebDevelopment",
    ),
    "Education": (
        "Art",
        "Construction",
        "Languages",
        "Math",
        "Science",
        "Geography",
        "Literature",
        "Spirituality",
        "Sports",
        "Chemistry",
        "Physics",
        "Astronomy",
        "Biology",
    ),
    "Game": (
        "ActionGame",
        "AdventureGame",
        "ArcadeGame",
        "BoardGame",
        "BlocksGame",
        "CardGame",
        "KidsGame",
        "LogicGame",
        "RolePlaying",
        "Shooter",
        "Simulation",
        "SportsGame",
        "StrategyGame",
        "Emulator",
    ),
    "Graphics": (
        "2DGraphics",
        "VectorGraphics",
        "RasterGraphics",
        "3DGraphics",
        "Scanning",
        "OCR",
        "Photography",
        "Publishing",
        "Viewer",
    ),
    "Network": (
        "Dialup",
        "InstantMessaging",
        "Chat",
        "IRCClient",
        "Feed",
        "FileTransfer",
        "HamRadio",
        "News",
        "P2P",
        "RemoteAccess",
        "Telephony",
        "VideoConference",
        "WebBrowser",
        "Email",
    ),
    "Office": (
        "Calendar",
        "ContactManagement",
        "Database",
        "Dictionary",
        "Chart",
        "Finance",
        "FlowChart",
        "PDA",
        "ProjectManagement",
        "Presentation",
        "Spreadsheet",
        "WordProcessor",
    ),
    "Science": (
        "ArtificialIntelligence",
        "Astronomy",
        "Biology",
        "Chemistry",
        "ComputerScience",
        "DataVisualization",
        "Economy",
        "Electricity",
        "Geography",
        "Geology",
        "Geoscience",
        "Math",
        "MedicalSoftware",
        "NumericalAnalysis",
        "Physics",
        "Robotics",
    ),
    "Settings": (
        "DesktopSettings",
        "HardwareSettings",
        "Printing",
        "PackageManager",
        "Security",
        "Accessibility",
    ),
    "System": ("Emulator", "FileManager", "TerminalEmulator", "Filesystem", "Monitor", "Security"),
    "Utility": (
        "TextTools",
        "Archiving",
        "Compression",
        "FileTools",
        "Calculator",
        "Clock",
        "TextEditor",
        "Accessibility",
    ),
}

#: Main categories that the spec lets stand for another (``Audio`` implies ``AudioVideo``).
IMPLIED_MAIN = {"Audio": "AudioVideo", "Video": "AudioVideo"}


def main_categories_of(categories: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The main categories an application belongs to, in menu order."""
    present = set(categories)
    present.update(IMPLIED_MAIN[c] for c in categories if c in IMPLIED_MAIN)
    return tuple(c for c in MAIN_CATEGORIES if c in present)


#: The English sidebar labels of the main categories: the source strings of the translation
#: context ``Categories`` (``models/categories_model.py`` spells each out for lupdate). The
#: search index looks their translations up in the same ``.ts`` files, so a German user's
#: "Büro" finds what the sidebar calls "Büro".
CATEGORY_TRANSLATION_CONTEXT = "Categories"
MAIN_CATEGORY_LABELS: dict[str, str] = {
    "AudioVideo": "Multimedia",
    "Development": "Development",
    "Education": "Education",
    "Game": "Games",
    "Graphics": "Graphics",
    "Network": "Internet",
    "Office": "Office",
    "Science": "Science",
    "Settings": "Settings",
    "System": "System",
    "Utility": "Utilities",
}


#: Main categories of the machine's own plumbing: an application in these and no other is a
#: settings panel or system tool (Info Center, Menu Edit, a system monitor, a package manager).
SYSTEM_MAIN_CATEGORIES = frozenset({"System", "Settings"})
#: Subcategories that make any application part of the system's configuration.
SYSTEM_SUBCATEGORIES = frozenset({"DesktopSettings", "HardwareSettings", "PackageManager"})
#: Component ids of the desktops' own shells, settings and welcome programs (they ship with the
#: desktop; nobody discovers them in a store): Plasma's ``org.kde.plasma-welcome``,
#: ``org.kde.plasma-systemmonitor``, GNOME's Extensions and Settings.
DESKTOP_COMPONENT_PREFIXES = (
    "org.kde.plasma",
    "org.kde.systemsettings",
    "org.kde.discover",
    "org.gnome.Shell",
    "org.gnome.Extensions",
    "org.gnome.Settings",
    "org.gnome.Software",
    "gnome-control-center",
    "org.xfce.settings",
)


def is_system_component(app_id: str, categories: Sequence[str], kind: str = "") -> bool:
    """Part of the system rather than an application to discover: not a desktop application
    (a runtime, a driver, a console tool), a settings panel or system tool by its categories,
    or one of the desktop's own programs. The home page's discovery rows leave these out;
    browsing a category and searching still find them (docs/ui.md, "Home page")."""
    if kind and kind != "desktop-application":
        return True
    if app_id.startswith(DESKTOP_COMPONENT_PREFIXES):
        return True
    if SYSTEM_SUBCATEGORIES.intersection(categories):
        return True
    main = main_categories_of(list(categories))
    return bool(main) and SYSTEM_MAIN_CATEGORIES.issuperset(main)
