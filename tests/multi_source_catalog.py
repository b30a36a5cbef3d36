"""A system catalog with two sources for one application: a small distribution pool that
ships ``org.test.Hello`` as the dummy PackageKit daemon's ``glib2`` package, and the real
Flatpak remote ``test-repo`` (tests/flatpak_fixtures.py) that ships it and ``org.test.Notes``.
Built with the real ``appcenter-generate --system``; used by the window's multi-source tests
(tests/services, tests/models, tests/ui)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.system_pools import write

#: The distribution's package of org.test.Hello: one the dummy daemon resolves and details.
DISTRO_PACKAGE = "glib2"
DISTRO_XML = f"""<?xml version="1.0"?>
<components version="0.14" origin="distro-main">
  <component type="desktop-application">
    <id>org.test.Hello</id>
    <pkgname>{DISTRO_PACKAGE}</pkgname>
    <name>Hello</name>
    <summary>Says hello, the distribution's way</summary>
  </component>
</components>
"""


def build_catalog(root: Path, output: Path) -> Path:
    """The catalog file, built from a distribution pool under ``root`` and the remotes."""
    write(root, "var/cache/swcatalog/xml/distro-main.xml", DISTRO_XML)
    env = {**os.environ, "LC_ALL": "C.UTF-8", "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent"}
    command = [sys.executable, "-m", "appcenter_qt.cli.generate", "--system", "--root", str(root)]
    command += ["--source-catalogs", "--output", str(output), "--quiet"]
    built = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert built.returncode == 0, built.stderr
    return output / "appcenter.sqlite"
