"""``appcenter-apps``: applications, not packages, through the sources registry.

    appcenter-apps sources [--json]                 which sources (packagekit, flatpak:REMOTE…)
    appcenter-apps install APP_ID [--source S] [--yes] [--dry-run]
                                                    install an application from the catalog
    appcenter-apps remove APP_ID [--source S] [--yes] [--dry-run]
                                                    remove it
    appcenter-apps list-installed [--json]          the catalog's applications that are installed
    appcenter-apps remotes | remote-add FILE | remote-remove NAME | remove-unused
                                                    the remotes, and unused runtimes
                                                    (:mod:`.apps_remotes`)

An application id (or an alias, or the id with ``.desktop``) is looked up in the catalog,
chosen as the other tools choose it (``--catalog``, else the search order of
:mod:`appcenter_qt.services.system_catalog`). Its packages are grouped by the source that provides
their origin (``meta.sources``, default ``packagekit``); ``--source`` picks one when several could,
else the first in registry order: the distribution's packages before a Flatpak remote's. The
rules are the window's (:mod:`appcenter_qt.services.install`): the catalog's branch is
preferred, the change is simulated first and what else it changes is printed to stderr; it
goes ahead with ``--yes`` or a "y" on a terminal, and is refused otherwise (``--dry-run``
stops after the simulation); failures are worded by the shared sentences.
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
    ErrorKind,
    PackageBackend,
    PackageEvent,
    PackageState,
    Transaction,
    TransactionEvent,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.package_ref import InvalidPackageRef
from appcenter_qt.services.install import (
    INSTALL,
    REMOVE,
    ChangePlan,
    Target,
    choose_source,
    error_line,
    error_sentence,
    route,
    run_change,
)
from appcenter_qt.services.jobs import ProgressCallback, collect
from appcenter_qt.services.registry import AppRegistry
from appcenter_qt.services.source_set import SourceSet
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
            help="the source to use, as 'appcenter-apps sources' lists it (default: the app's "
            "first, the distribution's packages before the others)",
        )
        command.add_argument(
            "-y",
            "--yes",
            action="store_true",
            help="go ahead when other packages change too (else asked on a terminal, refused "
            "otherwise)",
        )
        command.add_argument(
            "--dry-run",
            action="store_true",
            help="only simulate: show what would change, change nothing",
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


def _show_progress(progress: Progress | None) -> ProgressCallback | None:
    return None if progress is None else lambda _percent, event: progress.show(event)


def _failure(sentence: str, details: str) -> Failed:
    """One line: the sentence, and the source's first line of detail."""
    return Failed(error_line(sentence, details))


async def _events(transaction: Transaction, progress: Progress | None) -> list[TransactionEvent]:
    """Every event; the first error (in the source's words: remotes, listings) or a failed
    finish raises :class:`Failed`."""
    try:
        job = await collect(transaction, _show_progress(progress))
    finally:
        if progress is not None:
            progress.done()
    if job.error is not None:
        raise _failure(job.error.message, job.error.details)
    if not job.success:
        finished = job.finished
        raise Failed(f"the operation ended: {finished.exit if finished else 'without an answer'}")
    return job.events


def _packages(events: Sequence[TransactionEvent], state: PackageState) -> list[str]:
    found = (e.package_id for e in events if isinstance(e, PackageEvent) and e.state is state)
    return list(dict.fromkeys(found))


class Change:
    """Install or remove one application with one source, by the shared rules
    (:mod:`appcenter_qt.services.install`: branch, simulation, error sentences)."""

    def __init__(
        self, app: Application, target: Target, timeout: float, *, yes: bool, dry_run: bool
    ) -> None:
        self.app = app
        self.target = target
        self.source = target.source
        self.yes = yes
        self.dry_run = dry_run
        self.backend: PackageBackend = backends.make(self.source, inactivity_timeout=timeout)

    async def run(self, install: bool) -> dict[str, Any]:
        try:
            return await self._run(install)
        finally:
            await self.backend.aclose()

    def _also(self, plan: ChangePlan) -> list[dict[str, str]]:
        also = []
        for ref, state in plan.extra:
            package = self.backend.parse_ref(ref)
            also.append({"package": package.name, "version": package.version, "change": state})
        return also

    async def _confirm(self, plan: ChangePlan) -> bool:
        """What else changes goes to stderr; go ahead with ``--yes`` or a "y" on a terminal."""
        print(f"{self.app.id} also changes:", file=sys.stderr)
        for item in self._also(plan):
            line = f"  {item['package']} {item['version']} ({item['change']})"
            print(_printable(line), file=sys.stderr)
        if self.dry_run:
            return False
        if self.yes:
            return True
        if not sys.stdin.isatty():
            raise Failed("other packages change too: run again with --yes to go ahead")
        answer = await asyncio.to_thread(input, "Go ahead? [y/N] ")
        return answer.strip().lower() in ("y", "yes")

    async def _run(self, install: bool) -> dict[str, Any]:
        action = INSTALL if install else REMOVE
        progress = Progress(sys.stderr)
        try:
            result = await run_change(
                self.backend,
                self.target,
                action,
                confirm=self._confirm,
                on_progress=_show_progress(progress),
                stopped=lambda: self.dry_run,
            )
        finally:
            progress.done()
        plan = result.plan
        if plan.nothing == "installed":
            raise Failed(f"{self.app.id} is already installed")
        if plan.nothing == "not-installed":
            raise Failed(f"{self.app.id} is not installed")
        if plan.nothing:
            names = ", ".join(self.target.names)
            raise Failed(f"{self.source} has no package for {self.app.id}: {names}")
        if result.declined and not self.dry_run:
            raise Failed("nothing changed")
        if not result.success and not self.dry_run:
            raise _failure(error_sentence(result.error or ErrorKind.FAILED), result.details)
        return {
            "app_id": self.app.id,
            "action": action,
            "source": self.source,
            "packages": [self.backend.parse_ref(ref).name for ref in plan.refs],
            "also_changes": self._also(plan),
            "dry_run": self.dry_run,
            "restart": result.restart,
        }


def cmd_change(args: argparse.Namespace, catalog: Catalog, install: bool) -> int:
    app_id = catalog.resolve_id(args.app_id)
    app = catalog.get(app_id) if app_id else None
    if app is None:
        raise Failed(f"no application {args.app_id!r} in the catalog")
    if not app.packages:
        raise Failed(f"{app.id} has no packages to {args.command}")
    # The one rule the window's source picker uses too (services/install.py): every source
    # of the app's origins, default first; a removal would prefer where it is installed,
    # which only asking every source could tell, so the CLI takes the first unless told.
    routes = route(catalog.meta(), app.packages)
    if args.source is not None and args.source not in routes:
        raise Failed(f"{app.id} is not provided by {args.source} (only {', '.join(routes)})")
    target = choose_source(routes, INSTALL if install else REMOVE, args.source or "")
    if target is None:  # not reached: an application with packages has a route
        raise Failed(f"{app.id} has no source")
    change = Change(app, target, args.timeout, yes=args.yes, dry_run=args.dry_run)
    result = asyncio.run(change.run(install))
    if args.json:
        _dump(result)
    else:
        verb = "installed" if install else "removed"
        if args.dry_run:
            verb = "would install" if install else "would remove"
        print(f"{verb} {app.id} ({', '.join(result['packages'])}) with {target.source}")
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
    packages: dict[str, list[str]] = {}
    found: dict[str, dict[str, None]] = {}
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
                packages.setdefault(app_id, []).append(package)
                found.setdefault(app_id, {})[source] = None
    # The window's registry holds the state: installed from these sources, in registry order.
    registry = AppRegistry()
    for app_id, sources in found.items():
        registry.set_installed_from(app_id, list(sources), SourceSet.ordered)
    installed = sorted(a for a in registry.ids() if registry.get(a).state.installed)
    labels = catalog.names(installed)
    listed: list[dict[str, Any]] = []
    for app_id in installed:
        where = registry.get(app_id).installed_from
        listed.append(
            {
                "id": app_id,
                "name": labels.get(app_id, app_id),
                "source": where[0],
                "sources": list(where),
                "packages": packages[app_id],
            }
        )
    if args.json:
        _dump(listed)
    else:
        for row in listed:
            shown = ", ".join(sorted(row["packages"]))
            print(f"{row['id']:<40} {_printable(row['name']):<30} {shown}")
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
