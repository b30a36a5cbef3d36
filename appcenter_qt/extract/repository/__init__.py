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

One module per repository layout: :mod:`.debian`, :mod:`.rpm`. A missing or corrupt index
raises :class:`~appcenter_qt.errors.ExtractError` with one line naming the file.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from appcenter_qt.errors import ExtractError
from appcenter_qt.extract.readers import InputKind
from appcenter_qt.extract.units import INTERESTING_PREFIXES

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
    path: Path
    origin: str
    source: str
    sha256: str
    size: int
    kind: InputKind


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


def open_repository(
    directory: Path,
    *,
    suites: list[str],
    components: list[str],
    arches: list[str],
) -> Repository:
    """Read the indexes of the Debian (``dists/``) or RPM (``repodata/repomd.xml``)
    repository at ``directory``."""
    if (directory / "repodata" / "repomd.xml").exists():
        from appcenter_qt.extract.repository import rpm

        return rpm.open_rpm_repository(directory, origin=directory.resolve().name.lower())
    if (directory / "dists").is_dir():
        from appcenter_qt.extract.repository import debian

        if not suites or not components or not arches:
            raise ExtractError(
                f"{directory}: a Debian repository needs --suite, --component and --arch"
            )
        return debian.open_debian_repository(directory, suites, components, arches)
    raise ExtractError(f"{directory}: not a repository (no dists/ nor repodata/repomd.xml)")


__all__ = ["FileLists", "RepoPackage", "Repository", "newest", "open_repository"]
