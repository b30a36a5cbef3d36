"""The hint tag table (extract/hint_tags.py) is the only source of tags and severities: every
tag the code writes is in it, every tag in it is written somewhere, a hint with an unknown
tag or another severity cannot be made, and the report's decisive reasons are tags."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import appcenter_qt
from appcenter_qt.extract.hint_tags import HINT_TAGS, Severity, UnknownHintTag
from appcenter_qt.extract.result import ExtractResult, Hint
from appcenter_qt.generator.reports.report import REASON_PRIORITY, reason_label

PACKAGE = Path(appcenter_qt.__file__).parent
#: Calls that take a hint tag as one of their first two arguments.
_EMITTERS = {"Hint", "hint", "problem", "ComponentRejected"}
_TAG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
#: Module-level names holding a tag (``HINT_TAG = "bidi-control-stripped"``).
_TAG_CONSTANTS = {"HINT_TAG"}


def emitted_tags() -> dict[str, list[str]]:
    """Tag → where the code writes it: string literals given to the hint-making calls, the
    ``tag = "…"`` assignments whose variable is then given to them, and tag constants."""
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        tag_variables: set[str] = set(_TAG_CONSTANTS)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = getattr(func, "attr", None) or getattr(func, "id", "")
                if name in _EMITTERS:
                    for argument in node.args[:2]:
                        if isinstance(argument, ast.Name):
                            tag_variables.add(argument.id)
        for node in ast.walk(tree):
            literals: list[ast.expr] = []
            if isinstance(node, ast.Call):
                func = node.func
                name = getattr(func, "attr", None) or getattr(func, "id", "")
                if name in _EMITTERS:
                    literals = list(node.args[:2])
            elif isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id in tag_variables
                for target in node.targets
            ):
                literals = [node.value]
            for literal in literals:
                for value in _strings(literal):
                    if _TAG.match(value) and (value in HINT_TAGS or "-" in value):
                        where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
                        found.setdefault(value, []).append(where)
    return found


def _strings(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return [*_strings(node.body), *_strings(node.orelse)]
    return []


def test_every_emitted_tag_is_registered() -> None:
    found = emitted_tags()
    unknown = {tag: places for tag, places in found.items() if tag not in HINT_TAGS}
    assert unknown == {}


def test_every_registered_tag_is_emitted() -> None:
    found = emitted_tags()
    assert sorted(set(HINT_TAGS) - set(found)) == []


def test_the_scan_sees_the_kinds_of_emitter() -> None:
    found = emitted_tags()
    # a literal to Hint(), to a local hint(), to problem(), to ComponentRejected(), a tag
    # chosen in a conditional assignment and a module constant
    for tag in ("internal-error", "no-desktop-file", "invalid-icon", "missing-id"):
        assert tag in found
    assert {"icon-not-found", "icon-invalid", "bidi-control-stripped"} <= set(found)


def test_unknown_tags_and_other_severities_raise() -> None:
    with pytest.raises(UnknownHintTag, match="not-a-real-tag"):
        Hint("x.deb", "not-a-real-tag", "message")
    with pytest.raises(UnknownHintTag):
        ExtractResult().hint("x.deb", "icon-not-fund", "typo")
    with pytest.raises(ValueError, match="registered as warning"):
        Hint("x.deb", "icon-not-found", "message", Severity.INFO)


def test_severity_comes_from_the_table() -> None:
    assert Hint("x", "icon-not-found", "").severity is Severity.WARNING
    assert Hint("x", "corrupt-archive", "").severity is Severity.ERROR
    assert Hint("x", "no-desktop-file", "").severity is Severity.INFO


def test_one_tag_for_a_component_that_is_not_a_desktop_application() -> None:
    assert "not-desktop-application" in HINT_TAGS and "not-an-application" not in HINT_TAGS


def test_decisive_reasons_are_registered_tags() -> None:
    assert [tag for tag in REASON_PRIORITY if tag not in HINT_TAGS] == []
    assert len(set(REASON_PRIORITY)) == len(REASON_PRIORITY)
    assert reason_label("icon-not-found") == "icon not found"


def test_the_documentation_lists_every_tag() -> None:
    doc = (PACKAGE.parent / "docs" / "generator.md").read_text()
    section = doc.split("## Hint tags", 1)[1].split("\n## ", 1)[0]
    rows = dict(re.findall(r"^\| `([a-z0-9-]+)` \| (info|warning|error) \|", section, re.M))
    assert rows == {tag: entry.severity.value for tag, entry in HINT_TAGS.items()}
