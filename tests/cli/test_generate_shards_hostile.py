"""Shard files as hostile input: a shard is an artifact another job wrote, so ``merge``
reads it as data only. A pickle that would run code, garbage, a damaged or foreign file is
one line naming the file and the cause (exit 2), never a traceback, never code run."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.generator import shards as generate_shard
from tests.cli.generate_runner import run_generate
from tests.cli.test_generate_hostile_files import CreatesFile
from tests.extract import samples
from tests.extract.packages import build_deb, needs_dpkg

pytestmark = [needs_dpkg]


@pytest.fixture(scope="module")
def shard(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a real one-shard run's file (two packages: scans with applications)."""
    base = tmp_path_factory.mktemp("shard")
    packages = base / "packages"
    packages.mkdir()
    build_deb(packages, "gnome-mines", samples.mines_files())
    build_deb(packages, "kcalc", samples.kcalc_files(), version="4:22.12.3-1")
    result = run_generate(str(packages), "-o", str(base / "s"), "--shard", "1/1")
    assert result.returncode == 0, result.stderr
    return (base / "s" / "shard-1-of-1.scans").read_bytes()


def merge_of(tmp_path: Path, data: bytes) -> tuple[Path, str]:
    """Merge a shard directory holding ``data``; the shard file and the one stderr line."""
    directory = tmp_path / "shard"
    directory.mkdir()
    file = directory / "shard-1-of-1.scans"
    file.write_bytes(data)
    result = run_generate("merge", "-o", str(tmp_path / "merged"), str(directory))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"appcenter-generate: {file}: "), line
    assert not (tmp_path / "merged" / "appcenter.sqlite").exists()
    return file, line


def lines(data: bytes) -> list[object]:
    return [json.loads(line) for line in data.splitlines()]


def joined(records: list[object]) -> bytes:
    return b"".join(json.dumps(record).encode() + b"\n" for record in records)


def test_the_real_shard_merges(tmp_path, shard):
    directory = tmp_path / "shard"
    directory.mkdir()
    (directory / "shard-1-of-1.scans").write_bytes(shard)
    result = run_generate("merge", "-o", str(tmp_path / "merged"), str(directory))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "merged" / "appcenter.sqlite").is_file()


def test_a_pickle_that_would_create_a_file_is_not_run(tmp_path):
    proof = tmp_path / "pickle-was-run"
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        payload = {"format": 1, "shard": (1, 1), "scans": [CreatesFile(proof)]}
        folder = tmp_path / f"p{protocol}"
        folder.mkdir()
        _file, line = merge_of(folder, pickle.dumps(payload, protocol))
        assert "header: not JSON" in line, line
        assert not proof.exists()


@pytest.mark.parametrize(
    ("data", "cause"),
    [
        (b"", "header: missing (the file ends early)"),
        (b"\x00\xffgarbage\n", "header: not JSON"),
        (b"[" * 200_000 + b"\n", "header: not JSON"),  # nesting beyond the recursion limit
        (b'{"magic": "x"}\n', "header: record: expected a ShardHeader (8 fields), not dict"),
    ],
)
def test_garbage_is_one_line(tmp_path, data, cause):
    _file, line = merge_of(tmp_path, data)
    assert cause in line, line


def test_a_wrong_type_deep_in_a_scan_names_the_field(tmp_path, shard):
    records = lines(shard)
    scan = records[1]
    assert isinstance(scan, list)
    scan[0][0] = "0"  # job.index
    _file, line = merge_of(tmp_path, joined(records))
    assert line.endswith("scan 1: job.index: expected int, not str"), line


def test_an_unknown_enum_value_is_one_line(tmp_path, shard):
    records = lines(shard)
    scan = records[1]
    assert isinstance(scan, list)
    scan[0][1] = "exploit"  # job.kind
    _file, line = merge_of(tmp_path, joined(records))
    assert line.endswith("scan 1: job.kind: 'exploit' is no InputKind"), line


def test_a_truncated_shard_is_one_line(tmp_path, shard):
    records = lines(shard)
    _file, line = merge_of(tmp_path, joined(records[:-1]))
    assert line.endswith(f"scan {len(records) - 1}: missing (the file ends early)"), line


def test_a_shard_with_more_lines_than_its_header_counts_is_one_line(tmp_path, shard):
    _file, line = merge_of(tmp_path, shard + b"[]\n")
    assert line.endswith("more than the 2 scans its header counts"), line


def test_a_shard_of_another_version_is_one_line(tmp_path, shard):
    records = lines(shard)
    header = records[0]
    assert isinstance(header, list)
    header[2] = "0.0.1"
    _file, line = merge_of(tmp_path, joined(records))
    assert "written by version 0.0.1" in line, line


def test_a_line_over_its_cap_is_refused_unparsed(tmp_path, shard, monkeypatch):
    monkeypatch.setattr(generate_shard, "MAX_SCAN_BYTES", 64)
    file = tmp_path / "shard-1-of-1.scans"
    file.write_bytes(shard)
    with pytest.raises(ExtractError, match=r"scan 1: longer than 64 bytes"):
        generate_shard.read_shard(file)


def test_the_shard_round_trip_is_exact(tmp_path, shard):
    file = tmp_path / "shard-1-of-1.scans"
    file.write_bytes(shard)
    header, scans = generate_shard.read_shard(file)
    out = tmp_path / "again"
    out.mkdir()
    again = generate_shard.write_shard(
        out,
        header.shard,
        scans,
        sizes=header.sizes,
        origin=header.origin,
        unknown=[Path(p) for p in header.unknown],
    )
    assert again.read_bytes() == shard
    assert generate_shard.read_shard(again) == (header, scans)
    assert any(draft.icons for scan in scans for draft in scan.drafts)  # bytes, too


def test_links_planted_in_a_shard_output_are_replaced_not_written_through(tmp_path, shard):
    from tests.cli.test_generate_hostile_files import canary, snapshot

    source = tmp_path / "shard-1-of-1.scans"
    source.write_bytes(shard)
    header, scans = generate_shard.read_shard(source)
    out = tmp_path / "out"
    out.mkdir()
    birds = canary(tmp_path / "canary", "shard-1-of-1.scans")
    before = snapshot(birds)
    (out / "shard-1-of-1.scans").symlink_to(birds / "shard-1-of-1.scans")
    (out / f".shard-1-of-1.scans.{os.getpid()}.tmp").symlink_to(birds / "notes.txt")
    written = generate_shard.write_shard(
        out, (1, 1), scans, sizes=header.sizes, origin=header.origin, unknown=[]
    )
    assert snapshot(birds) == before
    assert not written.is_symlink() and written.read_bytes() == shard
    assert sorted(p.name for p in out.iterdir()) == ["shard-1-of-1.scans"]
