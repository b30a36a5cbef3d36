"""Where the catalog is: one search order for the app center, the CLIs and the updater.

1. an explicit path (``--catalog FILE``),
2. ``$APPCENTER_CATALOG``,
3. ``/var/lib/appcenter-qt/appcenter.sqlite`` (generated on this machine by the distribution's
   hook, e.g. after a repository refresh),
4. ``/usr/share/appcenter-qt/appcenter.sqlite`` (shipped by a distribution package),
5. ``appcenter-qt/appcenter.sqlite`` in the XDG data dirs (``$XDG_DATA_HOME``, then
   ``$XDG_DATA_DIRS``, via platformdirs),
6. the embedded demo catalog, built on first use into the user cache
   (:mod:`appcenter_qt.demo`).

An explicit path or ``$APPCENTER_CATALOG`` that does not exist is an error, not a reason to
fall through: the user asked for that file. The icon archive is ``icons.tar`` beside the
catalog.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from appcenter_qt.errors import CatalogError
from appcenter_qt.extract.icon_archive import ICON_ARCHIVE_NAME

CATALOG_FILE = "appcenter.sqlite"
SYSTEM_DIRS = (Path("/var/lib/appcenter-qt"), Path("/usr/share/appcenter-qt"))


@dataclass(frozen=True)
class CatalogLocation:
    path: Path
    icon_archive: Path | None
    is_demo: bool = False
    reason: str = ""


def _location(path: Path, reason: str, is_demo: bool = False) -> CatalogLocation:
    icons = path.parent / ICON_ARCHIVE_NAME
    return CatalogLocation(path, icons if icons.is_file() else None, is_demo, reason)


def candidate_paths(environ: Mapping[str, str] | None = None) -> list[tuple[Path, str]]:
    """The system and XDG locations, in search order, with the reason each is searched."""
    env = os.environ if environ is None else environ
    found = [(directory / CATALOG_FILE, "system catalog") for directory in SYSTEM_DIRS]
    data_home = env.get("XDG_DATA_HOME") or platformdirs.user_data_dir()
    data_dirs = (env.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share").split(":")
    for base in [data_home, *data_dirs]:
        if base:
            found.append((Path(base) / "appcenter-qt" / CATALOG_FILE, "XDG data dir"))
    return list(dict.fromkeys(found))


def find_catalog(
    explicit: str | os.PathLike[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    allow_demo: bool = True,
) -> CatalogLocation:
    env = os.environ if environ is None else environ
    if explicit:
        path = Path(explicit)
        if not path.exists():
            raise CatalogError(f"{path}: no such catalog file")
        return _location(path, "--catalog")
    if env.get("APPCENTER_CATALOG"):
        path = Path(env["APPCENTER_CATALOG"])
        if not path.exists():
            raise CatalogError(f"{path}: no such catalog file (from $APPCENTER_CATALOG)")
        return _location(path, "$APPCENTER_CATALOG")
    for path, reason in candidate_paths(env):
        if path.is_file():
            return _location(path, reason)
    if not allow_demo:
        raise CatalogError(
            "no catalog found (searched: "
            + ", ".join(str(p) for p, _ in candidate_paths(env))
            + ")"
        )
    from appcenter_qt.demo import ensure_demo_catalog

    return _location(ensure_demo_catalog(), "embedded demo", is_demo=True)
