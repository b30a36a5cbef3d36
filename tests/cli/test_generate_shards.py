"""``--shard K/N`` and ``merge``: shards cut by source package, merged outputs byte-identical
to a one-shot run, even when an application and the theme holding its icon are apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.generator.shards import shard_of
from tests.cli.generate_runner import run_generate
from tests.extract import samples
from tests.extract.packages import build_deb, needs_dpkg
from tests.extract.repos import debian_repository, needs_debian_indexers

pytestmark = [needs_dpkg]
OUTPUTS = ("appcenter.sqlite", "icons.tar", "report.json")
DEBIAN = ("--suite", "stable", "--component", "main", "--component", "contrib", "--arch", "amd64")


def _outputs(directory: Path) -> dict[str, bytes]:
    return {name: (directory / name).read_bytes() for name in OUTPUTS}


def _sharded(tmp_path: Path, count: int, *inputs: str) -> Path:
    shards = []
    for number in range(1, count + 1):
        shard = tmp_path / f"shard{number}"
        result = run_generate(*inputs, "-o", str(shard), "-j", "1", "--shard", f"{number}/{count}")
        assert result.returncode == 0, result.stderr
        assert list(shard.iterdir()) == [shard / f"shard-{number}-of-{count}.scans"]
        shards.append(str(shard))
    merged = tmp_path / "merged"
    result = run_generate("merge", "-o", str(merged), *shards)
    assert result.returncode == 0, result.stderr
    return merged


@needs_debian_indexers
@pytest.mark.parametrize("count", [1, 2, 3])
def test_repository_shards_merge_to_the_one_shot_catalog(tmp_path, count):
    repo = debian_repository(tmp_path / "repo")
    inputs = ("--repo", str(repo), *DEBIAN)
    one_shot = run_generate(*inputs, "-o", str(tmp_path / "one"), "-j", "2")
    assert one_shot.returncode == 0, one_shot.stderr
    merged = _sharded(tmp_path, count, *inputs)
    assert _outputs(merged) == _outputs(tmp_path / "one")


def test_an_application_and_its_icon_theme_in_different_shards(tmp_path):
    packages = tmp_path / "packages"
    packages.mkdir()
    build_deb(packages, "kcalc", samples.kcalc_files(), version="4:22.12.3-1")
    build_deb(packages, "breeze-icon-theme", samples.theme_files())
    build_deb(packages, "gnome-mines", samples.mines_files())
    count = next(
        n for n in range(2, 20) if shard_of("kcalc", n) != shard_of("breeze-icon-theme", n)
    )
    one_shot = run_generate(str(packages), "-o", str(tmp_path / "one"), "-j", "1")
    assert one_shot.returncode == 0, one_shot.stderr
    merged = _sharded(tmp_path, count, str(packages))
    assert _outputs(merged) == _outputs(tmp_path / "one")
    assert b"64x64/org.kde.kcalc.png" in (merged / "icons.tar").read_bytes()


def test_a_missing_shard_is_one_line(tmp_path):
    packages = tmp_path / "packages"
    packages.mkdir()
    build_deb(packages, "gnome-mines", samples.mines_files())
    first = run_generate(str(packages), "-o", str(tmp_path / "s1"), "--shard", "1/2")
    assert first.returncode == 0, first.stderr
    result = run_generate("merge", "-o", str(tmp_path / "m"), str(tmp_path / "s1"))
    assert result.returncode == 2
    assert result.stderr.strip() == "appcenter-generate: shard 2/2 is missing"
    bad = run_generate(str(packages), "-o", str(tmp_path / "x"), "--shard", "3/2")
    assert bad.returncode == 2 and "K/N" in bad.stderr
