"""What the package and catalog readers read from.

A file, a window of one (:class:`~appcenter_qt.extract.readers.units.Slice`) or a decompressing
reader (gzip, xz, bz2, zstd): these share no base class (a ``GzipFile`` is no ``BinaryIO``),
and the readers only ever call ``read``, so the type says just that.
"""

from __future__ import annotations

from typing import Protocol


class ByteStream(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...
