"""Integration tier: this machine's real AppStream pool (CI enables apt's DEP-11 metadata and
icons in .ci/run), end to end: ``appcenter-generate --system`` over it, then the catalog
chooser and ``appcenter-query`` on the result, as a Debian user would see it.

Skips with the reason when the machine has no pool."""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain import IconKind
from appcenter_qt.extract.appstream.icon_archive import read_local_icon
from appcenter_qt.extract.pool.system_pool import discover

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def pool():  # type: ignore[no-untyped-def]
    found = discover("/")
    dep11 = [c for c in found.catalogs if c.format == "dep11"]
    if not dep11:
        pytest.skip(
            "no DEP-11 pool on this machine (apt-get update with "
            "Acquire::IndexTargets::deb::DEP-11::DefaultEnabled=true)"
        )
    return found


@pytest.fixture(scope="module")
def built(pool, tmp_path_factory: pytest.TempPathFactory) -> Path:  # type: ignore[no-untyped-def]
    output = tmp_path_factory.mktemp("system")
    done = subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.generate", "--system", "--output", str(output)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return output


def _desktop_apps_in_pool(pool) -> tuple[int, set[str]]:  # type: ignore[no-untyped-def]
    """Desktop-application components and origins, counted straight from the YAML text."""
    count, origins = 0, set()
    for catalog in pool.catalogs:
        if catalog.format != "dep11":
            continue
        with gzip.open(catalog.path, "rt", encoding="utf-8", errors="replace") as text:
            for line in text:
                if line.startswith("Type: desktop-application"):
                    count += 1
                elif line.startswith("Origin: "):
                    origins.add(line.split(":", 1)[1].strip())
    return count, origins


def test_every_pool_application_is_in_the_catalog_with_its_cached_icon(pool, built: Path) -> None:  # type: ignore[no-untyped-def]
    expected, origins = _desktop_apps_in_pool(pool)
    with Catalog(built / "appcenter.sqlite", "C") as catalog:
        apps = catalog.list()
        meta = catalog.meta()
        # every desktop application of the pool (a handful may be rejected, with a reason)
        assert len(apps) >= 0.99 * expected, (len(apps), expected)
        assert set(meta["origin"].split(";")) >= origins
        assert meta["pool_root"] == "/"
        with_local = 0
        for summary in apps:
            icon = summary.icon
            if icon is not None and icon.kind is IconKind.LOCAL:
                with_local += 1
        assert with_local >= 0.9 * len(apps)
        sample = next(s.icon for s in apps if s.icon is not None and s.icon.kind is IconKind.LOCAL)
        data = read_local_icon(sample.path)
        assert data is not None and data.startswith(b"\x89PNG")
    report = json.loads((built / "report.json").read_text())
    assert report["totals"]["applications"] == len(apps)


def test_the_front_ends_use_the_pool_catalog(pool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """With no installed catalog, appcenter-query builds (progress on stderr, never stdout)
    and then reuses the user's system-pool catalog."""
    env = {
        **os.environ,
        "APPCENTER_SYSTEM_ROOT": "/",
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    env.pop("APPCENTER_CATALOG", None)
    if Path("/var/lib/appcenter-qt/appcenter.sqlite").exists():
        pytest.skip("this machine has an installed catalog, which wins over the pool")
    query = [sys.executable, "-m", "appcenter_qt.cli.query", "--json"]
    first = subprocess.run(
        [*query, "stats"], capture_output=True, text=True, env=env, timeout=600, check=False
    )
    assert first.returncode == 0, first.stderr
    stats = json.loads(first.stdout)  # stdout is only the JSON
    assert stats["applications"] >= 1000
    if not Path("/var/cache/appcenter-qt/appcenter.sqlite").exists():
        assert "preparing the catalog" in first.stderr
        assert str(tmp_path / "cache") in stats["catalog"]
    again = subprocess.run(
        [*query, "search", "calculator"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert again.returncode == 0 and "preparing" not in again.stderr
    assert json.loads(again.stdout)["applications"]


def test_ids_as_users_write_them(pool, built: Path) -> None:  # type: ignore[no-untyped-def]
    """The pool's ids mostly end in .desktop; people and desktop URL handlers do not."""
    with Catalog(built / "appcenter.sqlite", "C") as catalog:
        desktop_ids = [s.id for s in catalog.list() if s.id.endswith(".desktop")]
        assert desktop_ids, "Debian's pool has .desktop ids"
        for app_id in desktop_ids[:20]:
            short = re.sub(r"\.desktop$", "", app_id)
            app = catalog.get(short)
            assert app is not None and app.id == app_id
