"""The file a job reads, made ready: downloaded if the job is remote, and checked against the
checksum its repository index gives before anything in it is extracted.

Both passes of the composer read units through :func:`unit_file`, in the worker process that
reads them: downloads run in parallel with ``--jobs``, and a downloaded package is removed
when the worker is done with it. A package that is not what its index says (a truncated
mirror copy, a swapped file) is a :class:`~appcenter_qt.extract.download.ChecksumMismatch`:
the unit fails with ``checksum-mismatch``, is skipped, and the run goes on.
"""

from __future__ import annotations

import contextlib
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from appcenter_qt.extract.deadline import stall_if_asked
from appcenter_qt.extract.download import ChecksumMismatch, download, file_digest, verify

if TYPE_CHECKING:
    from appcenter_qt.generator.composition import Job


def job_name(job: Job) -> str:
    """The file name of a job's package (the last part of its path, or of its URL
    unquoted: ``kcalc_4%3A22…`` is the file ``kcalc_4:22…``)."""
    name = job.path.rstrip("/").rpartition("/")[2]
    return urllib.parse.unquote(name) if job.fetch is not None else name


@contextlib.contextmanager
def unit_file(job: Job) -> Iterator[Path]:
    """The local path of ``job``'s file; a remote job's file is fetched first and removed
    after. Raises an :class:`~appcenter_qt.domain.errors.ExtractError` subclass naming the file
    (download failed, checksum or size mismatch)."""
    if job.fetch is None:
        path = Path(job.path)
        stall_if_asked(path.name)
        if job.digest and not job.kind.reader.directory:
            size = path.stat().st_size
            if job.size and size != job.size:
                raise ChecksumMismatch(
                    f"{path.name}: size mismatch: the index says {job.size} bytes, the file "
                    f"has {size}"
                )
            verify(path.name, file_digest(path, job.digest_type), job.digest, job.digest_type)
        yield path
        return
    # One directory per job, so the file keeps its name (hints and the report name it).
    target = Path(job.fetch.directory) / "units" / str(job.index) / job_name(job)
    try:
        actual = download(job.path, target, job.fetch, job.digest_type)
        if job.digest:
            verify(job_name(job), actual, job.digest, job.digest_type)
        yield target
    finally:
        with contextlib.suppress(OSError):
            target.unlink()
        with contextlib.suppress(OSError):
            target.parent.rmdir()


__all__ = ["job_name", "unit_file"]
