"""``--system`` with a hostile dpkg database (issue 29, class 7): a status file just under its
256 MiB cap is streamed, so the run stays within the 250 MiB peak RSS target; one with more
packages than the snapshot keeps is one line naming the file, and the catalog is still made.

The peak RSS is the run's own: the generator runs under a small Python parent that reports
``getrusage(RUSAGE_CHILDREN).ru_maxrss`` once its only child has finished, so nothing the
test process ran before counts.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.extract.readers import dpkg_status
from tests.output_sets import listing
from tests.system_pools import DPKG_STATUS, make_pool

TARGET_RSS = 250 * 1024 * 1024
#: The run itself takes 3-5 s on the test machine; generous for a loaded one.
TIME_LIMIT = 60.0

_MEASURE = textwrap.dedent(
    """
    import resource, subprocess, sys
    done = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=False)
    sys.stderr.write(done.stderr)
    sys.stdout.write(done.stdout)
    print(f"maxrss-kib {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}")
    sys.exit(done.returncode)
    """
)


def run_measured(root: Path, output: Path) -> tuple[subprocess.CompletedProcess[str], int]:
    """The ``--system`` run and its peak RSS in bytes."""
    command = [sys.executable, "-m", "appcenter_qt.cli.generate", "--system"]
    result = subprocess.run(
        [sys.executable, "-c", _MEASURE, *command, "--root", str(root), "--output", str(output)],
        capture_output=True,
        text=True,
        timeout=TIME_LIMIT * 2,
        check=False,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"},
    )
    line = result.stdout.rstrip().rsplit("\n", 1)[-1]
    assert line.startswith("maxrss-kib "), result.stdout
    return result, int(line.split()[1]) * 1024


def write_status(path: Path, packages: int, size: int) -> None:
    """The pool's real paragraphs, ``packages`` installed ones with names and versions as
    long as the snapshot's text cap allows, then removed packages with long descriptions
    (which the snapshot does not keep) up to ``size`` bytes. Written in 1 MiB blocks: a
    quarter GiB takes well under a second."""
    pad = "x" * 50
    with path.open("wb") as out:
        out.write(DPKG_STATUS.encode() + b"\n")
        for start in range(0, packages, 10_000):
            out.write(
                "".join(
                    f"Package: p{n}-{pad}\nStatus: install ok installed\n"
                    f"Version: 1.{n}-{pad}\nSource: s{n}-{pad}\nArchitecture: amd64\n\n"
                    for n in range(start, min(packages, start + 10_000))
                ).encode()
            )
        description = b"Description: gone\n" + b" " + b"y" * 78 + b"\n"
        paragraph = b"Package: gone\nStatus: deinstall ok config-files\n" + description * 20
        block = (paragraph + b"\n") * (1024 * 1024 // (len(paragraph) + 1))
        while out.tell() + len(block) <= size:
            out.write(block)


def test_a_status_file_under_its_cap_stays_within_the_memory_target(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    status = root / "var/lib/dpkg/status"
    # 90 000 packages of ~180 characters: just under the snapshot's text cap
    write_status(status, 90_000, dpkg_status.MAX_STATUS_BYTES - 8 * 1024 * 1024)
    assert status.stat().st_size > 240 * 1024 * 1024
    started = time.monotonic()
    result, peak = run_measured(root, tmp_path / "out")
    seconds = time.monotonic() - started
    status.unlink()  # a quarter GiB need not outlive the test
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "90003 installed packages (dpkg)" in result.stdout, result.stdout
    assert peak <= TARGET_RSS, f"peak RSS {peak / 2**20:.0f} MiB"
    assert seconds < TIME_LIMIT
    with Catalog(tmp_path / "out" / "appcenter.sqlite") as catalog:
        tool = catalog.get("com.vendor.Tool")
        # the owner's version comes from the snapshot (the status file is read once)
        assert tool is not None
        assert [(p.name, p.version) for p in tool.packages] == [("vendor-tool", "3.2.1")]


def test_too_many_installed_packages_is_one_line(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    status = root / "var/lib/dpkg/status"
    status.write_bytes(
        b"".join(
            b"Package: p%d\nStatus: install ok installed\n\n" % n
            for n in range(dpkg_status.MAX_STATUS_PACKAGES + 1)
        )
    )
    before = listing(root)
    result, peak = run_measured(root, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stdout.splitlines() if str(status) in line]
    assert lines == [
        f"  failed: dpkg: {status}: more than {dpkg_status.MAX_STATUS_PACKAGES} installed packages"
    ], result.stdout
    assert "0 installed packages (dpkg)" in result.stdout
    assert peak <= TARGET_RSS
    assert listing(root) == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out", "root"]
    with Catalog(tmp_path / "out" / "appcenter.sqlite") as catalog:
        assert catalog.get("org.example.Mines.desktop") is not None
