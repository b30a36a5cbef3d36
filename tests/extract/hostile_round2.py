"""Hostile inputs, round 2 (issue 29): file names that are not UTF-8 (class 4) and DEP-11
scalar aliases (class 6), as cases of the hostile corpus (:mod:`tests.extract.hostile`). The
descriptor and worker-killing classes need runs of their own: ``tests/cli/test_generate_limits.py``;
the pool and installed-file names: ``tests/cli/test_generate_system_names.py``."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.extract import samples
from tests.extract.hostile import Case
from tests.extract.packages import build_deb

#: A file name with a byte that is not UTF-8, as Python hands it out (a lone surrogate).
BAD = os.fsdecode(b"bad\xff")
#: How the report spells it.
BAD_SHOWN = "bad\\xff"


def bad_desktop(app: str) -> dict[str, str | bytes]:
    """A good application's files plus a desktop file whose name is not UTF-8."""
    files = samples.app_files(app, samples.desktop(app.rpartition(".")[2], app))
    files[f"usr/share/applications/{BAD}.desktop"] = samples.desktop("Bad", app)
    return files


def file_name_cases(directory: Path) -> list[Case]:
    """Class 4: a name that is not UTF-8 inside a .deb, in a tree and as the INPUT itself:
    skipped and named escaped, the application beside it kept."""
    deb = build_deb(directory, "bad-member", bad_desktop("org.example.Member"))
    tree = directory / "bad-tree"
    for name, content in bad_desktop("org.example.Tree").items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_bytes(content.encode() if isinstance(content, str) else content)
    (tree / "usr/share/icons" / BAD).mkdir(parents=True)  # a directory too: not descended
    argument = directory / f"{BAD}_1.0_all.deb"
    shutil.copy(build_deb(directory, "plain", bad_desktop("org.example.Plain")), argument)
    message = f"usr/share/applications/{BAD_SHOWN}.desktop: file name is not valid UTF-8"
    return [
        Case(
            "a .deb member whose name is not UTF-8",
            [deb],
            "",
            "application",
            hint="file-name-not-utf8",
            message=message,
            apps={"org.example.Member": "Member"},
        ),
        Case(
            "a tree entry whose name is not UTF-8",
            [tree],
            "",
            "application",
            ["--tree"],
            hint="file-name-not-utf8",
            message=message,
            apps={"org.example.Tree": "Tree"},
        ),
        Case(
            "an INPUT whose name is not UTF-8",
            [argument],
            "file-name-not-utf8",
            message=f"{BAD_SHOWN}_1.0_all.deb: file name is not valid UTF-8, skipped",
        ),
    ]


def scalar_alias_catalog(path: Path, aliases: int = 200_000) -> Path:
    """A DEP-11 file whose one text is anchored and aliased ``aliases`` times, beside a good
    component."""
    path.write_text(
        "---\nFile: DEP-11\nVersion: '0.16'\nOrigin: aliases\n"
        "---\nType: desktop-application\nID: org.example.Bomb\nName: {C: &a "
        + "x" * 1000
        + "}\nKeywords:\n  C:\n"
        + "  - *a\n" * aliases
        + "---\nType: desktop-application\nID: org.example.Neighbour\nName: {C: Neighbour}\n"
        "Summary: {C: Kept}\nPackage: neighbour\n"
    )
    return path


def alias_cases(directory: Path) -> list[Case]:
    """Class 6: 200,000 aliases of one scalar: the component refused in one line, at once."""
    return [
        Case(
            "DEP-11 scalar anchor aliased 200,000 times",
            [scalar_alias_catalog(directory / "aliases.yml")],
            "",
            "application",
            hint="yaml-alias",
            message="YAML anchors/aliases are not allowed",
            apps={"org.example.Neighbour": "Neighbour"},
        )
    ]
