"""Which applications the home page features: a list a distribution (or a user) configures.

The featured banner and the "Popular in <category>" rows follow a small TOML file::

    # /etc/xdg/appcenter-qt/featured.toml
    apps = ["org.kde.krita", "org.inkscape.Inkscape", "org.gimp.GIMP"]
    popular = ["Game", "Graphics"]

looked up in ``$APPCENTER_FEATURED`` (one file), then ``$XDG_CONFIG_HOME/appcenter-qt/``
(the user's), then ``$XDG_CONFIG_DIRS/appcenter-qt/`` (default ``/etc/xdg``: the
distribution's). Without one, the built-in defaults (``featured-defaults.toml``, for the demo
catalog and Debian's pool) are chosen by the catalog's origins; without those, the home page
features the top rated applications. A file that cannot be read or parsed is skipped with a
warning naming it and the next one is tried; ids the catalog does not have are skipped
quietly, so one list can serve several releases.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appcenter_qt.domain.categories import MAIN_CATEGORIES
from appcenter_qt.support.config_files import config_paths

log = logging.getLogger(__name__)

CONFIG_NAME = "featured.toml"
DEFAULTS = Path(__file__).with_name("featured-defaults.toml")
#: More than this many featured ids is a mistake, not a banner.
MAX_FEATURED = 50
MAX_POPULAR = 4


@dataclass(frozen=True)
class Featured:
    """The home page's picks: ``apps`` for the banner, ``popular`` main categories for the
    "Popular in" rows, and where they came from (a path, ``built-in:NAME`` or ``""``)."""

    apps: tuple[str, ...] = ()
    popular: tuple[str, ...] = ()
    source: str = ""


def config_files(environ: Mapping[str, str] | None = None) -> list[Path]:
    """The featured files in lookup order, whether or not they exist."""
    env = os.environ if environ is None else environ
    if env.get("APPCENTER_FEATURED"):
        return [Path(env["APPCENTER_FEATURED"])]
    return config_paths(CONFIG_NAME, env)


def _strings(value: Any, key: str, origin: str, limit: int) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        log.warning("%s: %s is not a list of strings; ignored", origin, key)
        return ()
    good = [v.strip() for v in value if isinstance(v, str) and v.strip() and len(v) < 256]
    if len(good) != len(value):
        log.warning("%s: %s holds entries that are not ids; skipped", origin, key)
    return tuple(dict.fromkeys(good))[:limit]


def from_table(table: Mapping[str, Any], origin: str) -> Featured:
    """A :class:`Featured` from one parsed table (unknown categories are dropped)."""
    popular = _strings(table.get("popular"), "popular", origin, MAX_POPULAR * 4)
    unknown = [c for c in popular if c not in MAIN_CATEGORIES]
    if unknown:
        log.warning("%s: not main categories: %s; skipped", origin, ", ".join(unknown))
    return Featured(
        apps=_strings(table.get("apps"), "apps", origin, MAX_FEATURED),
        popular=tuple(c for c in popular if c in MAIN_CATEGORIES)[:MAX_POPULAR],
        source=origin,
    )


def _read(path: Path) -> dict[str, Any] | None:
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        return None
    except OSError as error:
        log.warning("%s: cannot read the featured list: %s", path, error)
        return None
    import tomllib  # only where there is a list: most machines have none

    with handle:
        try:
            return tomllib.load(handle)
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            log.warning("%s: cannot read the featured list: %s", path, error)
            return None


def built_in(origins: Iterable[str]) -> Featured:
    """The built-in defaults for a catalog with these origins (empty when none match)."""
    tables = _read(DEFAULTS) or {}
    origins = [o for o in origins if o]
    for name, table in tables.items():
        prefixes = table.get("origins", []) if isinstance(table, dict) else []
        if any(o.startswith(str(p)) for o in origins for p in prefixes if p):
            return from_table(table, f"built-in:{name}")
    return Featured()


def load_featured(origins: Iterable[str], environ: Mapping[str, str] | None = None) -> Featured:
    """The first configured featured file, else the built-in list for these origins."""
    for path in config_files(environ):
        table = _read(path)
        if table is not None:
            return from_table(table, str(path))
    return built_in(origins)
