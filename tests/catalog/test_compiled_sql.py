"""The reader's compiled SQL (catalog/compiled.py) is what SQLAlchemy makes of the statements
and the schema now: a table, column or statement changed without rerunning the generator
fails here, not in a reader."""

from __future__ import annotations

import subprocess
import sys

import pytest
from sqlalchemy.sql import ClauseElement

from appcenter_qt.catalog import compile_sql, compiled, guard, statements
from appcenter_qt.catalog.schema import Base


def test_compiled_module_is_current() -> None:
    assert compile_sql.TARGET.read_text(encoding="utf-8") == compile_sql.module_text(), (
        "run: python -m appcenter_qt.catalog.compile_sql"
    )


def test_check_mode_says_so_and_exits_0() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "appcenter_qt.catalog.compile_sql", "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_every_statement_is_compiled_with_named_parameters_only() -> None:
    names = {
        n
        for n, value in vars(statements).items()
        if n.isupper() and not n.startswith("_") and isinstance(value, ClauseElement)
    }
    assert len(names) > 40
    for name in names - {"PKS"}:
        statement = getattr(compiled, name)
        assert isinstance(statement, compiled.Statement), name
        assert "?" not in statement.sql and "POSTCOMPILE" not in statement.sql, name


def test_guard_allows_exactly_the_schema_tables() -> None:
    tables, indexes = guard.allowed_objects()
    shadow = {"search", *(f"search_{suffix}" for suffix in compile_sql.FTS5_SHADOW_SUFFIXES)}
    assert {t for t in tables if t not in shadow and not t.startswith("sqlite_")} == set(
        Base.metadata.tables
    )
    assert indexes == {
        str(index.name) for table in Base.metadata.tables.values() for index in table.indexes
    }


def test_a_changed_statement_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(statements, "ALL_PKS", statements.ALL_PKS.limit(3))
    assert compile_sql.module_text() != compile_sql.TARGET.read_text(encoding="utf-8")


def test_the_locale_chain_fills_its_parameters_and_pads_with_null() -> None:
    from appcenter_qt.catalog.connect import chain_params
    from appcenter_qt.support.l10n import locale_chain

    chain = locale_chain("sr_RS.UTF-8@latin")
    params = chain_params(chain)
    assert [params[f"c{n}"] for n in range(len(chain))] == list(chain)
    assert all(params[f"c{n}"] is None for n in range(len(chain), compiled.MAX_CHAIN))
    assert params["chain_len"] == len(chain)
    # No locale chain is that long; if one were, the first MAX_CHAIN locales are searched.
    assert chain_params([f"l{n}" for n in range(40)])["chain_len"] == compiled.MAX_CHAIN
