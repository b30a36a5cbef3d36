"""Search synonyms: the words people type for what applications describe differently.

A catalog stores them in ``search_synonyms`` (term → expansion) so every front end searches
with the same table; the writer fills it from the defaults shipped beside this module and from
the distribution's and the administrator's ``search-synonyms.d`` directories
(docs/search.md). A line that cannot be read is skipped with a warning naming the file and
the line.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from pathlib import Path

from appcenter_qt.catalog.schema import SEARCH_WORD, fold

log = logging.getLogger(__name__)
DEFAULT_FILE = Path(__file__).with_name("search-synonyms.conf")
#: Read after the defaults, in this order; later lines override earlier ones.
SYSTEM_DIRS = (
    Path("/usr/share/appcenter-qt/search-synonyms.d"),
    Path("/etc/appcenter-qt/search-synonyms.d"),
)
#: More than a few words would match nearly everything.
MAX_EXPANSION_WORDS = 4


def parse(text: str, source: str, table: dict[str, str]) -> None:
    """Apply the ``term = words`` lines of ``text`` to ``table``."""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        term, sep, expansion = line.partition("=")
        terms = SEARCH_WORD.findall(fold(term))
        words = SEARCH_WORD.findall(fold(expansion))
        if not sep or len(terms) != 1 or len(words) > MAX_EXPANSION_WORDS:
            log.warning("%s:%d: not a 'term = words' line, skipped", source, number)
            continue
        if words:
            table[terms[0]] = " ".join(words)
        else:
            table.pop(terms[0], None)


def load_synonyms(directories: Iterable[Path] | None = None) -> dict[str, str]:
    """The shipped defaults, then every ``*.conf`` of ``directories`` (default
    :data:`SYSTEM_DIRS`, below ``$APPCENTER_SYSTEM_ROOT`` when that is set)."""
    if directories is None:
        root = Path(os.environ.get("APPCENTER_SYSTEM_ROOT") or "/")
        directories = [root / d.relative_to("/") for d in SYSTEM_DIRS]
    table: dict[str, str] = {}
    files = [DEFAULT_FILE]
    for directory in directories:
        files += sorted(directory.glob("*.conf")) if directory.is_dir() else []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            log.warning("%s: synonyms not read: %s", path, error)
            continue
        parse(text, str(path), table)
    return dict(sorted(table.items()))
