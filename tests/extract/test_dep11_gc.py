"""The DEP-11 reader pauses the cyclic garbage collector only while it parses."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from appcenter_qt.extract.appstream.dep11 import Dep11Reader
from appcenter_qt.extract.result import ExtractResult
from tests.extract.conftest import DATA, read_dep11


@pytest.fixture
def collector_state() -> Iterator[None]:
    enabled = gc.isenabled()
    yield
    if enabled:
        gc.enable()
    else:
        gc.disable()


@pytest.mark.usefixtures("collector_state")
@pytest.mark.parametrize("workers", [1, 2])
def test_collector_is_running_again_after_reading(workers: int) -> None:
    gc.enable()
    apps, _, _ = read_dep11(DATA / "sample.yml", workers=workers)
    assert "org.example.Mines" in apps
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_state")
def test_a_paused_collector_stays_paused() -> None:
    gc.disable()
    apps, _, _ = read_dep11(DATA / "sample.yml")
    assert "org.example.Mines" in apps
    assert not gc.isenabled()


@pytest.mark.usefixtures("collector_state")
def test_collector_runs_while_the_consumer_handles_each_application() -> None:
    gc.enable()
    with (DATA / "sample.yml").open("rb") as stream:
        states = [gc.isenabled() for _ in Dep11Reader(stream, "sample.yml", ExtractResult())]
    assert states and all(states)
