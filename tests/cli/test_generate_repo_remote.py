"""``appcenter-generate --repo URL``: a repository built in the test, served by a local
``http.server`` (and read as ``file://``); downloads within a deadline and a size cap, and
each failure one line naming the URL and the cause."""

from __future__ import annotations

import contextlib
import functools
import json
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

# A real process: the test's HTTP server is a thread of this one, and the generator forks workers.
from tests.cli.generate_runner import run_generate_process
from tests.extract.packages import needs_dpkg
from tests.extract.repos import (
    needs_createrepo,
    needs_debian_indexers,
    rpm_repository,
)

DEBIAN = ("--suite", "stable", "--component", "main", "--component", "contrib", "--arch", "amd64")
OUTPUTS = ("appcenter.sqlite", "icons.tar", "report.json")


class _Handler(SimpleHTTPRequestHandler):
    """Serves the repository; ``server.rules`` makes a path fail (``"500"``) or stall."""

    def log_message(self, *_args) -> None:
        pass

    def do_GET(self) -> None:
        server = self.server
        server.requested.append(self.path)  # type: ignore[attr-defined]  # set in serve()
        rule = server.rules.get(self.path)  # type: ignore[attr-defined]  # set in serve()
        if rule == "500":
            self.send_error(500, "Internal Server Error")
            return
        if rule == "slow":
            time.sleep(4)
        super().do_GET()


@contextlib.contextmanager
def serve(root: Path) -> Iterator[tuple[str, ThreadingHTTPServer]]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=root))
    server.requested = []  # type: ignore[attr-defined]  # the test's own bookkeeping
    server.rules = {}  # type: ignore[attr-defined]  # the test's own bookkeeping
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/repo/", server
    finally:
        server.shutdown()
        server.server_close()


def _outputs(directory: Path) -> dict[str, bytes]:
    return {name: (directory / name).read_bytes() for name in OUTPUTS}


def _report(directory: Path) -> dict:
    return json.loads((directory / "report.json").read_text())


pytestmark = [needs_dpkg, needs_debian_indexers]


def test_http_and_file_urls_give_the_outputs_of_the_directory(served, tmp_path):
    local = run_generate_process(
        "--repo", str(served / "repo"), *DEBIAN, "-o", str(tmp_path / "dir")
    )
    assert local.returncode == 0, local.stderr
    url = (served / "repo").as_uri()
    file_run = run_generate_process("--repo", url, *DEBIAN, "-o", str(tmp_path / "file"))
    assert file_run.returncode == 0, file_run.stderr
    with serve(served) as (base, server):
        remote = run_generate_process(
            "--repo", base, *DEBIAN, "-o", str(tmp_path / "http"), "-j", "2", "--quiet"
        )
    assert remote.returncode == 0, remote.stderr
    assert remote.stderr == ""  # the Release file was found and checked: no warning
    # Same catalog and icons; the report names the packages by URL instead of path.
    for name in ("appcenter.sqlite", "icons.tar"):
        assert (tmp_path / "http" / name).read_bytes() == (tmp_path / "dir" / name).read_bytes()
    assert _outputs(tmp_path / "file") == _outputs(tmp_path / "dir")
    inputs = [unit["input"] for unit in _report(tmp_path / "http")["inputs"]]
    assert inputs and all(i.startswith(base + "pool/") for i in inputs)
    fetched = [p.rpartition("/")[2] for p in server.requested if p.endswith(".deb")]
    # Only what the Contents file names is downloaded: not hello, not the older gnome-mines.
    assert sorted(name.split("_")[0] for name in fetched) == [
        "calc-art",
        "gnome-mines",
        "kcalc",
        "tool",
    ]
    assert "/repo/dists/stable/main/binary-amd64/Packages.xz" in server.requested


def test_a_cached_http_rerun_downloads_no_package(served, tmp_path):
    with serve(served) as (base, server):
        args = ("--repo", base, *DEBIAN, "--cache", str(tmp_path / "cache"))
        first = run_generate_process(*args, "-o", str(tmp_path / "one"))
        assert first.returncode == 0, first.stderr
        server.requested.clear()
        second = run_generate_process(*args, "-o", str(tmp_path / "two"))
    assert second.returncode == 0, second.stderr
    assert not [p for p in server.requested if p.endswith(".deb")]
    assert _outputs(tmp_path / "two") == _outputs(tmp_path / "one")


@pytest.mark.parametrize(
    ("rule", "options", "expected"),
    [
        ("500", (), "dists/stable/main/binary-amd64/Packages.xz: HTTP 500 Internal Server Error"),
        ("slow", ("--fetch-timeout", "1"), "dists/stable/main/binary-amd64/Packages.xz: timed out"),
        (None, ("--fetch-max-size", "1K"), "dists/stable/Release: too big"),
    ],
)
def test_an_index_that_cannot_be_fetched_is_one_line_naming_the_url(
    served, tmp_path, rule, options, expected
):
    with serve(served) as (base, server):
        if rule:
            server.rules["/repo/dists/stable/main/binary-amd64/Packages.xz"] = rule
        started = time.monotonic()
        result = run_generate_process(
            "--repo", base, *DEBIAN, *options, "-o", str(tmp_path / "out")
        )
        elapsed = time.monotonic() - started
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("appcenter-generate: http://127.0.0.1:")
    assert base + expected in lines[0]
    if rule == "slow":
        assert elapsed < 4  # the deadline, not the server, ended the download
    assert not (tmp_path / "out" / "appcenter.sqlite").exists()


def test_a_package_that_cannot_be_fetched_is_skipped_and_the_run_goes_on(served, tmp_path):
    with serve(served) as (base, server):
        kcalc = next(p for p in (served / "repo/pool/main").iterdir() if "kcalc" in p.name)
        server.rules[f"/repo/pool/main/{kcalc.name.replace(':', '%3A')}"] = "500"
        result = run_generate_process("--repo", base, *DEBIAN, "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    units = {u["source"]: u for u in _report(tmp_path / "out")["inputs"]}
    failed = units[f"deb:{kcalc.name}"]
    assert failed["status"] == "failed"
    assert failed["reason_tag"] == "download-failed"
    assert "HTTP 500" in failed["reason"] and kcalc.name.split(":")[0] in failed["reason"]
    assert units["deb:tool_1.0-1_all.deb"]["status"] == "application"


def test_only_file_and_http_urls_are_read(tmp_path):
    result = run_generate_process("--repo", "ftp://127.0.0.1/repo", *DEBIAN, "-o", str(tmp_path))
    assert result.returncode == 2
    assert "only directories, file:// and http(s):// URLs" in result.stderr


@needs_createrepo
def test_an_rpm_repository_over_http(tmp_path):
    rpm_repository(tmp_path / "site" / "repo")
    local = run_generate_process(
        "--repo", str(tmp_path / "site" / "repo"), "-o", str(tmp_path / "dir")
    )
    assert local.returncode == 0, local.stderr
    with serve(tmp_path / "site") as (base, server):
        remote = run_generate_process("--repo", base, "-o", str(tmp_path / "http"))
    assert remote.returncode == 0, remote.stderr
    for name in ("appcenter.sqlite", "icons.tar"):
        assert (tmp_path / "http" / name).read_bytes() == (tmp_path / "dir" / name).read_bytes()
    assert [p for p in server.requested if p.endswith(".rpm")] == [
        next(p for p in server.requested if "gnome-mines-40.10" in p)
    ]


def test_shards_of_a_remote_repository_merge_to_the_one_shot_outputs(served, tmp_path):
    with serve(served) as (base, _server):
        one_shot = run_generate_process("--repo", base, *DEBIAN, "-o", str(tmp_path / "one"))
        assert one_shot.returncode == 0, one_shot.stderr
        shards = []
        for k in (1, 2):
            shard = tmp_path / f"shard{k}"
            result = run_generate_process(
                "--repo", base, *DEBIAN, "--shard", f"{k}/2", "-o", str(shard)
            )
            assert result.returncode == 0, result.stderr
            shards.append(str(shard))
        merged = run_generate_process("merge", "-o", str(tmp_path / "merged"), *shards)
    assert merged.returncode == 0, merged.stderr
    assert _outputs(tmp_path / "merged") == _outputs(tmp_path / "one")
