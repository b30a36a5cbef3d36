"""Depth limits for XML trees from untrusted files, enforced without recursion.

Expat and lxml build arbitrarily deep trees without trouble, but anything that later walks a
tree recursively (the description markup converter, a renderer such as resvg) meets a
thousands-deep ``<description>`` or ``<g>`` nest with a ``RecursionError`` or a stack overflow:
one hostile file then costs every application read alongside it. These helpers measure and cut
trees with an explicit stack, so they work at any depth, and run before any recursive walker.
"""

from __future__ import annotations

from typing import Any

#: Real metainfo nests 5 levels (component/description/ul/li/em); SVG icons a few dozen.
MAX_XML_DEPTH = 64


def max_depth(root: Any, limit: int = MAX_XML_DEPTH) -> int:
    """Depth of the element tree under ``root`` (``root`` alone is 1), counted iteratively;
    stops early and returns ``limit + 1`` once the tree is known to be deeper than ``limit``."""
    deepest = 0
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return limit + 1
        stack.extend((child, depth + 1) for child in element)
    return deepest


def prune_deeper_than(root: Any, limit: int = MAX_XML_DEPTH) -> int:
    """Remove every element deeper than ``limit`` (in place); returns how many subtrees were
    cut, 0 for a tree within the limit. What is above the cut is kept, so a component with a
    hostile description keeps its name, id and other fields."""
    cut = 0
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth >= limit:
            if len(element):
                cut += 1
                del element[:]
            continue
        stack.extend((child, depth + 1) for child in element)
    return cut
