"""The README's commands on a new user's machine (scripts/lib/venv.sh, scripts/run, scripts/
system-packages): a Python too old or without venv is one line, a venv left half-made by an
interrupted first run is made again, a ready one is reused without pip, pip's failure shows
its own last lines, and the system's PyGObject is linked in only when this Python can load it.

The venv tests set up a tiny project of their own (one pip install each, a few seconds), with
the real venv.sh copied beside it, so they exercise the same shell code scripts/run runs."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TINY = """[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "tiny-appcenter-check"
version = "0.1"
dependencies = {dependencies}

[project.optional-dependencies]
all = []

[tool.setuptools]
py-modules = []
"""


def _project(tmp_path: Path, dependencies: str = "[]") -> Path:
    project = tmp_path / "project"
    (project / "scripts").mkdir(parents=True)
    shutil.copytree(ROOT / "scripts" / "lib", project / "scripts" / "lib")
    (project / "pyproject.toml").write_text(TINY.format(dependencies=dependencies))
    return project


def _ensure(project: Path, python: str = sys.executable) -> subprocess.CompletedProcess[str]:
    # The base interpreter of the test venv: what python3 is for a new user.
    env = {**os.environ, "PYTHON": python}
    env.pop("APPCENTER_SKIP_INSTALL", None)
    return subprocess.run(
        ["bash", "-c", ". scripts/lib/venv.sh && venv_ensure scripts/run all"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _base_python() -> str:
    base = (
        Path(sys.base_prefix) / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    )
    return str(base) if base.exists() else sys.executable


def test_an_old_python_is_one_line_naming_the_version_needed(tmp_path: Path) -> None:
    fake = tmp_path / "python3.9"
    # Answers the version questions venv.sh asks as Python 3.9 would.
    fake.write_text(
        '#!/bin/sh\ncase "$2" in *print*) echo 3.9 ;; *sys.exit*) exit 1 ;; esac\nexit 0\n'
    )
    fake.chmod(0o755)
    done = _ensure(_project(tmp_path), str(fake))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Python 3.11 or newer" in lines[0] and "3.9" in lines[0], lines
    assert not (tmp_path / "project" / ".venv").exists()


@pytest.mark.slow  # makes a venv with pip
def test_a_half_made_venv_is_made_again_and_a_ready_one_is_reused(tmp_path: Path) -> None:
    project = _project(tmp_path)
    # What Ctrl+C during the first run's pip leaves: a venv without the ready stamp.
    subprocess.run([_base_python(), "-m", "venv", "--without-pip", str(project / ".venv")],
                   check=True)  # fmt: skip
    (project / ".venv" / "leftover").write_text("half-made")
    first = _ensure(project, _base_python())
    assert first.returncode == 0, first.stderr
    assert "half-made" in first.stderr and "Setting up appcenter-qt in .venv" in first.stderr
    assert not (project / ".venv" / "leftover").exists()
    stamp = (project / ".venv" / ".appcenter-ready").read_text()
    assert "extras all" in stamp
    # pip's own output stays in the log, out of the user's terminal.
    assert "Successfully installed" in (project / ".venv" / "setup.log").read_text()
    assert "Successfully installed" not in first.stderr + first.stdout
    # A later run: nothing printed, pip not run (the log is not written again).
    log_time = (project / ".venv" / "setup.log").stat().st_mtime_ns
    again = _ensure(project, _base_python())
    assert again.returncode == 0 and again.stderr == "" and again.stdout == ""
    assert (project / ".venv" / "setup.log").stat().st_mtime_ns == log_time
    # A changed pyproject.toml installs again into the same venv.
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('version = "0.1"', 'version = "0.2"'))
    changed = _ensure(project, _base_python())
    assert changed.returncode == 0 and "Updating .venv" in changed.stderr


@pytest.mark.slow  # makes a venv with pip
def test_a_failing_pip_shows_its_last_lines_and_leaves_no_ready_stamp(tmp_path: Path) -> None:
    project = _project(tmp_path, '["appcenter-no-such-package-anywhere==0.0.1"]')
    done = _ensure(project, _base_python())
    assert done.returncode == 1
    assert "installing appcenter-qt into .venv failed" in done.stderr
    assert "appcenter-no-such-package-anywhere" in done.stderr  # pip's own words, shown
    assert not (project / ".venv" / ".appcenter-ready").exists()


def _finder():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "find_system_gi", ROOT / "scripts" / "lib" / "find_system_gi.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_system_gi_is_linked_only_when_this_python_can_load_it(tmp_path: Path) -> None:
    finder = _finder()
    gi = tmp_path / "gi"
    gi.mkdir()
    (gi / "__init__.py").write_text("")
    assert not finder.loadable(gi)  # no compiled part at all
    (gi / "_gi.cpython-39-x86_64-linux-gnu.so").write_text("")
    assert not finder.loadable(gi)  # built for another Python
    (gi / f"_gi{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_text("")
    assert finder.loadable(gi)


@pytest.mark.slow  # makes a venv with pip
def test_the_venv_sees_the_systems_gi_and_nothing_else_of_its_packages(tmp_path: Path) -> None:
    finder = _finder()
    found = [folder for folder in finder.candidates() if finder.loadable(folder / "gi")]
    if not found:
        pytest.skip("needs the distribution's python3-gi for this Python (.ci/apt-packages)")
    # Another package beside the system's gi (python3-dbus, python3-cairo…) must stay unseen.
    neighbours = sorted(
        p.name
        for p in found[0].iterdir()
        if p.name != "gi" and p.name.isidentifier() and (p / "__init__.py").is_file()
    )
    project = _project(tmp_path)
    done = _ensure(project, _base_python())
    assert done.returncode == 0, done.stderr
    python = project / ".venv" / "bin" / "python"
    seen = subprocess.run(
        [python, "-c", "import gi; print(gi.__file__)"], capture_output=True, text=True
    )
    assert "system-gi/gi/__init__.py" in seen.stdout, seen.stderr
    own = {p.name for p in (project / ".venv" / "lib").glob("python*/site-packages/*")}
    for name in [n for n in neighbours if n not in own][:5]:
        hidden = subprocess.run([python, "-c", f"import {name}"], capture_output=True)
        assert hidden.returncode != 0, f"{name} from the system's packages is visible"


def _packages_checkout(tmp_path: Path, listed: str) -> Path:
    checkout = tmp_path / "checkout"
    (checkout / "scripts").mkdir(parents=True)
    (checkout / ".ci").mkdir()
    shutil.copy(ROOT / "scripts" / "system-packages", checkout / "scripts")
    (checkout / ".ci" / "apt-packages").write_text(listed)
    return checkout


@pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="needs a Debian system (dpkg)")
def test_missing_system_packages_are_named_with_the_one_command_that_installs_them(
    tmp_path: Path,
) -> None:
    checkout = _packages_checkout(tmp_path, "# comment\ndpkg\nappcenter-no-such-package  # x\n")
    command = [str(checkout / "scripts" / "system-packages")]
    if os.geteuid() == 0:
        command.append("--check")  # as root it would install: ask only
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "1 system package(s) the tests need are missing: appcenter-no-such-package" in (
        done.stderr
    )
    assert "sudo ./scripts/system-packages" in done.stderr
    # Everything there: silent success (dpkg is on every Debian system).
    checkout = _packages_checkout(tmp_path / "all", "dpkg\n")
    done = subprocess.run([str(checkout / "scripts" / "system-packages"), "--check"],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0
