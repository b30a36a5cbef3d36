"""Model fixtures: the embedded demo catalog and generated catalogs, real SQLite files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.demo import ensure_demo_catalog
from appcenter_qt.ui.async_bridge import GuiDispatcher, SerialWorker
from tests.models.catalogs import write_generated_catalog


@pytest.fixture
def worker(qapp) -> Iterator[SerialWorker]:  # type: ignore[no-untyped-def]
    dispatcher = GuiDispatcher()
    serial = SerialWorker(dispatcher)
    yield serial
    serial.shutdown()


@pytest.fixture
def demo_catalog() -> Iterator[Catalog]:
    catalog = Catalog(ensure_demo_catalog(), "C")
    yield catalog
    catalog.close()


@pytest.fixture(scope="session")
def big_catalog_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_generated_catalog(tmp_path_factory.mktemp("big") / "appcenter.sqlite", 250)


@pytest.fixture
def big_catalog(big_catalog_path: Path) -> Iterator[Catalog]:
    catalog = Catalog(big_catalog_path, "C")
    yield catalog
    catalog.close()
