"""What a generator run leaves in its output directory, in the published-set layout
(catalog/publish.py): the set's files behind ``current``, named the same on every run."""

from __future__ import annotations

import re
from pathlib import Path

_SET = re.compile(r"\.set-[0-9]+-[0-9]+")


def listing(root: Path) -> list[str]:
    """Every path below ``root``, with set directory names made stable (``.set-N``)."""
    names = sorted(_SET.sub(".set-N", str(p.relative_to(root))) for p in root.rglob("*"))
    return sorted(set(names))


def published(directory: str, files: tuple[str, ...] | list[str]) -> list[str]:
    """The listing of ``directory`` holding exactly one published set of ``files``."""
    return sorted(
        [
            directory,
            f"{directory}/.lock",
            f"{directory}/.set-N",
            f"{directory}/current",
            *(f"{directory}/{name}" for name in files),
            *(f"{directory}/.set-N/{name}" for name in files),
        ]
    )
