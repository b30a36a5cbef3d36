"""The lean read path (docs/architecture.md): a process that only reads the catalog imports
only what reading needs. Each check runs in a fresh interpreter, so nothing an earlier test
imported can hide a heavy import."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.catalog.conftest import full_application, simple_app, write_catalog

#: What reading a catalog must not pull in: the ORM, terminal widgets, the sources and the
#: generator, D-Bus, Qt, the input parsers, image libraries and the HTTP client.
HEAVY = (
    "sqlalchemy",
    "rich",
    "appcenter_qt.backends",
    "appcenter_qt.extract",
    "appcenter_qt.services.system_catalog",
    "dbus_next",
    "PySide6",
    "yaml",
    "lxml",
    "PIL",
    "httpx",
)
READ_PATH = (
    "appcenter_qt.cli.query",
    "appcenter_qt.catalog.queries",
    "appcenter_qt.catalog.connect",
    "appcenter_qt.catalog.search",
    "appcenter_qt.catalog.ranking",
    "appcenter_qt.catalog.locate",
)
_REPORT = """
import json, runpy, sys
heavy = {heavy!r}
{body}
found = sorted(m for m in sys.modules if any(m == h or m.startswith(h + ".") for h in heavy))
sys.__stdout__.write("\\n" + json.dumps(found) + "\\n")
"""


def loaded_heavy(body: str, heavy: tuple[str, ...] = HEAVY) -> list[str]:
    """The ``heavy`` modules in ``sys.modules`` after ``body`` ran in a fresh interpreter."""
    script = _REPORT.format(heavy=heavy, body=body)
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_importing_the_read_path_loads_nothing_heavy() -> None:
    assert loaded_heavy("\n".join(f"import {module}" for module in READ_PATH)) == []


def _main(*args: str) -> str:
    return (
        "from appcenter_qt.cli.query import main\n"
        "try:\n"
        f"    main({list(args)!r})\n"
        "except SystemExit:\n"
        "    pass\n"
    )


def test_help_loads_nothing_heavy() -> None:
    assert loaded_heavy(_main("--help")) == []


def test_help_creates_no_data_class() -> None:
    """``--help`` imports the errors every command reports, not the applications' data
    classes beside them in ``domain`` (15 ms of a 70 ms ``--help``)."""
    domain_classes = ("appcenter_qt.domain.application", "appcenter_qt.domain.addons")
    assert loaded_heavy(_main("--help"), heavy=domain_classes) == []


@pytest.mark.parametrize(
    "command",
    [
        ("--json", "search", "mines"),
        ("search", "mine"),
        ("--json", "list", "--category", "Game", "--sort", "rating"),
        ("--json", "show", "org.gnome.Mines"),
        ("--json", "stats"),
    ],
)
def test_reading_commands_load_nothing_heavy(tmp_path: Path, command: tuple[str, ...]) -> None:
    catalog = write_catalog(
        tmp_path / "appcenter.sqlite",
        [full_application(), simple_app("org.example.Calc", "Calc", "Numbers")],
    )
    assert loaded_heavy(_main("--catalog", str(catalog), *command)) == []


def test_reading_the_live_ratings_cache_loads_nothing_heavy(tmp_path: Path) -> None:
    from appcenter_qt.domain import Rating
    from appcenter_qt.support.ratings_cache import store_ratings

    catalog = write_catalog(tmp_path / "appcenter.sqlite", [full_application()])
    server = "http://127.0.0.1:9/api"
    rating = {"org.gnome.Mines": Rating.from_counts([0, 0, 0, 0, 7])}
    store_ratings(tmp_path / "cache" / "appcenter-qt" / "odrs", server, rating)
    setup = (
        "import os\n"
        f"os.environ['XDG_CACHE_HOME'] = {str(tmp_path / 'cache')!r}\n"
        f"os.environ['APPCENTER_ODRS_URL'] = {server!r}\n"
    )
    command = ("--catalog", str(catalog), "--json", "list", "--sort", "rating")
    assert loaded_heavy(setup + _main(*command)) == []


def test_the_check_sees_a_heavy_import() -> None:
    assert "sqlalchemy" in loaded_heavy("import appcenter_qt.catalog.db")
