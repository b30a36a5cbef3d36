"""AppStream description markup → the plain paragraphs the catalog stores.

AppStream descriptions allow a small markup: ``<p>``, ``<ul>``/``<ol>`` with ``<li>``, and the
inline ``<em>`` and ``<code>``. The catalog stores descriptions as plain text (see
``docs/catalog-schema.md``): paragraphs separated by an empty line, a list as one paragraph
whose items are ``• item`` lines (``1. item`` for ``<ol>``). Front ends then show it as plain
text, so nothing from a package is ever interpreted as markup.

Two entry points share one builder: :func:`paragraphs_from_element` for a parsed metainfo or
catalog XML element, :func:`paragraphs_from_markup` for a markup *string* (DEP-11 YAML stores
descriptions as HTML-ish text). Strings are read by the standard library's HTML tokenizer
rules, which never fetch, never expand custom entities and accept the unclosed tags real
DEP-11 data contains; unknown tags are dropped but their text is kept. Real descriptions use
only bare tags (``<p>``, ``</li>``, ``<br/>``) and entities, so those are tokenized by one
regular expression (:data:`_BARE_TAG`) that gives exactly what :class:`html.parser.HTMLParser`
gives for them, about three times faster; anything else (attributes, comments, a stray ``<``,
``<script>``) goes through ``HTMLParser`` itself.

Neither path recurses, so markup nested thousands deep costs time proportional to its length
and nothing else. Lists nest at most :data:`MAX_LIST_DEPTH` deep: list tags below that are
ignored, so the items of deeper lists become items of the deepest list kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import unescape
from html.parser import HTMLParser
from typing import Any

#: Tags that end the current paragraph.
_BLOCK_TAGS = frozenset({"p", "ul", "ol", "li", "div", "br"})
_LIST_TAGS = frozenset({"ul", "ol"})
#: Longest description kept, in characters, so a hostile package cannot bloat the catalog.
MAX_DESCRIPTION_CHARS = 20_000
#: Deepest list nesting kept (real descriptions nest two deep at most).
MAX_LIST_DEPTH = 16
#: A bare start tag (``<p>``, ``<br/>``, ``<br />``) or a bare end tag (``</p >``): the forms
#: for which HTMLParser's rules reduce to this. Whitespace is HTML's five characters, as in
#: HTMLParser's tag-name rule (a vertical tab would be part of the name). ``split`` gives
#: ``[text, start, "/" or "", end, text, …]``.
_BARE_TAG = re.compile(
    r"<([a-zA-Z][a-zA-Z0-9]*)[ \t\n\r\f]*(/?)>|</([a-zA-Z][a-zA-Z0-9]*)[ \t\n\r\f]*>"
)
#: Tags whose content HTMLParser reads as raw text: left to HTMLParser.
_RAW_TEXT_TAGS = frozenset(HTMLParser.CDATA_CONTENT_ELEMENTS)


class _ParagraphBuilder:
    """Collects paragraphs from start-tag, end-tag and text events."""

    def __init__(self) -> None:
        self.paragraphs: list[str] = []
        self._text: list[str] = []
        #: per open list: (ordered, items)
        self._lists: list[tuple[bool, list[str]]] = []
        #: list tags ignored below MAX_LIST_DEPTH that are still open
        self._ignored_lists = 0

    def _flush(self) -> None:
        if not self._text:
            return
        # str.split() and re's \s agree on what whitespace is (Py_UNICODE_ISSPACE).
        text = " ".join("".join(self._text).split())
        self._text = []
        if not text:
            return
        if self._lists:
            self._lists[-1][1].append(text)
        else:
            self.paragraphs.append(text)

    def start(self, tag: str) -> None:
        if tag in _LIST_TAGS:
            self._flush()
            if len(self._lists) < MAX_LIST_DEPTH:
                self._lists.append((tag == "ol", []))
            else:
                self._ignored_lists += 1
        elif tag in _BLOCK_TAGS:
            self._flush()

    def end(self, tag: str) -> None:
        if tag in _LIST_TAGS and self._ignored_lists:
            self._flush()
            self._ignored_lists -= 1
        elif tag in _LIST_TAGS and self._lists:
            self._flush()
            ordered, items = self._lists.pop()
            if items:
                lines = list_lines(items, ordered)
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
        self._ignored_lists = 0
        while self._lists:
            self.end("ol" if self._lists[-1][0] else "ul")
        return capped(self.paragraphs)


def list_lines(items: Sequence[str], ordered: bool) -> list[str]:
    """A list's items as the catalog stores them: ``• item``, or ``1. item`` for ``<ol>``."""
    return [
        f"{number}. {item}" if ordered else f"• {item}"
        for number, item in enumerate(items, start=1)
    ]


def capped(paragraphs: Iterable[str]) -> tuple[str, ...]:
    """The paragraphs up to :data:`MAX_DESCRIPTION_CHARS` in all (whole paragraphs only)."""
    kept: list[str] = []
    total = 0
    for paragraph in paragraphs:
        if total + len(paragraph) > MAX_DESCRIPTION_CHARS:
            break
        kept.append(paragraph)
        total += len(paragraph)
    return tuple(kept)


class _MarkupTokenizer(HTMLParser):
    """The general case: HTMLParser's events into the builder."""

    def __init__(self, builder: _ParagraphBuilder) -> None:
        super().__init__(convert_charrefs=True)
        self._builder = builder

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self._builder.start(tag)

    def handle_endtag(self, tag: str) -> None:
        self._builder.end(tag)

    def handle_data(self, data: str) -> None:
        self._builder.data(data)


def _bare_markup(builder: _ParagraphBuilder, text: str) -> bool:
    """Feed ``text`` to ``builder`` if it holds only text, entities and bare tags; ``False``
    (and nothing fed) otherwise."""
    parts = _BARE_TAG.split(text)
    if "<" in "".join(parts[::4]):  # a '<' that starts no bare tag
        return False
    tags = [tag.lower() for tag in parts[1::4] if tag]
    if not _RAW_TEXT_TAGS.isdisjoint(tags):
        return False
    data, start, end = builder.data, builder.start, builder.end
    for index in range(0, len(parts) - 1, 4):
        chunk, opened, closed, ended = parts[index : index + 4]
        if chunk:
            data(unescape(chunk))
        if opened:
            opened = opened.lower()
            start(opened)
            if closed:
                end(opened)
        else:
            end(ended.lower())
    if parts[-1]:
        data(unescape(parts[-1]))
    return True


def paragraphs_from_markup(text: str) -> tuple[str, ...]:
    """Paragraphs of a description given as markup text (DEP-11 ``Description`` values)."""
    builder = _ParagraphBuilder()
    if not _bare_markup(builder, text):
        tokenizer = _MarkupTokenizer(builder)
        tokenizer.feed(text)
        tokenizer.close()
    return builder.result()


def _local_name(tag: Any) -> str:
    """``{namespace}p`` → ``p``; comments and processing instructions have no string tag."""
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1].lower()


def paragraphs_from_element(element: Any) -> tuple[str, ...]:
    """Paragraphs of a parsed ``<description>`` element (lxml or ElementTree).

    A depth-first walk with an explicit stack of open elements (no recursion): an element's
    text, then its children, then its end tag and its tail.
    """
    builder = _ParagraphBuilder()
    if element.text:
        builder.data(element.text)
    # (element, its local name, its remaining children): elements whose end is still to come.
    stack: list[tuple[Any, str, Any]] = [(element, "", iter(element))]
    while stack:
        _, _, children = stack[-1]
        child = next(children, None)
        if child is None:
            node, tag, _ = stack.pop()
            if stack:  # the root's own end tag and tail are not part of it
                if tag:
                    builder.end(tag)
                if node.tail:
                    builder.data(node.tail)
            continue
        tag = _local_name(child.tag)
        if tag:
            builder.start(tag)
            if child.text:
                builder.data(child.text)
        stack.append((child, tag, iter(child)))
    return builder.result()


def join_paragraphs(paragraphs: Iterable[str]) -> str:
    """The catalog's stored form: paragraphs separated by one empty line."""
    return "\n\n".join(paragraph for paragraph in paragraphs if paragraph)
