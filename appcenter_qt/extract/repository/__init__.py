"""Repository input: a distribution's package indexes instead of a folder of package files.

``appcenter-generate --repo DIR`` reads what the archive already says about its packages
instead of opening every file: the package index (Debian ``Packages``, RPM ``primary.xml``)
gives name, version, architecture, source package and checksum of each package, and the file
lists (Debian ``Contents-ARCH.gz``, RPM ``filelists.xml``) say which packages hold a desktop
file or metainfo (the **candidates**, read in pass 1) and which hold an icon of a given name
(the **providers**, read only when a candidate's icon is missing from its own package). Only
the newest version of each package name is used, compared by the distribution's own rules
(:mod:`.versions`). The packages themselves are then read by the ordinary readers of
:mod:`appcenter_qt.extract.readers`: a repository is a source of units, not a file format.

One module per repository layout: :mod:`.debian`, :mod:`.rpm`; :mod:`.files` reads a local
directory or a ``file://`` URL in place and downloads a remote (``http(s)://``) one's indexes.
Opening is two steps: :func:`locate_indexes` finds, downloads and checks each index against
the repository's own checksums (Debian ``Release``, RPM ``repomd.xml``) and hashes it, so
the run knows whether anything changed before parsing anything; :meth:`Indexes.parse` reads
them. A missing, corrupt or mismatching index raises
:class:`~appcenter_qt.domain.errors.ExtractError` with one line naming the file.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.download import FetchLimits
from appcenter_qt.extract.readers import InputKind
from appcenter_qt.extract.readers.units import INTERESTING_PREFIXES
from appcenter_qt.extract.repository.files import IndexStore, RepoFiles

_APP_PREFIXES = ("usr/share/applications/", "usr/share/metainfo/", "usr/share/appdata/")
_ICON_PREFIXES = ("usr/share/icons/", "usr/share/pixmaps/")
_ICON_SUFFIXES = (".png", ".svg", ".svgz", ".xpm", ".gif")


@dataclass(frozen=True)
class RepoPackage:
    """One package as its index describes it; ``sha256`` is the index's checksum of the
    file (the incremental cache's key: no need to read the file to know it is unchanged)."""

    name: str
    version: str
    arch: str
    #: The package's local path, or its URL in a remote repository.
    path: str
    origin: str
    source: str
    sha256: str
    size: int
    kind: InputKind
    #: The type of ``sha256`` (an RPM repository may use ``sha1`` or ``sha512``).
    digest_type: str = "sha256"


@dataclass
class Repository:
    """The newest package of each name and what the file lists say about them.

    ``candidates`` is ``None`` when there were no file lists: then every package is read.
    ``icons`` maps an icon file's name without extension to the names of the packages
    holding such a file."""

    packages: list[RepoPackage]
    candidates: set[str] | None = None
    icons: dict[str, set[str]] = field(default_factory=dict)
    #: Packages the indexes listed, before taking the newest of each name.
    listed: int = 0

    def selected(self) -> list[RepoPackage]:
        """The packages pass 1 reads: the candidates, or all without file lists."""
        if self.candidates is None:
            return list(self.packages)
        return [p for p in self.packages if p.name in self.candidates]

    def providers(self, names: Iterable[str]) -> list[RepoPackage]:
        """Packages holding an icon file of one of ``names`` (names or absolute paths)."""
        if self.candidates is None:
            return []
        wanted: set[str] = set()
        for name in names:
            stem = name.rpartition("/")[2].rpartition(".")[0] if name.startswith("/") else name
            wanted |= self.icons.get(stem, set())
        return [p for p in self.packages if p.name in wanted and p.name not in self.candidates]


@dataclass(frozen=True)
class Index:
    """One index file, found and checked: ``name`` is how errors name it (its path in the
    repository or its URL), ``path`` its local copy, ``digest`` ``algorithm:hex`` of it."""

    name: str
    path: Path
    digest: str
    kind: str = ""
    origin: str = ""


@dataclass
class Indexes:
    """Every index a run reads, checked but not yet parsed."""

    files: RepoFiles
    layout: str
    indexes: list[Index]
    #: One-line warnings for the run (a suite without a Release file: nothing checked).
    warnings: list[str] = field(default_factory=list)

    def digest(self) -> str:
        """A hash of everything the indexes say: a package's checksum is in its index, so
        equal digests mean the same packages (the key of reusing a whole run's outputs)."""
        text = "\0".join(
            [self.layout, *(f"{i.kind}\1{i.name}\1{i.digest}\1{i.origin}" for i in self.indexes)]
        )
        return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()

    def parse(self) -> Repository:
        if self.layout == "rpm":
            from appcenter_qt.extract.repository import rpm

            return rpm.parse_rpm(self)
        from appcenter_qt.extract.repository import debian

        return debian.parse_debian(self)


class FileLists:
    """What the file lists say, kept small: only paths under the directories that can make
    an application (a distribution's Contents file has millions of lines)."""

    def __init__(self) -> None:
        self.candidates: set[str] = set()
        self.icons: dict[str, set[str]] = {}

    def add(self, path: str, packages: Iterable[str]) -> None:
        path = path.lstrip("/")
        if not path.startswith(INTERESTING_PREFIXES):
            return
        if path.startswith(_APP_PREFIXES):
            if path.endswith((".desktop", ".xml")):
                self.candidates.update(packages)
            return
        if path.startswith(_ICON_PREFIXES) and path.endswith(_ICON_SUFFIXES):
            # By name only: a distribution's themes hold a million icon files, but far fewer
            # names. An absolute Icon= path is looked up by its name (a superset).
            stem = sys.intern(path.rpartition("/")[2].rpartition(".")[0])
            self.icons.setdefault(stem, set()).update(map(sys.intern, packages))


def newest(packages: Iterable[RepoPackage], newer) -> list[RepoPackage]:
    """The newest package per name (``newer(a, b)``: is ``a`` newer than ``b``), the first
    given on equal versions; sorted by name so the run is reproducible."""
    best: dict[str, RepoPackage] = {}
    for package in packages:
        current = best.get(package.name)
        if current is None or newer(package, current):
            best[package.name] = package
    return [best[name] for name in sorted(best)]


def locate_indexes(
    location: str,
    *,
    suites: list[str],
    components: list[str],
    arches: list[str],
    limits: FetchLimits | None = None,
    index_store: IndexStore | None = None,
) -> Indexes:
    """Find, download (a remote repository) and check the indexes of the Debian
    (``dists/``) or RPM (``repodata/repomd.xml``) repository at ``location``: a directory,
    a ``file://`` URL or an ``http(s)://`` URL (then within ``limits``, reusing the indexes
    ``index_store`` kept that still match the fresh Release file or repomd.xml)."""
    files = RepoFiles.open(location, limits)
    files.index_store = index_store
    if not files.remote and not files.root.is_dir():
        raise ExtractError(f"--repo {location}: not a directory")
    repomd = files.fetch("repodata/repomd.xml") if not suites else None
    if repomd is not None:
        from appcenter_qt.extract.repository import rpm

        return rpm.locate_rpm(files, repomd)
    if not suites or not components or not arches:
        if files.remote or (files.root / "dists").is_dir():
            raise ExtractError(
                f"{files.display()}: a Debian repository needs --suite, --component and --arch"
            )
        raise ExtractError(
            f"{files.display()}: not a repository (no dists/ nor repodata/repomd.xml)"
        )
    if not files.remote and not (files.root / "dists").is_dir():
        raise ExtractError(f"{files.display()}: not a Debian repository (no dists/)")
    from appcenter_qt.extract.repository import debian

    return debian.locate_debian(files, suites, components, arches)


def open_repository(
    location: str,
    *,
    suites: list[str],
    components: list[str],
    arches: list[str],
    limits: FetchLimits | None = None,
) -> Repository:
    """:func:`locate_indexes`, then parse them."""
    return locate_indexes(
        location, suites=suites, components=components, arches=arches, limits=limits
    ).parse()


__all__ = [
    "FileLists",
    "Index",
    "Indexes",
    "RepoPackage",
    "Repository",
    "locate_indexes",
    "newest",
    "open_repository",
]
