"""The generator's own files as hostile input (issue 29, classes 1 and 2): a parse-cache
entry that is damaged, foreign or a link, and a cache directory that is a link. Each is one
warning and a correct run, never a traceback, never a read or write outside the output."""

from __future__ import annotations

import os
import pickle
import shutil
import struct
from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import Catalog
from tests.cli import test_generate_system
from tests.system_pools import make_pool

CACHE = ".parse-cache"


class CreatesFile:
    """Unpickling this opens (so creates) ``path``: the proof a pickle was run."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, ...]:
        return (open, (str(self.path), "w"))


def run(root: Path, out: Path):
    """A quiet ``--system`` run: stderr holds warnings and errors only."""
    return test_generate_system.run(root, out, "--quiet")


def snapshot(directory: Path) -> dict[str, bytes | str]:
    """Every name below ``directory`` with its contents (a link: its target)."""
    found: dict[str, bytes | str] = {}
    for path in sorted(directory.rglob("*")):
        name = str(path.relative_to(directory))
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_file():
            found[name] = path.read_bytes()
        else:
            found[name] = "dir"
    return found


def canary(directory: Path, entry_like: str) -> Path:
    """A directory of someone else's files, one of them named like a cache entry."""
    directory.mkdir()
    (directory / "notes.txt").write_text("keep me\n")
    (directory / entry_like).write_bytes(b"not ours either")
    (directory / "sub").mkdir()
    (directory / "sub" / "deep.txt").write_text("deep\n")
    return directory


def warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip()]


@pytest.fixture
def pool(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    make_pool(root, vendor=False, installed=False)
    return root


def first_run(root: Path, out: Path) -> Path:
    """A run that leaves one parse-cache entry; returns it."""
    result = run(root, out)
    assert result.returncode == 0, result.stderr
    (entry,) = (out / CACHE).glob("*.pickle")
    return entry


def app_ids(out: Path) -> list[str]:
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        return sorted(app.id for app in catalog.list())


def _damaged(header: bytes) -> dict[str, bytes]:
    huge = b"\x80\x05\x8e" + struct.pack("<Q", 1 << 60)  # BINBYTES8 of 1 EiB: MemoryError
    return {
        "unsupported-protocol": header + b"\x80\x09garbage",
        "huge-length": header + huge,
        "truncated": header + pickle.dumps(list(range(1000)))[:50],
        "no-header": b"\x80\x05K\x01.",
        "not-a-result": header + pickle.dumps({"apps": []}),
        "empty": b"",
    }


@pytest.mark.parametrize(
    "kind",
    ["unsupported-protocol", "huge-length", "truncated", "no-header", "not-a-result", "empty"],
)
def test_a_damaged_entry_is_one_warning_removed_and_rebuilt(pool, tmp_path, kind):
    out = tmp_path / "out"
    entry = first_run(pool, out)
    expected = app_ids(out)
    header = entry.read_bytes().split(b"\n", 1)[0] + b"\n"
    assert header.startswith(b"appcenter-qt parse cache ")
    entry.write_bytes(_damaged(header)[kind])
    result = run(pool, out)
    assert result.returncode == 0, result.stderr
    (line,) = warnings(result.stderr)
    assert line.startswith(f"appcenter-generate: {entry}: ") and "removed" in line, line
    assert "Traceback" not in result.stderr
    assert app_ids(out) == expected
    assert entry.read_bytes().startswith(header)  # parsed again and kept
    again = run(pool, out)
    assert again.returncode == 0 and again.stderr == "", again.stderr


def test_an_entry_others_may_write_is_removed_unread(pool, tmp_path):
    out = tmp_path / "out"
    entry = first_run(pool, out)
    header = entry.read_bytes().split(b"\n", 1)[0] + b"\n"
    proof = tmp_path / "pickle-was-run"
    entry.write_bytes(header + pickle.dumps(CreatesFile(proof)))
    entry.chmod(0o666)
    result = run(pool, out)
    assert result.returncode == 0, result.stderr
    (line,) = warnings(result.stderr)
    assert str(entry) in line and "not this user's alone" in line, line
    assert not proof.exists()
    assert entry.stat().st_mode & 0o777 == 0o600  # the rebuilt entry, private


def test_an_entry_that_is_a_link_is_removed_and_its_target_untouched(pool, tmp_path):
    out = tmp_path / "out"
    entry = first_run(pool, out)
    target = tmp_path / "elsewhere.pickle"
    target.write_bytes(entry.read_bytes())
    before = target.read_bytes()
    entry.unlink()
    entry.symlink_to(target)
    result = run(pool, out)
    assert result.returncode == 0, result.stderr
    (line,) = warnings(result.stderr)
    assert str(entry) in line and "removed" in line, line
    assert not entry.is_symlink() and entry.is_file()
    assert target.read_bytes() == before


def test_a_cache_directory_that_is_a_link_is_refused_and_its_target_untouched(pool, tmp_path):
    out = tmp_path / "out"
    entry = first_run(pool, out)
    expected = app_ids(out)
    birds = canary(tmp_path / "canary", entry.name)
    before = snapshot(birds)
    (out / CACHE).rename(tmp_path / "old-cache")
    (out / CACHE).symlink_to(birds)
    for _attempt in range(2):  # a refused cache is never half used: the same every run
        result = run(pool, out)
        assert result.returncode == 0, result.stderr
        (line,) = warnings(result.stderr)
        assert line == (
            f"appcenter-generate: {out / CACHE}: a symbolic link, not followed: "
            "not used, the catalogs are parsed afresh"
        )
        assert snapshot(birds) == before
    assert app_ids(out) == expected


def test_a_cache_directory_that_is_a_file_is_refused(pool, tmp_path):
    out = tmp_path / "out"
    first_run(pool, out)
    shutil.rmtree(out / CACHE)
    (out / CACHE).write_bytes(b"a file")
    result = run(pool, out)
    assert result.returncode == 0, result.stderr
    assert warnings(result.stderr) == [
        f"appcenter-generate: {out / CACHE}: not a directory: "
        "not used, the catalogs are parsed afresh"
    ]
    assert (out / CACHE).read_bytes() == b"a file"


def test_pruning_removes_only_our_own_names(pool, tmp_path):
    out = tmp_path / "out"
    entry = first_run(pool, out)
    cache = out / CACHE
    stale = cache / ("0" * 32 + ".pickle")
    stale.write_bytes(b"an entry no run uses any more")
    temp = cache / f".{'1' * 32}.pickle.4242.tmp"
    temp.write_bytes(b"left by a killed run")
    (cache / "README").write_text("someone's own file\n")
    (cache / "notes.pickle").write_bytes(b"not our pattern")
    result = run(pool, out)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    kept = sorted([entry.name, "key-colors.json", "README", "notes.pickle"])  # and the colours
    assert sorted(p.name for p in cache.iterdir()) == kept


def test_an_output_lock_that_is_a_link_is_refused(pool, tmp_path):
    out = tmp_path / "out"
    first_run(pool, out)
    birds = canary(tmp_path / "canary", "x.pickle")
    before = snapshot(birds)
    (out / ".lock").unlink()
    (out / ".lock").symlink_to(birds / "created-through-the-link")
    result = run(pool, out)
    assert result.returncode != 0
    assert result.stderr.strip() == (
        f"appcenter-generate: {out / '.lock'}: a symbolic link, not followed"
    )
    assert snapshot(birds) == before


def test_links_planted_among_the_output_sets_are_never_followed(pool, tmp_path):
    out = tmp_path / "out"
    first_run(pool, out)
    birds = canary(tmp_path / "canary", "appcenter.sqlite")
    before = snapshot(birds)
    (out / ".set-1-1").symlink_to(birds)  # named like a stale set: removed only if a directory
    (out / ".appcenter.sqlite.99.tmp").symlink_to(birds / "notes.txt")  # our temp pattern
    (out / "current").unlink()
    (out / "current").symlink_to(birds)  # names no set of ours
    result = run(pool, out)
    assert result.returncode == 0, result.stderr
    assert snapshot(birds) == before
    assert os.readlink(out / "current").startswith(".set-")
    assert (out / ".set-1-1").is_symlink()  # not ours to remove, not followed either
    assert not (out / ".appcenter.sqlite.99.tmp").exists()
    assert app_ids(out)
