"""Which packages make up the running desktop, for the optional Core desktop / Base platform
split of System infrastructure.

A distribution names its desktop's metapackages (Debian ``task-kde-desktop``, openSUSE
``patterns-kde-kde_plasma``, Fedora ``plasma-desktop``) in a small file, one name per line,
``#`` comments allowed::

    $XDG_CONFIG_HOME/appcenter-qt/core-desktop      (the user's, wins)
    $XDG_CONFIG_DIRS/appcenter-qt/core-desktop      (default /etc/xdg: the distribution's)

Without such a file (or ``--core-desktop``) the split is off. With it, the desktop is those
metapackages plus everything they depend on, as installed: PackageKit's recursive
``DependsOn`` over the installed packages, so it is right for whatever backend the system
has. The answer is best effort: a daemon that cannot tell leaves the split off, it never
fails the check for updates.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from pathlib import Path

from appcenter_qt.domain.backend import PackageBackend, PackageState
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef, validate_package_name
from appcenter_qt.services.jobs import collect
from appcenter_qt.support.config_files import config_paths

log = logging.getLogger(__name__)

CONFIG_NAME = "core-desktop"
#: How long resolving the desktop's dependencies may take before the split is left off.
DESKTOP_TIMEOUT_S = 30.0


def config_files(environ: Mapping[str, str] | None = None) -> list[Path]:
    """The ``core-desktop`` files in lookup order (user first), whether or not they exist."""
    return config_paths(CONFIG_NAME, environ)


def parse_names(text: str, origin: str = "core-desktop") -> tuple[str, ...]:
    """Package names from a ``core-desktop`` file (one a line) or a ``--core-desktop`` value
    (comma-separated); invalid names are skipped with a warning naming line and origin."""
    names: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        for name in line.split("#", 1)[0].split(","):
            name = name.strip()
            if not name:
                continue
            try:
                names.append(validate_package_name(name))
            except ValueError:
                log.warning("%s:%d: not a package name: %r", origin, number, name[:100])
    return tuple(dict.fromkeys(names))


def configured_metapackages(environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The metapackages named by the first ``core-desktop`` file found (none: split off)."""
    for path in config_files(environ):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            continue
        except OSError as error:
            log.warning("%s: cannot read: %s", path, error.strerror or error)
            continue
        return parse_names(text, str(path))
    return ()


def _name(backend: PackageBackend, package_id: str) -> str | None:
    try:
        return backend.parse_ref(package_id).name
    except InvalidPackageRef:
        return None


async def _installed_ids(backend: PackageBackend, names: Sequence[str]) -> list[str]:
    job = await collect(backend.resolve(list(names), installed_only=True))
    return list(job.raise_for_error().package_ids(PackageState.INSTALLED))


async def _desktop(backend: PackageBackend, metapackages: Sequence[str]) -> frozenset[str] | None:
    ids = await _installed_ids(backend, metapackages)
    if not ids:
        # A different desktop than the file expects: one System infrastructure group, rather
        # than a "Core desktop" that is empty and a "Base platform" that is everything.
        log.warning("none of the core desktop packages is installed: %s", ", ".join(metapackages))
        return None
    names = {name for name in (_name(backend, i) for i in ids) if name}
    job = await collect(backend.depends_on(ids, recursive=True, installed_only=True))
    for package_id in job.raise_for_error().package_ids():
        name = _name(backend, package_id)
        if name:
            names.add(name)
    return frozenset(names)


async def desktop_packages(
    backend: PackageBackend, metapackages: Sequence[str], *, timeout: float = DESKTOP_TIMEOUT_S
) -> frozenset[str] | None:
    """Names of the installed packages that make up the desktop, or ``None`` (split off) when
    no metapackage is given, none of them is installed, or the daemon cannot tell in time."""
    if not metapackages:
        return None
    try:
        import asyncio  # loaded once a coroutine runs; not at the top: the window's start

        return await asyncio.wait_for(_desktop(backend, metapackages), timeout)
    except (BackendError, TimeoutError) as error:
        reason = str(error) or "no answer in time"
        log.warning("cannot tell the core desktop's packages, not splitting: %s", reason)
        return None
