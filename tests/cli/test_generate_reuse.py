"""An unchanged ``--repo --cache`` re-run reuses its previous outputs whole (generate_reuse):
byte-identical, no package opened, and every input that could change them changes the key.
Also the cache's file lock against pruning under a running generator, and ``kill -9``."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from appcenter_qt.cli import generate
from appcenter_qt.generator import scan_cache
from tests.cli.generate_runner import run_generate
from tests.extract import samples
from tests.extract.packages import build_deb, needs_dpkg
from tests.extract.repos import (
    DEBIAN_SUITE,
    OUTPUT_FILES,
    debian_repository_copy,
    index_debian,
    needs_debian_indexers,
    output_bytes,
)

pytestmark = [needs_dpkg, needs_debian_indexers]
REUSED = "cache: outputs reused (3 units"


@pytest.fixture
def repo(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> Path:
    return debian_repository_copy(tmp_path_factory.getbasetemp() / "reuse-repo", tmp_path / "repo")


def _run(repo: Path, out: Path, cache: Path, *extra: str, epoch: str = "1700000000"):
    result = run_generate(
        "--repo",
        str(repo),
        *DEBIAN_SUITE,
        "-o",
        str(out),
        "--cache",
        str(cache),
        *extra,
        epoch=epoch,
    )
    assert result.returncode == 0, result.stderr
    return result


def _fresh(repo: Path, out: Path, *extra: str, epoch: str = "1700000000") -> dict[str, bytes]:
    result = run_generate("--repo", str(repo), *DEBIAN_SUITE, "-o", str(out), *extra, epoch=epoch)
    assert result.returncode == 0, result.stderr
    return output_bytes(out)


def test_an_unchanged_rerun_reuses_the_outputs_and_opens_no_package(repo, tmp_path):
    cache = tmp_path / "cache"
    first = _run(repo, tmp_path / "one", cache)
    assert REUSED not in first.stdout
    for package in (repo / "pool").rglob("*.deb"):  # any package opened would now fail
        package.write_bytes(b"not a package any more")
    report = tmp_path / "elsewhere" / "report.json"
    report.parent.mkdir()
    second = _run(repo, tmp_path / "two", cache)
    third = _run(repo, tmp_path / "three", cache, "--report", str(report))
    assert REUSED in second.stdout and REUSED in third.stdout
    assert "no package read" in second.stdout
    assert output_bytes(tmp_path / "two") == output_bytes(tmp_path / "one")
    assert report.read_bytes() == (tmp_path / "one" / "report.json").read_bytes()
    assert not (tmp_path / "three" / "report.json").exists()  # it went to --report
    for name in OUTPUT_FILES[:2]:
        assert (tmp_path / "three" / name).read_bytes() == (tmp_path / "one" / name).read_bytes()


@pytest.mark.parametrize("change", ["package", "epoch", "icon-size", "origin", "no-reuse"])
def test_every_input_of_the_outputs_is_in_the_key(repo, tmp_path, change):
    cache = tmp_path / "cache"
    _run(repo, tmp_path / "one", cache)
    extra: tuple[str, ...] = ()
    epoch = "1700000000"
    if change == "package":
        (repo / "pool/main/kcalc_4:22.12.3-1_amd64.deb").unlink()
        files = samples.kcalc_files()
        files["usr/share/applications/org.kde.kcalc.desktop"] += "Comment=Calculate\n"
        build_deb(repo / "pool/main", "kcalc", files, version="4:23.08.1-1", arch="amd64")
        index_debian(repo, "stable", "main", "amd64")
    elif change == "epoch":
        epoch = "1800000000"
    elif change == "icon-size":
        extra = ("--icon-size", "48")
    elif change == "origin":
        extra = ("--origin", "elsewhere")
    else:
        extra = ("--no-output-reuse",)
    second = _run(repo, tmp_path / "two", cache, *extra, epoch=epoch)
    assert "outputs reused" not in second.stdout
    assert output_bytes(tmp_path / "two") == _fresh(repo, tmp_path / "fresh", *extra, epoch=epoch)


def test_a_generator_upgrade_is_not_served_old_outputs(repo, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    args = ["--repo", str(repo), *DEBIAN_SUITE, "--cache", str(tmp_path / "cache")]
    assert generate.main([*args, "-o", str(tmp_path / "one")]) == 0
    assert generate.main([*args, "-o", str(tmp_path / "two")]) == 0
    assert "outputs reused" in capsys.readouterr().out
    monkeypatch.setattr(scan_cache, "GENERATOR_VERSION", "99.0")
    monkeypatch.setattr("appcenter_qt.generator.reuse.GENERATOR_VERSION", "99.0")
    assert generate.main([*args, "-o", str(tmp_path / "three")]) == 0
    assert "0 units reused, 3 read" in capsys.readouterr().out


def test_a_run_with_an_html_report_is_never_reused_and_renders_its_site(repo, tmp_path):
    cache, site = tmp_path / "cache", tmp_path / "site"
    _run(repo, tmp_path / "one", cache)
    second = _run(repo, tmp_path / "two", cache, "--html-report", str(site))
    assert REUSED not in second.stdout
    assert (site / "index.html").is_file()
    assert output_bytes(tmp_path / "two") == output_bytes(tmp_path / "one")


def test_without_source_date_epoch_the_outputs_are_never_reused(repo, tmp_path):
    environment = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    command = [
        sys.executable,
        "-m",
        "appcenter_qt.cli.generate",
        "--repo",
        str(repo),
        *DEBIAN_SUITE,
    ]
    for run in ("one", "two"):
        result = subprocess.run(
            [*command, "--cache", str(tmp_path / "cache"), "-o", str(tmp_path / run)],
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stderr
    assert "3 units reused, 0 read" in result.stdout  # created_at is now: assembled again


def test_damaged_output_entries_are_a_miss_never_a_damaged_output(repo, tmp_path):
    cache = tmp_path / "cache"
    _run(repo, tmp_path / "one", cache)
    damaged = 0
    for entry in (p for p in cache.rglob("*") if p.is_file() and p.name != ".lock"):
        data = entry.read_bytes()
        if data.startswith(b"appcenter-qt scan cache "):
            continue  # unit scans and the manifest: pickles behind their header
        flipped = bytearray(data)
        flipped[len(flipped) // 2] ^= 0xFF  # same size, other bytes
        entry.write_bytes(bytes(flipped))
        damaged += 1
    assert damaged == 3  # catalog, icons, report
    second = _run(repo, tmp_path / "two", cache)
    assert "outputs reused" not in second.stdout
    assert "3 units reused, 0 read" in second.stdout
    assert output_bytes(tmp_path / "two") == output_bytes(tmp_path / "one")


def test_pruning_waits_for_no_run_but_never_under_one(repo, tmp_path):
    """A run prunes only if it can take the cache's exclusive lock at once: while another
    run holds its shared lock (here: this test), nothing is removed, and the run does not
    wait for it."""
    cache = tmp_path / "cache"
    _run(repo, tmp_path / "one", cache, "--no-output-reuse")
    lock = os.open(cache / ".lock", os.O_RDWR)
    try:
        fcntl.flock(lock, fcntl.LOCK_SH)
        held = _run(repo, tmp_path / "two", cache, "--no-output-reuse", "--cache-max-size", "0")
        assert "0 entries pruned" in held.stdout
    finally:
        os.close(lock)
    free = _run(repo, tmp_path / "three", cache, "--no-output-reuse", "--cache-max-size", "0")
    assert "4 entries pruned" in free.stdout


@pytest.mark.slow  # a process killed at each of many moments
def test_kill_9_at_any_moment_leaves_a_cache_the_next_run_trusts(repo, tmp_path):
    cache = tmp_path / "cache"
    expected = _fresh(repo, tmp_path / "fresh")
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    command = [
        sys.executable,
        "-m",
        "appcenter_qt.cli.generate",
        "--repo",
        str(repo),
        *DEBIAN_SUITE,
    ]
    command += ["--cache", str(cache), "-o", str(tmp_path / "killed"), "-q"]
    for delay in (0.3, 0.6, 0.9, 1.2, 1.5, 2.0):
        process = subprocess.Popen(command, env=environment, start_new_session=True)
        time.sleep(delay)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)  # the run and its workers
        process.wait()
    for entry in (p for p in cache.rglob("*") if p.is_file() and p.name != ".lock"):
        assert not entry.name.endswith(".part")
    # Whatever was left (entries complete or absent, temp files, a half-staged output set),
    # the next runs give the fresh outputs, the second one from the reused outputs.
    _run(repo, tmp_path / "after", cache)
    again = _run(repo, tmp_path / "again", cache)
    assert output_bytes(tmp_path / "after") == expected
    assert output_bytes(tmp_path / "again") == expected
    assert REUSED in again.stdout
