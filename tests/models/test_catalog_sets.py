"""A window keeps the set it opened (issue 29, class 8): republishing another set to the
same place, twice (the second run removes the first set's directory), changes neither the
catalog the window reads nor the icons it draws; opening again (a reload) gives the new set.

Real parts: sets published by :class:`OutputSet` as the generator publishes them, catalogs by
the real writer, icon archives by the real archive writer, icons drawn by the real provider.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor

from appcenter_qt.catalog.locate import CATALOG_FILE, location_of
from appcenter_qt.catalog.publish import OutputSet, current_set
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import Icon, IconKind
from appcenter_qt.extract.appstream.icon_archive import IconArchive, member_path, write_icon_archive
from appcenter_qt.models.catalog_source import OpenedCatalog, open_location
from appcenter_qt.ui.icon_provider import AppIconProvider, IconRegistry
from tests.catalog.conftest import simple_app
from tests.extract.samples import png

RED, GREEN, BLUE = (220, 20, 20, 255), (20, 200, 20, 255), (20, 20, 220, 255)
APP = "org.example.Kept"


def publish(directory: Path, name: str, colour: tuple[int, int, int, int], pad: int) -> None:
    """One set: a catalog naming ``name`` and an icon archive whose member for APP is a
    ``colour`` square, after ``pad`` other members (so its offset differs between sets)."""
    icon = Icon(IconKind.CACHED, f"{APP}.png", 64, 1, member_path(64, f"{APP}.png"))
    app = replace(simple_app(APP, name), icons=(icon,))
    icons = {member_path(64, f"pad{n:03}.png"): png(64, GREEN) for n in range(pad)}
    icons[icon.path] = png(64, colour)
    with OutputSet(directory) as output:
        with CatalogWriter(output.staging / CATALOG_FILE) as writer:
            writer.add(app)
        write_icon_archive(output.staging / "icons.tar", icons)
        output.publish()


def centre(provider: AppIconProvider) -> tuple[int, int, int, int]:
    """The colour in the middle of APP's icon (the generic icon's is a pale grey)."""
    image = provider.requestImage(f"{APP}/64", QSize(), QSize(64, 64))
    colour = QColor(image.pixel(32, 32))
    return colour.red(), colour.green(), colour.blue(), colour.alpha()


def open_with_provider(location_path: Path) -> tuple[OpenedCatalog, AppIconProvider]:
    opened = open_location(location_of(location_path, "--catalog"), "C")
    registry = IconRegistry()
    app = opened.catalog.get(APP)
    assert app is not None
    registry.remember(APP, app.icons)
    return opened, AppIconProvider(opened.icons, registry)


@pytest.mark.parametrize("through", ["published link", "set directory"])
def test_a_window_keeps_its_set_across_republishes(qapp, tmp_path: Path, through: str) -> None:  # type: ignore[no-untyped-def]
    """``published link``: ``--catalog DIR/appcenter.sqlite`` or an installed catalog;
    ``set directory``: a pool catalog, chosen as its resolved set."""
    out = tmp_path / "out"
    publish(out, "Old", RED, pad=0)
    first_set = current_set(out)
    assert first_set is not None
    path = out / CATALOG_FILE if through == "published link" else first_set / CATALOG_FILE
    opened, provider = open_with_provider(path)
    assert opened.location.path == first_set / CATALOG_FILE  # pinned to the set
    assert centre(provider) == RED

    publish(out, "New", BLUE, pad=40)
    publish(out, "Newer", BLUE, pad=80)
    assert not first_set.exists()  # the second republish removed the window's set
    # still the old set: its icon (not bytes of the new archive at the old offset, not the
    # generic icon of a vanished file) and its catalog
    assert centre(provider) == RED
    app = opened.catalog.get(APP)
    assert app is not None and app.name.get() == "Old"

    # a reload opens the set published now
    reopened, _ = open_with_provider(path if through == "published link" else out / CATALOG_FILE)
    provider.set_archive(reopened.icons)
    assert centre(provider) == BLUE
    app = reopened.catalog.get(APP)
    assert app is not None and app.name.get() == "Newer"
    opened.catalog.close()
    reopened.catalog.close()


def test_an_archive_reads_the_file_it_opened(tmp_path: Path) -> None:
    path = tmp_path / "icons.tar"
    write_icon_archive(path, {"64x64/a.png": b"old-a", "64x64/b.png": b"old-b"})
    archive = IconArchive(path)
    write_icon_archive(path, {"64x64/0.png": b"x" * 5000, "64x64/b.png": b"new-b"})
    assert archive.read("64x64/b.png") == b"old-b"
    os.unlink(path)
    assert archive.read("64x64/a.png") == b"old-a"
    assert IconArchive(path).read("64x64/a.png") is None  # gone for a new reader
    archive.close()
    assert archive.read("64x64/a.png") is None
