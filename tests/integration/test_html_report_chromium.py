"""The HTML report as a real browser draws it: headless Chromium (apt's ``chromium``,
installed by .ci/run) renders the index and a package page of a report built from real
packages; the screenshots must show the chart bars in their three severity colours and the
application's icon, copied into the report. The PNGs are kept in
``$APPCENTER_TEST_OUTPUT/html-report`` to be looked at."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from tests.cli.generate_runner import run_generate
from tests.cli.html_report_pages import package_page, pool
from tests.extract.packages import needs_dpkg

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.integration,
    needs_dpkg,
    pytest.mark.skipif(
        CHROMIUM is None,
        reason="headless Chromium is needed to render the report (apt install chromium; "
        "scripts/system-packages installs it)",
    ),
]
WIDTH, HEIGHT = 1200, 1400
#: The bar colours of base.html (error, warning, information) and the sample icon's red.
ERROR, WARNING, INFO = (0xC6, 0x28, 0x28), (0xE0, 0x86, 0x00), (0x2F, 0x6F, 0xB6)
ICON_RED = (200, 30, 30)


def screenshot(url: str, target: Path, profile: Path) -> Image.Image:
    # --no-sandbox: CI runs the tests as root, where Chromium's sandbox refuses to start
    command = [
        str(CHROMIUM),
        *("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"),
        *("--no-first-run", "--disable-extensions", f"--user-data-dir={profile}"),
        f"--window-size={WIDTH},{HEIGHT}",
        f"--screenshot={target}",
        url,
    ]
    environment = {**os.environ, "HOME": str(profile)}
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=180, check=False, env=environment
    )
    assert result.returncode == 0 and target.is_file(), result.stderr[-2000:]
    return Image.open(target).convert("RGB")


def pixels_near(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 12) -> int:
    return sum(
        count
        for count, pixel in image.getcolors(WIDTH * HEIGHT) or []
        if all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))
    )


def test_chromium_renders_the_index_and_a_package_page(tmp_path: Path) -> None:
    debs = pool(tmp_path / "debs")
    site = tmp_path / "site"
    result = run_generate(
        "-j", "1", "--origin", "test-main", "-o", str(tmp_path / "out"),
        "--html-report", str(site), str(debs),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    kept = Path(os.environ.get("APPCENTER_TEST_OUTPUT", "test-output")) / "html-report"
    kept.mkdir(parents=True, exist_ok=True)

    index = screenshot((site / "index.html").as_uri(), kept / "index.png", tmp_path / "p1")
    assert index.size == (WIDTH, HEIGHT)
    # the severity and tag charts drew bars of each severity (1 error, 1 warning, 2 info hints:
    # each bar at least a few hundred pixels), the header its dark band
    for colour in (ERROR, WARNING, INFO):
        assert pixels_near(index, colour) > 300, colour
    assert pixels_near(index, (0x1F, 0x2D, 0x3A), 4) > WIDTH * 40

    mines = package_page(site, "gnome-mines")
    src = mines.xpath("//img")[0].get("src")
    assert src.startswith("../icons/")
    (page_path,) = [
        path for path in (site / "packages").iterdir() if src in path.read_text(encoding="utf-8")
    ]
    shot = screenshot(
        (site / "packages" / page_path.name).as_uri(), kept / "package.png", tmp_path / "p2"
    )
    # the 64×64 icon copied from the icon archive is drawn (a red square in the sample)
    assert pixels_near(shot, ICON_RED, 6) >= 60 * 60
