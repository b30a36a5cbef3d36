"""Issue 29, classes 5 and 6 through the real ``appcenter-generate`` process: descriptors
bounded whatever the number of inputs (1,100 catalog files under ``ulimit -n 256``), and an
input stuck past ``--input-timeout`` killed with its worker while the others go on (``-j 2``;
the stall is the documented test hook ``APPCENTER_TEST_STALL_INPUT``: the input hangs with
``SIGALRM`` blocked, as native code that never returns would)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.extract.deadline import STALL_VARIABLE
from tests.extract import samples
from tests.extract.packages import build_deb, needs_dpkg
from tests.system_pools import make_pool, write

DESCRIPTORS = 256
CATALOG_FILES = 1_100


def few_descriptors() -> None:
    """``preexec_fn``: the child may hold at most :data:`DESCRIPTORS` open files."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (DESCRIPTORS, DESCRIPTORS))


def generate(
    *args: str, env: dict[str, str] | None = None, limit_descriptors: bool = False
) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.generate", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={
            **os.environ,
            "SOURCE_DATE_EPOCH": "1700000000",
            "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
            **(env or {}),
        },
        preexec_fn=few_descriptors if limit_descriptors else None,
    )
    return result, time.monotonic() - started


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_1100_catalog_files_under_256_descriptors(tmp_path: Path, jobs: str) -> None:
    root = tmp_path / "root"
    make_pool(root, vendor=False, installed=False)
    for n in range(CATALOG_FILES):
        write(
            root,
            f"var/lib/swcatalog/yaml/c{n:04d}_Components-amd64.yml",
            f"---\nFile: DEP-11\nVersion: '0.16'\nOrigin: o{n}\n---\nType: desktop-application\n"
            f"ID: org.example.A{n:04d}\nName: {{C: A{n}}}\nSummary: {{C: Number {n}}}\n",
        )
    out = tmp_path / "out"
    result, _seconds = generate(
        "--system", "--root", str(root), "--output", str(out), "--jobs", jobs,
        limit_descriptors=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Too many open files" not in result.stderr
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        ids = {app.id for app in catalog.list()}
    assert {f"org.example.A{n:04d}" for n in range(CATALOG_FILES)} <= ids
    assert "org.example.Mines.desktop" in ids


def _packages(directory: Path) -> tuple[Path, list[Path]]:
    """A package that will hang, and four good ones."""
    stuck = build_deb(
        directory,
        "stuck",
        samples.app_files("org.example.Stuck", samples.desktop("Stuck", "org.example.Stuck")),
    )
    good = [build_deb(directory, "gnome-mines", samples.mines_files())]
    for n in range(3):
        app = f"org.example.Good{n}"
        good.append(
            build_deb(directory, f"good{n}", samples.app_files(app, samples.desktop(app, app)))
        )
    return stuck, good


@needs_dpkg
def test_a_stuck_package_is_killed_with_its_worker(tmp_path: Path) -> None:
    stuck, good = _packages(tmp_path)
    out = tmp_path / "out"
    result, seconds = generate(
        "-q", "--jobs", "2", "--input-timeout", "2", "--output", str(out),
        str(good[0]), str(stuck), *map(str, good[1:]),
        env={STALL_VARIABLE: stuck.name},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    # 2 s, the grace, the restart of a worker: far from the hour the stall would take
    assert seconds < 40, seconds
    lines = [line for line in result.stderr.splitlines() if stuck.name in line]
    assert lines == [
        f"appcenter-generate: {stuck.name}: timeout after 2 s, its worker process killed"
    ]
    report = json.loads((out / "report.json").read_text())
    entries = {Path(unit["input"]).name: unit for unit in report["inputs"]}
    assert (entries[stuck.name]["status"], entries[stuck.name]["reason_tag"]) == (
        "failed",
        "input-timeout",
    )
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        ids = {app.id for app in catalog.list()}
    assert ids == {"org.gnome.Mines", "org.example.Good0", "org.example.Good1", "org.example.Good2"}


@needs_dpkg
def test_a_stuck_catalog_does_not_hold_the_run(tmp_path: Path) -> None:
    """A DEP-11 file parsed by two workers, one of which hangs: the time limit raised in the
    generator kills the workers instead of waiting for them."""
    good = build_deb(tmp_path, "gnome-mines", samples.mines_files())
    catalog = tmp_path / "Components-amd64.yml"
    documents = ["---\nFile: DEP-11\nVersion: '0.16'\nOrigin: stuck\n"]
    documents += [
        f"---\nType: desktop-application\nID: org.example.C{n}\nName: {{C: C{n}}}\n"
        for n in range(600)  # more than one batch: parsed in the workers
    ]
    catalog.write_text("".join(documents))
    out = tmp_path / "out"
    result, seconds = generate(
        "-q", "--jobs", "2", "--input-timeout", "2", "--output", str(out),
        str(good), str(catalog),
        env={STALL_VARIABLE: catalog.name},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert seconds < 40, seconds
    report = json.loads((out / "report.json").read_text())
    entries = {Path(unit["input"]).name: unit for unit in report["inputs"]}
    assert entries[catalog.name]["reason_tag"] == "input-timeout"
    with Catalog(out / "appcenter.sqlite", "C") as catalog_file:
        assert {app.id for app in catalog_file.list()} == {"org.gnome.Mines"}


def test_a_stuck_pool_catalog_file_is_cut_off_at_the_input_timeout(tmp_path: Path) -> None:
    """``--system`` reads each pool catalog file within ``--input-timeout`` too."""
    root = tmp_path / "root"
    make_pool(root, vendor=False, installed=False)
    name = "stuck_Components-amd64.yml"
    documents = ["---\nFile: DEP-11\nVersion: '0.16'\nOrigin: stuck\n"]
    documents += [
        f"---\nType: desktop-application\nID: org.example.S{n}\nName: {{C: S{n}}}\n"
        for n in range(600)
    ]
    write(root, f"var/lib/swcatalog/yaml/{name}", "".join(documents))
    out = tmp_path / "out"
    result, seconds = generate(
        "--system", "--root", str(root), "--output", str(out), "--jobs", "2",
        "--input-timeout", "2",
        env={STALL_VARIABLE: name},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert seconds < 40, seconds
    report = json.loads((out / "report.json").read_text())
    timed_out = [
        (unit["input"], hint["message"])
        for unit in report["inputs"]
        for hint in unit["hints"]
        if hint["tag"] == "input-timeout"
    ]
    logical = f"/var/lib/swcatalog/yaml/{name}"
    assert timed_out == [(logical, f"{logical}: timeout after 2 s")]
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        ids = {app.id for app in catalog.list()}
    assert "org.example.Mines.desktop" in ids and "org.example.S1" not in ids
