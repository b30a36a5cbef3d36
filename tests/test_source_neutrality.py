"""Only ``backends/`` names a concrete software source (issue 30, "neutral to the end").

An AST scan of every module of ``appcenter_qt/`` outside ``backends/``: identifiers (names,
attributes, arguments, functions, classes, imports, keywords) and strings count; docstrings
and comments do not. The one allowed name is the registry's default
(``DEFAULT_SOURCE`` in ``domain/source_names.py``, which the catalog read path needs without
importing the registry). A source's words, bundle kinds and exported directories come from
its own package and its registry line; see docs/architecture.md, "How to add a source".
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from appcenter_qt import backends

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "appcenter_qt"
#: The registered sources, and outside systems likely to become one (package managers,
#: firmware). The short names count only as words: "snapshot" is no snap.
_LONG = sorted({*backends.names(), "flatpak", "packagekit", "fwupd", "apt-get", "zypper"})
_LONG.append("rpm-ostree")
NAMES = re.compile(
    "|".join(re.escape(n) for n in _LONG) + r"|(?<![a-z])(?:snapd?|dnf)(?![a-z])",
    re.IGNORECASE,
)
#: (module, assigned name) whose value may name a source: the registry's default.
ALLOWED = {("appcenter_qt/domain/source_names.py", "DEFAULT_SOURCE")}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.add(id(value))
    return found


def _allowed(tree: ast.AST, shown: str) -> set[int]:
    """The ids of the values assigned to an :data:`ALLOWED` name in this module."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            if node.value is not None and any((shown, n) in ALLOWED for n in names):
                found.update(id(n) for n in ast.walk(node.value))
    return found


def _words(node: ast.AST) -> list[str]:
    """The identifiers or the string a node spells."""
    match node:
        case ast.Name(id=name) | ast.Attribute(attr=name) | ast.arg(arg=name):
            return [name]
        case ast.FunctionDef(name=name) | ast.AsyncFunctionDef(name=name) | ast.ClassDef(name=name):
            return [name]
        case ast.alias(name=name, asname=asname):
            return [name, asname or ""]
        case ast.ImportFrom(module=module):
            return [module or ""]
        case ast.keyword(arg=name):
            return [name or ""]
        case ast.Constant(value=str() as text):
            return [text]
    return []


def mentions(path: Path, root: Path = ROOT) -> list[str]:
    """``file:line: word`` for each identifier or string of ``path`` naming a source."""
    shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else path.name
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skipped = _docstrings(tree) | _allowed(tree, shown)
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        for word in _words(node):
            if NAMES.search(word):
                found.append(f"{shown}:{getattr(node, 'lineno', 0)}: {word[:80]!r}")
    return sorted(set(found))


def neutral_modules(package: Path = PACKAGE) -> list[Path]:
    """Every module of the package outside ``backends/``."""
    return sorted(p for p in package.rglob("*.py") if p.relative_to(package).parts[0] != "backends")


def test_only_the_backends_name_a_concrete_source() -> None:
    found = [m for path in neutral_modules() for m in mentions(path)]
    assert not found, "a concrete source named outside backends/:\n" + "\n".join(found)


def test_the_scan_sees_code_not_prose_and_allows_the_default(tmp_path: Path) -> None:
    sample = tmp_path / "appcenter_qt" / "domain" / "source_names.py"
    sample.parent.mkdir(parents=True)
    sample.write_text(
        '"""Flatpak in a docstring."""\n'
        "# PackageKit in a comment\n"
        'DEFAULT_SOURCE = "packagekit"\n'
        'OTHER = "packagekit"\n'
        "def snapshot(flatpak_refs): ...\n"
        'help = "install a snap"\n'
    )
    assert mentions(sample, tmp_path) == [
        "appcenter_qt/domain/source_names.py:4: 'packagekit'",
        "appcenter_qt/domain/source_names.py:5: 'flatpak_refs'",
        "appcenter_qt/domain/source_names.py:6: 'install a snap'",
    ]
