"""Integration tier: real Debian packages fetched with ``apt-get download`` into a cache dir
(``$APPCENTER_TEST_CACHE`` or ``~/.cache/appcenter-qt-tests``), run through the real CLI.

Skips with the reason when the packages cannot be downloaded (no network, no apt)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.extract.appstream.desktop import parse_desktop
from appcenter_qt.extract.appstream.icon_archive import IconArchive
from appcenter_qt.extract.readers import InputKind, read_unit

pytestmark = pytest.mark.integration

APPS = ("gnome-mines", "kolourpaint", "hello", "kcalc")
THEMES = ("adwaita-icon-theme", "breeze-icon-theme")


def cache_dir() -> Path:
    configured = os.environ.get("APPCENTER_TEST_CACHE")
    path = Path(configured) if configured else Path.home() / ".cache" / "appcenter-qt-tests"
    path.mkdir(parents=True, exist_ok=True)
    return path


def find(directory: Path, name: str) -> Path | None:
    found = sorted(directory.glob(f"{name}_*.deb"))
    return found[-1] if found else None


@pytest.fixture(scope="module")
def debs() -> dict[str, Path]:
    if shutil.which("apt-get") is None:
        pytest.skip("apt-get is not installed")
    directory = cache_dir()
    missing = [name for name in (*APPS, *THEMES) if find(directory, name) is None]
    if missing:
        result = subprocess.run(
            ["apt-get", "download", *missing],
            cwd=directory,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if result.returncode != 0:
            pytest.skip(f"apt-get download {' '.join(missing)} failed: {result.stderr[-300:]}")
    paths = {name: find(directory, name) for name in (*APPS, *THEMES)}
    absent = [name for name, path in paths.items() if path is None]
    if absent:
        pytest.skip(f"not downloadable: {absent}")
    return paths  # type: ignore[return-value]


def generate(output: Path, inputs: list[Path]) -> dict:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "appcenter_qt.cli.generate",
            "-q",
            "--output",
            str(output),
            "--origin",
            "debian-bookworm-main",
            *map(str, inputs),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"},
    )
    assert result.returncode == 0, result.stderr
    return json.loads((output / "report.json").read_text())


def by_package(report: dict) -> dict[str, dict]:
    return {unit["package"]["name"]: unit for unit in report["inputs"]}


def test_real_packages(debs: dict[str, Path], tmp_path: Path) -> None:
    report = generate(tmp_path, list(debs.values()))
    units = by_package(report)
    assert units["hello"]["status"] == "not-application"
    assert units["hello"]["reason"] == "no desktop file"
    for theme in THEMES:
        assert units[theme]["reason_tag"] == "no-desktop-file"
    for name in ("gnome-mines", "kolourpaint", "kcalc"):
        assert units[name]["status"] == "application", units[name]

    # German name as the desktop file of gnome-mines says it.
    unit = read_unit(InputKind.DEB, debs["gnome-mines"], lambda p: p.endswith(".desktop"))
    (desktop_path,) = [p for p in unit.files if p.startswith("usr/share/applications/")]
    entry, _ = parse_desktop(unit.files[desktop_path], desktop_path, unit.source)
    assert entry is not None and entry.name["de"] == "Minen"

    archive = IconArchive(tmp_path / "icons.tar")
    with Catalog(tmp_path / "appcenter.sqlite", "de_DE") as catalog:
        (mines_id,) = units["gnome-mines"]["applications"]
        mines = catalog.get(mines_id)
        assert mines is not None
        assert mines.name.get(("de",)) == "Minen" and "Mines" in (mines.name.get() or "")
        assert mines.packages[0].name == "gnome-mines"
        assert mines.packages[0].origin == "debian-bookworm-main"
        (kcalc_id,) = units["kcalc"]["applications"]
        kcalc = catalog.get(kcalc_id)
        assert kcalc is not None and kcalc.name.get() == "KCalc"
        # KCalc's Icon=accessories-calculator comes from an icon theme package.
        assert "accessories-calculator" in [icon.name for icon in kcalc.icons]
        (kolourpaint_id,) = units["kolourpaint"]["applications"]
        for app_id in (mines_id, kcalc_id, kolourpaint_id):
            app = catalog.get(app_id)
            assert app is not None
            cached = sorted(icon.size for icon in app.icons if icon.path)
            assert cached == [64, 128], app_id
            assert all(icon.path in archive for icon in app.icons if icon.path)


def test_theme_icon_is_not_found_without_the_theme(debs: dict[str, Path], tmp_path: Path) -> None:
    report = generate(tmp_path, [debs["kcalc"], debs["hello"]])
    kcalc = by_package(report)["kcalc"]
    assert kcalc["status"] == "not-application"
    assert kcalc["reason"] == "icon not found: accessories-calculator"
