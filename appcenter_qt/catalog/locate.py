"""Where the catalog is: one search order for the app center, the CLIs and the updater.

1. an explicit path (``--catalog FILE``),
2. ``$APPCENTER_CATALOG``,
3. ``/var/lib/appcenter-qt/appcenter.sqlite`` (generated on this machine by the distribution's
   hook, e.g. after a repository refresh),
4. ``/usr/share/appcenter-qt/appcenter.sqlite`` (shipped by a distribution package),
5. ``appcenter-qt/appcenter.sqlite`` in the XDG data dirs (``$XDG_DATA_HOME``, then
   ``$XDG_DATA_DIRS``, via platformdirs),
6. after these, front ends go on to the system-pool catalog and the embedded demo
   (:mod:`appcenter_qt.services.system_catalog`); this module only knows installed catalogs.

An explicit path or ``$APPCENTER_CATALOG`` that does not exist is an error, not a reason to
fall through: the user asked for that file. The icon archive is ``icons.tar`` beside the
catalog.

A published output (:mod:`.publish`) reaches its files through symlinks into one set
directory; a reader pins the set it opens with :func:`resolve_set` (the catalog and the icon
archive from the same real directory), then holds both files open, so republishes never mix
two sets in one window and never take its icons away.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from appcenter_qt.domain.errors import CatalogError
from appcenter_qt.support import user_dirs

# A published catalog's files, named here only (issue 30): the generator writes them, the
# publisher swaps them as one set (:mod:`.publish`), the readers look for them.
CATALOG_FILE = "appcenter.sqlite"
#: The icon archive beside a catalog (its format:
#: :mod:`appcenter_qt.extract.appstream.icon_archive`).
ICON_ARCHIVE_NAME = "icons.tar"
#: The generator's JSON report beside them.
REPORT_FILE = "report.json"
#: What one generation publishes together.
OUTPUT_FILES = (CATALOG_FILE, ICON_ARCHIVE_NAME, REPORT_FILE)
SYSTEM_DIRS = (Path("/var/lib/appcenter-qt"), Path("/usr/share/appcenter-qt"))
#: The system-pool catalog the refresh hooks keep (``appcenter-generate --system`` as root).
SYSTEM_POOL_CACHE = Path("/var/cache/appcenter-qt")


def user_pool_cache(environ: Mapping[str, str] | None = None) -> Path:
    """Where a user's own system-pool catalog is built when the hooks' one is missing or
    stale: ``$XDG_CACHE_HOME/appcenter-qt/system``."""
    return user_dirs.cache_dir(environ) / "system"


def default_pool_output(environ: Mapping[str, str] | None = None) -> Path:
    """``--system``'s default output: the shared cache as root, the user's cache otherwise."""
    return SYSTEM_POOL_CACHE if os.geteuid() == 0 else user_pool_cache(environ)


@dataclass(frozen=True)
class CatalogLocation:
    """A catalog to open. ``warning`` is set when this is a fallback the user should know
    about (a system catalog that could not be rebuilt, the demo after a failed build)."""

    path: Path
    icon_archive: Path | None
    is_demo: bool = False
    reason: str = ""
    warning: str = ""


def location_of(
    path: Path, reason: str, *, is_demo: bool = False, warning: str = ""
) -> CatalogLocation:
    """The location of ``path``, with the icon archive beside it if there is one."""
    icons = path.parent / ICON_ARCHIVE_NAME
    return CatalogLocation(path, icons if icons.is_file() else None, is_demo, reason, warning)


def resolve_set(location: CatalogLocation) -> CatalogLocation:
    """``location`` with the catalog's symlinks resolved (``DIR/appcenter.sqlite`` →
    ``DIR/.set-N/appcenter.sqlite``) and the icon archive taken from that same directory:
    what a reader opens, once, so both files come from one published set."""
    real = Path(os.path.realpath(location.path))
    if real == location.path:
        return location
    icons = real.parent / ICON_ARCHIVE_NAME
    archive = icons if icons.is_file() else None
    return replace(location, path=real, icon_archive=archive)


def candidate_paths(environ: Mapping[str, str] | None = None) -> list[tuple[Path, str]]:
    """The system and XDG locations, in search order, with the reason each is searched."""
    env = os.environ if environ is None else environ
    found = [(directory / CATALOG_FILE, "system catalog") for directory in SYSTEM_DIRS]
    for base in user_dirs.all_data_dirs(env):
        found.append((base / user_dirs.APP / CATALOG_FILE, "XDG data dir"))
    return list(dict.fromkeys(found))


def find_installed(
    explicit: str | os.PathLike[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
) -> CatalogLocation | None:
    """An installed catalog in search order (steps 1–5), or ``None`` when there is none.

    An explicit path or ``$APPCENTER_CATALOG`` that does not exist is an error, not a reason
    to fall through: the user asked for that file."""
    env = os.environ if environ is None else environ
    if explicit:
        path = Path(explicit)
        if not path.exists():
            raise CatalogError(f"{path}: no such catalog file")
        return location_of(path, "--catalog")
    if env.get("APPCENTER_CATALOG"):
        path = Path(env["APPCENTER_CATALOG"])
        if not path.exists():
            raise CatalogError(f"{path}: no such catalog file (from $APPCENTER_CATALOG)")
        return location_of(path, "$APPCENTER_CATALOG")
    for path, reason in candidate_paths(env):
        if path.is_file():
            return location_of(path, reason)
    return None


def find_catalog(
    explicit: str | os.PathLike[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
) -> CatalogLocation:
    """:func:`find_installed`, or a :class:`CatalogError` listing where it looked. Front ends
    use :func:`appcenter_qt.services.system_catalog.choose_catalog`, which goes on to the system
    pool and the demo (this layer knows nothing of either)."""
    env = os.environ if environ is None else environ
    found = find_installed(explicit, environ=env)
    if found is not None:
        return found
    raise CatalogError(
        "no catalog found (searched: " + ", ".join(str(p) for p, _ in candidate_paths(env)) + ")"
    )
