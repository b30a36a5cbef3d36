"""Small system pools under a root of their own, laid out as Debian's apt hook and zypper/dnf
lay out the real thing: DEP-11 YAML in ``/var/lib/swcatalog/yaml`` (linked from the legacy
``app-info`` directory as apt does), its icon cache in ``icons/ORIGIN/64x64``, a vendor's
catalog XML in ``/var/cache/swcatalog/xml``, installed desktop files and icons, and a dpkg
database. Shared by the pool reader, the CLI, the catalog chooser and the UI tests."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

from tests.extract.samples import png

MAIN_ORIGIN = "example-main"
VENDOR_ORIGIN = "vendor-repo"
DEP11_NAME = "example.org_debian_dists_stable_main_dep11_Components-amd64.yml.gz"

DEP11 = f"""\
---
File: DEP-11
Version: '0.16'
Origin: {MAIN_ORIGIN}
MediaBaseUrl: https://media.example.org/pool
---
Type: desktop-application
ID: org.example.Mines.desktop
Package: example-mines
Name:
  C: Mines
  de: Minen
  ca@valencia: Mines valencianes
Summary:
  C: Clear hidden mines from a minefield
  de: Verborgene Minen räumen
Categories:
- Game
- LogicGame
Icon:
  cached:
  - name: example-mines_org.example.Mines.png
    width: 64
    height: 64
  - name: example-mines_org.example.Mines.png
    width: 128
    height: 128
  stock: org.example.Mines
Launchable:
  desktop-id:
  - org.example.Mines.desktop
---
Type: desktop-application
ID: org.kde.kcalc.desktop
Package: kcalc
Name:
  C: KCalc
Summary:
  C: Scientific calculator
Categories:
- Utility
Icon:
  cached:
  - name: kcalc_org.kde.kcalc.png
    width: 64
    height: 64
---
Type: desktop-application
ID: org.example.Broken
Package: example-broken
Name:
  C: Broken Icon
Summary:
  C: Its cached icon is an empty file
Categories:
- Utility
Icon:
  cached:
  - name: example-broken_org.example.Broken.png
    width: 64
    height: 64
---
Type: addon
ID: org.example.Mines.Themes
Package: example-mines-themes
Extends:
- org.example.Mines
Name:
  C: Mines themes
"""

VENDOR_XML = f"""\
<?xml version="1.0" encoding="utf-8"?>
<components version="0.16" origin="{VENDOR_ORIGIN}">
  <component type="desktop-application">
    <id>com.vendor.Studio</id>
    <name>Vendor Studio</name>
    <summary>Edit things the vendor's way</summary>
    <pkgname>vendor-studio</pkgname>
    <categories><category>Graphics</category></categories>
    <icon type="cached" width="64" height="64">vendor-studio_com.vendor.Studio.png</icon>
  </component>
</components>
"""

TOOL_DESKTOP = """\
[Desktop Entry]
Type=Application
Name=Vendor Tool
Name[de]=Herstellerwerkzeug
Comment=A program installed from a downloaded .deb
Exec=vendor-tool
Icon=com.vendor.Tool
Categories=Utility;
"""

LOCAL_DESKTOP = """\
[Desktop Entry]
Type=Application
Name=Hand Made
Comment=Installed by hand into /usr/local
Exec=handmade
Icon=handmade
Categories=Utility;
"""

MINES_DESKTOP = """\
[Desktop Entry]
Type=Application
Name=Mines (installed desktop file)
Exec=gnome-mines
Icon=org.example.Mines
Categories=Game;
"""

DPKG_STATUS = """\
Package: example-mines
Status: install ok installed
Architecture: amd64
Version: 1:40.1-2

Package: vendor-tool
Status: install ok installed
Architecture: amd64
Version: 3.2.1

Package: kcalc
Status: deinstall ok config-files
Architecture: amd64
Version: 4:22.12.3-1

Package: libc6
Status: install ok installed
Architecture: amd64
Source: glibc
Version: 2.36-9
"""


def write(root: Path, relative: str, data: bytes | str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def make_pool(root: Path, *, vendor: bool = True, installed: bool = True) -> Path:
    """A small pool under ``root``; returns the DEP-11 file's path."""
    dep11 = write(root, f"var/lib/swcatalog/yaml/{DEP11_NAME}", gzip.compress(DEP11.encode()))
    # apt links the same list file into the legacy directory (absolute target, as on Debian)
    legacy = root / "var/lib/app-info/yaml" / DEP11_NAME
    legacy.parent.mkdir(parents=True)
    os.symlink(f"/var/lib/swcatalog/yaml/{DEP11_NAME}", legacy)
    icons = f"var/lib/swcatalog/icons/{MAIN_ORIGIN}"
    write(root, f"{icons}/64x64/example-mines_org.example.Mines.png", png(64))
    write(root, f"{icons}/128x128/example-mines_org.example.Mines.png", png(128))
    write(root, f"{icons}/64x64/kcalc_org.kde.kcalc.png", png(64, (0, 90, 0, 255)))
    write(root, f"{icons}/64x64/example-broken_org.example.Broken.png", b"")
    if vendor:
        write(root, "var/cache/swcatalog/xml/vendor.xml.gz", gzip.compress(VENDOR_XML.encode()))
        write(
            root,
            f"var/cache/swcatalog/icons/{VENDOR_ORIGIN}/64x64/vendor-studio_com.vendor.Studio.png",
            png(64, (0, 0, 200, 255)),
        )
    if installed:
        write(root, "usr/share/applications/com.vendor.Tool.desktop", TOOL_DESKTOP)
        write(root, "usr/share/applications/org.example.Mines.desktop", MINES_DESKTOP)
        write(root, "usr/share/icons/hicolor/64x64/apps/com.vendor.Tool.png", png(64))
        write(root, "usr/local/share/applications/handmade.desktop", LOCAL_DESKTOP)
        write(root, "usr/local/share/icons/hicolor/64x64/apps/handmade.png", png(64))
        write(root, "var/lib/dpkg/status", DPKG_STATUS)
        write(
            root,
            "var/lib/dpkg/info/vendor-tool.list",
            "/usr\n/usr/share/applications/com.vendor.Tool.desktop\n",
        )
        write(
            root,
            "var/lib/dpkg/info/example-mines.list",
            "/usr/share/applications/org.example.Mines.desktop\n",
        )
    return dep11


def pool_environ(root: Path) -> dict[str, str]:
    """An environment whose XDG data dirs are the spec's defaults (below any root)."""
    return {"XDG_DATA_DIRS": "/usr/local/share:/usr/share"}


def make_large_pool(root: Path, count: int) -> None:
    """A pool with ``count`` generated applications besides the small pool's, so building
    it takes long enough to watch the progress bar move."""
    make_pool(root, vendor=False, installed=False)
    parts = [f"---\nFile: DEP-11\nVersion: '0.16'\nOrigin: {MAIN_ORIGIN}-extra\n"]
    for n in range(count):
        parts.append(
            f"---\nType: desktop-application\nID: org.example.Generated{n:05d}\n"
            f"Package: generated-{n}\nName:\n  C: Generated {n}\n  de: Erzeugt {n}\n"
            f"Summary:\n  C: Application number {n}\nDescription:\n  C: <p>Number {n}, "
            "generated for a test.</p><ul><li>one</li><li>two</li></ul>\n"
            "Categories:\n- Utility\nIcon:\n  stock: applications-other\n"
        )
    write(
        root,
        "var/lib/swcatalog/yaml/extra_Components-amd64.yml.gz",
        gzip.compress("".join(parts).encode(), compresslevel=1),
    )
