"""The window's pages, named once: :class:`Page` is what ``Navigation.page`` holds, what QML
compares with (``navigation.pages``), and the first word of every ``--page`` value.

A page that shows one thing takes it after a colon (``app:ID``); the browse page takes its
filters the same way (``category:ID``, ``search:TEXT``). Plain Python, so the command line
can check ``--page`` before Qt is imported. Adding a page is one member here, one slot in
``Navigation`` and one page in ``Main.qml``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Page(enum.StrEnum):
    #: The start page: featured applications, rows to discover, category tiles.
    HOME = "home"
    #: Every application, or a category or search result: the card grid.
    BROWSE = "browse"
    APP = "app"
    UPDATES = "updates"
    INSTALLED = "installed"
    SOURCES = "sources"


#: What the window shows when nothing else is asked for.
START_PAGE = Page.HOME


#: Pages whose ``--page`` value names the thing they show (``app:ID``).
PAGE_ARGUMENTS = {Page.APP: "ID"}
#: The browse page's filters, spelled like pages (``category:ID``, ``search:TEXT``).
BROWSE_FILTERS = {"category": "ID", "search": "TEXT"}
#: Other words for a page (none today). ``home`` used to be an alias of ``browse``; now that
#: the start page exists it is that page's own name, and ``browse`` stays "All applications"
#: (the grid every old ``--page browse`` and ``category:``/``search:`` value opens).
ALIASES: dict[str, Page] = {}


@dataclass(frozen=True)
class PageRequest:
    """One ``--page`` value, checked: the page and what it is asked to show."""

    page: Page
    app_id: str = ""
    category: str | None = None
    search: str | None = None


def page_spellings() -> list[str]:
    """Every accepted ``--page`` form, for help and error texts."""
    forms = [f"{page}:{PAGE_ARGUMENTS[page]}" if page in PAGE_ARGUMENTS else page for page in Page]
    return forms + [f"{kind}:{value}" for kind, value in BROWSE_FILTERS.items()] + list(ALIASES)


def parse_page(text: str) -> PageRequest:
    """``home``, ``browse``, ``updates``, ``installed``, ``sources``, ``app:ID``,
    ``category:ID``, ``search:TEXT`` (or an alias) → :class:`PageRequest`;
    :class:`ValueError` naming the accepted forms otherwise."""
    kind, colon, value = text.partition(":")
    if kind in BROWSE_FILTERS and value:
        return PageRequest(Page.BROWSE, **{kind: value})
    page = ALIASES.get(kind) or next((page for page in Page if page == kind), None)
    if page is not None and bool(value) == (page in PAGE_ARGUMENTS) and (value or not colon):
        return PageRequest(page, app_id=value)
    raise ValueError(f"not a page: {text!r} ({', '.join(page_spellings())})")
