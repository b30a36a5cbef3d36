"""Add-ons of a real catalog file (a DEP-11 ``addon`` component, through the generator's
import, merge and writer into a real SQLite file) on the app page: the add-ons model lists
them, and Install/Remove go through the transactions model's one path, as the demo's do:
the add-on's packages are routed to the source that owns the catalog's origin."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtTest import QAbstractItemModelTester

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain.backend import ErrorKind
from appcenter_qt.domain.errors import BackendError
from appcenter_qt.extract.appstream.catalog_import import import_catalog
from appcenter_qt.generator.merge import merge
from appcenter_qt.models.app_details import AppDetails
from appcenter_qt.models.app_list import AppRole
from appcenter_qt.models.job_texts import error_message
from appcenter_qt.models.transactions_model import TransactionsModel
from appcenter_qt.services.source_set import SourceSet
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher

Fatal = QAbstractItemModelTester.FailureReportingMode.Fatal

DEP11 = """\
---
File: DEP-11
Version: '0.16'
Origin: debian-test-main
---
Type: desktop-application
ID: org.gnome.Evince
Package: evince
Name: {C: Document Viewer}
---
Type: addon
ID: org.gnome.Evince.Comics
Package: evince-plugin-comics
Extends: [org.gnome.Evince]
Name: {C: Comic books, de: Comics}
Summary: {C: Read .cbz files}
"""


@pytest.fixture
def catalog(tmp_path: Path) -> Iterator[Catalog]:
    source = tmp_path / "Components-amd64.yml"
    source.write_text(DEP11, encoding="utf-8")
    merged = merge([import_catalog(source)])
    path = tmp_path / "appcenter.sqlite"
    with CatalogWriter(path, origin="debian-test-main") as writer:
        merged.write_to(writer)
    opened = Catalog(path, "C")
    yield opened
    opened.close()


def _cannot_start(name: str):  # type: ignore[no-untyped-def]
    raise BackendError("daemon-missing", f"{name}: not started in this test")


def test_addon_of_a_real_catalog_installs_through_the_transactions_path(  # type: ignore[no-untyped-def]
    qtbot, catalog, worker
) -> None:
    loop = AsyncLoopThread()
    try:
        sources = SourceSet(["packagekit"], make=_cannot_start)
        transactions = TransactionsModel(sources, loop, GuiDispatcher())
        transactions.set_catalog_meta(catalog.meta())
        details = AppDetails(catalog, worker)
        details.addons_model().attach(transactions)
        with qtbot.waitSignal(details.changed, timeout=10000):
            details.load("org.gnome.Evince")
        addons = details.addons
        QAbstractItemModelTester(addons, Fatal)
        assert addons.count == 1
        index = addons.index(0, 0)
        assert addons.data(index, AppRole.APP_ID) == "org.gnome.Evince.Comics"
        assert addons.data(index, AppRole.NAME) == "Comic books"
        assert addons.data(index, AppRole.SUMMARY) == "Read .cbz files"
        # the add-on is known to the transactions model by its id and packages, routed to
        # the distribution's source like an application without origins
        assert transactions.routes("org.gnome.Evince.Comics") == {
            "packagekit": ("evince-plugin-comics",)
        }
        # states come from the installed snapshot, as for every application
        with qtbot.waitSignal(addons.dataChanged, timeout=2000):
            transactions.set_installed_snapshot(frozenset({"evince-plugin-comics"}))
        assert addons.data(index, AppRole.APP_STATE) == "installed"
        # Remove and Install (AddonList.qml's button) start a transaction for those packages:
        # the source is asked for and cannot start here, which is the only failure left
        # (an add-on without packages would fail with "not found" before that)
        for action in (transactions.remove, transactions.install):
            action("org.gnome.Evince.Comics")
            assert transactions.errorText == error_message(ErrorKind.DAEMON_MISSING)
            transactions.clearError()
        unknown = "org.gnome.Evince.NotAnAddon"
        transactions.install(unknown)
        assert transactions.errorText == error_message(ErrorKind.NOT_FOUND)
    finally:
        loop.stop()
