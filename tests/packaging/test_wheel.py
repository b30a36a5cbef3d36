"""``pip install .`` gives a working application: the wheel is built, installed into a clean
venv, and the *installed* ``appcenter-qt --screenshot`` renders the home page.

Checks what a distribution packager relies on: the entry points, the QML module inside the
package, compiled translations (``.qm`` from ``translations/*.ts``, built by the wheel hook,
never committed) and the desktop integration files under ``share/``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# pip builds the wheel (the translations with it) and installs it into a new venv.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)],
        check=True,
        timeout=600,
    )
    (built,) = out.glob("appcenter_qt-*.whl")
    return built


def test_wheel_carries_qml_translations_and_desktop_files(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "appcenter_qt/qml/AppCenter/qmldir" in names
    assert "appcenter_qt/qml/AppCenter/Main.qml" in names
    # the HTML report's templates (appcenter-generate --html-report) are package data
    for template in ("base.html", "index.html", "package.html", "_macros.html"):
        assert f"appcenter_qt/generator/reports/html/templates/{template}" in names
    for lang in ("de", "fr", "en", "en_XA"):
        assert f"appcenter_qt/translations/appcenter-qt_{lang}.qm" in names
    data = {name.split(".data/data/", 1)[1] for name in names if ".data/data/" in name}
    assert "share/applications/org.appcenter_qt.AppCenter.desktop" in data
    assert "share/metainfo/org.appcenter_qt.AppCenter.metainfo.xml" in data
    assert "share/icons/hicolor/scalable/apps/org.appcenter_qt.AppCenter.svg" in data
    for unit in ("appcenter-qt-update-check.service", "appcenter-qt-update-check.timer"):
        assert f"share/systemd/user/{unit}" in data
    assert "share/appcenter-qt/autostart/org.appcenter_qt.AppCenter.Notifier.desktop" in data
    assert not any(name.endswith((".pyc", ".sqlite")) for name in names)


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean venv with the wheel and only the dependencies it declares (no generate
    extra: reading .deb/.rpm archives is for distributions, not for the application center)."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", f"{wheel}[gui,backend]"],
        check=True,
        timeout=900,
    )
    return env_dir


def test_installed_wheel_builds_the_system_catalog(installed: Path, tmp_path: Path) -> None:
    """With only its declared dependencies, the installed application center builds the
    catalog from a machine's AppStream pool and shows it."""
    from tests.system_pools import make_pool

    root = tmp_path / "root"
    make_pool(root)
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "APPCENTER_CATALOG": "",
        "APPCENTER_SYSTEM_ROOT": str(root),
    }
    shot = tmp_path / "pool.png"
    result = subprocess.run(
        [str(installed / "bin" / "appcenter-qt"), "--backend", "none", "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    built = tmp_path / "cache" / "appcenter-qt" / "system" / "appcenter.sqlite"
    assert built.is_file(), result.stderr
    query = subprocess.run(
        [str(installed / "bin" / "appcenter-query"), "--json", "stats"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=True,
    )
    assert '"applications": 6' in query.stdout


def test_installed_wheel_renders_a_screenshot_in_a_clean_venv(
    installed: Path, tmp_path: Path
) -> None:
    env_dir = installed
    shot = tmp_path / "home.png"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "APPCENTER_CATALOG": "",
    }
    result = subprocess.run(
        [str(env_dir / "bin" / "appcenter-qt"), "--backend", "none", "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,  # not the checkout: nothing may come from the source tree
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000
    from PIL import Image

    with Image.open(shot) as image:
        colors = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colors is not None and len(colors) > 50  # a real page, not a blank window
