"""The embedded demo catalog: about thirty real-looking applications in English, German and
French, used when the system has no catalog (a fresh checkout, a distribution that ships none).

It is built from the text source ``apps.toml`` beside this file on first use, into the user
cache directory, keyed by a hash of the source, so the repository carries no binary blob and
an edited source rebuilds by itself. Icons and screenshots are drawn with Pillow from each
entry's colours and glyph; screenshot URLs are ``file://`` URLs into the same directory, so the
app page has pictures without a network.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import shutil
import tempfile
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from appcenter_qt.catalog.locate import CATALOG_FILE as CATALOG_NAME
from appcenter_qt.catalog.locate import ICON_ARCHIVE_NAME
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import (
    Addon,
    Application,
    ContentRating,
    Icon,
    IconKind,
    LocalizedList,
    LocalizedText,
    Package,
    Rating,
    Release,
    Screenshot,
    ScreenshotImage,
)
from appcenter_qt.extract.appstream.icon_archive import member_path, write_icon_archive
from appcenter_qt.support import user_dirs

ICON_SIZES = (64, 128)
BUILDER_VERSION = "5"  # 5: key colours (issue 32)
DEMO_ORIGIN = "appcenter-qt-demo"
_CAPTIONS = (
    {"C": "Main window", "de": "Hauptfenster", "fr": "Fenêtre principale"},
    {"C": "Working on a document", "de": "Bei der Arbeit", "fr": "Au travail"},
    {"C": "Settings", "de": "Einstellungen", "fr": "Paramètres"},
)


def source_text() -> str:
    return resources.files(__package__).joinpath("apps.toml").read_text(encoding="utf-8")


def load_entries(text: str | None = None) -> list[dict[str, Any]]:
    return list(tomllib.loads(text if text is not None else source_text())["app"])


def _localized(value: dict[str, str] | None) -> LocalizedText:
    return LocalizedText(dict(value or {}))


def application_from_entry(entry: dict[str, Any], screenshot_dir: Path | None) -> Application:
    """The domain object for one ``[[app]]`` entry; icons point into the icon archive."""
    app_id = entry["id"]
    stars = entry.get("stars") or []
    shots: list[Screenshot] = []
    if screenshot_dir is not None:
        for n in range(int(entry.get("screenshots", 0))):
            url = (screenshot_dir / f"{app_id}-{n + 1}.png").as_uri()
            shots.append(
                Screenshot(
                    (ScreenshotImage(url, 1280, 800),),
                    LocalizedText(_CAPTIONS[n % len(_CAPTIONS)]),
                    n == 0,
                )
            )
    return Application(
        id=app_id,
        name=_localized(entry["name"]),
        summary=_localized(entry.get("summary")),
        description=_localized(entry.get("description")),
        keywords=LocalizedList({k: tuple(v) for k, v in entry.get("keywords", {}).items()}),
        categories=tuple(entry.get("categories", ())),
        packages=(Package(entry["package"], entry.get("version", ""), "amd64", DEMO_ORIGIN),),
        icons=tuple(
            Icon(IconKind.CACHED, f"{app_id}.png", size, 1, member_path(size, f"{app_id}.png"))
            for size in ICON_SIZES
        ),
        screenshots=tuple(shots),
        rating=Rating.from_counts(stars) if stars else None,
        desktop_id=f"{app_id}.desktop",
        developer=entry.get("developer", ""),
        project_license=entry.get("license", ""),
        homepage=entry.get("homepage", ""),
        provenance="demo:apps.toml",
        urls=tuple((kind, url) for kind, url in entry.get("urls", {}).items()),
        releases=tuple(
            Release(
                r["version"],
                int(dt.datetime.fromisoformat(r["date"]).replace(tzinfo=dt.UTC).timestamp()),
                r.get("kind", "stable"),
                _localized(r.get("notes")),
            )
            for r in entry.get("releases", ())
        ),
        content_rating=ContentRating.of("oars-1.1", entry["content_rating"])
        if "content_rating" in entry
        else None,
    )


def addon_from_entry(entry: dict[str, Any]) -> Addon:
    """An ``[[addon]]`` entry: an add-on of the demo application it ``extends``."""
    return Addon(
        entry["id"],
        _localized(entry["name"]),
        _localized(entry.get("summary")),
        (entry["extends"],),
        (entry["package"],),
        entry.get("license", ""),
    )


def build_demo(output_dir: str | os.PathLike[str], screenshot_url_dir: Path | None = None) -> Path:
    """Write ``appcenter.sqlite``, ``icons.tar`` and ``screenshots/`` into ``output_dir``.

    Screenshot URLs point at ``screenshot_url_dir`` (default: ``output_dir/screenshots``),
    for builds that are moved into place after writing."""
    from appcenter_qt.demo import artwork  # Pillow only when building
    from appcenter_qt.generator.key_colors import with_key_colors

    output = Path(output_dir).resolve()
    shots_dir = output / "screenshots"
    shots_dir.mkdir(parents=True, exist_ok=True)
    entries = sorted(load_entries(), key=lambda e: e["id"])
    icons: dict[str, bytes] = {}
    writer = CatalogWriter(output / CATALOG_NAME, origin=DEMO_ORIGIN, generator="appcenter-qt-demo")
    with writer:
        for entry in entries:
            app = application_from_entry(entry, screenshot_url_dir or shots_dir)
            for size in ICON_SIZES:
                icons[member_path(size, f"{app.id}.png")] = artwork.icon_png(entry, size)
            # the banner's colour, as the generator computes it for real catalogs
            (app,) = with_key_colors([app], icons)
            writer.add(app)
            for n in range(len(app.screenshots)):
                path = shots_dir / f"{app.id}-{n + 1}.png"
                path.write_bytes(artwork.screenshot_png(entry, n, app.name.get()))
        for addon in tomllib.loads(source_text()).get("addon", []):
            writer.add_addon(addon_from_entry(addon))
    write_icon_archive(output / ICON_ARCHIVE_NAME, icons)
    return output / CATALOG_NAME


def demo_directory() -> Path:
    digest = hashlib.sha256((BUILDER_VERSION + source_text()).encode()).hexdigest()[:12]
    return user_dirs.cache_dir() / f"demo-{digest}"


def ensure_demo_catalog() -> Path:
    """The demo catalog's path, building it first if this source version has no build yet.

    Builds go to a private temp directory that is renamed into place, so two processes
    starting at once never see a half-built demo.
    """
    directory = demo_directory()
    catalog = directory / CATALOG_NAME
    if catalog.is_file():
        return catalog
    directory.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=directory.parent, prefix=".demo-build-"))
    try:
        build_demo(staging, screenshot_url_dir=directory / "screenshots")
        try:
            os.rename(staging, directory)
        except OSError:
            if not catalog.is_file():  # lost a race to nobody: a real error
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return catalog
