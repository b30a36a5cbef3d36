"""Issue 31: the rebuild after a package install. When only the package database changed,
``appcenter-generate --system`` copies the published catalog with the new installed state
instead of building it again, and the result is what a full build writes, table for
table; any other change (a catalog file, a desktop file, an icon theme, an option that
changes the output) takes the full way."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.cli.test_generate_system import run
from tests.cli.test_generate_system_parse_cache import report
from tests.system_pools import DPKG_STATUS, TOOL_DESKTOP, make_pool, write

FINGERPRINT = "SELECT value FROM meta WHERE key = 'pool_fingerprint'"
SHORT_WAY = "nothing but the installed state changed"

NEW_PACKAGE = """
Package: htop
Status: install ok installed
Architecture: amd64
Version: 3.2.2-2
"""


def rows(out: Path) -> list[str]:
    """Every row of every table, sorted: the copy keeps rows where the full build's file
    layout puts others, so lines are compared, not pages."""
    with sqlite3.connect(out / "appcenter.sqlite") as db:
        return sorted(db.iterdump())


def installed(out: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(out / "appcenter.sqlite") as db:
        return db.execute("SELECT name, version FROM installed_packages ORDER BY name").fetchall()


def published(out: Path) -> Path:
    return (out / "current").resolve()


def test_an_install_rewrites_only_the_installed_state_and_matches_a_full_build(
    tmp_path: Path,
) -> None:
    root = tmp_path / "root"
    make_pool(root)
    out = tmp_path / "out"
    first = run(root, out)
    assert first.returncode == 0, first.stderr
    assert SHORT_WAY not in first.stdout
    before = published(out)
    write(root, "var/lib/dpkg/status", DPKG_STATUS + NEW_PACKAGE)  # apt installed a library

    second = run(root, out)

    assert second.returncode == 0, second.stderr
    assert SHORT_WAY in second.stdout
    assert published(out) != before  # a new set, published the usual way
    assert ("htop", "3.2.2-2") in installed(out)
    full = tmp_path / "full"
    assert run(root, full, "--no-cache").returncode == 0
    assert rows(out) == rows(full)
    assert report(out) == report(full)
    assert (out / "icons.tar").read_bytes() == (full / "icons.tar").read_bytes()


def test_a_removal_is_seen_too_and_nothing_changed_still_gives_a_fresh_set(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    out = tmp_path / "out"
    assert run(root, out).returncode == 0
    write(root, "var/lib/dpkg/status", DPKG_STATUS.replace("Package: libc6", "Package: libc7"))
    assert SHORT_WAY in run(root, out).stdout
    names = [name for name, _version in installed(out)]
    assert "libc7" in names and "libc6" not in names
    again = run(root, out)
    assert SHORT_WAY in again.stdout
    with sqlite3.connect(out / "appcenter.sqlite") as db:
        (fingerprint,) = db.execute(
            "SELECT value FROM meta WHERE key = 'pool_fingerprint'"
        ).fetchone()
    # the fingerprint the front ends compare is the current pool's: the catalog reads fresh
    full = tmp_path / "full"
    assert run(root, full, "--no-cache").returncode == 0
    with sqlite3.connect(full / "appcenter.sqlite") as db:
        assert db.execute(FINGERPRINT).fetchone() == (fingerprint,)


def test_any_other_change_takes_the_full_way(tmp_path: Path) -> None:
    root = tmp_path / "root"
    dep11 = make_pool(root)
    out = tmp_path / "out"
    assert run(root, out).returncode == 0

    # a new application's desktop file (its package changes the database as well)
    write(root, "usr/share/applications/com.vendor.Other.desktop", TOOL_DESKTOP)
    write(root, "var/lib/dpkg/status", DPKG_STATUS + NEW_PACKAGE)
    assert SHORT_WAY not in run(root, out).stdout
    assert SHORT_WAY in run(root, out).stdout  # and after it, the short way again

    # an icon theme installed or upgraded (its index.theme is written again)
    write(root, "usr/share/icons/hicolor/index.theme", "[Icon Theme]\nName=Hicolor\n")
    assert SHORT_WAY not in run(root, out).stdout

    # a catalog file refreshed by apt update
    os.utime(dep11, ns=(1, 1))
    assert SHORT_WAY not in run(root, out).stdout

    # options that change the output, or ask for a build from scratch
    assert SHORT_WAY not in run(root, out, "--no-cache").stdout
    sized = run(root, out, "--icon-size", "64")
    assert sized.returncode == 0, sized.stderr
    assert SHORT_WAY not in sized.stdout
    assert SHORT_WAY not in run(root, out).stdout  # the sizes differ from the last build's


def test_a_catalog_that_is_a_link_is_never_copied(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    out = tmp_path / "out"
    assert run(root, out).returncode == 0
    elsewhere = tmp_path / "elsewhere.sqlite"
    catalog = published(out) / "appcenter.sqlite"
    catalog.rename(elsewhere)
    catalog.symlink_to(elsewhere)
    result = run(root, out)
    assert result.returncode == 0, result.stderr
    assert SHORT_WAY not in result.stdout
    assert not (out / "appcenter.sqlite").resolve().is_symlink()
    assert elsewhere.exists()


def test_the_short_way_loads_no_parser_no_writer_no_orm_and_no_engine(tmp_path: Path) -> None:
    """The rebuild after every package install is mostly Python's start and imports: it
    imports neither the full build's parser, writer and ORM, nor the engine of the other
    modes with its repository reader, HTTP client and image library, nor the package
    readers' decompressors."""
    root = tmp_path / "root"
    make_pool(root)
    out = tmp_path / "out"
    assert run(root, out).returncode == 0
    write(root, "var/lib/dpkg/status", DPKG_STATUS + NEW_PACKAGE)
    script = f"""
import json, sys
from appcenter_qt.cli.generate import main
try:
    main(["--system", "--root", {str(root)!r}, "--output", {str(out)!r}])
except SystemExit:
    pass
heavy = ("sqlalchemy", "yaml", "lxml", "appcenter_qt.catalog.writer",
         "appcenter_qt.generator.system", "appcenter_qt.generator.parse_cache",
         "appcenter_qt.generator.engine", "appcenter_qt.generator.repo",
         "appcenter_qt.extract.repository", "urllib.request", "http.client", "PIL",
         "zstandard", "tarfile")
sys.__stdout__.write("\\n" + json.dumps(sorted(m for m in heavy if m in sys.modules)) + "\\n")
"""
    env = {
        **os.environ,
        "SOURCE_DATE_EPOCH": "1700000000",
        "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
    }
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert SHORT_WAY in result.stdout
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []
