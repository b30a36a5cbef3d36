"""``appcenter-generate --system``: one catalog from everything the machine already has.

1. **The pool's catalogs** (:mod:`~appcenter_qt.extract.system_pool`): every DEP-11 and
   catalog-XML file in the swcatalog/app-info directories, each with its own origin. Their
   cached icons stay where they are (``LOCAL`` icons point at them), nothing is copied.
2. **Installed applications no catalog lists** (a .deb from a vendor, a program in
   ``/usr/local``): the desktop and metainfo files of the XDG data directories, read by the
   composer like an unpacked package, skipping every application a catalog already
   describes, with icons rendered from the installed themes into ``icons.tar``. Each is
   attributed to the package that installed its desktop file (dpkg's file lists or
   ``rpm -qf``); one that no package owns has no package.
3. **The installed state**: the package database's installed packages, so the catalog knows
   what is installed without asking PackageKit.

Catalog records win over installed ones (the merge ranks by provenance, see
:mod:`~appcenter_qt.extract.merge`), and among catalogs the higher ``Priority``, then the
first found. The result carries the pool's fingerprint (``meta.pool_fingerprint``), by which
a front end tells whether the catalog still describes the pool.
"""

from __future__ import annotations

import dataclasses
import logging
import shutil
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from appcenter_qt.domain import Application, Package
from appcenter_qt.errors import ExtractError
from appcenter_qt.extract import dpkgdb
from appcenter_qt.extract.catalog_import import CatalogImport, import_catalog
from appcenter_qt.extract.composer import Composer, Composition, Job, UnitOutcome
from appcenter_qt.extract.merge import merge_key
from appcenter_qt.extract.package_db import read_installed
from appcenter_qt.extract.result import Hint, Severity
from appcenter_qt.extract.system_pool import (
    CatalogFile,
    LocalIcons,
    SystemPool,
    discover,
    resolve_in_root,
)
from appcenter_qt.extract.units import PackageInfo, UnitKind

log = logging.getLogger(__name__)

#: progress(stage, fraction 0..1 of the whole build, what is being read)
BuildProgress = Callable[[str, float, str], None]
#: Shares of the whole build, for one progress bar over all stages.
CATALOG_SHARE = 0.75
INSTALLED_SHARE = 0.10
RPM_QUERY_TIMEOUT = 60


@dataclass
class SystemInputs:
    """Everything read for a system catalog, ready to merge and write."""

    pool: SystemPool
    catalogs: list[tuple[CatalogFile, CatalogImport]] = field(default_factory=list)
    composition: Composition | None = None
    installed: list[Package] = field(default_factory=list)
    hints: list[Hint] = field(default_factory=list)

    @property
    def origins(self) -> list[str]:
        return sorted({result.origin for _file, result in self.catalogs if result.origin})


def _known_ids(results: list[CatalogImport]) -> frozenset[str]:
    """Every id and desktop file id the catalogs describe, in each spelling the installed
    files may use (with and without ``.desktop``)."""
    known: set[str] = set()
    for result in results:
        for app in result.apps:
            for name in (app.id, app.desktop_id, *app.aliases):
                if name:
                    base = merge_key(name)
                    known.update({base, f"{base}.desktop"})
    return frozenset(known)


def _owners_dpkg(root: Path) -> dict[str, PackageInfo]:
    try:
        info_dir = resolve_in_root(root, "var/lib/dpkg/info")
        status = resolve_in_root(root, "var/lib/dpkg/status")
    except OSError:
        return {}
    return dpkgdb.read_owners(info_dir, status)


def _owners_rpm(root: Path, dbpath: str, paths: list[str]) -> dict[str, PackageInfo]:
    """``rpm -qf`` for just these files (the rpm database indexes file names)."""
    rpm = shutil.which("rpm")
    if rpm is None or not paths:
        return {}
    owners: dict[str, PackageInfo] = {}
    for path in paths:
        try:
            done = subprocess.run(
                [
                    rpm,
                    "--root",
                    str(root),
                    "--dbpath",
                    dbpath,
                    "-qf",
                    "--qf",
                    "%{NAME}\\t%{VERSION}-%{RELEASE}\\t%{ARCH}\\t%{SOURCERPM}\\n",
                    "/" + path,
                ],
                capture_output=True,
                timeout=RPM_QUERY_TIMEOUT,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        line = done.stdout.decode("utf-8", "replace").splitlines()[:1]
        parts = line[0].split("\t") if done.returncode == 0 and line else []
        if len(parts) == 4:
            source = parts[3].rsplit("-", 2)[0] if parts[3] != "(none)" else parts[0]
            owners[path] = PackageInfo(parts[0], parts[1], parts[2], source)
    return owners


def _attribute(
    apps: list[Application], pool: SystemPool, installed: Mapping[str, Package]
) -> list[Application]:
    """Give each installed-only application the package that installed its desktop file,
    or no package when none did (a hand-installed program in ``/usr/local``)."""
    paths = {app.id: f"usr/share/applications/{app.desktop_id}" for app in apps if app.desktop_id}
    if pool.package_db == "dpkg":
        owners = _owners_dpkg(pool.root)
    elif pool.package_db == "rpm":
        owners = _owners_rpm(pool.root, pool.package_db_path, sorted(paths.values()))
    else:
        owners = {}
    attributed = []
    for app in apps:
        owner = owners.get(paths.get(app.id, ""))
        packages: tuple[Package, ...] = ()
        if owner is not None and owner.name:
            version = owner.version or getattr(installed.get(owner.name), "version", "")
            packages = (Package(owner.name, version, owner.arch, "", owner.source),)
        attributed.append(dataclasses.replace(app, packages=packages))
    return attributed


def read_system(
    root: str | Path = "/",
    *,
    environ: Mapping[str, str] | None = None,
    jobs: int = 1,
    sizes: tuple[int, ...] = (64, 128),
    progress: BuildProgress | None = None,
) -> SystemInputs:
    """Read the pool, the installed applications and the package database below ``root``."""
    report = progress or (lambda _stage, _fraction, _what: None)
    pool = discover(root, environ=environ)
    inputs = SystemInputs(pool, hints=list(pool.hints))
    icons = LocalIcons(pool)
    total = sum(file.size for file in pool.catalogs) or 1
    done = 0
    for file in pool.catalogs:

        def step(read: int, _size: int, file: CatalogFile = file, before: int = done) -> None:
            report("catalogs", CATALOG_SHARE * (before + read) / total, file.logical)

        report("catalogs", CATALOG_SHARE * done / total, file.logical)
        icon_hints = len(icons.hints)
        try:
            result = import_catalog(
                file.path, format=file.format, workers=jobs, local_icons=icons.find, progress=step
            )
        except ExtractError as error:
            inputs.hints.append(
                Hint(file.logical, "catalog-unreadable", str(error), Severity.ERROR)
            )
        else:
            result.hints.extend(icons.hints[icon_hints:])  # its icons' problems are its own
            inputs.catalogs.append((file, result))
        done += file.size
    report("installed", CATALOG_SHARE, "installed applications")
    if pool.package_db:
        try:
            inputs.installed = read_installed(pool.root, pool.package_db, pool.package_db_path)
        except ExtractError as error:
            inputs.hints.append(
                Hint(pool.package_db, "package-db-unreadable", str(error), Severity.ERROR)
            )
    known = _known_ids([result for _file, result in inputs.catalogs])
    units = [
        Job(index, UnitKind.DATA_DIR, str(directory), skip=known)
        for index, directory in enumerate(pool.data_dirs)
    ]
    composition = Composer(sizes=sizes, workers=min(jobs, max(1, len(units)))).compose(units)
    by_name = {package.name: package for package in inputs.installed}
    composition.apps = _attribute(composition.apps, pool, by_name)
    inputs.composition = composition
    report("installed", CATALOG_SHARE + INSTALLED_SHARE, "installed applications")
    return inputs


def catalog_outcome(file: CatalogFile, result: CatalogImport, known: set[str]) -> UnitOutcome:
    """One report entry for a pool catalog: its new applications and all of its hints."""
    failed = any(h.severity is Severity.ERROR for h in result.hints) and not result.apps
    new = [app.id for app in result.apps if app.id not in known]
    return UnitOutcome(
        f"{result.format}:{file.path.name}",
        file.logical,
        None,
        new,
        list(result.hints),
        failed,
        file.size,
        0.0,
    )
