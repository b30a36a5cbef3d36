"""``appcenter-generate --repo``: real Debian and RPM repositories, indexed by the
distribution tools, read through their indexes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.cli.generate_runner import run_generate
from tests.extract.packages import needs_dpkg
from tests.extract.repos import (
    debian_repository,
    needs_createrepo,
    needs_debian_indexers,
    rpm_repository,
)

DEBIAN = ("--suite", "stable", "--component", "main", "--component", "contrib", "--arch", "amd64")


def _report(output: Path) -> dict:
    return json.loads((output / "report.json").read_text())


def _packages(output: Path) -> list[tuple]:
    with sqlite3.connect(output / "appcenter.sqlite") as db:
        return db.execute(
            "SELECT name, version, arch, origin FROM packages ORDER BY name"
        ).fetchall()


@pytest.fixture(scope="module")
def debian_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return debian_repository(tmp_path_factory.mktemp("repo") / "example")


@needs_dpkg
@needs_debian_indexers
def test_debian_repository_newest_versions_candidates_and_providers(debian_repo, tmp_path):
    result = run_generate("--repo", str(debian_repo), *DEBIAN, "-o", str(tmp_path), "-j", "1")
    assert result.returncode == 0, result.stderr
    assert _packages(tmp_path) == [
        ("gnome-mines", "1:40.1-2", "all", "example-stable-main"),
        ("kcalc", "4:22.12.3-1", "amd64", "example-stable-main"),
        ("tool", "1.0-1", "all", "example-stable-contrib"),
    ]
    report = _report(tmp_path)
    read = sorted(unit["package"]["name"] for unit in report["inputs"])
    # hello holds no desktop file, metainfo nor a needed icon: never opened. calc-art is
    # opened only for kcalc's icon (the Contents file says it holds it).
    assert read == ["calc-art", "gnome-mines", "kcalc", "tool"]
    versions = {u["package"]["name"]: u["package"]["version"] for u in report["inputs"]}
    assert versions["gnome-mines"] == "1:40.1-2"
    kcalc = next(u for u in report["inputs"] if u["package"]["name"] == "kcalc")
    assert kcalc["status"] == "application"


@needs_dpkg
@needs_debian_indexers
def test_without_contents_every_newest_package_is_read(tmp_path):
    repo = debian_repository(tmp_path / "plain", contents=False)
    result = run_generate("--repo", str(repo), *DEBIAN, "-o", str(tmp_path / "out"), "-j", "1")
    assert result.returncode == 0, result.stderr
    assert "every package is read" in result.stderr
    names = sorted(u["package"]["name"] for u in _report(tmp_path / "out")["inputs"])
    assert names == ["calc-art", "gnome-mines", "hello", "kcalc", "tool"]


@needs_dpkg
@needs_debian_indexers
@pytest.mark.parametrize(
    ("damage", "named"),
    [
        ("truncate", "dists/stable/main/binary-amd64/Packages.xz: corrupt index"),
        ("remove", "dists/stable/main/binary-amd64/Packages: no such index"),
        ("contents", "dists/stable/main/Contents-amd64.gz: corrupt index"),
    ],
)
def test_a_broken_index_is_one_line_naming_the_file(debian_repo, tmp_path, damage, named):
    import shutil

    repo = tmp_path / "repo"
    shutil.copytree(debian_repo, repo)
    # Without the Release file, whose checksums would catch each damage first (see
    # test_generate_repo_integrity.py): what is left to catch it is the index's own parse.
    (repo / "dists/stable/Release").unlink()
    index = repo / "dists/stable/main/binary-amd64/Packages.xz"
    if damage == "truncate":
        index.write_bytes(index.read_bytes()[:40])
    elif damage == "remove":
        index.unlink()
    else:
        contents = repo / "dists/stable/main/Contents-amd64.gz"
        contents.write_bytes(contents.read_bytes()[:30])
    result = run_generate("--repo", str(repo), *DEBIAN, "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    errors = [line for line in lines if "no Release (nor InRelease) file" not in line]
    assert len(errors) == 1 and named in errors[0], result.stderr
    assert not (tmp_path / "out" / "appcenter.sqlite").exists()


def test_suite_without_repo_is_a_usage_error(tmp_path):
    result = run_generate("--suite", "stable", "-o", str(tmp_path), str(tmp_path))
    assert result.returncode == 2
    assert "need --repo" in result.stderr


@needs_createrepo
def test_rpm_repository_newest_by_rpm_ordering(tmp_path):
    repo = rpm_repository(tmp_path / "fedora")
    result = run_generate("--repo", str(repo), "-o", str(tmp_path / "out"), "-j", "1")
    assert result.returncode == 0, result.stderr
    assert _packages(tmp_path / "out") == [("gnome-mines", "40.10-1", "noarch", "fedora")]
    names = [u["package"]["name"] for u in _report(tmp_path / "out")["inputs"]]
    assert names == ["gnome-mines"]  # hello: no application files in filelists


@needs_createrepo
def test_rpm_repository_corrupt_primary_names_the_file(tmp_path):
    repo = rpm_repository(tmp_path / "fedora")
    primary = next((repo / "repodata").glob("*-primary.xml.gz"))
    primary.write_bytes(primary.read_bytes()[:50])
    result = run_generate("--repo", str(repo), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    # repomd.xml's checksum catches it before the parse would (both name the file)
    assert f"repodata/{primary.name}: size mismatch" in result.stderr.strip()
    assert len(result.stderr.strip().splitlines()) == 1
