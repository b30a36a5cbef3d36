"""Babel is imported on first use, by whichever thread formats first: the GUI thread (a
count) and the catalog worker (the Installed page's sizes and dates) can do so at the same
moment, and Python's import deadlock guard then hands one of them a half-initialised
``babel.core`` ("cannot import name 'Locale'"; the Installed page stayed empty). So every
import of Babel in the application holds :data:`~appcenter_qt.support.l10n.BABEL_IMPORT`."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

from appcenter_qt.support import formatting
from appcenter_qt.support.l10n import BABEL_IMPORT

PACKAGE = Path(__file__).resolve().parents[2] / "appcenter_qt"


def _is_babel(node: ast.AST) -> bool:
    if isinstance(node, ast.Import):
        return any(alias.name.split(".")[0] == "babel" for alias in node.names)
    return isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "babel"


def _unlocked_babel_imports(tree: ast.AST) -> list[int]:
    """Lines importing Babel at run time outside ``with BABEL_IMPORT:`` (imports for type
    checking only, under ``if TYPE_CHECKING:``, run never)."""
    found: list[int] = []

    def visit(node: ast.AST, locked: bool) -> None:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            return
        if isinstance(node, ast.With) and any(
            ast.unparse(item.context_expr) == "BABEL_IMPORT" for item in node.items
        ):
            locked = True
        if _is_babel(node) and not locked:
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, locked)

    visit(tree, False)
    return found


def test_every_babel_import_holds_the_lock() -> None:
    unlocked = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := _unlocked_babel_imports(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert unlocked == {}


def test_the_scan_sees_an_unlocked_import() -> None:
    source = "def f():\n    from babel.dates import format_date\n"
    assert _unlocked_babel_imports(ast.parse(source)) == [2]
    locked = "def f():\n    with BABEL_IMPORT:\n        from babel.dates import format_date\n"
    assert _unlocked_babel_imports(ast.parse(locked)) == []


def test_formatting_waits_while_another_thread_imports() -> None:
    """A thread that formats while another holds the lock waits for it, then formats."""
    done: list[str] = []
    with BABEL_IMPORT:
        worker = threading.Thread(target=lambda: done.append(formatting.format_count(12345, "de")))
        worker.start()
        worker.join(0.3)
        assert worker.is_alive() and done == []
    worker.join(10)
    assert done == ["12.345"]
