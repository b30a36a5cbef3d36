"""Which catalog the application center, ``appcenter-query`` and ``appcenter-update`` use.

1. An installed catalog, in :func:`~appcenter_qt.catalog.locate.find_installed`'s order
   (``--catalog``, ``$APPCENTER_CATALOG``, the distribution's, the XDG data dirs).
2. Otherwise the **system-pool catalog**: the machine's own AppStream pool, built by
   ``appcenter-generate --system``. The one the refresh hooks keep in
   ``/var/cache/appcenter-qt`` is used when it still describes the pool (its
   ``pool_fingerprint`` matches: the pool's files and, for this machine, the sources' own
   catalogs, each Flatpak remote's AppStream); else the user's own in
   ``$XDG_CACHE_HOME/appcenter-qt/system``; else that one is built now, in a child process
   whose JSON progress lines drive the caller's progress bar (a crash or a hostile pool file
   cannot take the caller down).
3. The embedded demo, only on a machine with no AppStream pool and no source catalog at all.

Failing to build never leaves the caller without a catalog: it keeps the previous system-pool
catalog (stale, but real), or the demo, and says why in :attr:`CatalogLocation.warning`,
which the window shows as a banner.

``$APPCENTER_SYSTEM_ROOT`` reads the pool below another root (tests, image builders).
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from appcenter_qt.catalog.connect import read_meta
from appcenter_qt.catalog.locate import (
    CATALOG_FILE,
    SYSTEM_POOL_CACHE,
    CatalogLocation,
    find_installed,
    location_of,
    user_pool_cache,
)
from appcenter_qt.domain.errors import AppCenterError, CatalogError

if TYPE_CHECKING:
    from appcenter_qt.extract.pool.system_pool import Stamp, SystemPool

log = logging.getLogger(__name__)

#: progress(fraction 0..1, what is being read)
ChooseProgress = Callable[[float, str], None]
ROOT_VARIABLE = "APPCENTER_SYSTEM_ROOT"
SOURCE_CATALOGS_VARIABLE = "APPCENTER_SOURCE_CATALOGS"
#: A system build that takes longer than this is stopped (the previous catalog is kept).
BUILD_TIMEOUT_SECONDS = 600
#: How every system-pool choice's ``reason`` starts (:func:`is_automatic`).
POOL_REASON = "system pool"


def _fresh(catalog: Path, fingerprint: str) -> bool:
    if not catalog.is_file():
        return False
    try:
        return read_meta(catalog).get("pool_fingerprint") == fingerprint
    except AppCenterError as error:
        log.warning("%s", error)
        return False


def _kept_fresh(catalog: Path, pool: SystemPool) -> bool:
    """Whether ``catalog`` is fresh by the sources' catalogs it recorded, without asking the
    sources: true only when those catalogs and everything their list depends on are as
    the build saw them, and the pool too."""
    if not catalog.is_file():
        return False
    try:
        meta = read_meta(catalog)
    except AppCenterError:
        return False
    from appcenter_qt.extract.pool.system_pool import SOURCE_STATE, kept_source_stamps

    kept = kept_source_stamps(meta.get(SOURCE_STATE, ""))
    return kept is not None and meta.get("pool_fingerprint") == pool.fingerprint(kept)


def _usable(catalog: Path) -> bool:
    try:
        read_meta(catalog)
    except AppCenterError:
        return False
    return True


def _pool_location(catalog: Path, reason: str, warning: str = "") -> CatalogLocation:
    # Resolve once, so the catalog and its icon archive come from one published set.
    return location_of(Path(os.path.realpath(catalog)), reason, warning=warning)


def build_system_catalog(
    output: Path,
    root: str,
    progress: ChooseProgress | None = None,
    *,
    timeout: float = BUILD_TIMEOUT_SECONDS,
    environ: Mapping[str, str] | None = None,
    source_catalogs: bool | None = None,
) -> Path:
    """Run the generator's ``--system`` mode into ``output`` in a child process
    (``python -m appcenter_qt.generator``; ``source_catalogs``: with or without the sources'
    own catalogs; ``None``: the generator's default); raises :class:`CatalogError` with the
    generator's own one-line reason when it fails."""
    import subprocess  # only to build: opening a catalog that is there needs none

    from appcenter_qt.generator.options import GenerateOptions

    options = GenerateOptions(
        system=True,
        quiet=True,
        progress="json",
        root=root,
        output=str(output),
        source_catalogs=source_catalogs,
    )
    command = [sys.executable, "-m", "appcenter_qt.generator", options.to_json()]
    errors: list[str] = []
    with subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=dict(environ) if environ is not None else None,
    ) as child:
        assert child.stderr is not None
        for raw in child.stderr:
            line = raw.decode("utf-8", "replace").strip()
            try:
                step = json.loads(line) if line.startswith("{") else None
            except ValueError:
                step = None
            if isinstance(step, dict) and "fraction" in step:
                if progress is not None:
                    progress(float(step["fraction"]), str(step.get("what", "")))
            elif line:
                errors.append(line)
        try:
            status = child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            raise CatalogError(f"building the system catalog took over {timeout:.0f} s") from None
    catalog = output / CATALOG_FILE
    if status != 0 or not catalog.is_file():
        reason = errors[-1].removeprefix("appcenter-generate: ") if errors else f"exit {status}"
        raise CatalogError(f"the system catalog could not be built: {reason}")
    return catalog


def _wait_for_other_build(output: Path) -> None:
    """Block until a build another process runs into ``output`` has finished."""
    try:
        fd = os.open(output / ".lock", os.O_RDONLY)
    except OSError:
        return
    try:
        fcntl.lockf(fd, fcntl.LOCK_SH)  # the writer holds a POSIX record lock
    finally:
        os.close(fd)


def reads_source_catalogs(
    root: str | os.PathLike[str], environ: Mapping[str, str] | None = None
) -> bool:
    """Whether a system build of ``root`` reads the sources' own catalogs: by default only
    for this machine itself (another root is another system, whose remotes libflatpak does
    not know); ``$APPCENTER_SOURCE_CATALOGS`` ``1``/``0`` says so for any root (tests, an
    image builder that configured its remotes). The build is told this decision, so the
    fingerprint it writes and the one compared here cover the same files."""
    chosen = (os.environ if environ is None else environ).get(SOURCE_CATALOGS_VARIABLE, "")
    if chosen in ("0", "1"):
        return chosen == "1"
    return Path(root).resolve() == Path("/")


def source_catalog_stamps(
    root: str | os.PathLike[str], environ: Mapping[str, str] | None = None
) -> list[Stamp]:
    """The state of the sources' own catalogs (each Flatpak remote's AppStream file) a
    build of ``root`` reads: part of the fingerprint, so a remote added, removed or
    refreshed makes the catalog stale and its applications appear."""
    if not reads_source_catalogs(root, environ):
        return []
    from appcenter_qt import backends
    from appcenter_qt.extract.pool.system_pool import source_stamps

    return source_stamps(backends.catalogs())


def _candidates(
    pool: SystemPool, environ: Mapping[str, str] | None = None
) -> list[tuple[Path, str]]:
    """The system-pool catalogs to try, in order, each with its reason."""
    candidates = [
        (SYSTEM_POOL_CACHE / CATALOG_FILE, "system pool (kept by the refresh hooks)"),
        (user_pool_cache(environ) / CATALOG_FILE, "system pool (built for this user)"),
    ]
    if str(pool.root) != "/":  # another root's catalog is never the machine's shared one
        candidates = candidates[1:]
    return candidates


def choose_pool_catalog(
    pool: SystemPool,
    *,
    environ: Mapping[str, str] | None = None,
    progress: ChooseProgress | None = None,
    build: bool = True,
    sources: Sequence[Stamp] | None = None,
) -> CatalogLocation:
    """The system-pool catalog for ``pool``: a fresh existing one, or a new user build.
    ``sources`` are the sources' catalog stamps (default: :func:`source_catalog_stamps`)."""
    if sources is None:
        sources = source_catalog_stamps(pool.root, environ)
    fingerprint = pool.fingerprint(sources)
    user_dir = user_pool_cache(environ)
    candidates = _candidates(pool, environ)
    for catalog, reason in candidates:
        if _fresh(catalog, fingerprint):
            return _pool_location(catalog, reason)
    if build:
        try:
            try:
                built = build_system_catalog(
                    user_dir,
                    str(pool.root),
                    progress,
                    environ=environ,
                    source_catalogs=reads_source_catalogs(pool.root, environ),
                )
            except CatalogError as error:
                if "another run is writing" not in str(error):
                    raise
                _wait_for_other_build(user_dir)
                built = user_dir / CATALOG_FILE
                if not _fresh(built, fingerprint):
                    raise
            return _pool_location(built, "system pool (built for this user)")
        except CatalogError as error:
            failure = str(error)
    else:
        failure = "the system catalog is out of date"
    for catalog, reason in candidates:
        if _usable(catalog):
            return _pool_location(catalog, f"{reason}, out of date", warning=failure)
    return demo_location(warning=failure)


def is_automatic(location: CatalogLocation) -> bool:
    """Whether ``location`` was chosen from the machine's pool (or is the demo for want of
    one) rather than found installed: only such a choice can change while the window is
    open (a remote added or refreshed), so only then does the window choose again."""
    return location.is_demo or location.reason.startswith(POOL_REASON)


def demo_location(warning: str = "") -> CatalogLocation:
    from appcenter_qt.demo import ensure_demo_catalog

    return location_of(ensure_demo_catalog(), "embedded demo", is_demo=True, warning=warning)


def choose_catalog(
    explicit: str | os.PathLike[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    progress: ChooseProgress | None = None,
    build: bool = True,
) -> CatalogLocation:
    """The catalog to show, in the order this module's docstring gives."""
    env = os.environ if environ is None else environ
    installed = find_installed(explicit, environ=env)
    if installed is not None:
        return installed
    # An installed or explicit catalog needs none of the pool's discovery: a window on one
    # opens it without importing it (issue 31).
    from appcenter_qt import backends  # the registry's data only: no source is loaded
    from appcenter_qt.extract.pool.system_pool import discover

    # as the build discovers it (generator/system_build.py), or the fingerprints differ
    sourced = backends.exported_data_dirs()
    pool = discover(env.get(ROOT_VARIABLE) or "/", environ=env, sourced_data_dirs=sourced)
    if reads_source_catalogs(pool.root, env):
        # the common case, each start and each query: nothing changed since the build
        for catalog, reason in _candidates(pool, env):
            if _kept_fresh(catalog, pool):
                return _pool_location(catalog, reason)
    sources = source_catalog_stamps(pool.root, env)
    if not pool.has_catalogs and not sources:
        return demo_location()
    return choose_pool_catalog(pool, environ=env, progress=progress, build=build, sources=sources)
