"""``appcenter-apps``: applications, not packages, through the sources registry.

    appcenter-apps sources [--json]                 which sources (packagekit, flatpak:REMOTE…)
    appcenter-apps install APP_ID [--source S]      install an application from the catalog
    appcenter-apps remove APP_ID [--source S]       remove it
    appcenter-apps list-installed [--json]          the catalog's applications that are installed
    appcenter-apps remotes | remote-add FILE | remote-remove NAME | remove-unused
                                                    the remotes, and unused runtimes
                                                    (:mod:`.apps_remotes`)

An application id (or an alias, or the id with ``.desktop``) is looked up in the catalog,
chosen as the other tools choose it (``--catalog``, else the search order of
:mod:`appcenter_qt.services.system_catalog`). Its packages are grouped by the source that provides
their origin (``meta.sources``, default ``packagekit``); ``--source`` picks one when several could,
else the first in registry order: the distribution's packages before a Flatpak remote's.
The source is built by :func:`appcenter_qt.backends.make`, so this tool names no concrete
backend: it speaks the neutral contract only. ``appcenter-pk`` stays the PackageKit-level tool.

Progress goes to stderr (a redrawn bar on a terminal, plain lines otherwise); results to
stdout, ``--json`` for scripts. Exit codes (as every appcenter tool): 0 done (installing an
installed application, or removing one that is not, is refused with 1), 1 the operation
failed or the application is unknown, 2 usage error, unusable catalog or unavailable source.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from typing import Any

from appcenter_qt import backends
from appcenter_qt.catalog.origins import meta_origins, source_for
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.cli import apps_remotes
from appcenter_qt.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    choose_catalog_for_cli,
    run_cli,
)
from appcenter_qt.cli.pk import Progress
from appcenter_qt.domain import Application
from appcenter_qt.domain.backend import (
    ErrorEvent,
    FinishedEvent,
    PackageBackend,
    PackageEvent,
    PackageState,
    ProgressEvent,
    RestartRequiredEvent,
    Transaction,
    TransactionEvent,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef
from appcenter_qt.services.source_set import sources_for
from appcenter_qt.support.l10n import environment_locale

PROGRAM = "appcenter-apps"


class Failed(Exception):
    """The operation ran and failed: one line for stderr, exit 1."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description="Install, remove and list applications through their sources."
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--json", action="store_true", help="machine-readable output")
    catalog = argparse.ArgumentParser(add_help=False)
    catalog.add_argument("--catalog", metavar="FILE", help="catalog file (default: search order)")
    catalog.add_argument("--locale", metavar="L", help="locale for names (default: environment)")
    catalog.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        metavar="S",
        help="give up when the source is silent for S seconds (default 120)",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("sources", parents=[common], help="list the sources and their state")
    for name, text in (("install", "install an application"), ("remove", "remove one")):
        command = commands.add_parser(name, parents=[common, catalog], help=text)
        command.add_argument("app_id", metavar="APP_ID")
        command.add_argument(
            "--source",
            type=_source_name,
            metavar="S",
            help="the source to use: packagekit or flatpak:REMOTE (default: the app's first, "
            "the distribution before Flatpak remotes)",
        )
    commands.add_parser(
        "list-installed", parents=[common, catalog], help="installed applications of the catalog"
    )
    apps_remotes.add_parsers(commands, common)
    return parser


def _source_name(text: str) -> str:
    if not backends.is_registered(text):
        known = ", ".join(backends.names())
        raise argparse.ArgumentTypeError(f"unknown source {text!r} (sources: {known})")
    return text


def _dump(value: Any) -> None:
    json.dump(value, sys.stdout, indent=2, ensure_ascii=False, sort_keys=True)
    sys.stdout.write("\n")


def _printable(text: str) -> str:
    """Catalog and source text is untrusted: one line, no control characters."""
    return "".join(c for c in text if c.isprintable())


def cmd_sources(args: argparse.Namespace) -> int:
    statuses = backends.available()
    if args.json:
        _dump(
            [
                {
                    "name": s.name,
                    "description": s.description,
                    "available": s.available,
                    "reason": s.reason,
                }
                for s in statuses
            ]
        )
    else:
        for s in statuses:
            state = "available" if s.available else f"unavailable: {s.reason}"
            print(f"{s.name:<12} {s.description} ({state})")
    return EXIT_OK


# -- running transactions -----------------------------------------------------------------


async def _events(transaction: Transaction, progress: Progress | None) -> list[TransactionEvent]:
    """Every event; the first error or a failed finish raises :class:`Failed`."""
    events: list[TransactionEvent] = []
    try:
        async for event in transaction:
            events.append(event)
            if isinstance(event, ProgressEvent) and progress is not None:
                progress.show(event)
    except asyncio.CancelledError:  # Ctrl+C: ask the source to stop too
        await asyncio.shield(transaction.cancel())
        raise
    finally:
        if progress is not None:
            progress.done()
    for event in events:
        if isinstance(event, ErrorEvent):
            detail = f" ({event.details.splitlines()[0][:200]})" if event.details else ""
            raise Failed(f"{event.message}{_printable(detail)}")
    finished = next((e for e in reversed(events) if isinstance(e, FinishedEvent)), None)
    if finished is None or not finished.success:
        raise Failed(f"the operation ended: {finished.exit if finished else 'without an answer'}")
    return events


def _packages(events: Sequence[TransactionEvent], state: PackageState) -> list[str]:
    found = (e.package_id for e in events if isinstance(e, PackageEvent) and e.state is state)
    return list(dict.fromkeys(found))


class Change:
    """Install or remove one application with one source."""

    def __init__(
        self,
        app: Application,
        names: Sequence[str],
        source: str,
        timeout: float,
        versions: dict[str, set[str]] | None = None,
    ):
        self.app = app
        self.names = tuple(names)
        #: name → the versions the catalog lists for it (a Flatpak app's branch)
        self.versions = versions or {}
        self.source = source
        self.backend: PackageBackend = backends.make(source, inactivity_timeout=timeout)

    def _name(self, ref: str) -> str:
        try:
            return self.backend.parse_ref(ref).name
        except InvalidPackageRef:
            return ""

    def _preferred(self, refs: list[str]) -> list[str]:
        """Of several references for one name (a Flatpak app in two branches), those whose
        version the catalog lists for it (the bundle's branch), when any does."""
        kept = []
        for name in self.names:
            mine = [r for r in refs if self._name(r) == name]
            listed = self.versions.get(name, set())
            matching = [r for r in mine if self.backend.parse_ref(r).version in listed]
            kept.extend(matching if len(mine) > 1 and matching else mine)
        return kept

    async def run(self, install: bool) -> dict[str, Any]:
        try:
            return await self._run(install)
        finally:
            await self.backend.aclose()

    async def _run(self, install: bool) -> dict[str, Any]:
        resolved = await _events(self.backend.resolve(self.names, installed_only=not install), None)
        wanted = PackageState.AVAILABLE if install else PackageState.INSTALLED
        refs = self._preferred(
            [r for r in _packages(resolved, wanted) if self._name(r) in self.names]
        )
        if not refs:
            installed = _packages(resolved, PackageState.INSTALLED)
            if install and installed:
                raise Failed(f"{self.app.id} is already installed")
            if not install:
                raise Failed(f"{self.app.id} is not installed")
            raise Failed(f"{self.source} has no package for {self.app.id}: {', '.join(self.names)}")
        if install:
            transaction = self.backend.install(refs)
        else:
            transaction = self.backend.remove(refs, allow_deps=True, autoremove=False)
        events = await _events(transaction, Progress(sys.stderr))
        restart = sorted({e.kind.value for e in events if isinstance(e, RestartRequiredEvent)})
        return {
            "app_id": self.app.id,
            "action": "install" if install else "remove",
            "source": self.source,
            "packages": [self.backend.parse_ref(ref).name for ref in refs],
            "restart": [hint for hint in restart if hint != "none"],
        }


def _sources_of(app: Application, meta: dict[str, str]) -> list[str]:
    """The sources that provide the app's packages, default first: the one rule
    (:func:`appcenter_qt.services.source_set.sources_for`) the window's source picker uses too."""
    return sources_for(meta, (package.origin for package in app.packages))


def cmd_change(args: argparse.Namespace, catalog: Catalog, install: bool) -> int:
    app_id = catalog.resolve_id(args.app_id)
    app = catalog.get(app_id) if app_id else None
    if app is None:
        raise Failed(f"no application {args.app_id!r} in the catalog")
    if not app.packages:
        raise Failed(f"{app.id} has no packages to {args.command}")
    meta = catalog.meta()
    sources = _sources_of(app, meta)
    if args.source is not None and args.source not in sources:
        raise Failed(f"{app.id} is not provided by {args.source} (only {', '.join(sources)})")
    source = args.source or sources[0]
    mine = [p for p in app.packages if source_for(meta, p.origin) == source]
    names = sorted({p.name for p in mine})
    versions: dict[str, set[str]] = {}
    for package in mine:
        versions.setdefault(package.name, set()).add(package.version)
    result = asyncio.run(Change(app, names, source, args.timeout, versions).run(install))
    if args.json:
        _dump(result)
    else:
        verb = "installed" if install else "removed"
        print(f"{verb} {app.id} ({', '.join(result['packages'])}) with {source}")
        if result["restart"]:
            print("A restart is required: " + ", ".join(result["restart"]))
    return EXIT_OK


async def _installed_names(source: str, timeout: float) -> set[str]:
    backend = backends.make(source, inactivity_timeout=timeout)
    try:
        events = await _events(backend.get_packages(installed_only=True), None)
        names = set()
        for ref in _packages(events, PackageState.INSTALLED):
            try:
                names.add(backend.parse_ref(ref).name)
            except InvalidPackageRef:
                continue
        return names
    finally:
        await backend.aclose()


def cmd_list_installed(args: argparse.Namespace, catalog: Catalog) -> int:
    meta = catalog.meta()
    # Packages without an origin (and catalogs without meta.sources) are the default source's.
    origins = meta_origins(meta)
    used = {source_for(meta, origin) for origin in origins} | {backends.DEFAULT_SOURCE}
    rows: dict[str, dict[str, Any]] = {}
    asked = [
        source for source in sorted(used, key=backends.sort_key) if backends.is_registered(source)
    ]
    failures: list[str] = []
    for source in asked:
        try:
            names = asyncio.run(_installed_names(source, args.timeout))
        except (Failed, BackendError) as failure:
            # One source down (no PackageKit here, a remote removed since the catalog was
            # built) must not hide what the others installed; all of them down is a failure.
            failures.append(f"{source}: {failure}")
            if len(failures) == len(asked):
                raise Failed("; ".join(failures)) from None
            print(f"{PROGRAM}: warning: {source}: {failure}", file=sys.stderr)
            continue
        for package, app_ids in catalog.app_ids_for_packages(names).items():
            for app_id in app_ids:
                row = rows.setdefault(app_id, {"id": app_id, "source": source, "packages": []})
                row["packages"].append(package)
    labels = catalog.names(rows)
    listed = [{**rows[a], "name": labels.get(a, a)} for a in sorted(rows)]
    if args.json:
        _dump(listed)
    else:
        for row in listed:
            packages = ", ".join(sorted(row["packages"]))
            print(f"{row['id']:<40} {_printable(row['name']):<30} {packages}")
    return EXIT_OK


def _run(args: argparse.Namespace) -> int:
    if args.command == "sources":
        return cmd_sources(args)
    if args.timeout <= 0:
        print(f"{PROGRAM}: --timeout must be positive", file=sys.stderr)
        return EXIT_USAGE
    if args.command in apps_remotes.COMMANDS:
        try:
            return apps_remotes.run(args, _events, Progress(sys.stderr), _dump, _printable)
        except Failed as failure:
            print(f"{PROGRAM}: {failure}", file=sys.stderr)
            return EXIT_FAILED
    location = choose_catalog_for_cli(PROGRAM, args.catalog)
    with Catalog(location.path, args.locale or environment_locale()) as catalog:
        try:
            if args.command == "list-installed":
                return cmd_list_installed(args, catalog)
            return cmd_change(args, catalog, install=args.command == "install")
        except Failed as failure:
            print(f"{PROGRAM}: {failure}", file=sys.stderr)
            return EXIT_FAILED


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return run_cli(PROGRAM, lambda: _run(args))


if __name__ == "__main__":
    sys.exit(main())
