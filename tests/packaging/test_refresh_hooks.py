"""The refresh hooks that keep the system-pool catalog fresh: the systemd units pass
``systemd-analyze verify``, apt parses its hook, and the hook's command really rebuilds the
catalog (here below a test root, since the test cannot run apt against the machine)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import Catalog
from tests.system_pools import make_pool

ROOT = Path(__file__).resolve().parents[2]
REFRESH = ROOT / "data" / "refresh"
GENERATE = str(Path(sys.executable).with_name("appcenter-generate"))


def _with_generator(text: str) -> str:
    return text.replace("/usr/bin/appcenter-generate", GENERATE)


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_units_verify(tmp_path: Path) -> None:
    for unit in ("appcenter-qt-refresh.service", "appcenter-qt-refresh.path"):
        (tmp_path / unit).write_text(_with_generator((REFRESH / unit).read_text()))
    done = subprocess.run(
        ["systemd-analyze", "verify", *(str(p) for p in sorted(tmp_path.iterdir()))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "", done.stderr
    service = (REFRESH / "appcenter-qt-refresh.service").read_text()
    assert "--system" in service and "--output /var/cache/appcenter-qt" in service
    watched = (REFRESH / "appcenter-qt-refresh.path").read_text()
    for directory in ("/var/cache/swcatalog/xml", "/usr/share/swcatalog/xml", "/var/lib/rpm"):
        assert f"PathChanged={directory}\n" in watched


@pytest.mark.skipif(shutil.which("apt-config") is None, reason="no apt-config")
def test_apt_hook_parses_and_rebuilds_the_catalog(tmp_path: Path) -> None:
    dumped = subprocess.run(
        ["apt-config", "-c", str(REFRESH / "20appcenter-qt"), "dump"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    ours = [
        line
        for line in dumped.splitlines()
        if line.startswith("APT::Update::Post-Invoke-Success::") and "appcenter" in line
    ]
    assert len(ours) == 1
    command = ours[0].split(" ", 1)[1].strip().removesuffix(";")
    command = command[1:-1].replace('\\"', '"')  # apt-config quotes the value
    if Path("/run/systemd/system").is_dir():
        pytest.skip("systemd runs here: the hook would start the real service")
    root = tmp_path / "root"
    make_pool(root)
    output = tmp_path / "cache"
    local = _with_generator(command).replace(
        "--output /var/cache/appcenter-qt", f"--root {root} --output {output}"
    )
    subprocess.run(["sh", "-c", local], check=True, timeout=30, env=dict(os.environ))
    catalog = output / "appcenter.sqlite"
    deadline = time.monotonic() + 120  # the hook never makes apt wait: it runs detached
    while not catalog.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    with Catalog(catalog, "C") as opened:
        assert opened.count() >= 4
