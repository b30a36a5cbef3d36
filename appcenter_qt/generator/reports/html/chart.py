"""Horizontal bar charts, laid out here and drawn as inline SVG by the templates.

The layout is plain arithmetic so the templates stay simple and the charts are testable
without a browser: every bar has its text label and its count written beside it (the chart
reads without colour), a ``<title>`` per bar says the same in full, and the chart has a
title and description for screen readers (``role="img"``, ``aria-labelledby``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BAR_HEIGHT = 18
GAP = 6
TOP = 4
#: Room right of the longest bar for its count.
COUNT_WIDTH = 56
#: Average glyph width at the chart's 12 px font, for cutting long labels.
GLYPH_WIDTH = 6.6


@dataclass(frozen=True)
class Bar:
    label: str  # as drawn (cut to fit)
    value: int
    css: str  # the severity: error, warning, info
    title: str  # the full label, count and severity
    y: float
    width: float
    text_y: float
    count_x: float


@dataclass(frozen=True)
class Chart:
    id: str
    title: str
    description: str
    bars: tuple[Bar, ...]
    width: int
    height: int
    label_width: int

    @property
    def track_width(self) -> int:
        """The length of a bar at the largest value (the grey track behind each bar)."""
        return self.width - self.label_width - COUNT_WIDTH


def _fit(label: str, width: int) -> str:
    most = max(4, int(width / GLYPH_WIDTH))
    return label if len(label) <= most else label[: most - 1] + "…"


def bar_chart(
    chart_id: str,
    title: str,
    description: str,
    rows: Sequence[tuple[str, int, str, str]],
    *,
    width: int = 520,
    label_width: int = 200,
) -> Chart:
    """A chart of ``rows`` ``(label, value, css class, title)``, bars scaled to the largest
    value; a non-zero value is at least 2 px wide so it is never invisible."""
    span = width - label_width - COUNT_WIDTH
    largest = max((value for _label, value, _css, _title in rows), default=0)
    bars = []
    for n, (label, value, css, bar_title) in enumerate(rows):
        y = TOP + n * (BAR_HEIGHT + GAP)
        length = 0.0 if not largest else max(2.0, span * value / largest) if value else 0.0
        bars.append(
            Bar(
                label=_fit(label, label_width - 10),
                value=value,
                css=css,
                title=bar_title,
                y=y,
                width=round(length, 1),
                text_y=y + BAR_HEIGHT - 5,
                count_x=round(label_width + length + 6, 1),
            )
        )
    height = TOP * 2 + max(1, len(rows)) * (BAR_HEIGHT + GAP) - GAP
    return Chart(chart_id, title, description, tuple(bars), width, height, label_width)
