"""Which mode a run is, decided before the engine is imported (docs/system-catalog.md).

``--upgrade`` and ``--system`` import only what they use: the rebuild after a package install
(``--system`` with only the installed state changed, what the package manager's hook runs
after every install) is mostly Python's start and imports, and the engine's (the repository
reader's HTTP client among them) were a sixth of them. Packages,
trees, catalog files and repositories go to :mod:`.engine`. :func:`validate` is every
mode's check of its options, in one place.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from appcenter_qt.domain.errors import AppCenterError
from appcenter_qt.generator import html_output
from appcenter_qt.generator.options import EXIT_OK, EXIT_USAGE, PROGRAM, GenerateOptions
from appcenter_qt.generator.screenshot_service import check_template
from appcenter_qt.support.file_names import is_clean, shown


def run(options: GenerateOptions) -> int:
    """One run of every mode but ``merge``: the exit status (:data:`EXIT_OK` …)."""
    started = time.perf_counter()
    if options.upgrade is not None:
        if options.inputs or options.system:
            print(f"{PROGRAM}: --upgrade takes no INPUT and no --system", file=sys.stderr)
            return EXIT_USAGE
        from appcenter_qt.catalog import migrate

        changed = migrate.upgrade(options.upgrade)
        if not options.quiet:
            print(f"{options.upgrade}: {'upgraded' if changed else 'already current'}")
        return EXIT_OK
    parser_error = validate(options)
    if parser_error:
        print(f"{PROGRAM}: {parser_error}", file=sys.stderr)
        return EXIT_USAGE
    if options.system:
        # the rebuild after a package install first: it imports nothing the full build needs
        from appcenter_qt.generator.installed_refresh import refresh_installed

        refreshed = refresh_installed(options)
        if refreshed is not None:
            return refreshed
        from appcenter_qt.generator.system import run_system

        return run_system(options)
    from appcenter_qt.generator import engine

    return engine.run_inputs(options, started)


def _repo_problem(options: GenerateOptions) -> str | None:
    """``--repo``'s usage error; its reader (and HTTP client) imported only for a run that
    names a repository or its parts."""
    if options.repo is None and not (options.suites or options.components or options.arches):
        return None
    from appcenter_qt.generator import repo

    return repo.validate(options)


def validate(options: GenerateOptions) -> str | None:
    """The usage error in ``options``, or ``None``."""
    if options.jobs < 1:
        return "--jobs must be at least 1"
    if options.screenshot_service:
        try:
            check_template(options.screenshot_service)
        except AppCenterError as error:
            return str(error)
    if options.system and options.inputs:
        return "--system takes no INPUT (it reads the machine's own pool)"
    if options.system and options.tree:
        return "--system and --tree cannot be combined"
    if not options.system and not options.inputs and options.repo is None:
        return "no INPUT given (or use --repo or --system)"
    repo_error = _repo_problem(options) or html_output.validate(
        options, Path(options.output) if options.output else None
    )
    if repo_error:
        return repo_error
    if not options.system and not options.output:
        return "--output is required (except with --system)"
    if options.system and not Path(options.root).is_dir():
        return f"--root {shown(options.root)}: not a directory"
    # the catalog records its root, the summary prints the output: both must be UTF-8
    for option, value in (
        ("--root", options.root if options.system else "/"),
        ("--output", options.output),
    ):
        if value and not is_clean(Path(value).resolve()):
            return f"{option} {shown(Path(value).resolve())}: name not valid UTF-8"
    if not options.input_timeout >= 0:
        return "--input-timeout must be 0 (none) or more seconds"
    for size in options.icon_sizes or ():
        if not 16 <= size <= 1024:
            return f"--icon-size {size}: must be between 16 and 1024"
    missing = [raw for raw in options.inputs if not Path(raw).exists()]
    if missing:
        return f"{missing[0]}: no such file or directory"
    output = Path(options.output or ".")
    if output.exists() and not output.is_dir():
        return f"--output {output}: not a directory"
    missing_files = [
        p for p in [*options.icons, options.ratings] if p is not None and not p.is_file()
    ]
    if missing_files:
        return f"{missing_files[0]}: no such file"
    if options.report and not Path(options.report).parent.is_dir():
        return f"--report {options.report}: directory does not exist"
    return None
