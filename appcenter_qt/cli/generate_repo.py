"""``appcenter-generate --repo DIR``: the command-line side of repository input.

Turns a repository's indexes (:mod:`appcenter_qt.extract.repository`) into composer jobs:
the candidates for pass 1, and a callback that adds the packages holding the icons the
candidates still lack. Every package of the repository gets a fixed job index (its place
in the name-sorted list), so a shard and a one-shot run number the same package alike.
"""

from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from pathlib import Path

from appcenter_qt.extract.composition import Job
from appcenter_qt.extract.repository import RepoPackage, Repository, open_repository

log = logging.getLogger("appcenter-generate")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("repository input")
    group.add_argument(
        "--repo",
        type=Path,
        metavar="DIR",
        help="a Debian (dists/) or RPM (repodata/repomd.xml) repository to read through its "
        "indexes: newest version of each package, only those the file lists show can matter",
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


def validate(args: argparse.Namespace) -> str | None:
    if args.repo is None:
        if args.suites or args.components or args.arches:
            return "--suite, --component and --arch need --repo"
        return None
    if not args.repo.is_dir():
        return f"--repo {args.repo}: not a directory"
    return None


@dataclass
class RepositoryJobs:
    """Pass-1 jobs of a repository, and the providers callback for the composer."""

    repository: Repository
    jobs: list[Job]
    first_index: int

    def _job(self, package: RepoPackage) -> Job:
        position = self.position[package.name]
        return Job(
            self.first_index + position, package.kind, str(package.path), origin=package.origin
        )

    def __post_init__(self) -> None:
        self.position = {p.name: n for n, p in enumerate(self.repository.packages)}

    def providers(self, names: frozenset[str]) -> list[Job]:
        return [self._job(package) for package in self.repository.providers(names)]

    def origin(self) -> str:
        """One origin for the catalog: the packages' own when they share one."""
        origins = {package.origin for package in self.repository.packages}
        return origins.pop() if len(origins) == 1 else ""


def repository_jobs(args: argparse.Namespace, first_index: int) -> RepositoryJobs:
    """Read the indexes (an :class:`~appcenter_qt.errors.ExtractError` naming the file if
    one is missing or corrupt) and make the pass-1 jobs."""
    repository = open_repository(
        args.repo, suites=args.suites, components=args.components, arches=args.arches
    )
    result = RepositoryJobs(repository, [], first_index)
    result.jobs = [result._job(package) for package in repository.selected()]
    if repository.candidates is None:
        log.warning("%s: no file lists (Contents, filelists): every package is read", args.repo)
    return result
