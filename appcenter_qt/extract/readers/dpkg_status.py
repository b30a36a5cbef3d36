"""dpkg's ``status`` file, streamed: one paragraph at a time, only the fields anyone asks
for (``Package``, ``Status``, ``Version``, ``Architecture``, ``Source``), lines capped.

A desktop's status file is a few MiB, but the file is whatever is in the root: reading it
whole, decoding it and splitting it into paragraphs cost four times its size in memory
(987 MB of RSS for one just under the 256 MiB size cap). Streaming keeps the reader at one
line plus the five short fields; what the callers keep is bounded by their own caps
(:data:`MAX_STATUS_PACKAGES` for the installed snapshot, the file owners for
:mod:`appcenter_qt.extract.readers.dpkgdb`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO, NamedTuple

#: A desktop's dpkg status is a few MiB; reading stops at this many bytes.
MAX_STATUS_BYTES = 256 * 1024 * 1024
#: A line longer than this is skipped whole (no wanted field's value is ever that long).
MAX_STATUS_LINE = 64 * 1024
#: Installed packages kept for the snapshot: Debian has about 65 000 binary packages per
#: architecture, a desktop a few thousand installed; more is not a real system's database.
MAX_STATUS_PACKAGES = 100_000
#: Characters of names, versions, architectures and sources kept for the snapshot (a
#: desktop's are about 300 KB): with the count this bounds the snapshot's memory, which the
#: file's size does not (100 000 packages with 2 KB names each fit in 256 MiB).
MAX_STATUS_TEXT = 16 * 1024 * 1024

_WANTED = {b"package", b"status", b"version", b"architecture", b"source"}


class StatusRecord(NamedTuple):
    """One paragraph's wanted fields (empty when missing)."""

    package: str
    status: str
    version: str
    architecture: str
    source: str


class StatusTooLarge(ValueError):
    """The file is over its size cap."""


def _record(fields: dict[bytes, bytes]) -> StatusRecord:
    def text(key: bytes) -> str:
        return fields.get(key, b"").decode("utf-8", "replace")

    return StatusRecord(
        text(b"package"), text(b"status"), text(b"version"), text(b"architecture"), text(b"source")
    )


def capped_lines(handle: BinaryIO, limit: int) -> Iterator[bytes]:
    """The file's lines (dpkg's ``status`` and its ``info/*.list``) but those longer than
    :data:`MAX_STATUS_LINE`, which are skipped whole; :class:`StatusTooLarge` once more than
    ``limit`` bytes were read."""
    read = 0
    while line := handle.readline(MAX_STATUS_LINE):
        read += len(line)
        overlong = len(line) == MAX_STATUS_LINE and not line.endswith(b"\n")
        while overlong and read <= limit:
            rest = handle.readline(MAX_STATUS_LINE)
            read += len(rest)
            overlong = len(rest) == MAX_STATUS_LINE and not rest.endswith(b"\n")
            line = b""
        if read > limit:
            raise StatusTooLarge(f"larger than {limit} bytes")
        if line:
            yield line


def status_records(handle: BinaryIO, limit: int = MAX_STATUS_BYTES) -> Iterator[StatusRecord]:
    """Each paragraph with a ``Package`` field, in file order. Field names are matched
    without regard to case, as dpkg does; continuation lines (a description, conffiles)
    are skipped, since no wanted field has any."""
    fields: dict[bytes, bytes] = {}
    for line in capped_lines(handle, limit):
        if not line.strip():
            if fields.get(b"package"):
                yield _record(fields)
            fields = {}
            continue
        if line[:1] in (b" ", b"\t"):
            continue
        name, sep, value = line.partition(b":")
        key = name.strip().lower()
        if sep and key in _WANTED:
            fields[key] = value.strip()
    if fields.get(b"package"):
        yield _record(fields)
