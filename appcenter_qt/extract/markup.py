"""AppStream description markup → the plain paragraphs the catalog stores.

AppStream descriptions allow a small markup: ``<p>``, ``<ul>``/``<ol>`` with ``<li>``, and the
inline ``<em>`` and ``<code>``. The catalog stores descriptions as plain text (see
``docs/catalog-schema.md``): paragraphs separated by an empty line, a list as one paragraph
whose items are ``• item`` lines (``1. item`` for ``<ol>``). Front ends then show it as plain
text, so nothing from a package is ever interpreted as markup.

Two entry points share one builder: :func:`paragraphs_from_element` for a parsed metainfo or
catalog XML element, :func:`paragraphs_from_markup` for a markup *string* (DEP-11 YAML stores
descriptions as HTML-ish text). The string form uses the standard library's HTML tokenizer,
which never fetches, never expands custom entities and accepts the unclosed tags real DEP-11
data contains; unknown tags are dropped but their text is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser
from typing import Any

#: Tags that end the current paragraph.
_BLOCK_TAGS = frozenset({"p", "ul", "ol", "li", "div", "br"})
#: Longest description kept, in characters, so a hostile package cannot bloat the catalog.
MAX_DESCRIPTION_CHARS = 20_000
_SPACE = re.compile(r"\s+")


class _ParagraphBuilder:
    """Collects paragraphs from start-tag, end-tag and text events."""

    def __init__(self) -> None:
        self.paragraphs: list[str] = []
        self._text: list[str] = []
        self._lists: list[list[Any]] = []  # per open list: [ordered, items]
        self._in_item = False

    def _flush(self) -> None:
        text = _SPACE.sub(" ", "".join(self._text)).strip()
        self._text = []
        if not text:
            return
        if self._lists:
            self._lists[-1][1].append(text)
        else:
            self.paragraphs.append(text)

    def start(self, tag: str) -> None:
        if tag in ("ul", "ol"):
            self._flush()
            self._lists.append([tag == "ol", []])
        elif tag in _BLOCK_TAGS:
            self._flush()

    def end(self, tag: str) -> None:
        if tag in ("ul", "ol") and self._lists:
            self._flush()
            ordered, items = self._lists.pop()
            if items:
                lines = [
                    f"{number}. {item}" if ordered else f"• {item}"
                    for number, item in enumerate(items, start=1)
                ]
                if self._lists:
                    self._lists[-1][1].extend(lines)
                else:
                    self.paragraphs.append("\n".join(lines))
        elif tag in _BLOCK_TAGS:
            self._flush()

    def data(self, text: str) -> None:
        self._text.append(text)

    def result(self) -> tuple[str, ...]:
        self._flush()
        while self._lists:
            self.end("ol" if self._lists[-1][0] else "ul")
        kept: list[str] = []
        total = 0
        for paragraph in self.paragraphs:
            if total + len(paragraph) > MAX_DESCRIPTION_CHARS:
                break
            kept.append(paragraph)
            total += len(paragraph)
        return tuple(kept)


class _MarkupTokenizer(HTMLParser):
    def __init__(self, builder: _ParagraphBuilder) -> None:
        super().__init__(convert_charrefs=True)
        self._builder = builder

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self._builder.start(tag)

    def handle_endtag(self, tag: str) -> None:
        self._builder.end(tag)

    def handle_data(self, data: str) -> None:
        self._builder.data(data)


def paragraphs_from_markup(text: str) -> tuple[str, ...]:
    """Paragraphs of a description given as markup text (DEP-11 ``Description`` values)."""
    builder = _ParagraphBuilder()
    tokenizer = _MarkupTokenizer(builder)
    tokenizer.feed(text)
    tokenizer.close()
    return builder.result()


def _local_name(tag: Any) -> str:
    """``{namespace}p`` → ``p``; comments and processing instructions have no string tag."""
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1].lower()


def _walk(element: Any, builder: _ParagraphBuilder, *, root: bool) -> None:
    tag = _local_name(element.tag)
    if not root and tag:
        builder.start(tag)
    if element.text and (tag or root):
        builder.data(element.text)
    for child in element:
        _walk(child, builder, root=False)
    if not root and tag:
        builder.end(tag)
    if element.tail and not root:
        builder.data(element.tail)


def paragraphs_from_element(element: Any) -> tuple[str, ...]:
    """Paragraphs of a parsed ``<description>`` element (lxml or ElementTree)."""
    builder = _ParagraphBuilder()
    _walk(element, builder, root=True)
    return builder.result()


def join_paragraphs(paragraphs: Iterable[str]) -> str:
    """The catalog's stored form: paragraphs separated by one empty line."""
    return "\n\n".join(paragraph for paragraph in paragraphs if paragraph)
