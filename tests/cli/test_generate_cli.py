"""appcenter-generate as a distribution runs it: a real process over a directory of real
packages (good and hostile), checking the three output files, exit codes and reproducibility."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.extract.appstream.icon_archive import IconArchive
from tests.cli.generate_runner import run_generate
from tests.extract import samples
from tests.extract.hostile import build_hostile_inputs
from tests.extract.packages import build_deb, build_rpm, needs_dpkg, needs_rpmbuild
from tests.output_sets import listing, published

pytestmark = [needs_dpkg, needs_rpmbuild]
OUTPUTS = ("appcenter.sqlite", "icons.tar", "report.json")


def run(*args: str, cwd: Path | None = None, epoch: str = "1700000000"):
    return run_generate(*args, cwd=cwd, epoch=epoch)


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    d = tmp_path_factory.mktemp("packages")
    good = d / "pool" / "main"
    good.mkdir(parents=True)
    build_deb(good, "gnome-mines", samples.mines_files(), arch="amd64")
    build_deb(good, "kcalc", samples.kcalc_files(), compression="zstd")
    build_deb(good, "adwaita-icon-theme", samples.theme_files(), compression="gzip")
    build_deb(good, "hello", samples.hello_files(), compression="none")
    build_rpm(good, "settings", samples.settings_files(), compression="xz")
    (good / "Packages.gz").write_bytes(b"not a package, ignored by name")
    expected = build_hostile_inputs(d / "pool" / "bad")
    return d, expected


def digests(directory: Path) -> dict[str, str]:
    return {name: hashlib.sha256((directory / name).read_bytes()).hexdigest() for name in OUTPUTS}


def tree_listing(root: Path) -> list[str]:
    return listing(root)


def test_end_to_end(packages: tuple[Path, dict], tmp_path: Path) -> None:
    source, expected = packages
    work = tmp_path / "work"
    work.mkdir()
    before = tree_listing(source)
    result = run("--output", "out", "--origin", "test", "--jobs", "2", str(source), cwd=work)
    assert result.returncode == 0, result.stderr
    assert tree_listing(work) == published("out", OUTPUTS)
    assert tree_listing(source) == before
    assert not Path("/tmp/evil.desktop").exists()
    out = work / "out"

    with Catalog(out / "appcenter.sqlite", "de_DE") as catalog:
        names = {app.id: app.name for app in catalog.list()}
        assert names == {
            "org.example.Markup": "<b>Bold</b><img src=x onerror=alert(1)>",
            "org.gnome.Mines": "Minen",
            "org.kde.kcalc": "KCalc",
        }
        mines = catalog.get("org.gnome.Mines")
        assert mines is not None and mines.packages[0].origin == "test"
        cached = [icon.path for icon in mines.icons if icon.path]
    archive = IconArchive(out / "icons.tar")
    assert cached == ["64x64/org.gnome.Mines.png", "128x128/org.gnome.Mines.png"]
    assert all(member in archive for member in cached)
    assert len(archive) == 6

    report = json.loads((out / "report.json").read_text())
    assert report["format"] == 1 and report["origin"] == "test"
    assert report["totals"]["inputs"] == 5 + len(expected)
    assert report["totals"]["applications"] == 3
    assert report["created_at"] == "2023-11-14T22:13:20Z"
    by_name = {Path(unit["input"]).name: unit for unit in report["inputs"]}
    for name, (status, tag) in expected.items():
        assert (by_name[name]["status"], by_name[name]["reason_tag"] or "") == (status, tag), name
    hello = by_name["hello_1.0-1_all.deb"]
    assert (hello["status"], hello["reason"]) == ("not-application", "no desktop file")
    assert hello["package"] == {
        "name": "hello",
        "version": "1.0-1",
        "arch": "all",
        "source": "hello",
    }
    assert "Packages.gz" not in by_name

    # Plain progress lines (stderr is not a terminal here) and the summary by reason.
    scanned = sum(not unit["source"].startswith("unknown:") for unit in report["inputs"])
    assert scanned == report["totals"]["inputs"] - 1  # garbage_1_all.deb is not an archive
    assert f"[{scanned}/{scanned}]" in result.stderr
    assert "not applications, by reason:" in result.stdout
    assert "corrupt archive" in result.stdout and "no desktop file" in result.stdout


def test_rerun_is_byte_identical_for_any_job_count(
    packages: tuple[Path, dict], tmp_path: Path
) -> None:
    source, _ = packages
    assert run("-q", "--output", str(tmp_path / "a"), "--jobs", "2", str(source)).returncode == 0
    assert run("-q", "--output", str(tmp_path / "b"), "--jobs", "1", str(source)).returncode == 0
    assert run("-q", "--output", str(tmp_path / "a"), "--jobs", "2", str(source)).returncode == 0
    assert digests(tmp_path / "a") == digests(tmp_path / "b")
    # the published set and the one before it, nothing else (no temp files, no third set)
    leftovers = sorted(p.name for p in (tmp_path / "a").iterdir() if p.name not in OUTPUTS)
    assert [n for n in leftovers if not n.startswith(".set-")] == [".lock", "current"]
    assert len([n for n in leftovers if n.startswith(".set-")]) == 2


def test_strict_and_usage_errors(packages: tuple[Path, dict], tmp_path: Path) -> None:
    source, _ = packages
    bad = source / "pool" / "bad"
    assert run("-q", "--output", str(tmp_path / "o"), str(bad)).returncode == 0
    assert run("-q", "--strict", "--output", str(tmp_path / "o"), str(bad)).returncode == 1
    good = source / "pool" / "main"
    assert run("-q", "--strict", "--output", str(tmp_path / "o"), str(good)).returncode == 0
    (tmp_path / "file").write_text("x")
    for args in (
        ["--output", str(tmp_path / "o"), str(tmp_path / "missing.deb")],
        ["--output", str(tmp_path / "o"), "--jobs", "0", str(good)],
        ["--output", str(tmp_path / "o"), "--icon-size", "5", str(good)],
        ["--output", str(tmp_path / "file"), str(good)],
        [
            "--output",
            str(tmp_path / "o"),
            "--report",
            str(tmp_path / "nodir" / "r.json"),
            str(good),
        ],
        [str(good)],
    ):
        result = run(*args)
        assert result.returncode == 2, (args, result.stderr)
        assert "Traceback" not in result.stderr


def test_sizes_report_path_and_tree(packages: tuple[Path, dict], tmp_path: Path) -> None:
    root = tmp_path / "root"
    for name, content in samples.mines_files().items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(content.encode() if isinstance(content, str) else content)
    report = tmp_path / "tree-report.json"
    result = run(
        "-q",
        "--tree",
        "--icon-size",
        "48",
        "--icon-size",
        "96",
        "--report",
        str(report),
        "--output",
        str(tmp_path / "out"),
        str(root),
    )
    assert result.returncode == 0, result.stderr
    assert IconArchive(tmp_path / "out" / "icons.tar").members() == [
        "48x48/org.gnome.Mines.png",
        "96x96/org.gnome.Mines.png",
    ]
    data = json.loads(report.read_text())
    assert data["icon_sizes"] == [48, 96] and data["inputs"][0]["source"] == "tree:root"
    assert not (tmp_path / "out" / "report.json").exists()


def test_single_files_and_unknown_inputs(packages: tuple[Path, dict], tmp_path: Path) -> None:
    source, _ = packages
    mines = next((source / "pool" / "main").glob("gnome-mines_*.deb"))
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    result = run("-q", "--output", str(tmp_path / "o"), str(mines), str(text))
    assert result.returncode == 0, result.stderr
    inputs = json.loads((tmp_path / "o" / "report.json").read_text())["inputs"]
    assert [(unit["status"], unit["reason"]) for unit in inputs] == [
        ("application", None),
        ("failed", "not a .deb, .rpm or .pkg.tar.zst file"),
    ]
