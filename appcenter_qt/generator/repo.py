"""``--repo DIR``: the engine's side of repository input.

Turns a repository's indexes (:mod:`appcenter_qt.extract.repository`) into composer jobs:
the candidates for pass 1, and a callback that adds the packages holding the icons the
candidates still lack. Every package of the repository gets a fixed job index (its place
in the name-sorted list), so a shard and a one-shot run number the same package alike.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from appcenter_qt.extract.download import (
    DEFAULT_FETCH_MAX_BYTES,
    DEFAULT_FETCH_TIMEOUT,
    REMOTE_SCHEMES,
    FetchLimits,
)
from appcenter_qt.extract.repository import Indexes, RepoPackage, Repository, locate_indexes
from appcenter_qt.extract.repository.files import is_url
from appcenter_qt.generator.composition import Job, UnitScan
from appcenter_qt.generator.options import GenerateOptions
from appcenter_qt.generator.scan_cache import ScanCache

if TYPE_CHECKING:  # the composer is imported only by runs that compose (reuse)
    from appcenter_qt.generator.composer import Providers

log = logging.getLogger("appcenter-generate")


def open_cache(options: GenerateOptions, sizes: tuple[int, ...]) -> ScanCache | None:
    """The run's cache, keyed by every option that changes a unit's result."""
    if options.cache is None:
        return None
    key = repr((tuple(sorted(set(sizes))), options.origin, options.input_timeout))
    return ScanCache(options.cache, key, options.cache_max_size)


def validate(options: GenerateOptions) -> str | None:
    if options.repo is None:
        if options.suites or options.components or options.arches:
            return "--suite, --component and --arch need --repo"
        return None
    if "://" in options.repo and not is_url(options.repo):
        return f"--repo {options.repo}: only directories, file:// and http(s):// URLs are read"
    if not is_url(options.repo) and not Path(options.repo).is_dir():
        return f"--repo {options.repo}: not a directory"
    if not options.fetch_timeout >= 0:
        return "--fetch-timeout must be 0 (none) or more seconds"
    return None


@dataclass
class RepositoryJobs:
    """Pass-1 jobs of a repository, and the providers callback for the composer."""

    repository: Repository
    jobs: list[Job]
    first_index: int
    limits: FetchLimits | None = None

    def _job(self, package: RepoPackage) -> Job:
        position = self.position[package.name]
        return Job(
            self.first_index + position,
            package.kind,
            package.path,
            origin=package.origin,
            digest=package.sha256,
            digest_type=package.digest_type,
            size=package.size,
            fetch=self.limits if package.path.startswith(REMOTE_SCHEMES) else None,
        )

    def __post_init__(self) -> None:
        self.position = {p.name: n for n, p in enumerate(self.repository.packages)}

    def providers(self, names: frozenset[str]) -> list[Job]:
        return [self._job(package) for package in self.repository.providers(names)]

    def sources(self) -> dict[str, str]:
        """Job path → source package name (shards are cut by source package)."""
        return {package.path: package.source for package in self.repository.packages}

    def origin(self) -> str:
        """One origin for the catalog: the packages' own when they share one."""
        origins = {package.origin for package in self.repository.packages}
        return origins.pop() if len(origins) == 1 else ""


def download_limits(options: GenerateOptions) -> FetchLimits | None:
    """For a remote ``--repo``: the run's download bounds and a private download directory,
    removed when the program exits (downloaded packages go as soon as they are read)."""
    if not (options.repo or "").startswith(REMOTE_SCHEMES):
        return None
    directory = Path(tempfile.mkdtemp(prefix="appcenter-generate-"))
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    return FetchLimits.starting_now(options.fetch_timeout, options.fetch_max_size, directory)


def locate(options: GenerateOptions, cache: ScanCache | None = None) -> Indexes:
    """Find, fetch and check the indexes (an :class:`~appcenter_qt.domain.errors.ExtractError`
    naming the file if one is missing, corrupt or not what the repository's checksums
    say); nothing is parsed yet. With a ``cache`` and a remote repository, the indexes are
    kept in it (under its lock) and reused while the Release file or repomd.xml lists the
    same checksums."""
    limits = download_limits(options)
    # Only a remote repository's indexes are kept: a local one is read in place.
    store = cache if limits is not None else None
    with store if store is not None else contextlib.nullcontext():
        indexes = locate_indexes(
            options.repo or "",
            suites=list(options.suites),
            components=list(options.components),
            arches=list(options.arches),
            limits=limits,
            index_store=store,
        )
        # Prune (at leaving) only when something was added.
        if store is not None and not indexes.files.downloaded:
            store.close(prune=False)
    for warning in indexes.warnings:
        log.warning("%s", warning)
    return indexes


def refresh_downloads(scans: list[UnitScan]) -> list[UnitScan]:
    """Shards' scans of remote packages carry their shard's download limits (its temporary
    directory, gone; its deadline, maybe spent): the merge gives them its own, with the
    default bounds, in case the icon pass must download a package again."""
    if not any(scan.job.fetch is not None for scan in scans):
        return scans
    directory = Path(tempfile.mkdtemp(prefix="appcenter-generate-"))
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    limits = FetchLimits.starting_now(DEFAULT_FETCH_TIMEOUT, DEFAULT_FETCH_MAX_BYTES, directory)
    return [
        replace(scan, job=replace(scan.job, fetch=limits)) if scan.job.fetch is not None else scan
        for scan in scans
    ]


def repository_jobs(options: GenerateOptions, first_index: int, indexes: Indexes) -> RepositoryJobs:
    """Parse the indexes and make the pass-1 jobs."""
    repository = indexes.parse()
    result = RepositoryJobs(repository, [], first_index, indexes.files.limits)
    result.jobs = [result._job(package) for package in repository.selected()]
    if repository.candidates is None:
        log.warning("%s: no file lists (Contents, filelists): every package is read", options.repo)
    return result


def providers_for(repository: RepositoryJobs | None, view) -> Providers | None:
    """The composer's callback adding icon providers (and counting them in the progress)."""
    if repository is None:
        return None

    def providers(names: frozenset[str]) -> list[Job]:
        found = repository.providers(names)
        view.total += len(found)
        return found

    return providers


def cache_summary(cache: ScanCache) -> str:
    stats = cache.stats
    return (
        f"cache: {stats.hits} units reused, {stats.misses} read; {stats.icon_hits} icon sets "
        f"reused, {stats.icon_misses} rendered; {stats.pruned} entries pruned"
    ) + (
        f"; {stats.index_hits} indexes reused, {stats.index_misses} downloaded"
        if stats.index_hits or stats.index_misses
        else ""
    )
