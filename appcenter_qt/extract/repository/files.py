"""Where a repository's files come from: a local directory, a ``file://`` URL (the same,
read in place), or an ``http(s)://`` URL whose indexes are downloaded into the run's private
directory (:mod:`appcenter_qt.extract.download`: one deadline, a size cap, streamed to disk).

The layout modules (:mod:`.debian`, :mod:`.rpm`) ask for files by their path inside the
repository and name them in errors through :meth:`RepoFiles.name`: the relative path for a
local repository (``dists/stable/main/binary-amd64/Packages.xz: corrupt index``), the URL for
a remote one. Packages are not fetched here: a remote package's job carries its URL and the
worker that reads it downloads it (:mod:`appcenter_qt.generator.unit_file`).

With ``--cache``, a remote repository's indexes are kept between runs (``index_store``,
the run's :class:`~appcenter_qt.generator.scan_cache.ScanCache`, keyed by URL): the
``Release``/``InRelease`` or ``repomd.xml`` is always fetched fresh, and an index it lists
whose cached copy has the checksum and size it gives is reused without any request; the
copy is hashed as it is read, so a damaged entry is a fresh download, never a wrong index.
A distribution's Contents file is tens of MB: a daily run mostly finds it unchanged.
"""

from __future__ import annotations

import os
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.download import REMOTE_SCHEMES, FetchLimits, NotFound, download


def is_url(text: str) -> bool:
    return text.startswith((*REMOTE_SCHEMES, "file://"))


def local_path(text: str) -> Path:
    """``file:///srv/mirror`` → ``/srv/mirror`` (only local ``file://`` URLs)."""
    parsed = urllib.parse.urlsplit(text)
    if parsed.netloc not in ("", "localhost"):
        raise ExtractError(f"{text}: a file:// URL must name a local path (file:///srv/mirror)")
    return Path(urllib.request.url2pathname(parsed.path))


class IndexStore(Protocol):
    """Where a remote repository's indexes are kept between runs (the ``--cache``)."""

    def load_index(self, url: str, target: Path, algorithm: str, digest: str, size: int) -> bool:
        """Copy the copy of ``url`` to ``target`` if its digest and size are the expected."""
        ...

    def store_index(self, url: str, source: Path) -> None:
        """Keep ``source``, just downloaded from ``url``."""
        ...


@dataclass(frozen=True)
class Expected:
    """What the repository's own checksum file says an index is: its digest and size
    (``size`` ``-1`` when not given)."""

    algorithm: str
    digest: str
    size: int = -1


@dataclass
class RepoFiles:
    """A repository's root. ``url`` is set for a remote one; ``root`` is then the local
    directory its indexes are downloaded into."""

    root: Path
    url: str = ""
    limits: FetchLimits | None = None
    #: With ``--cache``: indexes kept between runs (only used for a remote repository).
    index_store: IndexStore | None = None
    #: Indexes (those with an ``Expected``) reused from ``index_store`` and downloaded
    #: into it, this run; the Release file or repomd.xml is not counted.
    reused: int = 0
    downloaded: int = 0

    @classmethod
    def open(cls, location: str, limits: FetchLimits | None) -> RepoFiles:
        """A local directory or ``file://`` URL, or an ``http(s)://`` URL (``limits`` then
        says where to download and within which bounds)."""
        if location.startswith(REMOTE_SCHEMES):
            if limits is None:
                raise ExtractError(f"{location}: remote repository without download limits")
            return cls(Path(limits.directory) / "repo", location.rstrip("/") + "/", limits)
        path = local_path(location) if location.startswith("file://") else Path(location)
        return cls(path)

    @property
    def remote(self) -> bool:
        return bool(self.url)

    def name(self, relative: str) -> str:
        """How errors name the file: its URL, or its path inside the repository."""
        return self.url + relative if self.url else relative

    def display(self) -> str:
        """The repository itself, for messages."""
        return self.url or str(self.root)

    def origin_name(self) -> str:
        """The repository's own name (the last part of its path or URL), lower-cased: the
        origin when the indexes do not give one."""
        if self.url:
            path = urllib.parse.urlsplit(self.url).path.rstrip("/")
            return (
                path.rpartition("/")[2] or urllib.parse.urlsplit(self.url).hostname or ""
            ).lower()
        return self.root.resolve().name.lower()

    def fetch(self, relative: str, expected: Expected | None = None) -> Path | None:
        """The local copy of the file at ``relative``, or ``None`` if the repository has no
        such file; a failed download is an :class:`ExtractError` naming the URL.

        ``expected`` (from the Release file or repomd.xml) lets a remote index come from the
        ``index_store`` without a request when the kept copy matches it; the caller still
        checks the file it gets against ``expected``."""
        if relative.startswith("/") or ".." in relative.split("/"):
            raise ExtractError(f"{self.name(relative)[:120]}: leaves the repository")
        target = self.root / relative
        if not self.url:
            return target if target.is_file() else None
        if target.is_file():
            return target  # fetched earlier in this run
        assert self.limits is not None
        url = self.url + urllib.parse.quote(relative)
        store = self.index_store if expected is not None else None
        if store is not None and expected is not None:
            target.parent.mkdir(parents=True, exist_ok=True)
            if store.load_index(url, target, expected.algorithm, expected.digest, expected.size):
                self.reused += 1
                return target
        try:
            download(url, target, self.limits)
        except NotFound:
            return None
        if store is not None:
            self.downloaded += 1
            store.store_index(url, target)
        return target

    def package(self, relative: str) -> str:
        """Where a package's job reads it: its local path, or its URL."""
        if relative.startswith("/") or ".." in relative.split("/"):
            raise ExtractError(f"{self.name(relative)[:120]}: leaves the repository")
        if self.url:
            return self.url + urllib.parse.quote(relative)
        return os.path.join(self.root, relative)  # not Path: 60,000 of them per index


__all__ = ["Expected", "IndexStore", "RepoFiles", "is_url", "local_path"]
