"""``appcenter-generate --repo URL --cache DIR`` keeps the downloaded indexes: the next run
fetches the Release file (or repomd.xml) fresh and requests no index it lists unchanged; a
changed index is downloaded again, and a damaged kept copy is a fresh download with the
outputs of a run without cache. Counted on the requests a local ``http.server`` gets."""

from __future__ import annotations

from pathlib import Path

# A real process: the test's HTTP server is a thread of this one, and the generator forks workers.
from tests.cli.generate_runner import run_generate_process
from tests.cli.test_generate_repo_remote import DEBIAN, serve
from tests.extract import samples
from tests.extract.packages import build_deb, needs_dpkg
from tests.extract.repos import (
    index_debian,
    needs_createrepo,
    needs_debian_indexers,
    rpm_repository,
)

OUTPUTS = ("appcenter.sqlite", "icons.tar", "report.json")
RELEASE_FILES = {"/repo/dists/stable/InRelease", "/repo/dists/stable/Release"}
MAIN_PACKAGES = "/repo/dists/stable/main/binary-amd64/Packages.xz"
CONTRIB_PACKAGES = "/repo/dists/stable/contrib/binary-amd64/Packages.xz"
CONTRIB_CONTENTS = "/repo/dists/stable/contrib/Contents-amd64.gz"


def _outputs(directory: Path) -> dict[str, bytes]:
    return {name: (directory / name).read_bytes() for name in OUTPUTS}


def _kept(cache: Path, original: Path) -> Path:
    """The cache entry holding a copy of ``original`` (found by content)."""
    data = original.read_bytes()
    found = [p for p in cache.glob("*/*") if p.is_file() and p.read_bytes() == data]
    assert len(found) == 1, found
    return found[0]


@needs_dpkg
@needs_debian_indexers
def test_a_second_run_requests_only_the_release_file(site, tmp_path):
    # --no-output-reuse: the whole run goes on (the per-package cache), not only the indexes.
    args = ("--repo", None, *DEBIAN, "--cache", str(tmp_path / "cache"), "--no-output-reuse")
    with serve(site) as (base, server):
        first = run_generate_process(
            *(base if a is None else a for a in args), "-o", str(tmp_path / "1")
        )
        assert first.returncode == 0, first.stderr
        assert MAIN_PACKAGES in server.requested and CONTRIB_CONTENTS in server.requested
        server.requested.clear()
        second = run_generate_process(
            *(base if a is None else a for a in args), "-o", str(tmp_path / "2")
        )
    assert second.returncode == 0, second.stderr
    # The Release file is always fetched fresh (apt-ftparchive writes no InRelease: a 404).
    assert set(server.requested) == RELEASE_FILES
    assert "; 0 indexes reused, 4 downloaded" in first.stdout
    assert "; 4 indexes reused, 0 downloaded" in second.stdout
    assert _outputs(tmp_path / "2") == _outputs(tmp_path / "1")


@needs_dpkg
@needs_debian_indexers
def test_a_changed_index_is_downloaded_again(site, tmp_path):
    cache = ("--cache", str(tmp_path / "cache"))
    with serve(site) as (base, server):
        first = run_generate_process("--repo", base, *DEBIAN, *cache, "-o", str(tmp_path / "1"))
        assert first.returncode == 0, first.stderr
        repo = site / "repo"
        build_deb(
            repo / "pool" / "contrib",
            "other",
            samples.app_files("org.example.Other", samples.desktop("Other", "org.example.Other")),
        )
        index_debian(repo, "stable", "contrib", "amd64")
        server.requested.clear()
        second = run_generate_process("--repo", base, *DEBIAN, *cache, "-o", str(tmp_path / "2"))
        assert second.returncode == 0, second.stderr
        requested = set(server.requested)
        fresh = run_generate_process("--repo", base, *DEBIAN, "-o", str(tmp_path / "fresh"))
    assert fresh.returncode == 0, fresh.stderr
    # contrib changed: its indexes (and the new package) again; main's not.
    assert {CONTRIB_PACKAGES, CONTRIB_CONTENTS} <= requested
    assert MAIN_PACKAGES not in requested
    assert [p for p in requested if p.endswith(".deb")] == [
        next(p for p in requested if "/other_" in p)
    ]
    assert _outputs(tmp_path / "2") == _outputs(tmp_path / "fresh")
    assert b"org.example.Other" in (tmp_path / "2" / "report.json").read_bytes()


@needs_dpkg
@needs_debian_indexers
def test_a_damaged_kept_index_is_downloaded_again(site, tmp_path):
    cache_dir = tmp_path / "cache"
    args = ("--cache", str(cache_dir), "--no-output-reuse")
    with serve(site) as (base, server):
        first = run_generate_process("--repo", base, *DEBIAN, *args, "-o", str(tmp_path / "1"))
        assert first.returncode == 0, first.stderr
        for index in ("main/binary-amd64/Packages.xz", "contrib/Contents-amd64.gz"):
            kept = _kept(cache_dir, site / "repo" / "dists" / "stable" / index)
            data = bytearray(kept.read_bytes())
            data[len(data) // 2] ^= 0xFF  # same size, other content
            kept.write_bytes(bytes(data))
        server.requested.clear()
        second = run_generate_process("--repo", base, *DEBIAN, *args, "-o", str(tmp_path / "2"))
        assert second.returncode == 0, second.stderr
        requested = list(server.requested)
        fresh = run_generate_process("--repo", base, *DEBIAN, "-o", str(tmp_path / "fresh"))
    assert fresh.returncode == 0, fresh.stderr
    assert set(requested) == RELEASE_FILES | {MAIN_PACKAGES, CONTRIB_CONTENTS}
    assert "; 2 indexes reused, 2 downloaded" in second.stdout
    assert _outputs(tmp_path / "2") == _outputs(tmp_path / "fresh")
    # ... and the fresh download replaced the damaged copy.
    _kept(cache_dir, site / "repo" / "dists" / "stable" / "main/binary-amd64/Packages.xz")


@needs_createrepo
def test_rpm_a_second_run_requests_only_repomd_and_a_damaged_copy_is_fetched(tmp_path):
    root = tmp_path / "site"
    rpm_repository(root / "repo")
    cache_dir = tmp_path / "cache"
    args = ("--cache", str(cache_dir), "--no-output-reuse")
    with serve(root) as (base, server):
        first = run_generate_process("--repo", base, *args, "-o", str(tmp_path / "1"))
        assert first.returncode == 0, first.stderr
        primary = next((root / "repo" / "repodata").glob("*-primary.xml*"))
        assert f"/repo/repodata/{primary.name}" in server.requested
        server.requested.clear()
        second = run_generate_process("--repo", base, *args, "-o", str(tmp_path / "2"))
        assert second.returncode == 0, second.stderr
        assert server.requested == ["/repo/repodata/repomd.xml"]
        assert "; 2 indexes reused, 0 downloaded" in second.stdout  # primary, filelists
        kept = _kept(cache_dir, primary)
        kept.write_bytes(b"\0" * kept.stat().st_size)
        server.requested.clear()
        third = run_generate_process("--repo", base, *args, "-o", str(tmp_path / "3"))
        assert third.returncode == 0, third.stderr
        assert server.requested == ["/repo/repodata/repomd.xml", f"/repo/repodata/{primary.name}"]
    assert _outputs(tmp_path / "2") == _outputs(tmp_path / "1")
    assert _outputs(tmp_path / "3") == _outputs(tmp_path / "1")
