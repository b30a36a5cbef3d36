"""``--jobs`` reaches the DEP-11 reader, and parsing in worker processes writes the same files."""

from __future__ import annotations

import gzip
import subprocess
from pathlib import Path
from typing import Any

import pytest

from appcenter_qt.cli import generate
from appcenter_qt.extract.appstream import catalog_import
from appcenter_qt.extract.appstream.catalog_import import import_catalog
from appcenter_qt.support.batch_process import BUILD_GC_THRESHOLD
from tests.cli.generate_runner import run_generate

HEADER = "---\nFile: DEP-11\nVersion: '0.16'\nOrigin: jobs-main\n"


def component(n: int) -> str:
    return (
        f"---\nType: desktop-application\nID: org.example.App{n:04d}\nPackage: app-{n}\n"
        f"Name:\n  C: App {n}\n  de: Anwendung {n}\nSummary:\n  C: Does thing {n}\n"
        f"Description:\n  C: <p>App {n} &amp; more.</p><ul><li>one</li><li>two</li></ul>\n"
        "Categories:\n- Utility\n"
        f"Keywords:\n  C:\n  - app{n}\n"
    )


def write_pool(path: Path, count: int) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write(HEADER + "".join(component(n) for n in range(count)))
    return path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_generate("--quiet", *args)


def test_two_jobs_write_the_same_catalog_as_one(tmp_path: Path) -> None:
    # More documents than one worker batch, so both workers get some.
    pool = write_pool(tmp_path / "Components-amd64.yml.gz", 700)
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}"
        result = run("--jobs", jobs, "--output", str(out), str(pool))
        assert result.returncode == 0, result.stderr
        outputs.append(((out / "appcenter.sqlite").read_bytes(), (out / "report.json").read_text()))
    assert outputs[0] == outputs[1]
    assert b"org.example.App0699" in outputs[0][0]


def test_jobs_are_passed_to_the_catalog_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[int] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs["workers"])
        return import_catalog(*args, **kwargs)

    # The registry's catalog reader (extract/readers/catalog.py) calls it.
    monkeypatch.setattr(catalog_import, "import_catalog", spy)
    pool = write_pool(tmp_path / "Components-amd64.yml.gz", 3)
    assert generate.main(["-q", "-j", "3", "-o", str(tmp_path / "out"), str(pool)]) == 0
    assert seen == [3]


def test_a_build_collects_cycles_less_often_and_the_caller_s_setting_comes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build (and its workers, forked while it runs) use the batch thresholds; a caller
    that runs ``main`` in its own process gets its own back, after a failure too."""
    import gc

    seen: list[tuple[int, int, int]] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.get_threshold())
        return import_catalog(*args, **kwargs)

    monkeypatch.setattr(catalog_import, "import_catalog", spy)
    before = gc.get_threshold()
    assert before != BUILD_GC_THRESHOLD
    pool = write_pool(tmp_path / "Components-amd64.yml.gz", 3)
    assert generate.main(["-q", "-o", str(tmp_path / "out"), str(pool)]) == 0
    assert seen == [BUILD_GC_THRESHOLD]
    assert gc.get_threshold() == before
    with pytest.raises(SystemExit):
        generate.main(["--no-such-option"])
    assert gc.get_threshold() == before


def test_the_command_ends_at_once_yet_runs_its_exit_handlers_and_says_everything(
    tmp_path: Path,
) -> None:
    """``appcenter-generate`` leaves the process without the interpreter's teardown: its
    status passes through, its piped output is all there, and the exit handlers (a
    download's temporary folder, worker processes) still run, after the summary."""
    import sys

    pool = write_pool(tmp_path / "Components-amd64.yml.gz", 300)
    broken = tmp_path / "broken-Components-amd64.yml.gz"
    broken.write_bytes(b"not gzip")
    script = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('exit handler ran', flush=True))\n"
        "from appcenter_qt.cli.generate import console\n"
        "sys.argv = ['appcenter-generate', *sys.argv[1:]]\n"
        "console()\n"
    )
    for args, status in (([str(pool)], 0), (["--strict", str(pool), str(broken)], 1)):
        out = tmp_path / f"out{status}"
        result = subprocess.run(
            [sys.executable, "-c", script, "--jobs", "2", "-o", str(out), *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
        assert result.returncode == status, result.stderr
        lines = result.stdout.splitlines()
        assert lines[0].startswith(f"{1 + status} inputs:")  # the summary, from its start
        assert lines[-1] == "exit handler ran"
        assert "report:" in lines[-2]
        assert (out / "appcenter.sqlite").is_file()
