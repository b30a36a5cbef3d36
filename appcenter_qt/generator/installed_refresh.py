"""The rebuild after a package install: only the installed state changed, so only it is
written again.

The refresh hooks run ``appcenter-generate --system`` after every install and removal
(``/var/lib/dpkg/status`` changes), and nearly always nothing else changed: no catalog file,
no desktop file folder, no icon. A full build would parse, merge, colour and index the same
2,000 applications again to change one table. So every build records its
:func:`content_key` (``meta.content_key``): what its applications were built from, without
the package database. When the next run finds the same key in the published set, it copies
that set's catalog with the new ``installed_packages`` (:mod:`appcenter_qt.catalog.
installed_state`), keeps its icon archive and report, and publishes the new set the usual
way (:class:`~appcenter_qt.catalog.publish.OutputSet`). Anything unexpected (no such key,
an unreadable file, a pool problem to report, an option that changes the output) means the
full build, which reports it.

This module imports no parser, no writer and no SQLAlchemy, so the short way stays short.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import time
from collections.abc import Sequence
from pathlib import Path

from appcenter_qt import backends
from appcenter_qt.catalog.connect import read_meta
from appcenter_qt.catalog.installed_state import copy_with_installed
from appcenter_qt.catalog.locate import CATALOG_FILE, ICON_ARCHIVE_NAME, default_pool_output
from appcenter_qt.catalog.publish import OutputSet, current_set
from appcenter_qt.domain import Package
from appcenter_qt.domain.errors import AppCenterError
from appcenter_qt.extract.pool.package_db import read_installed
from appcenter_qt.extract.pool.system_pool import (
    CATALOG_CONTENTS,
    SOURCE_STATE,
    Stamp,
    SystemPool,
    content_stamps,
    discover,
    kept_source_stamps,
)
from appcenter_qt.generator.composition import DEFAULT_ICON_SIZES
from appcenter_qt.generator.options import EXIT_OK, REPORT_NAME, GenerateOptions
from appcenter_qt.generator.reuse import code_fingerprint
from appcenter_qt.generator.system_progress import PROGRAM, SystemProgress

#: The catalog ``meta`` key holding :func:`content_key`.
CONTENT_KEY = "content_key"


def content_key(stamps: Sequence[Stamp], sources: Sequence[Stamp], options: GenerateOptions) -> str:
    """What a system build's applications are made of: the generator's code, the options
    that change the output, :func:`~appcenter_qt.extract.pool.system_pool.content_stamps`
    and the sources' catalogs. Equal keys mean equal catalogs but for the installed state."""
    digest = hashlib.sha256(b"content-key:1\0" + CATALOG_CONTENTS)
    sizes = options.icon_sizes or DEFAULT_ICON_SIZES
    facts = [code_fingerprint(), str(Path(options.root).resolve()), options.origin, repr(sizes)]
    facts.append(str(options.reads_source_catalogs()))
    for fact in facts:
        digest.update(fact.encode("utf-8", "surrogateescape") + b"\0")
    for stamp in sorted(stamps):
        digest.update(repr(stamp).encode("utf-8", "surrogateescape"))
    for stamp in sorted(sources):
        digest.update(b"source:" + repr(stamp).encode("utf-8", "surrogateescape"))
    return digest.hexdigest()[:32]


def _plain_output(options: GenerateOptions) -> bool:
    """Whether the catalog is what the pool alone makes: extra inputs (ratings, a screenshot
    service) are not in the key, so such a catalog records none and is never copied."""
    return not (options.ratings or options.screenshot_service)


def recorded_key(
    stamps: Sequence[Stamp], sources: Sequence[Stamp], options: GenerateOptions
) -> dict[str, str]:
    """``meta`` for a full build: its :func:`content_key`, when a later run may reuse it."""
    if not _plain_output(options):
        return {}
    return {CONTENT_KEY: content_key(stamps, sources, options)}


def _applies(options: GenerateOptions) -> bool:
    """Runs asked for more than a catalog (a rebuild from scratch, an HTML report, the exit
    status of every input) take the full way."""
    return _plain_output(options) and not (
        options.no_cache or options.html_report is not None or options.strict
    )


def _published(output: Path) -> Path | None:
    """The published set's directory, when its catalog is a regular file (never a link)."""
    directory = current_set(output)
    if directory is None:
        return None
    try:
        if not stat.S_ISREG(os.lstat(directory / CATALOG_FILE).st_mode):
            return None
    except OSError:
        return None
    return directory


def _keep_file(source: Path, target: Path) -> None:
    """The same bytes in the new set: a hard link when the file system allows it (nobody
    writes a published file again, so sharing its inode is safe)."""
    if not stat.S_ISREG(os.lstat(source).st_mode):
        raise OSError(f"{source}: not a regular file")
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        shutil.copyfile(source, target, follow_symlinks=False)


def refresh_installed(options: GenerateOptions) -> int | None:
    """Publish the last set again with the current installed state, when nothing else it
    was built from changed; ``None`` when the full build must run instead."""
    if not _applies(options):
        return None
    started = time.perf_counter()
    output = Path(options.output) if options.output else default_pool_output()
    before = _published(output)
    if before is None:
        return None
    try:
        meta = read_meta(before / CATALOG_FILE)
    except AppCenterError:
        return None
    pool = discover(options.root, sourced_data_dirs=backends.exported_data_dirs())
    if pool.hints or not pool.package_db or meta.get("generator") != PROGRAM:
        return None
    sources: list[Stamp] = []
    if options.reads_source_catalogs():
        kept = kept_source_stamps(meta.get(SOURCE_STATE, ""))
        if kept is None:
            return None
        sources = kept
    key = content_key(content_stamps(pool), sources, options)
    if meta.get(CONTENT_KEY) != key:
        return None
    try:
        installed = read_installed(pool.root, pool.package_db, pool.package_db_path)
    except AppCenterError:
        return None
    return _publish(options, output, before, pool, sources, installed, started)


def _publish(
    options: GenerateOptions,
    output: Path,
    before: Path,
    pool: SystemPool,
    sources: list[Stamp],
    installed: list[Package],
    started: float,
) -> int | None:
    progress = SystemProgress(options.progress, options.quiet)
    try:
        with OutputSet(output) as output_set:
            if current_set(output) != before:  # another run published meanwhile
                return None
            staging = output_set.staging
            progress("installed", 0.5, str(pool.package_db_path))
            copy_with_installed(
                before / CATALOG_FILE,
                staging / CATALOG_FILE,
                installed,
                pool.package_db,
                {"pool_fingerprint": pool.fingerprint(sources)},
            )
            _keep_file(before / ICON_ARCHIVE_NAME, staging / ICON_ARCHIVE_NAME)
            # the report is about the inputs, which are the ones it describes
            _keep_file(before / REPORT_NAME, staging / REPORT_NAME)
            if options.report:
                shutil.copyfile(before / REPORT_NAME, options.report)
            published = output_set.publish()
            progress("done", 1.0, str(published))
    except (AppCenterError, OSError):  # the full build says what (a full disk, a lock held)
        return None
    finally:
        progress.close()
    if not options.quiet:
        elapsed = time.perf_counter() - started
        print(
            f"nothing but the installed state changed since the last build: "
            f"{len(installed)} installed packages ({pool.package_db}) in {elapsed:.2f} s; "
            f"catalog: {published}"
        )
    return EXIT_OK
