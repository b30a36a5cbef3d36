"""Shards: ``appcenter-generate --shard K/N …`` and ``appcenter-generate merge -o OUT DIR…``.

A shard runs pass 1 of the composer (reading packages: the expensive part) over a
deterministic slice of the units, cut by **source package** (a stable hash of its name), and
writes its scans to ``DIR/shard-K-of-N.scans``. ``merge`` loads every shard's scans and does
what a one-shot run does after pass 1: the cross-package icon pass over the scans of all
shards (so an application and the icon theme holding its icon meet again, whichever shards
they were in), the assembly, the catalog, icon archive and report. Because a merge runs the
very code a one-shot run runs on the very same scans, the outputs are byte-identical.

A shard file travels between jobs (a CI artifact), so whoever can replace it decides its
bytes: it is data only, JSON lines (a header, then one line per unit's scan) that
:func:`read_shard` checks against the dataclasses' annotations
(:mod:`~appcenter_qt.generator.plain_data`) with a cap on each line, and a file that fails is
one error naming it and the cause. Nothing in it is ever run.

Any job runner can run the shards (a CI matrix, GNU parallel, Kubernetes Jobs, Slurm): there
is no scheduler here. The merge needs the package files only for icons that the shards did
not already hold (an ``--cache`` shared by the shards and the merge avoids even that).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from appcenter_qt import __version__
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.generator.composition import Job, UnitScan
from appcenter_qt.generator.plain_data import PlainDataError, decoder, encoder
from appcenter_qt.support.safe_open import open_regular

#: 2: JSON lines checked against the dataclasses (1 was a pickle: code, not data).
SHARD_FORMAT = 2
_MAGIC = "appcenter-generate shard"
#: Caps on one line: the header (the inputs that were no package) and one unit's scan
#: (its applications, icons and the icon bytes it holds for other units).
MAX_HEADER_BYTES = 64 * 1024**2
MAX_SCAN_BYTES = 512 * 1024**2
_SUFFIX = ".scans"


def shard_of(source: str, count: int) -> int:
    """The shard (1…count) of a source package: a hash, the same on every machine."""
    digest = hashlib.sha256(source.encode("utf-8", "surrogateescape")).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


def _source_guess(path: str) -> str:
    """A package file's name up to its version (``kcalc_4%3a22…deb`` → ``kcalc``)."""
    name = Path(path).name
    return name.split("_", 1)[0] if "_" in name else re.split(r"-[0-9]", name, maxsplit=1)[0]


def select(jobs: list[Job], shard: tuple[int, int], sources: dict[str, str]) -> list[Job]:
    """The jobs of shard ``K/N``; ``sources`` maps a job path to its source package (from
    the repository index), else the file name's package name is used."""
    number, count = shard
    return [
        job
        for job in jobs
        if shard_of(sources.get(job.path) or _source_guess(job.path), count) == number
    ]


@dataclass(frozen=True)
class ShardHeader:
    """The first line of a shard file; one line per scan follows, ``scans`` of them."""

    magic: str
    format: int
    version: str
    shard: tuple[int, int]
    sizes: tuple[int, ...]
    origin: str
    unknown: tuple[str, ...]
    scans: int


class ShardError(ExtractError):
    """A shard file that is no shard of this generator (the message names file and cause)."""


def write_shard(
    output: Path,
    shard: tuple[int, int],
    scans: list[UnitScan],
    *,
    sizes: tuple[int, ...],
    origin: str,
    unknown: list[Path],
) -> Path:
    """``OUTPUT/shard-K-of-N.scans`` (temp file + rename: a killed shard leaves no file)."""
    number, count = shard
    target = output / f"shard-{number}-of-{count}{_SUFFIX}"
    temp = output / f".{target.name}.{os.getpid()}.tmp"
    header = ShardHeader(
        _MAGIC,
        SHARD_FORMAT,
        __version__,
        shard,
        tuple(sorted(set(sizes))),
        origin,
        tuple(str(path) for path in unknown) if number == 1 else (),
        len(scans),
    )
    try:
        temp.unlink(missing_ok=True)  # our own name: left by a killed run (or a planted link)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(_line(encoder(ShardHeader)(header)))
            encode = encoder(UnitScan)
            for scan in sorted(scans, key=lambda scan: scan.job.index):
                handle.write(_line(encode(scan)))
        os.replace(temp, target)  # replaces a link at ``target``, never writes through it
    except OSError as error:
        temp.unlink(missing_ok=True)
        raise ExtractError(f"{target}: cannot write: {error.strerror or error}") from error
    return target


def _line(value: object) -> bytes:
    # ASCII only (a lone surrogate of a file name is escaped, not an encoding error)
    return json.dumps(value, separators=(",", ":")).encode("ascii") + b"\n"


def _record(handle: BinaryIO, limit: int, what: str) -> object:
    """One line of JSON, at most ``limit`` bytes, parsed (not yet checked against a type)."""
    line = handle.readline(limit + 1)
    if not line:
        raise ShardError(f"{what}: missing (the file ends early)")
    if len(line) > limit:
        raise ShardError(f"{what}: longer than {limit} bytes")
    try:
        return json.loads(line)
    except (ValueError, RecursionError) as error:
        raise ShardError(f"{what}: not JSON: {error}") from error


def read_shard(file: Path) -> tuple[ShardHeader, list[UnitScan]]:
    """One shard file, checked line by line against :class:`ShardHeader` and
    :class:`UnitScan`: nothing in it is run, whoever wrote it. Raises :class:`ShardError`
    (``FILE: cause``) for anything that is no intact shard of this generator version."""
    try:
        with open_regular(file) as handle:
            try:
                header = decoder(ShardHeader)(_record(handle, MAX_HEADER_BYTES, "header"), "")
            except PlainDataError as error:
                raise ShardError(f"header: {error}") from error
            if header.magic != _MAGIC or header.format != SHARD_FORMAT:
                raise ShardError(f"not a shard file (format {SHARD_FORMAT})")
            if header.version != __version__:
                raise ShardError(f"written by version {header.version}, this is {__version__}")
            number, count = header.shard
            if not 1 <= number <= count or header.scans < 0:
                raise ShardError(f"header: shard {number}/{count} of {header.scans} scans")
            if any(size < 1 for size in header.sizes):
                raise ShardError("header: an icon size below 1")
            decode = decoder(UnitScan)
            scans = []
            for index in range(header.scans):
                what = f"scan {index + 1}"
                try:
                    scan = decode(_record(handle, MAX_SCAN_BYTES, what), "")
                except PlainDataError as error:
                    raise ShardError(f"{what}: {error}") from error
                if scan.job.index < 0:
                    raise ShardError(f"{what}: job index {scan.job.index}")
                scans.append(scan)
            if handle.read(1):
                raise ShardError(f"more than the {header.scans} scans its header counts")
    except ShardError as error:
        raise ShardError(f"{file}: {error}") from None
    except OSError as error:
        raise ShardError(f"{file}: not a readable shard file: {error.strerror or error}") from error
    return header, scans


def load_shards(directories: list[Path]) -> tuple[list[UnitScan], tuple[int, ...], str, list[Path]]:
    """Every shard's scans (one per job index), the icon sizes and origin they agree on,
    and the inputs that were no package. A damaged shard, a missing one or disagreeing
    runs are one error."""
    shards: list[tuple[ShardHeader, list[UnitScan]]] = []
    for directory in directories:
        files = sorted(directory.glob(f"shard-*{_SUFFIX}")) if directory.is_dir() else []
        if not files:
            raise ExtractError(f"{directory}: no shard-K-of-N{_SUFFIX} file")
        shards += [read_shard(file) for file in files]
    counts = {header.shard[1] for header, _scans in shards}
    sizes = {header.sizes for header, _scans in shards}
    origins = {header.origin for header, _scans in shards}
    if len(counts) != 1 or len(sizes) != 1 or len(origins) != 1:
        raise ExtractError(
            "the shards come from different runs (shard count, --icon-size or origin)"
        )
    count = counts.pop()
    present = {header.shard[0] for header, _scans in shards}
    missing = sorted(set(range(1, count + 1)) - present)
    if missing:
        raise ExtractError(f"shard {missing[0]}/{count} is missing")
    by_index: dict[int, UnitScan] = {}
    unknown: list[Path] = []
    for header, scans in shards:
        for scan in scans:
            by_index.setdefault(scan.job.index, scan)  # an icon provider read by two shards
        unknown += [Path(path) for path in header.unknown]
    return [by_index[index] for index in sorted(by_index)], sizes.pop(), origins.pop(), unknown
