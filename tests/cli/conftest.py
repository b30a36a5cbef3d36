"""Fixtures the generator's command-line tests share."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.extract.repos import debian_repository


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``DIR/repo``: the Debian repository of tests.extract.repos, served as ``/repo/``
    (built once per test module)."""
    top = tmp_path_factory.mktemp("served")
    debian_repository(top / "repo")
    return top


@pytest.fixture
def site(served: Path, tmp_path: Path) -> Path:
    """A copy of :func:`served` the test may change."""
    copy = tmp_path / "site"
    shutil.copytree(served, copy)
    return copy
