"""``appcenter-pk``: PackageKit from the shell, through the same backend the UI uses.

    appcenter-pk resolve NAME…            what each name is (installed / available)
    appcenter-pk install [--simulate] NAME…   install by name (or full package id)
    appcenter-pk remove [--simulate] NAME…    remove by name (or full package id)
    appcenter-pk updates [--json]          pending updates

Progress goes to stderr: a bar that redraws itself on a terminal, plain lines otherwise (so
logs and tests stay readable). Results go to stdout, ``--json`` for scripts. Exit codes:
0 success, 1 the daemon reported a failure (or a name was not found), 2 a usage error or a
name/id that is not valid.

It never starts ``pkcon`` or a package manager: every action is a PackageKit transaction
over D-Bus (``DBUS_SYSTEM_BUS_ADDRESS`` selects the bus, as for the UI).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from appcenter_qt import backends
from appcenter_qt.cli.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE, run_cli
from appcenter_qt.domain.backend import (
    ErrorEvent,
    FinishedEvent,
    PackageEvent,
    PackageState,
    ProgressEvent,
    Transaction,
    TransactionEvent,
)
from appcenter_qt.services.jobs import collect

PROGRAM = "appcenter-pk"
CHANGE_STATES = {
    PackageState.INSTALLING,
    PackageState.REMOVING,
    PackageState.UPDATING,
    PackageState.REINSTALLING,
    PackageState.DOWNGRADING,
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        allow_abbrev=False,
        prog=PROGRAM,
        description="Package actions through the distribution's package manager.",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        metavar="S",
        help="give up when the daemon is silent for S seconds (default 120)",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    resolve = commands.add_parser("resolve", help="look package names up", allow_abbrev=False)
    resolve.add_argument("names", nargs="+", metavar="NAME")
    for name, text in (("install", "install packages"), ("remove", "remove packages")):
        command = commands.add_parser(name, help=text, allow_abbrev=False)
        command.add_argument("names", nargs="+", metavar="NAME")
        command.add_argument("--simulate", action="store_true", help="only show what would change")
    commands.add_parser("updates", help="list pending updates", allow_abbrev=False)
    return parser


def _info(event: PackageEvent) -> str:
    """The first column: the state, or for an offered update its urgency (``security``…)."""
    if event.update_kind is not None:
        return event.update_kind.label
    return event.state.value


class Progress:
    """Draws progress on stderr: one redrawn bar on a terminal, changed states as lines."""

    def __init__(self, stream: TextIO, *, lines: bool = True) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.lines = lines  # off: draw only on a terminal (queries are quick)
        self._last: tuple[int | None, str] | None = None
        self._drawn = False

    def show(self, event: ProgressEvent) -> None:
        if event.item_percent is not None or not (self.tty or self.lines):
            return  # per-item progress: the overall bar is enough for a shell
        state = (event.percent, event.status)
        if state == self._last:
            return
        percent_text = f"{event.percent:3d}%" if event.percent is not None else "  ?%"
        if self.tty:
            width = max(10, min(40, shutil.get_terminal_size((80, 24)).columns - 30))
            filled = (event.percent or 0) * width // 100
            bar = "#" * filled + "-" * (width - filled)
            self.stream.write(f"\r[{bar}] {percent_text} {event.status[:20]:<20}")
            self._drawn = True
        elif self._last is None or event.status != self._last[1] or self._crossed_ten(event):
            self.stream.write(f"{percent_text} {event.status}\n")
        else:
            return
        self._last = state
        self.stream.flush()

    def _crossed_ten(self, event: ProgressEvent) -> bool:
        before = self._last[0] if self._last else None
        if event.percent is None or before is None:
            return event.percent != before
        return event.percent // 10 != before // 10

    def done(self) -> None:
        if self.tty and self._drawn:
            self.stream.write("\n")
            self.stream.flush()
        self._drawn = False


async def _run(transaction: Transaction, progress: Progress) -> list[TransactionEvent]:
    """Every event (Ctrl+C cancels the transaction too: :func:`collect`)."""
    try:
        job = await collect(transaction, lambda _percent, event: progress.show(event))
    finally:
        progress.done()
    return job.events


def _failure(events: Sequence[TransactionEvent]) -> str | None:
    """One line for the first error, or ``None`` if the transaction succeeded."""
    for event in events:
        if isinstance(event, ErrorEvent):
            detail = f" ({event.details.splitlines()[0][:200]})" if event.details else ""
            return f"{event.message}{detail}"
    finished = events[-1] if events else None
    if isinstance(finished, FinishedEvent) and not finished.success:
        return f"the operation ended: {finished.code or finished.exit}"
    return None


class Session:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.backend = backends.make(backends.DEFAULT_SOURCE, inactivity_timeout=args.timeout)
        self.progress = Progress(sys.stderr)
        self.quiet = Progress(sys.stderr, lines=False)

    def error(self, text: str) -> None:
        print(f"{PROGRAM}: {text}", file=sys.stderr)

    def name(self, package_id: str) -> str:
        return self.backend.parse_ref(package_id).name

    def short(self, package_id: str) -> str:
        ref = self.backend.parse_ref(package_id)
        return f"{ref.name}-{ref.version}.{ref.arch}" if ref.arch else f"{ref.name}-{ref.version}"

    def package_json(self, event: PackageEvent) -> dict[str, Any]:
        return {
            "id": event.package_id,
            "name": self.name(event.package_id),
            "info": _info(event),
            "summary": event.summary,
        }

    def print_packages(self, found: Sequence[PackageEvent]) -> None:
        if self.args.json:
            json.dump(
                [self.package_json(p) for p in found], sys.stdout, indent=2, ensure_ascii=False
            )
            sys.stdout.write("\n")
            return
        for package in found:
            # Package text is untrusted: one line each, control characters dropped.
            summary = "".join(c for c in package.summary if c.isprintable())
            print(f"{_info(package):<12} {self.short(package.package_id):<40} {summary}")

    async def resolve(self, names: Sequence[str], **kwargs: bool) -> list[PackageEvent] | None:
        events = await _run(self.backend.resolve(names, **kwargs), self.quiet)
        failure = _failure(events)
        if failure:
            self.error(failure)
            return None
        return [e for e in events if isinstance(e, PackageEvent)]

    async def cmd_resolve(self) -> int:
        found = await self.resolve(self.args.names)
        if found is None:
            return EXIT_FAILED
        self.print_packages(found)
        names = {self.name(p.package_id) for p in found}
        missing = [n for n in self.args.names if n not in names]
        for name in missing:
            self.error(f"package not found: {name}")
        return EXIT_FAILED if missing else EXIT_OK

    async def cmd_updates(self) -> int:
        events = await _run(self.backend.get_updates(), self.quiet)
        failure = _failure(events)
        if failure:
            self.error(failure)
            return EXIT_FAILED
        self.print_packages([e for e in events if isinstance(e, PackageEvent)])
        return EXIT_OK

    async def _targets(self, want_installed: bool) -> list[str] | None:
        """Names → package ids (ids pass through); ``None`` if any name has no match."""
        ids = [n for n in self.args.names if ";" in n]
        names = [n for n in self.args.names if ";" not in n]
        if not names:
            return ids
        found = await self.resolve(names)
        if found is None:
            return None
        missing = False
        for name in names:
            matches = [p for p in found if self.name(p.package_id) == name]
            wanted = [p for p in matches if (p.state is PackageState.INSTALLED) == want_installed]
            if not wanted:
                state = "not installed" if want_installed else "already installed or unknown"
                self.error(f"{name}: {state}" if matches else f"package not found: {name}")
                missing = True
            else:
                ids.append(wanted[0].package_id)
        return None if missing else ids

    async def change(self, install: bool) -> int:
        ids = await self._targets(want_installed=not install)
        if ids is None:
            return EXIT_FAILED
        simulate = self.args.simulate
        make = self.backend.install if install else self.backend.remove
        events = await _run(make(ids, simulate=simulate), self.progress)
        failure = _failure(events)
        if failure:
            self.error(failure)
            return EXIT_FAILED
        changes = [e for e in events if isinstance(e, PackageEvent) and e.state in CHANGE_STATES]
        if simulate or self.args.json:
            self.print_packages(changes)
        else:
            verb = "installed" if install else "removed"
            for package_id in ids:
                print(f"{verb} {self.short(package_id)}")
        return EXIT_OK

    async def main(self) -> int:
        try:
            command = self.args.command
            if command == "resolve":
                return await self.cmd_resolve()
            if command == "updates":
                return await self.cmd_updates()
            return await self.change(install=command == "install")
        finally:
            await self.backend.aclose()


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.timeout <= 0:
        print(f"{PROGRAM}: --timeout must be positive", file=sys.stderr)
        return EXIT_USAGE
    return run_cli(PROGRAM, lambda: asyncio.run(Session(args).main()))


if __name__ == "__main__":
    sys.exit(main())
