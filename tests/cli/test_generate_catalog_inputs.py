"""appcenter-generate over a mix of real packages, an AppStream catalog and ODRS ratings: the
catalog file is recognized by its content, merged behind the packages, and ratings attached."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path

from appcenter_qt.catalog.queries import Catalog
from tests.cli.generate_runner import run_generate
from tests.extract import samples
from tests.extract.conftest import DATA
from tests.extract.packages import build_deb, needs_dpkg

pytestmark = [needs_dpkg]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_generate("--quiet", *args)


def test_packages_catalog_and_ratings_in_one_run(tmp_path: Path) -> None:
    pool = tmp_path / "pool"
    pool.mkdir()
    build_deb(pool, "gnome-mines", samples.mines_files(), arch="amd64")
    # A compressed DEP-11 file with an unhelpful name: recognized by content, not suffix.
    catalog = tmp_path / "Components-amd64"
    with gzip.open(catalog, "wb") as out:
        out.write((DATA / "sample.yml").read_bytes())
    ratings = tmp_path / "ratings.json"
    shutil.copy(DATA / "ratings.json", ratings)
    out = tmp_path / "out"

    result = run("--output", str(out), "--ratings", str(ratings), str(pool), str(catalog))
    assert result.returncode == 0, result.stderr
    with Catalog(out / "appcenter.sqlite", "C") as opened:
        ids = {app.id for app in opened.list()}
        assert "org.gnome.Mines" in ids  # from the package
        assert {"org.example.Mines", "org.example.Editor"} <= ids  # from the catalog
        assert "org.example.SansFont" not in ids  # fonts are not applications
        mines = opened.get("org.example.Mines")
        assert mines is not None and mines.rating is not None
        assert mines.rating.total > 0  # ODRS histogram attached (with or without .desktop)
    report = json.loads((out / "report.json").read_text())
    sources = json.dumps(report)
    assert "Components-amd64" in sources  # the catalog input has its own report entry


def test_forced_format_and_missing_icon_tarball(tmp_path: Path) -> None:
    out = tmp_path / "out"
    missing = run(
        "--output", str(out), "--icons", str(tmp_path / "nope.tar.gz"), str(DATA / "sample.yml")
    )
    assert missing.returncode == 2 and "nope.tar.gz" in missing.stderr
    xml = run("--output", str(out), "--format", "appstream-xml", str(DATA / "sample.xml"))
    assert xml.returncode == 0, xml.stderr
    with Catalog(out / "appcenter.sqlite", "C") as opened:
        assert opened.count() > 0


def test_a_catalogs_addons_reach_the_page_and_the_report(tmp_path: Path) -> None:
    """A catalog given on the command line: its add-on is stored for the application it
    extends; one extending an application no input has is an info hint of that catalog."""
    catalog = tmp_path / "Components-amd64.yml"
    text = (DATA / "sample.yml").read_text(encoding="utf-8")
    catalog.write_text(
        text
        + "---\nType: addon\nID: org.example.Gone.Plugin\nPackage: gone-plugin\n"
        + "Extends: [org.example.Gone]\nName: {C: Orphan}\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    result = run("--output", str(out), str(catalog))
    assert result.returncode == 0, result.stderr
    with Catalog(out / "appcenter.sqlite", "C") as opened:
        assert "org.example.Mines.Themes" not in {app.id for app in opened.list()}
        mines = opened.get("org.example.Mines")
        assert mines is not None
        assert [a.id for a in opened.addons(mines)] == ["org.example.Mines.Themes"]
    report = json.loads((out / "report.json").read_text())
    (entry,) = [e for e in report["inputs"] if e["input"].endswith("Components-amd64.yml")]
    unmatched = [h for h in entry["hints"] if h["tag"] == "addon-unmatched"]
    assert [h["source"] for h in unmatched] == ["Components-amd64.yml (org.example.Gone.Plugin)"]
