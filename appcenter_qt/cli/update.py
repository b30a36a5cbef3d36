"""``appcenter-update``: the updater's grouping for scripts and terminals.

Without ``--apply`` it lists updates exactly as the Updates page shows them: application rows
(security first) and one "System infrastructure" row. ``--apply`` updates a selection:
``--all`` (everything), ``--apps`` (every application, with the system packages they pull
in) or the given app ids. ``--json`` output is stable: keys are only ever added.

``--offline`` updates the selection (default: everything) the offline way
(:func:`appcenter_qt.services.updater.split_by_mode`): system packages are downloaded and set to
install at the next restart (``--action reboot|power-off`` afterwards), Flatpak applications
are updated now. ``--offline-status`` says what is prepared and set, and how the last offline
update went; ``--offline-cancel`` unsets it (the download stays); ``--offline-clear-results``
forgets the last result. ``--policy`` prints the update policy and where each value came from.

Exit codes: 0 done (or nothing to update), 1 the update failed, 2 usage error or no daemon.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

from appcenter_qt import backends
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    choose_catalog_for_cli,
    run_cli,
)
from appcenter_qt.cli.update_offline import print_applied, results_json, run_offline_step
from appcenter_qt.cli.update_policy import print_policy
from appcenter_qt.domain.backend import (
    ErrorKind,
    OfflineAction,
    PackageBackend,
    ProgressEvent,
    TransactionEvent,
)
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.domain.updates import (
    InfrastructureGroup,
    PackageUpdate,
    Selection,
    SystemUpdateMode,
    UpdatePlan,
    packages_to_update,
    pulled_in,
)
from appcenter_qt.services.desktop_packages import (
    configured_metapackages,
    desktop_packages,
    parse_names,
)
from appcenter_qt.services.merged_source import MergedSource
from appcenter_qt.services.source_set import ALL, SourceSet
from appcenter_qt.services.update_policy import load_policy
from appcenter_qt.services.updater import (
    apply_ids,
    fetch_updates,
    offline_results,
    plan_updates,
    simulate_requirements,
    trigger_offline,
)
from appcenter_qt.support.l10n import environment_locale

PROGRAM = "appcenter-update"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        allow_abbrev=False,
        prog=PROGRAM,
        description="List updates as applications plus one System infrastructure group, "
        "and apply them.",
    )
    parser.add_argument("--catalog", metavar="FILE", help="catalog file (default: search order)")
    parser.add_argument("--locale", metavar="L", help="locale for names (default: environment)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--no-simulate",
        action="store_true",
        help="do not ask the daemon which system packages each application update needs",
    )
    parser.add_argument(
        "--core-desktop",
        metavar="PKG[,PKG…]",
        help="split System infrastructure into Core desktop (these metapackages and what they "
        "depend on) and Base platform; default: the core-desktop config file, else no split",
    )
    parser.add_argument(
        "--source",
        metavar="NAME",
        default=ALL,
        help="whose updates: all (default: every source's), a source's name ("
        + ", ".join(backends.names())
        + "; every instance of it) or one instance (NAME:INSTANCE, as 'appcenter-apps "
        "sources' lists them)",
    )
    parser.add_argument("--apply", action="store_true", help="update the selection")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true", help="with --apply: everything")
    which.add_argument(
        "--apps", action="store_true", help="with --apply: every application (and what it needs)"
    )
    parser.add_argument("app_ids", nargs="*", metavar="APP_ID", help="with --apply: these apps")
    parser.add_argument(
        "--policy",
        action="store_true",
        help="print the effective update policy, each value with the file it came from "
        "(or default) and whether an administrator locked it",
    )
    offline = parser.add_argument_group("offline updates (installed while the computer restarts)")
    step = offline.add_mutually_exclusive_group()
    step.add_argument(
        "--offline",
        action="store_true",
        help="update the selection (default: everything): download the system packages and "
        "install them at the next restart; update the other sources' applications now",
    )
    step.add_argument(
        "--offline-status",
        action="store_true",
        help="what is prepared for the next restart, and how the last offline update went",
    )
    step.add_argument(
        "--offline-cancel", action="store_true", help="do not install at the next restart"
    )
    step.add_argument(
        "--offline-clear-results",
        action="store_true",
        help="forget the last offline update's result",
    )
    offline.add_argument(
        "--action",
        choices=[action.value for action in OfflineAction],
        default=OfflineAction.REBOOT.value,
        help="with --offline: what the computer does after installing (default: reboot)",
    )
    return parser


def package_json(update: PackageUpdate) -> dict[str, Any]:
    return {
        "id": update.package_id,
        "name": update.name,
        "installed_version": update.installed_version,
        "new_version": update.new_version,
        "kind": update.kind.label,
        "summary": update.summary,
        "restart": update.restart,
    }


def plan_json(plan: UpdatePlan) -> dict[str, Any]:
    group = plan.infrastructure
    return {
        "count": plan.count,
        "applications": [
            {
                "id": app.app_id,
                "name": app.name,
                "kind": app.kind.label,
                "whats_new": app.whats_new,
                "packages": [package_json(p) for p in app.packages],
                "pulled_in": list(pulled_in(plan, Selection(frozenset({app.app_id})))),
            }
            for app in plan.apps
        ],
        "infrastructure": _group_json(group),
        # The rows the page shows: the one group, or Core desktop and Base platform.
        "groups": [_group_json(g) for g in plan.groups],
    }


def _group_json(group: InfrastructureGroup) -> dict[str, Any]:
    return {
        "key": group.key,
        "title": group.title,
        "count": group.count,
        "security": group.has_security,
        "packages": [package_json(p) for p in group.packages],
    }


def print_plan(plan: UpdatePlan) -> None:
    if plan.is_empty:
        print("Everything is up to date.")
        return
    for app in plan.apps:
        badge = "[security] " if app.kind.label == "security" else ""
        versions = ", ".join(p.version_change for p in app.packages)
        extra = pulled_in(plan, Selection(frozenset({app.app_id})))
        also = f"  (also updates {len(extra)} system component(s))" if extra else ""
        print(f"{badge}{app.name}  {versions}{also}")
    for group in plan.groups:
        security = sum(1 for p in group.packages if p.kind.label == "security")
        note = f", {security} security" if security else ""
        print(f"{group.title}: {group.count} package(s){note}")
        for package in group.packages:
            badge = "[security] " if package.kind.label == "security" else ""
            print(f"    {badge}{package.name}  {package.version_change}")


def _selection(args: argparse.Namespace, plan: UpdatePlan) -> Selection:
    if args.all:
        return Selection.everything(plan)
    if args.apps:
        return Selection.apps_only(plan)
    unknown = [app_id for app_id in args.app_ids if plan.app(app_id) is None]
    if unknown:
        raise BackendError("not-found", "no update for " + ", ".join(unknown))
    return Selection(frozenset(args.app_ids))


def _progress_printer(stream: Any) -> Any:
    last: list[Any] = [None]

    def show(event: TransactionEvent) -> None:
        if isinstance(event, ProgressEvent):
            key = (event.percent, event.status)
            if key != last[0]:
                last[0] = key
                percent = "?" if event.percent is None else f"{event.percent}%"
                print(f"{percent:>4} {event.status}", file=stream, flush=True)

    return show


async def _run_async(args: argparse.Namespace, catalog: Catalog, backend: PackageBackend) -> int:
    updates = await fetch_updates(backend)
    plan = plan_updates(updates, catalog.app_ids_for_packages, catalog.names)
    metapackages = (
        configured_metapackages()
        if args.core_desktop is None
        else parse_names(args.core_desktop, "--core-desktop")
    )
    if updates and metapackages:
        plan = plan.with_desktop(await desktop_packages(backend, metapackages))
    applying = args.apply or args.offline
    if not args.no_simulate and (not applying or not args.all):
        wanted = None if not applying or args.apps else set(args.app_ids)
        plan = await simulate_requirements(backend, plan, wanted)
    if not applying:
        if args.json:
            json.dump(plan_json(plan), sys.stdout, ensure_ascii=False, indent=2, sort_keys=True)
            print()
        else:
            print_plan(plan)
        return EXIT_OK
    selection = _selection(args, plan)
    if not packages_to_update(plan, selection):
        print("Nothing to update.", file=sys.stderr)
        return EXIT_OK
    mode = SystemUpdateMode.OFFLINE if args.offline else SystemUpdateMode.LIVE
    action = OfflineAction(args.action)
    try:
        ids = packages_to_update(plan, selection)
        result = await apply_ids(backend, ids, mode, _progress_printer(sys.stderr))
        if result.prepared:
            await trigger_offline(backend, action)
    except BackendError as error:
        print(f"{PROGRAM}: update failed: {error}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        output: dict[str, Any] = {"requested": list(result.requested), "restart": result.restart}
        if args.offline:
            output["prepared"] = list(result.prepared)
            output["action"] = action.value if result.prepared else None
            output["results"] = results_json(await offline_results(backend))
        json.dump(output, sys.stdout, indent=2, sort_keys=True)
        print()
    elif args.offline:
        print_applied(backend, result, action.value)
    else:
        print(f"Updated {len(result.requested)} package(s).")
        if result.restart:
            print("A restart is required: " + ", ".join(sorted(set(result.restart))))
    return EXIT_OK


async def _with_sources(args: argparse.Namespace, catalog: Catalog, locale: str) -> int:
    """The run over the chosen sources. A source that cannot be asked while others answer
    is named on stderr and the exit status is 1 (the plan shown lacks its updates); when no
    source answers, its error ends the run (exit 2 for a missing daemon, as before)."""
    sources = SourceSet.choose(args.source, options={backends.DEFAULT_SOURCE: {"locale": locale}})
    backend = sources.combined()
    if backend is None:
        raise BackendError(ErrorKind.DAEMON_MISSING, f"no package source can start ({sources})")
    try:
        status = await _run_async(args, catalog, backend)
    except BackendError:
        # No source answered: each is named as when only some did, the run ends (exit 2)
        if not _name_failures(backend, every=[name for name, _ in sources.usable()]):
            raise
        return EXIT_USAGE
    finally:
        await sources.aclose()
    failed = _name_failures(backend)
    return EXIT_FAILED if failed and status == EXIT_OK else status


def _name_failures(backend: Any, every: list[str] | None = None) -> bool:
    """Print one line per source the merged view could not ask (only when that was each of
    ``every``, if given); whether it printed."""
    failures = backend.last_failures if isinstance(backend, MergedSource) else {}
    if not failures or (every is not None and sorted(failures) != sorted(every)):
        return False
    for name, reason in failures.items():
        print(f"{PROGRAM}: {name} could not be asked: {reason}", file=sys.stderr)
    return True


async def _offline_step(args: argparse.Namespace, step: str, locale: str) -> int:
    """``--offline-status``/``-cancel``/``-clear-results``: no catalog, no plan."""
    sources = SourceSet.choose(args.source, options={backends.DEFAULT_SOURCE: {"locale": locale}})
    backend = sources.combined()
    if backend is None:
        raise BackendError(ErrorKind.DAEMON_MISSING, f"no package source can start ({sources})")
    try:
        await run_offline_step(backend, step, args.json)
    finally:
        await sources.aclose()
    return EXIT_OK


def _run(args: argparse.Namespace) -> int:
    if args.policy:
        if args.apply or args.app_ids or args.all or args.apps or args.offline:
            print(f"{PROGRAM}: --policy takes no selection", file=sys.stderr)
            return EXIT_USAGE
        print_policy(load_policy(), args.json)
        return EXIT_OK
    steps = {
        "status": args.offline_status,
        "cancel": args.offline_cancel,
        "clear-results": args.offline_clear_results,
    }
    step = next((name for name, wanted in steps.items() if wanted), "")
    if step:
        if args.apply or args.app_ids or args.all or args.apps:
            print(f"{PROGRAM}: --offline-{step} takes no selection", file=sys.stderr)
            return EXIT_USAGE
        return asyncio.run(_offline_step(args, step, args.locale or environment_locale()))
    if args.offline and args.apply:
        print(f"{PROGRAM}: --offline updates by itself; drop --apply", file=sys.stderr)
        return EXIT_USAGE
    if args.offline and not (args.apps or args.app_ids):
        args.all = True
    if args.app_ids and not (args.apply or args.offline):
        print(f"{PROGRAM}: app ids are only used with --apply or --offline", file=sys.stderr)
        return EXIT_USAGE
    if args.apply and not (args.all or args.apps or args.app_ids):
        print(f"{PROGRAM}: --apply needs --all, --apps or app ids", file=sys.stderr)
        return EXIT_USAGE
    location = choose_catalog_for_cli(PROGRAM, args.catalog)
    locale = args.locale or environment_locale()
    with Catalog(location.path, locale) as catalog:
        return asyncio.run(_with_sources(args, catalog, locale))


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return run_cli(PROGRAM, lambda: _run(args))


if __name__ == "__main__":
    sys.exit(main())
