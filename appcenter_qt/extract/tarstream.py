"""A minimal streaming tar reader for the generator's hot loop.

:mod:`tarfile` decodes every header field of every member through Python-level helpers; an
icon theme package has 20,000 members, so header parsing, not decompression, dominated a run.
This reader decodes only what the composer needs (name, type, size, link target), reads the
decompressed stream in 1 MiB chunks, and lets the caller read or skip each member's data.

It understands ustar (with the ``prefix`` field), GNU long names/links (``L``/``K``) and pax
extended headers (``path``, ``linkpath``, ``size``), which is what dpkg-deb, GNU tar and rpm
tools write. A bad header checksum or a stream ending inside a member is an error: the archive
is corrupt or truncated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from appcenter_qt.extract.byte_stream import ByteStream

BLOCK = 512
CHUNK = 1024 * 1024
#: Caps on lengths read from headers, checked before anything is allocated: a GNU long-name
#: header claiming 2 GiB would otherwise be read into memory whole. PATH_MAX is 4096; real
#: pax headers are a few hundred bytes.
MAX_LONG_NAME_BYTES = 16 * 1024
MAX_PAX_BYTES = 1024 * 1024
_ZERO_BLOCK = bytes(BLOCK)
REGULAR, HARDLINK, SYMLINK = "0", "1", "2"


class TarFormatError(ValueError):
    """The tar stream is corrupt or truncated; the message says where."""


class ChunkReader:
    """Buffered exact reads and skips over a stream that may only offer ``read(n)``."""

    def __init__(self, raw: ByteStream) -> None:
        self._raw = raw
        self._buffer = b""
        self._position = 0

    def read(self, size: int) -> bytes:
        available = len(self._buffer) - self._position
        if available >= size:
            start = self._position
            self._position += size
            return self._buffer[start : self._position]
        parts = [self._buffer[self._position :]]
        need = size - available
        self._buffer, self._position = b"", 0
        while need > 0:
            chunk = self._raw.read(max(CHUNK, need))
            if not chunk:
                break
            if len(chunk) > need:
                parts.append(chunk[:need])
                self._buffer, self._position = chunk, need
                need = 0
            else:
                parts.append(chunk)
                need -= len(chunk)
        return b"".join(parts)

    def skip(self, size: int) -> bool:
        """Skip ``size`` bytes; ``False`` if the stream ended first."""
        available = len(self._buffer) - self._position
        if available >= size:
            self._position += size
            return True
        size -= available
        self._buffer, self._position = b"", 0
        while size > 0:
            chunk = self._raw.read(CHUNK)
            if not chunk:
                return False
            if len(chunk) > size:
                self._buffer, self._position = chunk, size
                return True
            size -= len(chunk)
        return True


@dataclass
class TarMember:
    name: str
    type: str
    size: int
    linkname: str


def number(field: bytes) -> int:
    """A numeric header field: octal text, or GNU base-256 for sizes over 8 GiB."""
    if field and field[0] & 0x80:  # GNU base-256 for sizes over 8 GiB
        return int.from_bytes(field[1:], "big")
    text = field.split(b"\0", 1)[0].strip()
    try:
        return int(text, 8) if text else 0
    except ValueError:
        raise TarFormatError(f"bad numeric field in tar header: {text[:12]!r}") from None


def text(field: bytes) -> str:
    """A NUL-terminated header string (undecodable bytes kept as surrogates)."""
    return field.split(b"\0", 1)[0].decode("utf-8", "surrogateescape")


def _pax(data: bytes) -> dict[str, str]:
    records: dict[str, str] = {}
    position = 0
    while position < len(data):
        space = data.find(b" ", position)
        if space < 0:
            break
        try:
            length = int(data[position:space])
        except ValueError:
            raise TarFormatError("bad pax record length") from None
        if length <= 0:
            raise TarFormatError("bad pax record length")
        record = data[space + 1 : position + length - 1]
        key, _, value = record.partition(b"=")
        records[key.decode("utf-8", "replace")] = value.decode("utf-8", "surrogateescape")
        position += length
    return records


def members(
    raw: ByteStream, select: Callable[[str], bool] | None = None
) -> Iterator[tuple[TarMember, Callable[[], bytes]]]:
    """Yield each member with a function reading its data; unread data is skipped.

    ``select(name)``, if given, is a cheap pre-filter on the raw name: members it rejects are
    skipped without building any object (most members of a package are not interesting)."""
    reader = ChunkReader(raw)
    long_name = long_link = None
    pax: dict[str, str] = {}
    while True:
        header = reader.read(BLOCK)
        if len(header) < BLOCK:
            raise TarFormatError("tar stream ends without end-of-archive marker (truncated)")
        if header == _ZERO_BLOCK:
            return
        stored = number(header[148:156])
        if stored != sum(header[:148]) + 256 + sum(header[156:]):
            raise TarFormatError("bad tar header checksum")
        kind = chr(header[156]) if header[156] else REGULAR
        size = number(header[124:136])
        padded = size + (-size) % BLOCK
        if kind in ("L", "K", "x", "g"):
            limit = MAX_LONG_NAME_BYTES if kind in ("L", "K") else MAX_PAX_BYTES
            if size > limit:
                what = "long name/link" if kind in ("L", "K") else "pax"
                raise TarFormatError(f"{what} header claims {size} bytes (limit {limit})")
            data = reader.read(padded)
            if len(data) < padded:
                raise TarFormatError("tar stream truncated inside an extended header")
            if kind == "L":
                long_name = text(data[:size])
            elif kind == "K":
                long_link = text(data[:size])
            elif kind == "x":
                pax = _pax(data[:size])
            continue
        name = text(header[:100])
        if header[257:263] == b"ustar\x00":
            prefix = text(header[345:500])
            if prefix:
                name = f"{prefix}/{name}"
        linkname = text(header[157:257])
        name = pax.get("path", long_name or name)
        linkname = pax.get("linkpath", long_link or linkname)
        if "size" in pax:
            if not pax["size"].isdigit():
                raise TarFormatError("bad pax size")
            size = int(pax["size"])
            padded = size + (-size) % BLOCK
        long_name = long_link = None
        pax = {}
        if kind in (HARDLINK, SYMLINK, "3", "4", "5", "6"):
            size, padded = 0, 0  # no data blocks for links, devices, directories, fifos
        if select is not None and not select(name):
            if padded and not reader.skip(padded):
                raise TarFormatError("tar stream truncated inside a member")
            continue
        state = {"read": False}

        def read(size: int = size, padded: int = padded, state: dict = state) -> bytes:
            data = reader.read(padded)
            if len(data) < padded:
                raise TarFormatError("tar stream truncated inside a member")
            state["read"] = True
            return data[:size]

        yield TarMember(name, "0" if kind == "7" else kind, size, linkname), read
        if not state["read"] and padded and not reader.skip(padded):
            raise TarFormatError("tar stream truncated inside a member")
