"""Package texts → blocks an app page draws as plain-text labels: headings, paragraphs and
list items.

Two inputs. Descriptions are stored by the catalog as plain paragraphs whose list items are
``• item`` / ``1. item`` lines (docs/catalog-schema.md): :func:`description_blocks` only
splits them. Release notes and changelogs are often written in Markdown (``## Fixes``,
``* item``, ``**bold**``): :func:`markdown_blocks` parses them with markdown-it-py (CommonMark,
raw HTML *off*, so ``<img onerror=…>`` stays literal text) and keeps only the words, a
heading level or a list marker. No markup of any kind leaves this module: the page shows
every block with ``Text.PlainText``, so nothing a package writes can become a link, an image
or styled text.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

HEADING = "heading"
PARAGRAPH = "paragraph"
ITEM = "item"
#: Most blocks returned, so a 100 kB changelog cannot build thousands of labels.
MAX_BLOCKS = 200
_ITEM = re.compile(r"(•|\d{1,3}\.) (.*)")


@dataclass(frozen=True)
class TextBlock:
    """``level``: the heading level (1–6) or the list depth (1 = top level); ``marker`` the
    list item's bullet or number (``•``, ``3.``)."""

    kind: str
    text: str
    level: int = 0
    marker: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _fold(text: str) -> str:
    return " ".join(text.split())


def description_blocks(text: str) -> list[TextBlock]:
    """The catalog's description format: paragraphs split by a blank line; in a paragraph,
    ``• x`` and ``1. x`` lines are list items and other lines continue the text before."""
    blocks: list[TextBlock] = []
    for paragraph in text.replace("\r\n", "\n").split("\n\n"):
        current: TextBlock | None = None
        for raw in paragraph.split("\n"):
            line = _fold(raw)
            if not line:
                continue
            item = _ITEM.fullmatch(line)
            if item:
                if current is not None:
                    blocks.append(current)
                current = TextBlock(ITEM, item.group(2), 1, item.group(1))
            elif current is not None:
                current = TextBlock(current.kind, f"{current.text} {line}", 1, current.marker)
                if current.kind == PARAGRAPH:
                    current = TextBlock(PARAGRAPH, current.text)
            else:
                current = TextBlock(PARAGRAPH, line)
        if current is not None:
            blocks.append(current)
    return blocks[:MAX_BLOCKS]


def _inline_text(token: Any) -> str:
    parts: list[str] = []
    for child in token.children or ():
        if child.type in ("text", "code_inline", "html_inline"):
            parts.append(child.content)
        elif child.type == "softbreak":
            parts.append(" ")
        elif child.type == "hardbreak":
            parts.append("\n")
        elif child.type == "image":
            parts.append(_inline_text(child))
    return "".join(parts)


def markdown_blocks(text: str) -> list[TextBlock]:
    """Markdown (CommonMark, no raw HTML) → blocks; the catalog's ``• item`` lines are read as
    list items too, since release notes reach the catalog in its description format."""
    from markdown_it import MarkdownIt

    source = re.sub(r"(?m)^• ", "- ", text.replace("\r\n", "\n"))
    tokens = MarkdownIt("commonmark", {"html": False}).parse(source[:100_000])
    blocks: list[TextBlock] = []
    lists: list[list[int]] = []  # per open list: [ordered?, next number]
    pending_marker = ""
    heading = 0
    for token in tokens:
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            start = int(token.attrGet("start") or 1) if kind == "ordered_list_open" else 0
            lists.append([kind == "ordered_list_open", start])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            if lists:
                lists.pop()
        elif kind == "list_item_open" and lists:
            ordered, number = lists[-1]
            pending_marker = f"{number}." if ordered else "•"
            lists[-1][1] = number + 1
        elif kind == "heading_open":
            heading = int(token.tag[1:]) if token.tag[1:].isdigit() else 1
        elif kind == "inline":
            words = _inline_text(token).strip()
            if not words:
                continue
            if heading:
                blocks.append(TextBlock(HEADING, _fold(words), heading))
            elif lists:
                blocks.append(TextBlock(ITEM, words, len(lists), pending_marker or "•"))
                pending_marker = ""
            else:
                blocks.append(TextBlock(PARAGRAPH, words))
        elif kind == "heading_close":
            heading = 0
        elif kind in ("fence", "code_block") and token.content.strip():
            blocks.append(TextBlock(PARAGRAPH, token.content.rstrip("\n")))
        if len(blocks) >= MAX_BLOCKS:
            break
    return blocks
