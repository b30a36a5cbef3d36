"""``appcenter-generate --cache``: unchanged packages are not read again, the outputs are
byte-identical to a fresh run, a changed package is read alone; version bumps, concurrent
runs, pruning and damaged entries."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from appcenter_qt.cli import generate
from appcenter_qt.generator import scan_cache
from tests.cli.generate_runner import run_generate
from tests.extract import samples
from tests.extract.packages import build_deb, needs_dpkg
from tests.extract.repos import (
    DEBIAN_SUITE,
    debian_repository_copy,
    index_debian,
    needs_debian_indexers,
    output_bytes,
)

pytestmark = [needs_dpkg, needs_debian_indexers]


@pytest.fixture
def repo(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    return debian_repository_copy(tmp_path_factory.getbasetemp() / "cache-repo", tmp_path / "repo")


def _run(repo: Path, out: Path, cache: Path, *extra: str):
    result = run_generate(
        "--repo", str(repo), *DEBIAN_SUITE, "-o", str(out), "--cache", str(cache), *extra
    )
    assert result.returncode == 0, result.stderr
    return result


def test_unchanged_rerun_reads_no_package_and_is_byte_identical(repo, tmp_path):
    fresh = run_generate("--repo", str(repo), *DEBIAN_SUITE, "-o", str(tmp_path / "fresh"))
    assert fresh.returncode == 0, fresh.stderr
    first = _run(repo, tmp_path / "one", tmp_path / "cache")
    assert "0 units reused, 3 read" in first.stdout
    # Overwrite every package body: the index still says they are unchanged, so a run that
    # opened any of them would fail it; the cached run does not notice.
    for package in (repo / "pool").rglob("*.deb"):
        package.write_bytes(b"not a package any more")
    # Assembled from the cached scans (an unchanged run would reuse the outputs whole:
    # test_generate_reuse.py)
    second = _run(repo, tmp_path / "two", tmp_path / "cache", "--no-output-reuse")
    assert "3 units reused, 0 read; 1 icon sets reused, 0 rendered" in second.stdout
    assert (
        output_bytes(tmp_path / "two")
        == output_bytes(tmp_path / "one")
        == output_bytes(tmp_path / "fresh")
    )


def test_a_changed_package_is_read_alone(repo, tmp_path):
    _run(repo, tmp_path / "one", tmp_path / "cache")
    (repo / "pool/main/kcalc_4:22.12.3-1_amd64.deb").unlink()
    files = samples.kcalc_files()
    files["usr/share/applications/org.kde.kcalc.desktop"] += "Comment=Calculate\n"
    build_deb(repo / "pool/main", "kcalc", files, version="4:23.08.1-1", arch="amd64")
    index_debian(repo, "stable", "main", "amd64")
    second = _run(repo, tmp_path / "two", tmp_path / "cache")
    assert "2 units reused, 1 read" in second.stdout
    fresh = run_generate("--repo", str(repo), *DEBIAN_SUITE, "-o", str(tmp_path / "fresh"))
    assert fresh.returncode == 0
    assert output_bytes(tmp_path / "two") == output_bytes(tmp_path / "fresh")
    assert b"Calculate" in (tmp_path / "two" / "appcenter.sqlite").read_bytes()


def test_a_generator_version_bump_invalidates_every_entry(repo, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    args = [
        "--repo",
        str(repo),
        *DEBIAN_SUITE,
        "--cache",
        str(tmp_path / "cache"),
        "--no-output-reuse",
    ]
    assert generate.main([*args, "-o", str(tmp_path / "one")]) == 0
    assert generate.main([*args, "-o", str(tmp_path / "two")]) == 0
    assert "3 units reused, 0 read" in capsys.readouterr().out
    monkeypatch.setattr(scan_cache, "GENERATOR_VERSION", "99.0")
    assert generate.main([*args, "-o", str(tmp_path / "three")]) == 0
    assert "0 units reused, 3 read" in capsys.readouterr().out
    assert output_bytes(tmp_path / "three") == output_bytes(tmp_path / "one")


def test_concurrent_runs_share_the_cache(repo, tmp_path):
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    runs = [
        subprocess.Popen(
            [
                *(sys.executable, "-m", "appcenter_qt.cli.generate", "--repo", str(repo)),
                *(
                    *DEBIAN_SUITE,
                    "-o",
                    str(tmp_path / f"out{n}"),
                    "--cache",
                    str(tmp_path / "cache"),
                ),
            ],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for n in range(3)
    ]
    for run in runs:
        _out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
    assert (
        output_bytes(tmp_path / "out0")
        == output_bytes(tmp_path / "out1")
        == output_bytes(tmp_path / "out2")
    )
    again = _run(repo, tmp_path / "again", tmp_path / "cache", "--no-output-reuse")
    assert "3 units reused, 0 read" in again.stdout
    assert output_bytes(tmp_path / "again") == output_bytes(tmp_path / "out0")


def test_bounded_and_damaged_entries_are_misses(repo, tmp_path):
    cache = tmp_path / "cache"
    _run(repo, tmp_path / "one", cache, "--no-output-reuse")
    entries = [p for p in cache.rglob("*") if p.is_file() and p.name != ".lock"]
    assert len(entries) == 4  # three units, one icon set
    for entry in entries:  # a disk error; a kill -9 cannot do this (temp file + rename)
        entry.write_bytes(entry.read_bytes()[:20])
    stale = cache / "00" / ".dead.123.tmp"  # what a kill -9 leaves
    stale.parent.mkdir(exist_ok=True)
    stale.write_bytes(b"partial")
    os.utime(stale, (1, 1))
    second = _run(repo, tmp_path / "two", cache, "--no-output-reuse")
    assert "0 units reused, 3 read" in second.stdout
    assert output_bytes(tmp_path / "two") == output_bytes(tmp_path / "one")
    assert not stale.exists()
    third = _run(repo, tmp_path / "three", cache, "--cache-max-size", "0", "--no-output-reuse")
    assert "4 entries pruned" in third.stdout
    assert [p for p in cache.rglob("*") if p.is_file() and p.name != ".lock"] == []


def test_a_cache_others_may_write_is_refused(repo, tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o777)
    cache.chmod(0o777)
    result = run_generate(
        "--repo", str(repo), *DEBIAN_SUITE, "-o", str(tmp_path / "o"), "--cache", str(cache)
    )
    assert result.returncode == 2
    assert "only this user may write" in result.stderr.strip()


def _pickled_entries(cache: Path) -> list[Path]:
    return [
        p
        for p in cache.rglob("*")
        if p.is_file() and p.read_bytes().startswith(b"appcenter-qt scan cache ")
    ]


@pytest.mark.parametrize(
    "damage",
    [
        lambda header: header + b"\x80\x09garbage",  # ValueError: unsupported protocol
        lambda header: header + b"\x80\x05\x8e" + (1 << 60).to_bytes(8, "little"),  # 1 EiB
        lambda header: b"\x80\x05K\x01.",  # a pickle without this version's header
    ],
)
def test_a_damaged_entry_is_one_warning_then_rebuilt(repo, tmp_path, damage):
    cache = tmp_path / "cache"
    _run(repo, tmp_path / "one", cache, "--no-output-reuse")
    entry = _pickled_entries(cache)[0]
    header = entry.read_bytes().split(b"\n", 1)[0] + b"\n"
    entry.write_bytes(damage(header))
    second = _run(repo, tmp_path / "two", cache, "--no-output-reuse", "--quiet")
    (line,) = second.stderr.splitlines()
    assert line.startswith(f"appcenter-generate: {entry}: ") and line.endswith(": removed"), line
    assert output_bytes(tmp_path / "two") == output_bytes(tmp_path / "one")
    assert entry.read_bytes().startswith(header)  # computed again and kept
    third = _run(repo, tmp_path / "three", cache, "--no-output-reuse")
    assert "appcenter-generate:" not in third.stderr  # progress only, no warning
    assert "3 units reused, 0 read" in third.stdout


def test_a_cache_folder_that_is_a_link_is_never_entered(repo, tmp_path):
    from tests.cli.test_generate_hostile_files import canary, snapshot

    cache = tmp_path / "cache"
    _run(repo, tmp_path / "one", cache, "--no-output-reuse")
    entry = _pickled_entries(cache)[0]
    folder = entry.parent
    birds = canary(tmp_path / "canary", entry.name)
    (birds / f".{entry.name}.1.tmp").write_bytes(b"named like our temporary file")
    os.utime(birds / f".{entry.name}.1.tmp", (1, 1))
    before = snapshot(birds)
    shutil.rmtree(folder)
    folder.symlink_to(birds)
    for run in ("two", "three"):
        _run(repo, tmp_path / run, cache, "--no-output-reuse", "--cache-max-size", "0")
        assert output_bytes(tmp_path / run) == output_bytes(tmp_path / "one")
        assert snapshot(birds) == before
    assert folder.is_symlink()


def test_pruning_leaves_names_not_ours(repo, tmp_path):
    cache = tmp_path / "cache"
    _run(repo, tmp_path / "one", cache, "--no-output-reuse")
    folder = _pickled_entries(cache)[0].parent
    (folder / "README").write_text("not ours\n")
    (cache / "zz").mkdir()
    (cache / "zz" / ("0" * 64)).write_bytes(b"not in one of our folders")
    pruned = _run(repo, tmp_path / "two", cache, "--no-output-reuse", "--cache-max-size", "0")
    assert "entries pruned" in pruned.stdout
    assert _pickled_entries(cache) == []
    assert (folder / "README").read_text() == "not ours\n"
    assert (cache / "zz" / ("0" * 64)).exists()


def test_a_cache_lock_that_is_a_link_is_refused(repo, tmp_path):
    cache = tmp_path / "cache"
    _run(repo, tmp_path / "one", cache, "--no-output-reuse")
    (cache / ".lock").unlink()
    (cache / ".lock").symlink_to(tmp_path / "created-through-the-link")
    result = run_generate(
        "--repo", str(repo), *DEBIAN_SUITE, "-o", str(tmp_path / "o"), "--cache", str(cache)
    )
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"appcenter-generate: --cache {cache / '.lock'}: a symbolic link"
    )
    assert not (tmp_path / "created-through-the-link").exists()
