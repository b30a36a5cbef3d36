"""A running local ODRS server (tests/odrs_server.py) and a client identity for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from appcenter_qt.backends.odrs.cache import OdrsCache
from appcenter_qt.backends.odrs.client import OdrsClient
from appcenter_qt.backends.odrs.config import Identity, user_hash
from appcenter_qt.backends.odrs.service import ReviewsService
from tests.odrs_server import OdrsServer

MACHINE_ID = "0123456789abcdef0123456789abcdef\n"


@pytest.fixture
def odrs() -> Iterator[OdrsServer]:
    server = OdrsServer().start()
    yield server
    server.state.mode = ""
    server.stop()


@pytest.fixture
def identity() -> Identity:
    return Identity(user_hash("alice", MACHINE_ID), "de_DE", "Debian GNU/Linux")


@pytest.fixture
def service(odrs: OdrsServer, identity: Identity, tmp_path: Path) -> ReviewsService:
    return ReviewsService(
        OdrsClient(odrs.url, identity), OdrsCache(odrs.url, tmp_path / "cache"), deadline_s=3
    )
