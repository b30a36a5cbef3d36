"""The desktop file, AppStream metainfo and icons we ship pass the reference validators."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "data"
APP_ID = "org.appcenter_qt.AppCenter"


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing; it is in .ci/apt-packages")
        pytest.skip(f"{name} not installed")
    return path


def test_desktop_file_validates() -> None:
    result = subprocess.run(
        [tool("desktop-file-validate"), str(DATA / f"{APP_ID}.desktop")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in result.stdout.lower()


def test_desktop_file_handles_appstream_urls() -> None:
    text = (DATA / f"{APP_ID}.desktop").read_text()
    assert "MimeType=x-scheme-handler/appstream;" in text
    assert "Exec=appcenter-qt %U" in text


def test_metainfo_validates() -> None:
    result = subprocess.run(
        [
            tool("appstreamcli"),
            "validate",
            "--no-net",
            "--explain",
            str(DATA / f"{APP_ID}.metainfo.xml"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_icons_exist_at_every_size() -> None:
    assert (DATA / "icons" / f"{APP_ID}.svg").read_text().startswith("<svg")
    for size in (16, 22, 32, 48, 64, 128, 256):
        png = DATA / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        header = png.read_bytes()[:24]
        assert header.startswith(b"\x89PNG")
        assert int.from_bytes(header[16:20], "big") == size
