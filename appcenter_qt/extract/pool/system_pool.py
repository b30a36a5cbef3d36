"""The machine's own AppStream pool: which catalog files, icon caches and installed
application files a system has, found where libappstream looks for them.

Distributions drop their AppStream catalogs in well-known directories (apt's DEP-11 hook
links ``Components-*.yml.gz`` into ``/var/lib/swcatalog/yaml`` and unpacks the icon tarballs
into ``/var/lib/swcatalog/icons/ORIGIN/64x64``; zypper and dnf write XML into
``/var/cache/swcatalog/xml``). :func:`discover` lists them, relative to any root, without
following a symlink out of that root, without opening anything that is not a regular file
(a FIFO in place of a YAML file would block a reader forever) and without giving up on a
whole directory because one entry is bad: every problem becomes a :class:`Hint` naming the
path and the cause.

This module only looks; reading the files is :mod:`.catalog_import`'s job and writing the
catalog the CLI's. :meth:`SystemPool.fingerprint` summarizes what was found (names, sizes,
modification times, inodes) so a reader can tell whether a catalog built earlier still
describes the current pool without reading any of it.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from appcenter_qt.domain.backend import SourceCatalog
from appcenter_qt.extract.appstream.pool_paths import APPSTREAM_XML, CATALOG_BASES, DEP11
from appcenter_qt.extract.hint import Hint
from appcenter_qt.support.file_names import is_clean, shown
from appcenter_qt.support.safe_open import open_regular

#: Format subdirectory → format, and the file names each may hold (compressed or not).
FORMAT_DIRS: Mapping[str, tuple[str, tuple[str, ...]]] = {
    "yaml": (DEP11, (".yml", ".yaml")),
    "xml": (APPSTREAM_XML, (".xml",)),
}
COMPRESSION_SUFFIXES = ("", ".gz", ".xz", ".zst")
#: Installed applications' own files, below each XDG data directory.
DATA_SUBDIRS = ("applications", "metainfo", "appdata")
DEFAULT_DATA_DIRS = ("usr/local/share", "usr/share")
#: Symlinks followed while resolving one path inside the root before calling it a loop.
MAX_SYMLINKS = 40
#: What a system catalog holds beyond its inputs, part of the pool's fingerprint: a catalog
#: built before the contents grew (2: the icons' key colours, issue 32) is stale once and
#: rebuilt, instead of lacking them until the pool changes.
CATALOG_CONTENTS = b"catalog-contents:2"
#: dpkg's and rpm's databases, whose change means the installed state changed.
PACKAGE_DATABASES = {
    "dpkg": ("var/lib/dpkg/status",),
    "rpm": ("usr/lib/sysimage/rpm", "var/lib/rpm"),
}


#: (logical path, size, mtime in ns, inode): one file's state in a fingerprint.
Stamp = tuple[str, int, int, int]


class PoolPathError(OSError):
    """A path inside the root cannot be used: a symlink loop, a link leaving the root…"""


@dataclass(frozen=True)
class CatalogFile:
    """One catalog metadata file of the pool.

    ``path`` is where to read it on this machine (symlinks resolved inside the root);
    ``logical`` is where the system itself sees it (``/var/lib/swcatalog/yaml/…``), used in
    reports; ``base`` the catalog directory it was found in, whose ``icons/`` may hold its
    cached icons.
    """

    path: Path
    logical: str
    format: str
    base: Path
    size: int
    mtime_ns: int
    inode: int


@dataclass
class SystemPool:
    """What :func:`discover` found below ``root``."""

    root: Path
    catalogs: list[CatalogFile] = field(default_factory=list)
    #: Catalog directories that exist (their ``icons/ORIGIN/SIZE/`` hold cached icons).
    icon_bases: list[Path] = field(default_factory=list)
    #: XDG data directories holding installed applications' desktop/metainfo files.
    data_dirs: list[Path] = field(default_factory=list)
    #: ``dpkg``, ``rpm`` or ``""``: which package database says what is installed.
    package_db: str = ""
    #: The database's location as the system sees it (``/var/lib/dpkg/status``,
    #: ``/usr/lib/sysimage/rpm``): rpm is told it, since its default differs per build.
    package_db_path: str = ""
    hints: list[Hint] = field(default_factory=list)
    #: (logical path, size, mtime, inode) of everything whose change makes a catalog stale.
    stamps: list[Stamp] = field(default_factory=list)

    @property
    def has_catalogs(self) -> bool:
        return bool(self.catalogs)

    def fingerprint(self, sources: Iterable[Stamp] = ()) -> str:
        """A short hash of the pool's state: equal fingerprints mean nothing a catalog is
        built from has changed (no file added, removed, replaced or rewritten). ``sources``
        are the stamps of the sources' own catalogs read with it (:func:`source_stamps`:
        Flatpak remotes'), so a remote added, removed or refreshed makes the catalog stale
        too; without any, the fingerprint is the pool's alone, as before."""
        digest = hashlib.sha256(CATALOG_CONTENTS)
        for stamp in sorted(self.stamps):
            digest.update(repr(stamp).encode("utf-8", "surrogateescape"))
        for stamp in sorted(sources):
            digest.update(b"source:" + repr(stamp).encode("utf-8", "surrogateescape"))
        return digest.hexdigest()[:32]

    def logical(self, path: Path) -> str:
        """``path`` as the system under ``root`` sees it (``/var/lib/…``)."""
        try:
            relative = path.relative_to(self.root)
        except ValueError:
            return str(path)
        return "/" + relative.as_posix() if relative.parts else "/"


def _is_package_db(logical: str) -> bool:
    return any(
        logical == f"/{relative}" or logical.startswith(f"/{relative}/")
        for candidates in PACKAGE_DATABASES.values()
        for relative in candidates
    )


def _lstamp(pool: SystemPool, path: Path) -> Stamp:
    """A stamp of ``path`` itself (a link is stamped, not followed); -1 when absent."""
    logical = pool.logical(path)
    try:
        info = os.lstat(path)
    except OSError:
        return (logical, -1, -1, -1)
    return (logical, info.st_size, info.st_mtime_ns, info.st_ino)


def _subdirs(directory: Path) -> list[Path]:
    try:
        return sorted(
            Path(entry.path)
            for entry in os.scandir(directory)
            if entry.is_dir(follow_symlinks=False)
        )
    except OSError:
        return []


def content_stamps(pool: SystemPool) -> list[Stamp]:
    """Stamps of everything a system catalog's applications depend on, without what is
    installed: equal lists mean a build would write the same applications, icons and search
    index, and only ``installed_packages`` could differ (the rebuild after a package install,
    :mod:`appcenter_qt.generator.installed_refresh`).

    That is :attr:`SystemPool.stamps` without the package database's, plus what the
    fingerprint leaves out because it never makes a catalog stale for a reader but does
    change what a build writes: every data directory's application folders (a session's
    extra ones too), the cached icon folders beside the catalogs (``icons/ORIGIN/SIZE``), and
    the icon themes and pixmaps installed applications' icons are rendered from (a theme's
    ``index.theme`` is rewritten whenever its package is)."""
    stamps = [stamp for stamp in pool.stamps if not _is_package_db(stamp[0])]
    for directory in pool.data_dirs:
        stamps.extend(_lstamp(pool, directory / sub) for sub in DATA_SUBDIRS)
        stamps.append(_lstamp(pool, directory / "pixmaps"))
        themes = directory / "icons"
        stamps.append(_lstamp(pool, themes))
        stamps.extend(_lstamp(pool, theme / "index.theme") for theme in _subdirs(themes))
    for base in pool.icon_bases:
        cached = base / "icons"
        stamps.append(_lstamp(pool, cached))
        for origin in _subdirs(cached):
            stamps.append(_lstamp(pool, origin))
            stamps.extend(_lstamp(pool, size) for size in _subdirs(origin))
    return stamps


def source_stamp(catalog: SourceCatalog) -> Stamp:
    """``(source=path, size, mtime, inode)`` of one source's catalog file, following
    symlinks (a Flatpak remote's ``active`` link moves to a new directory on every pull);
    a file that cannot be read is stamped as absent (-1), so it counts when it comes."""
    return _followed_stamp(f"{catalog.source}={catalog.path}", catalog.path)


def _followed_stamp(key: str, path: str | os.PathLike[str]) -> Stamp:
    """``(key, size, mtime, inode)`` of ``path``, links followed; -1 when it cannot be read."""
    try:
        info = os.stat(path)
    except OSError:
        return (key, -1, -1, -1)
    return (key, info.st_size, info.st_mtime_ns, info.st_ino)


def source_stamps(catalogs: Iterable[SourceCatalog]) -> list[Stamp]:
    """:func:`source_stamp` of each catalog, for :meth:`SystemPool.fingerprint`."""
    return [source_stamp(catalog) for catalog in catalogs]


def _restamp(key: str) -> Stamp:
    """The stamp of a kept ``kind=path`` key, taken again now."""
    return _followed_stamp(key, key.partition("=")[2])


def watch_stamps(paths: Iterable[str]) -> list[Stamp]:
    """``(watch=path, size, mtime, inode)`` of each path a source's catalog list depends
    on (:func:`~appcenter_qt.backends.catalog_watch`); absent ones as -1."""
    return [_restamp(f"watch={path}") for path in paths]


#: The catalog ``meta`` key of :func:`encode_source_state`.
SOURCE_STATE = "source_state"


def encode_source_state(catalogs: Sequence[Stamp], watch: Sequence[Stamp]) -> str:
    """The sources' catalogs and what their list depends on, as a build saw them
    (``meta.source_state``), for :func:`kept_source_stamps`."""
    return json.dumps({"catalogs": sorted(catalogs), "watch": sorted(watch)})


def kept_source_stamps(state: str) -> list[Stamp] | None:
    """The catalogs' stamps a build kept (``meta.source_state``), if every catalog and
    every watched path is still as it was: then the sources' catalogs are those, unchanged,
    and nobody needs asking (libflatpak costs tens of milliseconds to load). ``None`` when
    anything changed or the state is not one :func:`encode_source_state` wrote."""
    try:
        found = json.loads(state)
        kept = [_stamp(item) for item in found["catalogs"]]
        watched = [_stamp(item) for item in found["watch"]]
    except (ValueError, TypeError, KeyError, RecursionError):
        return None
    if not watched:  # nothing to go by: a source that cannot say what it depends on
        return None
    if any(_restamp(stamp[0]) != stamp for stamp in (*kept, *watched)):
        return None
    return kept


def _stamp(item: object) -> Stamp:
    if (
        not isinstance(item, list)
        or len(item) != 4
        or not isinstance(item[0], str)
        or not all(type(n) is int for n in item[1:])
    ):
        raise TypeError("not a stamp")
    return (item[0], item[1], item[2], item[3])


def resolve_in_root(root: Path, relative: str) -> Path:
    """``root/relative`` with every symlink resolved *inside* ``root``, as a chroot would:
    an absolute link target starts again at ``root``, ``..`` never climbs above it.

    Raises :class:`PoolPathError` for a symlink loop (more than :data:`MAX_SYMLINKS` links)
    and :class:`FileNotFoundError` when a component is missing.
    """
    pending = [part for part in PurePosixPath(relative).parts if part not in ("/", ".")]
    pending.reverse()
    current: list[str] = []
    followed = 0
    while pending:
        part = pending.pop()
        if part == "..":
            if current:
                current.pop()
            continue
        candidate = root.joinpath(*current, part)
        info = os.lstat(candidate)
        if not stat.S_ISLNK(info.st_mode):
            current.append(part)
            continue
        followed += 1
        if followed > MAX_SYMLINKS:
            raise PoolPathError(errno.ELOOP, "symlink loop", str(candidate))
        target = PurePosixPath(os.readlink(candidate))
        if target.is_absolute():
            current = []
        pending.extend(reversed([p for p in target.parts if p not in ("/", ".")]))
    return root.joinpath(*current)


def _matches(name: str, suffixes: tuple[str, ...]) -> bool:
    return any(name.endswith(s + c) for s in suffixes for c in COMPRESSION_SUFFIXES)


def _why(error: OSError) -> str:
    if isinstance(error, PoolPathError) or error.errno == errno.ELOOP:
        return "symlink loop"
    return error.strerror or str(error)


class _Finder:
    def __init__(self, root: Path, sourced: Sequence[str] = ()) -> None:
        self.pool = SystemPool(root)
        self.seen: set[tuple[int, int]] = set()
        self.sourced = tuple(d.strip("/") for d in sourced)

    def hint(self, where: str, tag: str, message: str) -> None:
        self.pool.hints.append(Hint(where, tag, message))

    def directory(self, relative: str) -> Path | None:
        """The resolved directory, or None (missing is normal; anything else is reported)."""
        try:
            path = resolve_in_root(self.pool.root, relative)
            info = os.stat(path)
        except FileNotFoundError:
            return None
        except OSError as error:
            self.hint("/" + relative, "pool-skipped", _why(error))
            return None
        if not stat.S_ISDIR(info.st_mode):
            self.hint("/" + relative, "pool-skipped", "not a directory")
            return None
        self.stamp("/" + relative, info)
        return path

    def stamp(self, logical: str, info: os.stat_result) -> None:
        self.pool.stamps.append((logical, info.st_size, info.st_mtime_ns, info.st_ino))

    def entries(self, directory: Path, logical: str) -> list[str]:
        try:
            return sorted(entry.name for entry in os.scandir(directory))
        except OSError as error:
            self.hint(logical, "pool-skipped", _why(error))
            return []

    def catalogs(self, base_rel: str, base: Path) -> None:
        for sub, (fmt, suffixes) in FORMAT_DIRS.items():
            directory = self.directory(f"{base_rel}/{sub}")
            if directory is None:
                continue
            for name in self.entries(directory, f"/{base_rel}/{sub}"):
                if name.startswith(".") or not _matches(name, suffixes):
                    continue
                if not is_clean(name):  # the good files beside it are read as usual
                    where = f"/{base_rel}/{sub}/{shown(name)}"
                    self.hint(where, "file-name-not-utf8", "file name is not valid UTF-8, skipped")
                    continue
                self.catalog_file(f"{base_rel}/{sub}/{name}", fmt, base)

    def catalog_file(self, relative: str, fmt: str, base: Path) -> None:
        logical = "/" + relative
        try:
            path = resolve_in_root(self.pool.root, relative)
            info = os.stat(path)
        except FileNotFoundError:
            self.hint(logical, "pool-skipped", "dangling symlink")
            return
        except OSError as error:
            self.hint(logical, "pool-unreadable", _why(error))
            return
        if not stat.S_ISREG(info.st_mode):
            self.hint(logical, "pool-unreadable", "not a regular file")
            return
        if (info.st_dev, info.st_ino) in self.seen:  # app-info and swcatalog link one file
            return
        self.seen.add((info.st_dev, info.st_ino))
        self.stamp(logical, info)
        self.pool.catalogs.append(
            CatalogFile(path, logical, fmt, base, info.st_size, info.st_mtime_ns, info.st_ino)
        )

    def data_dir(self, relative: str) -> None:
        if any(relative.rstrip("/").endswith(sourced) for sourced in self.sourced):
            return
        # Only the spec's default data dirs count for the fingerprint: a session's extra
        # $XDG_DATA_DIRS must not make the hooks' catalog (built without them) look stale.
        stamped = len(self.pool.stamps)
        directory = self.directory(relative)
        if relative not in DEFAULT_DATA_DIRS:
            del self.pool.stamps[stamped:]
        if directory is None or directory in self.pool.data_dirs:
            return
        found = False
        for sub in DATA_SUBDIRS:
            stamped = len(self.pool.stamps)
            child = self.directory(f"{relative}/{sub}")
            if relative not in DEFAULT_DATA_DIRS:
                del self.pool.stamps[stamped:]
            found = found or child is not None
        if found:
            self.pool.data_dirs.append(directory)

    def package_db(self) -> None:
        for name, candidates in PACKAGE_DATABASES.items():
            for relative in candidates:
                try:
                    info = os.stat(resolve_in_root(self.pool.root, relative))
                except OSError:
                    continue
                self.stamp("/" + relative, info)
                if not self.pool.package_db:
                    self.pool.package_db = name
                    self.pool.package_db_path = "/" + relative
                if name == "rpm":  # the database's files change, not its directory
                    self._rpm_files(relative)
                break

    def _rpm_files(self, relative: str) -> None:
        directory = resolve_in_root(self.pool.root, relative)
        for name in self.entries(directory, "/" + relative):
            try:
                self.stamp(f"/{relative}/{name}", os.stat(directory / name))
            except OSError:
                continue


def data_dirs_from(environ: Mapping[str, str]) -> list[str]:
    """XDG data directories (``$XDG_DATA_DIRS`` or the spec's default), relative to a root."""
    raw = environ.get("XDG_DATA_DIRS") or ":".join("/" + d for d in DEFAULT_DATA_DIRS)
    found = [part.strip("/") for part in raw.split(":") if part.startswith("/")]
    if "usr/share" not in found:
        found.append("usr/share")
    return list(dict.fromkeys(d for d in found if d))


def discover(
    root: str | os.PathLike[str] = "/",
    *,
    environ: Mapping[str, str] | None = None,
    data_dirs: Iterable[str] | None = None,
    sourced_data_dirs: Sequence[str] = (),
) -> SystemPool:
    """Everything the system's AppStream pool consists of, below ``root``.

    ``data_dirs`` (relative to the root) default to ``$XDG_DATA_DIRS`` plus ``usr/share``;
    those ending in one of ``sourced_data_dirs`` are left out: a source exports its
    applications' files there and describes them in its own catalog, with their real origin
    (the registry's ``exported_data_dirs()``, handed down by the caller).
    Catalog files are listed in :data:`CATALOG_BASES` order, then by name, each file once
    even when several directories link to it.
    """
    env = os.environ if environ is None else environ
    finder = _Finder(Path(root).resolve(), sourced_data_dirs)
    for base_rel in CATALOG_BASES:
        base = finder.directory(base_rel)
        if base is None:
            continue
        finder.catalogs(base_rel, base)
        if finder.directory(f"{base_rel}/icons") is not None:
            finder.pool.icon_bases.append(base)
    for relative in data_dirs if data_dirs is not None else data_dirs_from(env):
        finder.data_dir(relative.strip("/"))
    finder.package_db()
    return finder.pool


_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class LocalIcons:
    """Finds the cached icons a pool catalog names in the icon directories beside it
    (``icons/ORIGIN/64x64/NAME.png``), so the catalog can point at those files instead of
    copying them.

    Each ``ORIGIN/SIZE`` directory is listed once. An icon counts only if it is a regular,
    non-empty file starting with the PNG signature; anything else is a hint naming the file.
    Returned paths are as the system under the root sees them.
    """

    def __init__(self, pool: SystemPool) -> None:
        self.pool = pool
        self.hints: list[Hint] = []
        self._listings: dict[tuple[Path, str], dict[str, os.DirEntry[str]]] = {}

    def _listing(self, base: Path, directory: str) -> dict[str, os.DirEntry[str]]:
        key = (base, directory)
        if key not in self._listings:
            path = base / "icons" / directory
            try:
                self._listings[key] = {entry.name: entry for entry in os.scandir(path)}
            except OSError:
                self._listings[key] = {}
        return self._listings[key]

    def find(self, origin: str, member: str) -> str | None:
        """The system path of icon-archive ``member`` (``64x64/x.png``) cached for ``origin``."""
        size_dir, _, name = member.partition("/")
        if not origin or "/" in origin or origin.startswith(".") or not name:
            return None
        for base in self.pool.icon_bases:
            entry = self._listing(base, f"{origin}/{size_dir}").get(name)
            if entry is not None and self._usable(entry):
                return self.pool.logical(Path(entry.path))
        return None

    def _usable(self, entry: os.DirEntry[str]) -> bool:
        where = self.pool.logical(Path(entry.path))
        try:
            if not entry.is_file(follow_symlinks=False):
                self.hints.append(Hint(where, "icon-invalid", "not a regular file"))
                return False
            if entry.stat(follow_symlinks=False).st_size == 0:
                self.hints.append(Hint(where, "icon-invalid", "empty file (0 bytes)"))
                return False
            with open_regular(entry.path, follow_symlinks=False) as handle:
                head = handle.read(len(_PNG_MAGIC))
        except OSError as error:
            self.hints.append(Hint(where, "icon-invalid", _why(error)))
            return False
        if head != _PNG_MAGIC:
            self.hints.append(Hint(where, "icon-invalid", "not a PNG file"))
            return False
        return True
