"""``appcenter-apps``' source-wide commands: the remotes a source installs from, and the
runtimes nothing needs any more.

    appcenter-apps remotes [--json]                          every remote, with its installation
    appcenter-apps remote-add FILE [--user|--system] [--name N]   add one from a .flatpakrepo
    appcenter-apps remote-remove NAME [--user|--system] [--force] remove one
    appcenter-apps remove-unused [--dry-run]                 remove unused runtimes

They speak to the sources' managers (:func:`appcenter_qt.backends.managers`) through the
optional capabilities :class:`~appcenter_qt.domain.backend.RemoteSource` and
:class:`~appcenter_qt.domain.backend.UnusedRemoval`; no source is named here. A remote still
used by installed applications is not removed: the refusal names them, ``--force`` removes
them with it. After a change the catalog picks up the remote's applications (or loses them)
on its next use: its fingerprint includes every remote's AppStream file.
"""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from appcenter_qt import backends
from appcenter_qt.cli.common import EXIT_OK
from appcenter_qt.domain.backend import (
    PackageEvent,
    PackageState,
    RemoteEvent,
    RemoteScope,
    RemoteSource,
    UnusedRemoval,
)
from appcenter_qt.domain.errors import AppCenterError

COMMANDS = ("remotes", "remote-add", "remote-remove", "remove-unused")


def add_parsers(commands: Any, common: argparse.ArgumentParser) -> None:
    """The four commands, on ``appcenter-apps``' subparsers."""
    timeout = argparse.ArgumentParser(add_help=False)
    timeout.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        metavar="S",
        help="give up when the source is silent for S seconds (default 120)",
    )
    scope = argparse.ArgumentParser(add_help=False)
    where = scope.add_mutually_exclusive_group()
    where.add_argument("--user", dest="scope", action="store_const", const=RemoteScope.USER)
    where.add_argument("--system", dest="scope", action="store_const", const=RemoteScope.SYSTEM)
    commands.add_parser(
        "remotes", parents=[common, timeout], help="list every source's remotes and their apps"
    )
    add = commands.add_parser(
        "remote-add",
        parents=[common, timeout, scope],
        help="add a remote from a file describing it ("
        + ", ".join(backends.remote_file_patterns())
        + "; --user by default, or --system)",
    )
    add.add_argument("file", metavar="FILE")
    add.add_argument("--name", default="", metavar="N", help="name (default: the file's)")
    remove = commands.add_parser(
        "remote-remove",
        parents=[common, timeout, scope],
        help="remove a remote (refused while apps installed from it remain, unless --force)",
    )
    remove.add_argument("name", metavar="NAME")
    remove.add_argument(
        "--force", action="store_true", help="also remove the software installed from it"
    )
    unused = commands.add_parser(
        "remove-unused",
        parents=[common, timeout],
        help="remove runtimes and extensions no installed application needs",
    )
    unused.add_argument("--dry-run", action="store_true", help="only list what would go")


def _manager(capability: type, args: argparse.Namespace) -> Any:
    """The first source manager with ``capability``; a usage-level error naming why none
    is there (the Flatpak source's own reason: not installed…)."""
    for manager in backends.managers(inactivity_timeout=args.timeout):
        if isinstance(manager, capability):
            return manager
    reasons = [f"{s.name}: {s.reason}" for s in backends.available() if s.reason]
    why = f" ({'; '.join(reasons)})" if reasons else ""
    raise AppCenterError(f"no source here manages remotes{why}")


def run(args: argparse.Namespace, events: Any, progress: Any, dump: Any, printable: Any) -> int:
    """Run one of :data:`COMMANDS`; ``events`` is ``appcenter-apps``' transaction runner
    (raises its ``Failed`` with the source's one line), ``progress`` its progress line."""
    if args.command == "remove-unused":
        cleaner: UnusedRemoval = _manager(UnusedRemoval, args)
        transaction = cleaner.remove_unused(simulate=args.dry_run)
        shown = None if args.dry_run else progress
        found = asyncio.run(events(transaction, shown))
        refs = [
            e.package_id
            for e in found
            if isinstance(e, PackageEvent) and e.state is PackageState.REMOVING
        ]
        refs = list(dict.fromkeys(refs))
        if args.json:
            dump({"dry_run": args.dry_run, "removed": [] if args.dry_run else refs, "unused": refs})
        else:
            verb = "would remove" if args.dry_run else "removed"
            print(f"{verb} {len(refs)} unused runtime(s)")
            for ref in refs:
                print(f"  {printable(ref)}")
        return EXIT_OK
    remotes: RemoteSource = _manager(RemoteSource, args)
    if args.command == "remotes":
        listed = [
            e
            for e in asyncio.run(events(remotes.list_remotes(), None))
            if isinstance(e, RemoteEvent)
        ]
        if args.json:
            dump([_remote_json(remotes, e) for e in listed])
        else:
            for e in listed:
                state = "" if e.enabled else " (disabled)"
                apps = f", {len(e.apps)} app(s) installed" if e.apps else ""
                title = printable(e.title or e.name)
                print(f"{e.name:<16} {e.scope.value:<6} {title} <{printable(e.url)}>{state}{apps}")
        return EXIT_OK
    if args.command == "remote-add":
        scope = args.scope or RemoteScope.USER
        transaction = remotes.add_remote(args.file, scope=scope, name=args.name)
        found = asyncio.run(events(transaction, progress))
        added = next((e for e in found if isinstance(e, RemoteEvent)), None)
        name = added.name if added else args.name
        if args.json:
            dump(_remote_json(remotes, added) if added else {"name": name})
        else:
            print(f"added the remote {name} ({scope.value} installation)")
        return EXIT_OK
    transaction = remotes.remove_remote(args.name, scope=args.scope, force=args.force)
    found = asyncio.run(events(transaction, progress))
    gone = [e.package_id for e in found if isinstance(e, PackageEvent) and e.state.changes]
    if args.json:
        dump({"name": args.name, "removed": list(dict.fromkeys(gone))})
    else:
        extra = f" and {len(set(gone))} installed ref(s) from it" if gone else ""
        print(f"removed the remote {args.name}{extra}")
    return EXIT_OK


def _remote_json(manager: Any, event: RemoteEvent) -> dict[str, Any]:
    return {
        "name": event.name,
        "source": f"{manager.name}:{event.name}",
        "title": event.title,
        "url": event.url,
        "installation": event.scope.value,
        "enabled": event.enabled,
        "apps": list(event.apps),
    }
