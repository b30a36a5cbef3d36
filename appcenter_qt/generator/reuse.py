"""Reusing a whole run's outputs when nothing it depends on changed.

A distribution's daily ``appcenter-generate --repo … --cache DIR`` run mostly finds the
archive unchanged. The per-unit cache (:mod:`appcenter_qt.generator.scan_cache`) then spares
reading packages, but the run still parses the file lists, assembles every application and
writes the catalog, its search index and the icon archive again, byte for byte what it wrote
last time. So a run that can be keyed completely keeps its three outputs in the cache too,
under a **run key**: the generator's version and a fingerprint of its code, the options that
change a unit's result, the repository location, every index's checksum (which names every
package's checksum) and ``SOURCE_DATE_EPOCH``. When the key matches, the outputs are copied
from the cache into a new output set and published: no index is parsed, no package opened,
and neither the composer nor the catalog writer is even imported (this module and
:mod:`appcenter_qt.catalog.publish` are all it needs).

Only runs whose outputs are a function of that key qualify: ``--repo`` with ``--cache``,
``SOURCE_DATE_EPOCH`` set (otherwise the catalog's ``created_at`` is the moment of the run),
and no INPUTs, ``--shard``, ``--ratings``, ``--icons``, ``--screenshot-service`` or
``--html-report`` (the site is rendered from the run's units and keeps its own state of the
previous run, neither of which a reused run has).
``--no-output-reuse`` turns it off. Each stored file's SHA256 is in the entry's manifest and
checked while it is copied out: a damaged cache entry is a miss, never a damaged output.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from appcenter_qt.catalog.locate import OUTPUT_FILES
from appcenter_qt.catalog.publish import OutputSet
from appcenter_qt.generator.options import GenerateOptions
from appcenter_qt.generator.scan_cache import GENERATOR_VERSION, ScanCache
from appcenter_qt.support.reproducible import source_date_epoch

if TYPE_CHECKING:  # a name only: the rebuild after an install reads no repository
    from appcenter_qt.extract.repository import Indexes

CATALOG, ICONS, REPORT = OUTPUT_FILES
_MANIFEST = "manifest"


@dataclass(frozen=True)
class Remembered:
    """A run's outputs in the cache: each file's SHA256 and what the summary said."""

    files: dict[str, str]
    summary: list[str]
    megabytes: float
    units: int
    failed: bool


def code_fingerprint() -> str:
    """The generator's own code, by name, size and modification time of every module: a
    changed module (an upgrade, a developer's edit) changes every run key."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for root, dirs, files in os.walk(package):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                info = os.stat(os.path.join(root, name))
                relative = os.path.relpath(os.path.join(root, name), package)
                digest.update(f"{relative}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def run_key(options: GenerateOptions, indexes: Indexes | None, cache: ScanCache | None) -> str:
    """The run's key, or ``""`` when its outputs cannot be reused (see the module doc)."""
    if cache is None or indexes is None or options.no_output_reuse:
        return ""
    if options.inputs or options.shard is not None or options.ratings or options.icons:
        return ""
    if options.screenshot_service or options.html_report is not None:
        return ""
    epoch = source_date_epoch()
    if epoch is None:
        return ""
    parts = (
        GENERATOR_VERSION,
        code_fingerprint(),
        cache.options,
        str(options.repo),
        indexes.digest(),
        str(epoch),
        options.origin,
    )
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogateescape")).hexdigest()


def _entry(key: str, name: str) -> str:
    return hashlib.sha256(f"{key}\0output\0{name}".encode()).hexdigest()


def reuse(options: GenerateOptions, cache: ScanCache, key: str, started: float) -> int | None:
    """Publish the outputs remembered under ``key`` and print the summary; the exit status,
    or ``None`` when there is nothing (intact) to reuse and the run must go on."""
    output = Path(options.output or ".")  # set: checked by the engine
    report_target = Path(options.report) if options.report else None
    with cache:
        remembered = cache.load_value(_entry(key, _MANIFEST))
        if not isinstance(remembered, Remembered):
            cache.close(prune=False)
            return None
        output.mkdir(parents=True, exist_ok=True)
        with OutputSet(output) as output_set:
            names = [CATALOG, ICONS] + ([] if report_target else [REPORT])
            for name in names:
                if not cache.load_file(
                    _entry(key, name), output_set.staging / name, remembered.files[name]
                ):
                    cache.close(prune=False)
                    return None  # leaving the set unpublished discards it
            if report_target is not None:
                temp = report_target.with_name(f".{report_target.name}.{os.getpid()}.tmp")
                if not cache.load_file(_entry(key, REPORT), temp, remembered.files[REPORT]):
                    with contextlib.suppress(OSError):
                        temp.unlink()
                    cache.close(prune=False)
                    return None
                os.replace(temp, report_target)
            output_set.publish()
        cache.close(prune=False)  # nothing was added: nothing to prune
    if not options.quiet:
        elapsed = time.perf_counter() - started
        for line in remembered.summary:
            print(line)
        print(
            f"{elapsed:.2f} s, no package read ({remembered.megabytes:.1f} MB unchanged); "
            f"report: {report_target or output / REPORT}"
        )
        print(f"cache: outputs reused ({remembered.units} units; every index and option unchanged)")
    sys.stdout.flush()
    return 1 if options.strict and remembered.failed else 0


def remember(
    cache: ScanCache,
    key: str,
    output: Path,
    report: Path,
    summary: list[str],
    *,
    megabytes: float,
    units: int,
    failed: bool,
) -> None:
    """Keep the run's published outputs under ``key`` (the manifest last: an interrupted
    store is a miss), unless part of the run depended on the moment (a timeout, a failed
    download, a checksum mismatch: the next run must try again)."""
    if cache.incomplete:
        return
    with cache:
        files = {}
        for name, path in ((CATALOG, output / CATALOG), (ICONS, output / ICONS), (REPORT, report)):
            digest = cache.store_file(_entry(key, name), path)
            if digest is None:
                return
            files[name] = digest
        cache.store_value(
            _entry(key, _MANIFEST), Remembered(files, summary, megabytes, units, failed)
        )


__all__ = ["Remembered", "code_fingerprint", "remember", "reuse", "run_key"]
