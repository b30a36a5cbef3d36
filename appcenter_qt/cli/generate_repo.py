"""``appcenter-generate --repo DIR``: the command-line side of repository input.

Turns a repository's indexes (:mod:`appcenter_qt.extract.repository`) into composer jobs:
the candidates for pass 1, and a callback that adds the packages holding the icons the
candidates still lack. Every package of the repository gets a fixed job index (its place
in the name-sorted list), so a shard and a one-shot run number the same package alike.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import logging
import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from appcenter_qt.extract.composition import Job, UnitScan
from appcenter_qt.extract.download import (
    DEFAULT_FETCH_MAX_BYTES,
    DEFAULT_FETCH_TIMEOUT,
    REMOTE_SCHEMES,
    FetchLimits,
)
from appcenter_qt.extract.repository import Indexes, RepoPackage, Repository, locate_indexes
from appcenter_qt.extract.repository.files import is_url
from appcenter_qt.extract.scan_cache import DEFAULT_MAX_BYTES, ScanCache

if TYPE_CHECKING:  # the composer is imported only by runs that compose (generate_reuse)
    from appcenter_qt.extract.composer import Providers

log = logging.getLogger("appcenter-generate")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("repository input")
    group.add_argument(
        "--repo",
        metavar="DIR_OR_URL",
        help="a Debian (dists/) or RPM (repodata/repomd.xml) repository to read through its "
        "indexes: newest version of each package, only those the file lists show can matter; "
        "a directory, a file:// URL, or an http(s):// URL (indexes and packages downloaded)",
    )
    for option, what in (("--suite", "suite"), ("--component", "component"), ("--arch", "arch")):
        group.add_argument(
            option,
            action="append",
            dest=f"{what}s" if what != "arch" else "arches",
            default=[],
            metavar=what.upper(),
            help=f"with a Debian --repo: {what} to read, repeatable",
        )

    group.add_argument(
        "--fetch-timeout",
        type=float,
        default=DEFAULT_FETCH_TIMEOUT,
        metavar="SECONDS",
        help="with an http(s) --repo: time for all downloads of the run together, 0 for none "
        f"(default {DEFAULT_FETCH_TIMEOUT:g})",
    )
    group.add_argument(
        "--fetch-max-size",
        type=_size,
        default=DEFAULT_FETCH_MAX_BYTES,
        metavar="SIZE",
        help="with an http(s) --repo: refuse a file larger than SIZE (default 2G)",
    )

    cache = parser.add_argument_group("incremental cache")
    cache.add_argument(
        "--cache",
        type=Path,
        metavar="DIR",
        help="keep each package's extraction in DIR (private to this user) and reuse it while "
        "the package, the generator and the options are unchanged; also an http(s) --repo's "
        "indexes, reused while its Release file or repomd.xml lists them unchanged",
    )
    cache.add_argument(
        "--cache-max-size",
        type=_size,
        default=DEFAULT_MAX_BYTES,
        metavar="SIZE",
        help="prune the least recently used entries above SIZE (bytes, or with K, M, G; "
        "default 2G)",
    )
    cache.add_argument(
        "--no-output-reuse",
        action="store_true",
        help="with --repo and --cache: assemble the outputs even when every index and option "
        "is unchanged (by default the previous run's outputs are reused then)",
    )


def _size(text: str) -> int:
    units = {"K": 1024, "M": 1024**2, "G": 1024**3}
    number, unit = (text[:-1], units[text[-1].upper()]) if text[-1:].upper() in units else (text, 1)
    try:
        value = int(float(number) * unit)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: not a size (e.g. 500M)") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: negative")
    return value


def open_cache(args: argparse.Namespace, sizes: tuple[int, ...]) -> ScanCache | None:
    """The run's cache, keyed by every option that changes a unit's result."""
    if args.cache is None:
        return None
    options = repr((tuple(sorted(set(sizes))), args.origin, args.input_timeout))
    return ScanCache(args.cache, options, args.cache_max_size)


def validate(args: argparse.Namespace) -> str | None:
    if args.repo is None:
        if args.suites or args.components or args.arches:
            return "--suite, --component and --arch need --repo"
        return None
    if "://" in args.repo and not is_url(args.repo):
        return f"--repo {args.repo}: only directories, file:// and http(s):// URLs are read"
    if not is_url(args.repo) and not Path(args.repo).is_dir():
        return f"--repo {args.repo}: not a directory"
    if not args.fetch_timeout >= 0:
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


def download_limits(args: argparse.Namespace) -> FetchLimits | None:
    """For a remote ``--repo``: the run's download bounds and a private download directory,
    removed when the program exits (downloaded packages go as soon as they are read)."""
    if not args.repo.startswith(REMOTE_SCHEMES):
        return None
    directory = Path(tempfile.mkdtemp(prefix="appcenter-generate-"))
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    return FetchLimits.starting_now(args.fetch_timeout, args.fetch_max_size, directory)


def locate(args: argparse.Namespace, cache: ScanCache | None = None) -> Indexes:
    """Find, fetch and check the indexes (an :class:`~appcenter_qt.domain.errors.ExtractError`
    naming the file if one is missing, corrupt or not what the repository's checksums
    say); nothing is parsed yet. With a ``cache`` and a remote repository, the indexes are
    kept in it (under its lock) and reused while the Release file or repomd.xml lists the
    same checksums."""
    limits = download_limits(args)
    # Only a remote repository's indexes are kept: a local one is read in place.
    store = cache if limits is not None else None
    with store if store is not None else contextlib.nullcontext():
        indexes = locate_indexes(
            args.repo,
            suites=args.suites,
            components=args.components,
            arches=args.arches,
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


def repository_jobs(args: argparse.Namespace, first_index: int, indexes: Indexes) -> RepositoryJobs:
    """Parse the indexes and make the pass-1 jobs."""
    repository = indexes.parse()
    result = RepositoryJobs(repository, [], first_index, indexes.files.limits)
    result.jobs = [result._job(package) for package in repository.selected()]
    if repository.candidates is None:
        log.warning("%s: no file lists (Contents, filelists): every package is read", args.repo)
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
