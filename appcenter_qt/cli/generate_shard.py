"""Shards: ``appcenter-generate --shard K/N …`` and ``appcenter-generate merge -o OUT DIR…``.

A shard runs pass 1 of the composer (reading packages: the expensive part) over a
deterministic slice of the units, cut by **source package** (a stable hash of its name), and
writes its scans to ``DIR/shard-K-of-N.scans``. ``merge`` loads every shard's scans and does
what a one-shot run does after pass 1: the cross-package icon pass over the scans of all
shards (so an application and the icon theme holding its icon meet again, whichever shards
they were in), the assembly, the catalog, icon archive and report. Because a merge runs the
very code a one-shot run runs on the very same scans, the outputs are byte-identical.

Any job runner can run the shards (a CI matrix, GNU parallel, Kubernetes Jobs, Slurm): there
is no scheduler here. The merge needs the package files only for icons that the shards did
not already hold (an ``--cache`` shared by the shards and the merge avoids even that).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import re
from pathlib import Path

from appcenter_qt.errors import ExtractError
from appcenter_qt.extract.composition import Job, UnitScan
from appcenter_qt.safe_open import open_regular

SHARD_FORMAT = 1
_SHARD = re.compile(r"([1-9][0-9]*)/([1-9][0-9]*)")
_SUFFIX = ".scans"


def parse_shard(text: str) -> tuple[int, int]:
    """``K/N`` with 1 ≤ K ≤ N (argparse type)."""
    match = _SHARD.fullmatch(text)
    if not match or int(match[1]) > int(match[2]):
        raise argparse.ArgumentTypeError(f"{text!r}: expected K/N with 1 <= K <= N")
    return int(match[1]), int(match[2])


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
    payload = {
        "format": SHARD_FORMAT,
        "shard": shard,
        "sizes": tuple(sorted(set(sizes))),
        "origin": origin,
        "scans": sorted(scans, key=lambda scan: scan.job.index),
        "unknown": [str(path) for path in unknown] if number == 1 else [],
    }
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "wb") as handle:
        pickle.dump(payload, handle, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(temp, target)
    return target


def load_shards(directories: list[Path]) -> tuple[list[UnitScan], tuple[int, ...], str, list[Path]]:
    """Every shard's scans (one per job index), the icon sizes and origin they agree on,
    and the inputs that were no package. Missing shards or disagreeing runs are one error."""
    payloads = []
    for directory in directories:
        files = sorted(directory.glob(f"shard-*{_SUFFIX}")) if directory.is_dir() else []
        if not files:
            raise ExtractError(f"{directory}: no shard-K-of-N{_SUFFIX} file")
        for file in files:
            try:
                with open_regular(file) as handle:
                    payload = pickle.load(handle)  # noqa: S301 (shard outputs of our own runs)
            except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError) as e:
                raise ExtractError(f"{file}: not a readable shard file: {e}") from e
            if not isinstance(payload, dict) or payload.get("format") != SHARD_FORMAT:
                raise ExtractError(f"{file}: not a shard file of this generator")
            payloads.append((file, payload))
    counts = {payload["shard"][1] for _file, payload in payloads}
    sizes = {payload["sizes"] for _file, payload in payloads}
    origins = {payload["origin"] for _file, payload in payloads}
    if len(counts) != 1 or len(sizes) != 1 or len(origins) != 1:
        raise ExtractError(
            "the shards come from different runs (shard count, --icon-size or origin)"
        )
    count = counts.pop()
    present = {payload["shard"][0] for _file, payload in payloads}
    missing = sorted(set(range(1, count + 1)) - present)
    if missing:
        raise ExtractError(f"shard {missing[0]}/{count} is missing")
    by_index: dict[int, UnitScan] = {}
    unknown: list[Path] = []
    for _file, payload in payloads:
        for scan in payload["scans"]:
            by_index.setdefault(scan.job.index, scan)  # an icon provider read by two shards
        unknown += [Path(path) for path in payload["unknown"]]
    scans = [by_index[index] for index in sorted(by_index)]
    return scans, sizes.pop(), origins.pop(), unknown


def merge_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="appcenter-generate merge",
        description="Join the outputs of appcenter-generate --shard K/N runs into one catalog.",
        allow_abbrev=False,
    )
    parser.add_argument("shards", nargs="+", type=Path, metavar="DIR", help="shard outputs")
    parser.add_argument("--output", "-o", required=True, metavar="DIR", help="output directory")
    parser.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="for the icons")
    parser.add_argument("--report", metavar="FILE", help="JSON report (default: DIR/report.json)")
    parser.add_argument("--cache", type=Path, metavar="DIR", help="the shards' --cache")
    parser.add_argument("--html-report", type=Path, metavar="DIR", help="static HTML report")
    parser.add_argument("--strict", action="store_true", help="exit 1 if any input failed")
    parser.add_argument("--quiet", "-q", action="store_true", help="no summary")
    return parser
