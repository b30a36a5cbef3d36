"""Catalog fixtures: real SQLite files written by the real writer."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import (
    Application,
    Icon,
    IconKind,
    LocalizedList,
    LocalizedText,
    Package,
    Rating,
    Screenshot,
    ScreenshotImage,
)


def full_application() -> Application:
    """An application with every field set, in several locales."""
    return Application(
        id="org.gnome.Mines",
        name=LocalizedText({"C": "Mines", "de": "Minen", "fr": "Mines", "sr@latin": "Mine"}),
        summary=LocalizedText({"C": "Clear hidden mines", "de": "Minen räumen"}),
        description=LocalizedText(
            {"C": "First paragraph.\n\nSecond paragraph.", "de": "Erster Absatz."}
        ),
        keywords=LocalizedList({"C": ("minesweeper", "puzzle"), "de": ("Minensuche",)}),
        categories=("Game", "LogicGame"),
        packages=(
            Package("gnome-mines", "1:40.1-2", "amd64", "debian-bookworm", "gnome-mines"),
            Package("gnome-mines-data", "1:40.1-2", "all", "debian-bookworm", "gnome-mines"),
        ),
        icons=(
            Icon(IconKind.CACHED, "org.gnome.Mines.png", 64, 1, "64x64/org.gnome.Mines.png"),
            Icon(IconKind.CACHED, "org.gnome.Mines.png", 64, 2, "64x64@2/org.gnome.Mines.png"),
            Icon(IconKind.STOCK, "org.gnome.Mines"),
        ),
        screenshots=(
            Screenshot(
                (
                    ScreenshotImage("https://example.org/1.png", 1280, 800),
                    ScreenshotImage("https://example.org/1-small.png", 320, 200, True),
                ),
                LocalizedText({"C": "A game", "de": "Ein Spiel"}),
                True,
            ),
            Screenshot((ScreenshotImage("https://example.org/2.png", 800, 600),)),
        ),
        rating=Rating((1, 2, 3, 40, 50)),
        kind="desktop-application",
        desktop_id="org.gnome.Mines.desktop",
        developer="The GNOME Project",
        project_license="GPL-3.0-or-later",
        homepage="https://wiki.gnome.org/Apps/Mines",
        only_show_in=("GNOME",),
        not_show_in=("KDE", "XFCE"),
        provenance="deb:gnome-mines_40.1-2_amd64.deb",
    )


def simple_app(
    app_id: str,
    name: str,
    summary: str = "",
    *,
    keywords: tuple[str, ...] = (),
    categories: tuple[str, ...] = (),
    package: str | None = None,
    rating: tuple[int, int, int, int, int] | None = None,
    names: dict[str, str] | None = None,
) -> Application:
    return Application(
        id=app_id,
        name=LocalizedText({"C": name, **(names or {})}),
        summary=LocalizedText({"C": summary} if summary else {}),
        keywords=LocalizedList({"C": keywords} if keywords else {}),
        categories=categories,
        packages=(Package(package or app_id.rsplit(".", 1)[-1].lower()),),
        rating=Rating(rating) if rating else None,
    )


def write_catalog(path: Path, apps: list[Application], **kwargs: object) -> Path:
    with CatalogWriter(path, **kwargs) as writer:  # type: ignore[arg-type]
        writer.add_all(apps)
    return path


@pytest.fixture
def catalog_path(tmp_path: Path) -> Path:
    return tmp_path / "appcenter.sqlite"
