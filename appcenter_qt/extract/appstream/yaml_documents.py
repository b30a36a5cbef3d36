"""Cutting a DEP-11 stream into YAML documents and loading one document, safely and fast.

Files reach 100 MB, so the stream is cut into documents on ``---`` lines as it is read (memory
stays flat, and one malformed document can be reported and skipped while the rest imports),
and each document is parsed on its own by libyaml through PyYAML's C extension (the parser and
composer ``CSafeLoader`` uses). Values are built from the composed nodes by :func:`_construct`
instead of PyYAML's Python constructor: plain scalars become int/bool/null only where YAML's
core schema says so and everything else stays text, which is all DEP-11 uses and about a third
faster than ``CSafeLoader``. A node met twice (a collection or a scalar) is an alias and is
refused, so "billion laughs" never expands. The format itself is :mod:`.dep11`'s business.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import yaml

from appcenter_qt.extract.appstream.components import ComponentRejected
from appcenter_qt.extract.byte_stream import ByteStream

try:
    from yaml._yaml import CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml.composer import Composer
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class CParser(Reader, Scanner, Parser, Composer):  # type: ignore[no-redef]  # libyaml stand-in
        """The pure-Python equivalent of libyaml's parser + composer (slow fallback)."""

        def __init__(self, stream: bytes) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)
            Composer.__init__(self)


#: One document larger than this is refused (real components are a few KiB).
MAX_DOCUMENT_BYTES = 4 * 1024 * 1024
#: Decompressed bytes read at a time.
_CHUNK = 1 << 20


def _read_chunk(stream: ByteStream, size: int) -> tuple[bytes, BaseException | None]:
    """Up to ``size`` bytes, plus the error that stopped the stream early (if any).

    ``read1`` hands out what a decompressor already has, so the bytes before a truncation
    are not lost the way a failing ``read(size)`` would lose them.
    """
    read = getattr(stream, "read1", stream.read)
    parts: list[bytes] = []
    got = 0
    try:
        while got < size:
            piece = read(size - got)
            if not piece:
                break
            parts.append(piece)
            got += len(piece)
    except (EOFError, OSError, ValueError) as error:  # zlib/lzma errors derive from these
        return b"".join(parts), error
    return b"".join(parts), None


def split_documents(stream: ByteStream, chunk_size: int = _CHUNK) -> Iterator[tuple[int, bytes]]:
    """``(first line number, raw bytes)`` of each YAML document, cut at ``---`` lines.

    A decompression error (truncated gzip) is raised after every complete document before
    it was yielded; the incomplete tail is never yielded. A document growing past
    :data:`MAX_DOCUMENT_BYTES` is yielded cut short (the loader refuses it for its size) and
    the rest of it is skipped, so memory stays bounded.
    """
    buffer = b""
    line = 1
    skipping = False
    while True:
        data, error = _read_chunk(stream, chunk_size)
        if not data and error is None:
            break
        buffer += data
        pos = 0
        search = 1
        while True:
            idx = buffer.find(b"\n---", search)
            if idx < 0 or idx + 4 >= len(buffer):
                break
            if buffer[idx + 4 : idx + 5] in (b"\n", b"\r", b" ", b"\t"):
                document = buffer[pos : idx + 1]
                if not skipping:
                    yield line, document
                skipping = False
                line += document.count(b"\n")
                pos = idx + 1
            search = idx + 1
        buffer = buffer[pos:]
        if len(buffer) > MAX_DOCUMENT_BYTES:
            if not skipping:
                yield line, buffer
            skipping = True
            keep = buffer[-4:]  # a separator may straddle the chunk boundary
            line += buffer[:-4].count(b"\n")
            buffer = keep
        if error is not None:
            raise error
    if skipping:
        return
    if buffer.endswith((b"\n---", b"\n---\n")):  # a trailing, empty document
        buffer = buffer[: buffer.rindex(b"\n---") + 1]
    if buffer.strip():
        yield line, buffer


class _NodeLoader(CParser):
    """libyaml's parser and composer with no tag resolution: :func:`_construct` decides what
    a scalar is, so PyYAML's per-scalar Python resolver (a regex per value) never runs."""

    def __init__(self, stream: bytes) -> None:
        CParser.__init__(self, stream)

    def resolve(self, kind: object, value: object, implicit: object) -> str:
        return _NO_TAG

    def descend_resolver(self, current_node: object, current_index: object) -> None:
        return None

    def ascend_resolver(self) -> None:
        return None


_NO_TAG = "tag:yaml.org,2002:str"
_PLAIN_SPECIAL: dict[str, object] = {
    "true": True,
    "True": True,
    "TRUE": True,
    "false": False,
    "False": False,
    "FALSE": False,
    "null": None,
    "Null": None,
    "NULL": None,
    "~": None,
    "": None,
}
_PLAIN_INT = re.compile(r"[-+]?[0-9]{1,18}\Z")
#: What a plain integer starts with: most scalars are text and skip the regular expression.
_INT_FIRST = frozenset("+-0123456789")


def _alias_refused() -> ComponentRejected:
    return ComponentRejected("yaml-alias", "YAML anchors/aliases are not allowed in DEP-11")


def _construct(node: yaml.Node, seen: set[int], scalars: bool = False) -> Any:
    """Plain Python values from a composed node: mappings, lists, text, and for *plain*
    scalars the few YAML core types DEP-11 uses (integers, booleans, null).

    A node met twice is an alias: refused, which is what makes nested aliases ("billion
    laughs") and ``<<`` merge keys harmless: nothing is ever copied or expanded. Scalars are
    checked too when ``scalars`` (the document has an ``&``, so it may have an anchor): a
    4 MiB text aliased 200,000 times is one value for YAML but 800 GB for whoever joins it.
    """
    if type(node) is yaml.ScalarNode:
        if scalars:
            key = id(node)
            if key in seen:
                raise _alias_refused()
            seen.add(key)
        value = node.value
        if not node.style:  # plain, not quoted
            if value in _PLAIN_SPECIAL:
                return _PLAIN_SPECIAL[value]
            if value[:1] in _INT_FIRST and _PLAIN_INT.match(value):
                return int(value)
        return value
    key = id(node)
    if key in seen:
        raise _alias_refused()
    seen.add(key)
    if type(node) is yaml.MappingNode:
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            name = _construct(key_node, seen, scalars)
            if isinstance(name, (dict, list)):
                raise ComponentRejected("invalid-component", "a mapping key must be text")
            out[name] = _construct(value_node, seen, scalars)
        return out
    return [_construct(child, seen, scalars) for child in node.value]


def load_document(document: bytes) -> Any:
    """One YAML document (bytes) as plain Python values; raises ``yaml.YAMLError`` or
    :class:`ComponentRejected`."""
    loader = _NodeLoader(document)
    try:
        node = loader.get_single_node()
    finally:
        loader.dispose()
    if node is None:
        return None
    try:
        # no "&", no anchor, no alias: the per-scalar check is skipped (most documents)
        return _construct(node, set(), b"&" in document)
    except RecursionError:
        raise ComponentRejected("invalid-component", "nested too deeply") from None
