"""Publishing catalog, icon archive and report as one set: a reader never sees a mixed set,
and a run that is killed or runs out of disk leaves the published set as it was."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from appcenter_qt.catalog.publish import OutputSet, current_set
from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.extract.appstream.icon_archive import IconArchive
from tests.system_pools import make_pool


def _generate(root: Path, output: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "appcenter_qt.cli.generate",
            "--system",
            "--quiet",
            "--root",
            str(root),
            "--output",
            str(output),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "XDG_DATA_DIRS": "/usr/local/share:/usr/share"},
    )


def _assert_complete_set(output: Path) -> None:
    """What a reader does: resolve once, then open the catalog and the icons of that set."""
    real = Path(os.path.realpath(output / "appcenter.sqlite"))
    assert real.parent == current_set(output)
    with Catalog(real, "C") as catalog:
        assert catalog.count() == 6
    assert len(IconArchive(real.parent / "icons.tar").members()) == 4
    assert (real.parent / "report.json").stat().st_size > 0


def test_publish_switches_and_a_failed_set_is_dropped(tmp_path: Path) -> None:
    with OutputSet(tmp_path) as first:
        (first.staging / "appcenter.sqlite").write_bytes(b"first")
        first.publish()
    assert (tmp_path / "appcenter.sqlite").read_bytes() == b"first"
    with pytest.raises(RuntimeError), OutputSet(tmp_path) as second:
        (second.staging / "appcenter.sqlite").write_bytes(b"half-written")
        raise RuntimeError("disk on fire")
    assert (tmp_path / "appcenter.sqlite").read_bytes() == b"first"
    assert not second.staging.exists()


def test_two_runs_at_once_are_refused_not_mixed(tmp_path: Path) -> None:
    """A second process cannot start a set while one is being written (the lock is a POSIX
    record lock, which is per process, so the contender must be another process)."""
    contender = (
        "import sys\n"
        "from appcenter_qt.catalog.publish import OutputSet\n"
        "from appcenter_qt.domain.errors import CatalogError\n"
        "try:\n"
        "    OutputSet(sys.argv[1]).__enter__()\n"
        "except CatalogError as error:\n"
        "    print(error)\n"
    )
    with OutputSet(tmp_path):
        done = subprocess.run(
            [sys.executable, "-c", contender, str(tmp_path)], capture_output=True, text=True
        )
    assert done.stdout.strip() == f"{tmp_path}: another run is writing here", done.stderr
    again = subprocess.run([sys.executable, "-c", contender, str(tmp_path)], capture_output=True)
    assert again.stdout == b""  # free again once the first run ended


@pytest.mark.slow  # a process killed at each of many moments
def test_kill_9_at_any_moment_leaves_a_complete_set(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    output = tmp_path / "out"
    first = _generate(root, output)
    assert first.wait(120) == 0
    _assert_complete_set(output)
    for delay in (0.02, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8):
        child = _generate(root, output)
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait(60)
        _assert_complete_set(output)
    final = _generate(root, output)
    assert final.wait(120) == 0
    _assert_complete_set(output)
    leftovers = [p.name for p in output.iterdir() if p.name.startswith(".set-")]
    assert len(leftovers) <= 2, leftovers  # the current set and at most the previous one


@pytest.fixture
def small_disk(tmp_path: Path):
    """A 1 MiB tmpfs (CI runs as root); skipped where mounting is not allowed."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount_point)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


def test_a_full_disk_gives_one_line_and_keeps_the_previous_set(
    tmp_path: Path, small_disk: Path
) -> None:
    root = tmp_path / "root"
    make_pool(root)
    output = small_disk / "cache"
    assert _generate(root, output).wait(120) == 0
    _assert_complete_set(output)
    free = shutil.disk_usage(small_disk).free
    with contextlib.suppress(OSError):  # fill the disk up to a few KiB
        (small_disk / "filler").write_bytes(b"\0" * max(0, free - 16 * 1024))
    child = _generate(root, output)
    assert child.wait(120) == 2
    assert child.stderr is not None
    message = child.stderr.read().decode().strip()
    assert len(message.splitlines()) == 1, message
    assert "No space left on device" in message or "disk is full" in message, message
    assert str(output) in message
    _assert_complete_set(output)
    assert len([p for p in output.iterdir() if p.name.startswith(".set-")]) == 1
