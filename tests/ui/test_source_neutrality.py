"""The window names no concrete source (issue 30): app.py, models/, ui/, services/ and the QML
ask the registry and the sources for names and words. Identifiers and strings count;
docstrings and comments do not. The one source the code may name is the registry's default
(``DEFAULT_SOURCE``, in domain/), which is outside what this reads."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from appcenter_qt import backends
from appcenter_qt.domain.backend import DEFAULT_SOURCE
from appcenter_qt.models.source_labels import source_label

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "appcenter_qt"
#: Every registered source's name, as code would spell it.
NAMES = re.compile("|".join(re.escape(n) for n in backends.names()), re.IGNORECASE)


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list) or not body or not isinstance(body[0], ast.Expr):
            continue
        value = body[0].value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            lines.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    return lines


def python_mentions(path: Path) -> list[str]:
    """Each identifier or string (not a docstring) of ``path`` that names a source."""
    source = path.read_text(encoding="utf-8")
    docstrings = _docstring_lines(ast.parse(source))
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT or token.start[0] in docstrings:
            continue
        if NAMES.search(token.string):
            found.append(f"{_shown(path)}:{token.start[0]}: {token.string}")
    return found


def qml_mentions(path: Path) -> list[str]:
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        code = re.sub(r"(^|\s)//.*$", "", line)
        if NAMES.search(code):
            found.append(f"{_shown(path)}:{number}: {code.strip()}")
    return found


def window_files() -> list[Path]:
    files = [PACKAGE / "app.py"]
    for folder in ("models", "ui", "services"):
        files += sorted((PACKAGE / folder).rglob("*.py"))
    return files


def test_the_window_names_no_concrete_source() -> None:
    mentions = [m for path in window_files() for m in python_mentions(path)]
    mentions += [m for path in sorted((ROOT / "qml").rglob("*.qml")) for m in qml_mentions(path)]
    assert mentions == []


def test_the_check_sees_a_name_in_code_but_not_in_prose(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Flatpak in a docstring."""\n# PackageKit in a comment\nx = "flatpak:flathub"\n'
    )
    assert [m.rsplit(": ", 1)[1] for m in python_mentions(sample)] == ['"flatpak:flathub"']


@pytest.mark.parametrize(
    ("name", "label"),
    [("flatpak", "Flatpak"), ("flatpak:flathub", "flathub (Flatpak)"), ("unknown", "unknown")],
)
def test_one_source_label_for_every_page(name: str, label: str) -> None:
    assert source_label(name) == label


def test_the_default_source_is_named_after_the_distribution() -> None:
    from appcenter_qt.services.source_set import distribution_name

    assert source_label(DEFAULT_SOURCE) == (distribution_name() or "Distribution")
