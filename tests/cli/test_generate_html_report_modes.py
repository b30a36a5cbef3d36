"""``--html-report`` with every input mode: a repository of two components (two origins),
an AppStream catalog beside packages, the machine's pool (``--system``), shards and their
merge; and a report that fails half-way leaves the previous one as it was."""

from __future__ import annotations

import errno
import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from appcenter_qt.catalog.publish import current_set
from appcenter_qt.domain.errors import CatalogError
from appcenter_qt.generator import html_output as generate_html
from appcenter_qt.generator.reports import html as html_report
from tests.cli.generate_runner import run_generate
from tests.cli.html_report_pages import broken_links, by_class, package_page, page, texts
from tests.extract import samples
from tests.extract.conftest import DATA
from tests.extract.packages import build_deb, needs_dpkg
from tests.extract.repos import debian_repository, needs_debian_indexers
from tests.system_pools import MAIN_ORIGIN, VENDOR_ORIGIN, make_pool

pytestmark = [needs_dpkg]
DEBIAN = ("--suite", "stable", "--component", "main", "--component", "contrib", "--arch", "amd64")


def _site_files(site: Path) -> dict[str, bytes]:
    real = current_set(site)
    assert real is not None
    return {
        str(path.relative_to(real)): path.read_bytes()
        for path in sorted(real.rglob("*"))
        if path.is_file()
    }


def _origins(site: Path) -> dict[str, int]:
    """origin → applications found, as the index shows them."""
    index = page(site / "index.html")
    return {
        section.xpath(".//h2")[0].text_content(): int(texts(by_class(section, "applications"))[0])
        for section in by_class(index, "origin", "section")
    }


@needs_debian_indexers
def test_repository_components_are_origins_and_shards_merge_to_the_same_report(tmp_path):
    repo = debian_repository(tmp_path / "repo")
    inputs = ("--repo", str(repo), *DEBIAN)
    one = tmp_path / "one-site"
    result = run_generate(*inputs, "-o", str(tmp_path / "one"), "--html-report", str(one))
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "one" / "report.json").read_text())
    assert _origins(one) == {"repo-stable-contrib": 1, "repo-stable-main": 2}
    assert report["totals"]["applications"] == 3
    assert broken_links(one) == []
    # kcalc's icon came from calc-art, read only for it: both have pages
    assert package_page(one, "calc-art") is not None
    assert package_page(one, "kcalc").xpath("//img")

    shards = []
    for number in (1, 2):
        shard = tmp_path / f"shard{number}"
        ran = run_generate(*inputs, "-o", str(shard), "-j", "1", "--shard", f"{number}/2")
        assert ran.returncode == 0, ran.stderr
        shards.append(str(shard))
    merged = tmp_path / "merged-site"
    ran = run_generate(
        "merge", "-o", str(tmp_path / "merged"), "--html-report", str(merged), *shards
    )
    assert ran.returncode == 0, ran.stderr
    assert "html report:" in ran.stdout
    one_files, merged_files = _site_files(one), _site_files(merged)
    assert set(one_files) == set(merged_files)
    assert {name for name in one_files if one_files[name] != merged_files[name]} <= {"timings.html"}


def test_catalog_input_beside_packages(tmp_path: Path) -> None:
    debs = tmp_path / "debs"
    debs.mkdir()
    build_deb(debs, "gnome-mines", samples.mines_files(), arch="amd64")
    catalog = tmp_path / "Components-amd64.yml.gz"
    catalog.write_bytes(gzip.compress((DATA / "sample.yml").read_bytes(), mtime=0))
    site = tmp_path / "site"
    result = run_generate(
        "-o", str(tmp_path / "out"), "--html-report", str(site), str(debs), str(catalog)
    )
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert sum(_origins(site).values()) == report["totals"]["applications"]
    listing = package_page(site, "catalog:Components-amd64.yml.gz")
    names = texts(by_class(listing, "name", "div"))
    assert "Mines" in names and len(names) >= 2
    catalog_unit = next(u for u in report["inputs"] if u["source"].startswith("catalog:"))
    hints = listing.xpath("//tr[contains(@class, 'hint')]")
    assert len(hints) == len(catalog_unit["hints"])
    assert broken_links(site) == []
    # the catalog's read time is recorded (timing page), not in the report
    timings = page(site / "timings.html")
    assert any("Components-amd64" in row.text_content() for row in timings.xpath("//tbody/tr"))
    assert "seconds" not in json.dumps(report)


def test_system_pool(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    site = tmp_path / "site"
    result = subprocess.run(
        [
            *(sys.executable, "-m", "appcenter_qt.cli.generate", "--system", "--root", str(root)),
            *("--output", str(tmp_path / "out"), "--html-report", str(site)),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={
            **os.environ,
            "SOURCE_DATE_EPOCH": "1700000000",
            "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
        },
    )
    assert result.returncode == 0, result.stderr
    assert "html report:" in result.stdout
    origins = _origins(site)
    assert {MAIN_ORIGIN, VENDOR_ORIGIN} <= set(origins)
    assert page(site / "index.html").get_element_by_id("total-applications").text_content() == "6"
    # the pool's own icon cache (LOCAL icons) is copied into the report
    images = [
        img
        for path in (site / "packages").iterdir()
        for img in page(path).xpath("//img")
        if "mines" in img.get("src")
    ]
    assert images
    icon = site / "packages" / images[0].get("src")
    assert icon.resolve().read_bytes().startswith(b"\x89PNG")
    assert broken_links(site) == []


def test_a_report_that_fails_half_way_keeps_the_previous_one(tmp_path, monkeypatch):
    debs = tmp_path / "debs"
    debs.mkdir()
    build_deb(debs, "gnome-mines", samples.mines_files())
    site = tmp_path / "site"
    result = run_generate("-o", str(tmp_path / "out"), "--html-report", str(site), str(debs))
    assert result.returncode == 0, result.stderr
    before = _site_files(site)
    published = current_set(site)

    def full_disk(target: Path, **_kwargs):
        (target / "index.html").write_text("half")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(html_report, "write_site", full_disk)
    with pytest.raises(CatalogError, match="No space left on device"):
        generate_html.write(site, units=[], apps=[], icons={}, origin="", created_at="")
    assert current_set(site) == published
    assert _site_files(site) == before
    assert sorted(p.name for p in site.iterdir() if p.name.startswith(".set-")) == [published.name]
