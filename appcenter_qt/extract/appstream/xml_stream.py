"""Streaming XML that keeps what came before a syntax error.

``lxml.etree.iterparse`` parses its input in chunks and, when a chunk holds a syntax error,
raises before handing out the events it already parsed from that chunk: the components just
before a broken one were lost although they were complete, which contradicts the promise in
docs/imports.md ("what came before is kept"). This reader feeds an ``XMLPullParser`` itself
and, when a feed fails, first yields every event parsed before the error, then raises the
error (with its line and column) to the caller.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from lxml import etree

from appcenter_qt.extract.byte_stream import ByteStream

CHUNK_BYTES = 64 * 1024
Event = Literal["start", "end", "start-ns", "end-ns", "comment", "pi"]


class PullIterparse:
    """``for event, element in PullIterparse(stream, tag="component", …)``, like
    ``etree.iterparse``; :attr:`root` is the document element once anything was parsed."""

    def __init__(self, stream: ByteStream, *, events: tuple[Event, ...] = ("end",), **options: Any):
        self._stream = stream
        self._parser = etree.XMLPullParser(events=events, **options)
        self.root: Any = None

    def _drain(self) -> Iterator[tuple[str, Any]]:
        for event, element in self._parser.read_events():
            if self.root is None:
                self.root = element.getroottree().getroot()
            yield event, element

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        while chunk := self._stream.read(CHUNK_BYTES):
            try:
                self._parser.feed(chunk)
            except etree.XMLSyntaxError:
                yield from self._drain()  # complete elements before the error are kept
                raise
            yield from self._drain()
        # At the end, a truncated document's open elements get artificial end events: those
        # elements are incomplete, so on an error here nothing more is handed out.
        root = self._parser.close()
        if self.root is None:
            self.root = root
        yield from self._drain()
