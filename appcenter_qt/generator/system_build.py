"""``appcenter-generate --system``: one catalog from everything the machine already has.

1. **The pool's catalogs** (:mod:`~appcenter_qt.extract.pool.system_pool`): every DEP-11 and
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
4. **The sources' own catalogs** (``source_catalogs=True``): the AppStream data every source
   keeps (each Flatpak remote's, :func:`appcenter_qt.backends.catalogs`), each under the
   source's name as its origin (``flatpak:flathub``; the XML itself says ``flatpak`` for
   every remote), with its cached icons copied into the icon archive. An application both
   the distribution and a remote describe stays one application with the packages of both.

Catalog records win over installed ones (the merge ranks by provenance, see
:mod:`~appcenter_qt.generator.merge`), and among catalogs the higher ``Priority``, then the
first found. The result carries the pool's fingerprint (``meta.pool_fingerprint``; with the
sources' catalogs, their paths and states too), by which a front end tells whether the
catalog still describes the pool and the remotes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from appcenter_qt import backends
from appcenter_qt.domain import Application, IconKind, Package
from appcenter_qt.domain.backend import SourceCatalog
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.appstream.catalog_import import (
    CatalogImport,
    app_names,
    import_catalog,
    localize_icons,
)
from appcenter_qt.extract.appstream.desktop import desktop_id_for, parse_desktop
from appcenter_qt.extract.appstream.icon_archive import MAX_ICON_BYTES, member_path
from appcenter_qt.extract.deadline import DEFAULT_INPUT_TIMEOUT, InputTimeout, time_limit
from appcenter_qt.extract.pool.package_db import read_installed, rpm_owners
from appcenter_qt.extract.pool.system_pool import (
    SOURCE_STATE,
    CatalogFile,
    LocalIcons,
    Stamp,
    SystemPool,
    content_stamps,
    discover,
    encode_source_state,
    resolve_in_root,
    source_stamp,
    watch_stamps,
)
from appcenter_qt.extract.readers import InputKind, dpkgdb
from appcenter_qt.extract.readers.units import PackageInfo
from appcenter_qt.extract.result import Hint
from appcenter_qt.generator.composer import Composer, Composition, Job
from appcenter_qt.generator.merge import merge_key
from appcenter_qt.generator.parse_cache import ParseCache
from appcenter_qt.support.file_names import is_clean
from appcenter_qt.support.safe_open import read_regular

log = logging.getLogger(__name__)

#: progress(stage, fraction 0..1 of the whole build, what is being read)
BuildProgress = Callable[[str, float, str], None]
#: Shares of the whole build, for one progress bar over all stages.
CATALOG_SHARE = 0.75
INSTALLED_SHARE = 0.10
#: Desktop files are small; a larger one is left to the composer, which reports it.
MAX_DESKTOP_BYTES = 2 * 1024 * 1024


@dataclass
class SystemInputs:
    """Everything read for a system catalog, ready to merge and write."""

    pool: SystemPool
    catalogs: list[tuple[CatalogFile, CatalogImport]] = field(default_factory=list)
    composition: Composition | None = None
    installed: list[Package] = field(default_factory=list)
    hints: list[Hint] = field(default_factory=list)

    #: origin → source of the sources' own catalogs (``meta.sources``).
    sources: dict[str, str] = field(default_factory=dict)
    #: the sources' catalogs as they were when read, for the fingerprint.
    source_stamps: list[Stamp] = field(default_factory=list)
    #: what the list of those catalogs depends on, as it was (``None``: a source cannot say).
    source_watch: list[Stamp] | None = None
    #: the cache directory, when it could be used (a link or a file there was refused, once)
    cache_dir: Path | None = None
    #: what the applications are built from, without the package database, stamped before
    #: anything is read (``meta.content_key``, :mod:`.installed_refresh`).
    content_stamps: list[Stamp] = field(default_factory=list)

    def fingerprint(self) -> str:
        """The pool's and the sources' catalogs' state: ``meta.pool_fingerprint``, which
        :mod:`appcenter_qt.services.system_catalog` compares to tell whether the catalog is
        fresh."""
        return self.pool.fingerprint(self.source_stamps)

    def source_state(self) -> dict[str, str]:
        """``meta.source_state`` when the sources said what their catalogs depend on: lets
        a reader trust the catalogs' stamps without asking the sources again."""
        if self.source_watch is None:
            return {}
        return {SOURCE_STATE: encode_source_state(self.source_stamps, self.source_watch)}

    @property
    def origins(self) -> list[str]:
        return sorted({result.origin for _file, result in self.catalogs if result.origin})


def _known_ids(results: list[CatalogImport]) -> frozenset[str]:
    """Every id and desktop file id the catalogs describe, in each spelling the installed
    files may use (with and without ``.desktop``)."""
    known: set[str] = set()
    for result in results:
        noted = result.known_names
        if noted is None or len(noted) != len(result.apps):  # not parsed by the workers
            noted = [app_names(app) for app in result.apps]
        for names in noted:
            for name in names:
                base = merge_key(name)
                known.update({base, f"{base}.desktop"})
    return frozenset(known)


def _owners_dpkg(root: Path) -> dict[str, PackageInfo]:
    try:
        info_dir = resolve_in_root(root, "var/lib/dpkg/info")
    except OSError:
        return {}
    # the installed snapshot has read the status file already: it is not streamed twice
    return dpkgdb.read_owners(info_dir, None)


def _has_candidates(directory: Path, known: frozenset[str]) -> bool:
    """Whether ``directory/applications`` has a visible application desktop file that no
    catalog describes. Only then is the data directory composed: that reads its icon themes,
    tens of thousands of files on a desktop, for what is usually nothing (everything
    installed from the distribution is in its catalog)."""
    top = directory / "applications"
    for root, dirs, files in os.walk(top):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".desktop"):
                continue
            if not is_clean(root) or not is_clean(name):
                return True  # the composer skips it, naming it in the report
            relative = (Path(root) / name).relative_to(top).as_posix()
            member = f"usr/share/applications/{relative}"  # as the composer names it
            if desktop_id_for(member) in known:
                continue
            try:
                data = read_regular(Path(root) / name, MAX_DESKTOP_BYTES, follow_symlinks=False)
            except OSError:
                return True  # let the composer say what is wrong with it
            entry, _hints = parse_desktop(data, member, "")
            if entry is not None and entry.visible:
                return True
    return False


def _attribute(
    apps: list[Application], pool: SystemPool, installed: Mapping[str, Package]
) -> list[Application]:
    """Give each installed-only application the package that installed its desktop file,
    or no package when none did (a hand-installed program in ``/usr/local``)."""
    if not apps:
        return []
    paths = {app.id: f"usr/share/applications/{app.desktop_id}" for app in apps if app.desktop_id}
    if pool.package_db == "dpkg":
        owners = _owners_dpkg(pool.root)
    elif pool.package_db == "rpm":
        owners = rpm_owners(pool.root, pool.package_db_path, sorted(paths.values()))
    else:
        owners = {}
    attributed = []
    for app in apps:
        owner = owners.get(paths.get(app.id, ""))
        packages: tuple[Package, ...] = ()
        if owner is not None and owner.name:
            known = installed.get(owner.name)
            if known is not None and not owner.version:
                packages = (Package(owner.name, known.version, known.arch, "", known.source),)
            else:
                packages = (Package(owner.name, owner.version, owner.arch, "", owner.source),)
        attributed.append(dataclasses.replace(app, packages=packages))
    return attributed


_PNG = b"\x89PNG\r\n\x1a\n"


def _icon_finder(directory: str) -> Callable[[str, str], str | None]:
    """A ``local_icons`` lookup in a source's icon directory (``SIZE/NAME.png``)."""

    def find(_origin: str, member: str) -> str | None:
        size_dir, _, name = member.partition("/")
        if not name or "/" in name or name.startswith(".") or not directory:
            return None
        path = Path(directory) / size_dir / name
        return str(path) if path.is_file() and not path.is_symlink() else None

    return find


def _embed_icons(apps: Iterable[Application], result: CatalogImport) -> list[Application]:
    """A source's icons, found as files, copied into the icon archive: only the pool's icon
    caches may be pointed at (``icon_archive.LOCAL_ICON_DIRS``), and a remote's directory
    changes with every AppStream refresh."""
    embedded = []
    for app in apps:
        icons = []
        for icon in app.icons:
            if icon.kind is IconKind.LOCAL:
                try:
                    data = read_regular(Path(icon.path), MAX_ICON_BYTES, follow_symlinks=False)
                except OSError as error:
                    result.hint(f"{icon.path}", "icon-invalid", str(error.strerror or error))
                    continue
                if not data.startswith(_PNG):
                    result.hint(f"{icon.path}", "icon-invalid", "not a PNG file")
                    continue
                member = member_path(icon.size, icon.name, icon.scale)
                result.icons[member] = data
                icon = dataclasses.replace(icon, kind=IconKind.CACHED, path=member)
            icons.append(icon)
        embedded.append(dataclasses.replace(app, icons=tuple(icons)))
    return embedded


def read_source_catalog(catalog: SourceCatalog) -> tuple[CatalogFile, CatalogImport]:
    """One source's catalog, its origin the source's name; raises ``ExtractError``/``OSError``."""
    path = Path(catalog.path)
    info = os.stat(path)
    file = CatalogFile(
        path, str(path), catalog.format, path.parent, info.st_size, info.st_mtime_ns, info.st_ino
    )
    result = import_catalog(
        path,
        format=catalog.format,
        origin=catalog.source,
        local_icons=_icon_finder(catalog.icons),
        bundles=backends.bundle_formats(),
    )
    # a remote's catalog is small: its embedded list replaces the spool or list it came in
    result.apps = _embed_icons(result.apps, result)
    return file, result


def read_system(
    root: str | Path = "/",
    *,
    environ: Mapping[str, str] | None = None,
    jobs: int = 1,
    sizes: tuple[int, ...] = (64, 128),
    progress: BuildProgress | None = None,
    cache_dir: Path | None = None,
    source_catalogs: bool = False,
    input_timeout: float | None = DEFAULT_INPUT_TIMEOUT,
) -> SystemInputs:
    """Read the pool, the installed applications and the package database below ``root``
    (catalog files through a :class:`ParseCache` in ``cache_dir``, if given), and with
    ``source_catalogs`` the catalogs the sources keep (Flatpak remotes'). Each pool catalog
    file and each data directory is read within ``input_timeout`` seconds (None: none)."""
    report = progress or (lambda _stage, _fraction, _what: None)
    pool = discover(root, environ=environ, sourced_data_dirs=backends.exported_data_dirs())
    inputs = SystemInputs(pool, hints=list(pool.hints), content_stamps=content_stamps(pool))
    icons = LocalIcons(pool)
    cache = ParseCache.open(cache_dir) if cache_dir is not None else None
    inputs.cache_dir = cache_dir if cache is not None else None
    with cache if cache is not None else contextlib.nullcontext():
        total = sum(file.size for file in pool.catalogs) or 1
        done = 0
        for file in pool.catalogs:

            def step(read: int, _size: int, file: CatalogFile = file, before: int = done) -> None:
                report("catalogs", CATALOG_SHARE * (before + read) / total, file.logical)

            report("catalogs", CATALOG_SHARE * done / total, file.logical)
            # the cache holds the parse with its cached icons unresolved: it does not depend on
            # the icon directories, which appstreamcli refresh re-extracts (new mtimes)
            result = cache.load(file) if cache is not None else None
            if result is None:
                try:
                    with time_limit(input_timeout, file.logical):
                        result = import_catalog(
                            file.path,
                            format=file.format,
                            workers=jobs,
                            keep_cached_icons=True,
                            progress=step,
                            bundles=backends.bundle_formats(),
                        )
                except ExtractError as error:
                    inputs.hints.append(Hint(file.logical, "catalog-unreadable", str(error)))
                    done += file.size
                    continue
                except InputTimeout as error:
                    inputs.hints.append(Hint(file.logical, "input-timeout", str(error)))
                    done += file.size
                    continue
                if cache is not None:
                    cache.store(file, result)
            icon_hints = len(icons.hints)
            localize_icons(result, icons.find)
            result.hints.extend(icons.hints[icon_hints:])  # its icons' problems are its own
            inputs.catalogs.append((file, result))
            done += file.size
        if cache is not None:
            cache.prune()
    if source_catalogs:
        watch = backends.catalog_watch()  # stamped before the list is asked for, as below
        inputs.source_watch = None if watch is None else watch_stamps(watch)
        for catalog in backends.catalogs():
            report("catalogs", CATALOG_SHARE, catalog.path)
            # stamped before it is read: a pull while reading makes the next check rebuild
            inputs.source_stamps.append(source_stamp(catalog))
            try:
                inputs.catalogs.append(read_source_catalog(catalog))
            except (ExtractError, OSError) as error:
                inputs.hints.append(Hint(catalog.path, "catalog-unreadable", str(error)))
                continue
            inputs.sources[catalog.source] = catalog.source
    report("installed", CATALOG_SHARE, "installed applications")
    if pool.package_db:
        try:
            inputs.installed = read_installed(pool.root, pool.package_db, pool.package_db_path)
        except ExtractError as error:
            inputs.hints.append(Hint(pool.package_db, "package-db-unreadable", str(error)))
    known = _known_ids([result for _file, result in inputs.catalogs])
    units = [
        Job(index, InputKind.DATA_DIR, str(directory), skip=known)
        for index, directory in enumerate(pool.data_dirs)
        if _has_candidates(directory, known)
    ]
    composer = Composer(
        sizes=sizes, workers=min(jobs, max(1, len(units))), input_timeout=input_timeout
    )
    composition = composer.compose(units)
    by_name = {package.name: package for package in inputs.installed}
    composition.apps = _attribute(composition.apps, pool, by_name)
    inputs.composition = composition
    report("installed", CATALOG_SHARE + INSTALLED_SHARE, "installed applications")
    return inputs
