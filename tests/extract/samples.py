"""Sample package contents shared by the composer, CLI and benchmark: desktop files, metainfo
and icons shaped like real ones (GNOME Mines, KCalc, an icon theme, hello)."""

from __future__ import annotations

import io

from PIL import Image

from tests.extract.packages import Files, Link


def png(size: int, colour: tuple[int, int, int, int] = (200, 30, 30, 255)) -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (size, size), colour).save(out, format="PNG")
    return out.getvalue()


SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">'
    '<rect x="2" y="2" width="12" height="12" fill="#3060c0"/></svg>'
)

MINES_DESKTOP = """\
[Desktop Entry]
Name=Mines
Name[de]=Minen
Name[fr]=Mines
Comment=Clear hidden mines from a minefield
Comment[de]=Verborgene Minen aus einem Minenfeld räumen
Keywords=minesweeper;
Exec=gnome-mines
Icon=org.gnome.Mines
Type=Application
Categories=GNOME;GTK;Game;LogicGame;

[Desktop Action New]
Name=New Game
"""

MINES_METAINFO = """\
<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>org.gnome.Mines</id>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>GPL-3.0-or-later</project_license>
  <name>Mines</name>
  <name xml:lang="de">Minen</name>
  <summary>Clear hidden mines from a minefield</summary>
  <summary xml:lang="de">Minen räumen</summary>
  <description>
    <p>Mines is a puzzle game.</p>
    <p xml:lang="de">Minen ist ein Denkspiel.</p>
    <ul>
      <li>Three sizes</li>
      <li xml:lang="de">Drei Größen</li>
      <li>Flags</li>
    </ul>
  </description>
  <launchable type="desktop-id">org.gnome.Mines.desktop</launchable>
  <url type="homepage">https://wiki.gnome.org/Apps/Mines</url>
  <developer id="org.gnome"><name>The GNOME Project</name></developer>
  <screenshots>
    <screenshot type="default">
      <caption>A game in progress</caption>
      <caption xml:lang="de">Ein laufendes Spiel</caption>
      <image type="source" width="1280" height="800">https://example.org/mines.png</image>
    </screenshot>
  </screenshots>
  <keywords><keyword>minesweeper</keyword><keyword xml:lang="de">Minensuche</keyword></keywords>
</component>
"""


def mines_files() -> Files:
    return {
        "usr/games/gnome-mines": b"\x7fELF",
        "usr/share/applications/org.gnome.Mines.desktop": MINES_DESKTOP,
        "usr/share/metainfo/org.gnome.Mines.metainfo.xml": MINES_METAINFO,
        "usr/share/icons/hicolor/48x48/apps/org.gnome.Mines.png": png(48),
        "usr/share/icons/hicolor/128x128/apps/org.gnome.Mines.png": png(128),
        "usr/share/icons/hicolor/scalable/apps/org.gnome.Mines.svg": SVG,
    }


def kcalc_files() -> Files:
    return {
        "usr/bin/kcalc": b"\x7fELF",
        "usr/share/applications/org.kde.kcalc.desktop": (
            "[Desktop Entry]\nType=Application\nName=KCalc\nName[de]=KCalc\n"
            "GenericName=Scientific Calculator\nGenericName[de]=Wissenschaftlicher Taschenrechner\n"
            "Exec=kcalc\nIcon=accessories-calculator\nCategories=Qt;KDE;Utility;Calculator;\n"
        ),
        "usr/share/kservices5/kcalc_plugin.desktop": "[Desktop Entry]\nType=Service\nName=Plugin\n",
        "usr/share/kglobalaccel/org.kde.kcalc.desktop": "[Desktop Entry]\nName=KCalc shortcut\n",
    }


def theme_files() -> Files:
    return {
        "usr/share/icons/breeze/apps/48/accessories-calculator.svg": SVG,  # <context>/<size>
        "usr/share/icons/Adwaita/scalable/apps/accessories-calculator.svg": SVG,
        "usr/share/icons/Adwaita/64x64/legacy/accessories-calculator.png": png(64, (0, 90, 0, 255)),
        "usr/share/icons/Adwaita/64x64/apps/accessories-calculator.png": Link(
            "../legacy/accessories-calculator.png"
        ),
        "usr/share/icons/Adwaita/16x16/apps/utilities-terminal.png": png(16),
    }


def hello_files() -> Files:
    return {
        "usr/bin/hello": b"\x7fELF",
        "usr/share/doc/hello/copyright": "GPL",
        "usr/share/man/man1/hello.1.gz": b"\x1f\x8b",
    }


def settings_files() -> Files:
    return {
        "usr/share/applications/org.example.Settings.desktop": (
            "[Desktop Entry]\nType=Application\nName=Hidden settings\nIcon=x\nNoDisplay=true\n"
        ),
        "usr/share/icons/hicolor/64x64/apps/x.png": png(64),
    }


def huge_png_header(width: int = 20000, height: int = 20000) -> bytes:
    """A tiny file that *declares* a width×height PNG: a decompression bomb's header."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * 1024))
        + chunk(b"IEND", b"")
    )


EXTERNAL_ENTITY_SVG = (
    '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><text>&xxe;</text></svg>'
)


def app_files(app: str, desktop: str | bytes, icons: Files | None = None) -> Files:
    """A package with one desktop file and, by default, a good 64 px icon named ``app``."""
    files: Files = {f"usr/share/applications/{app}.desktop": desktop}
    files.update(
        icons if icons is not None else {f"usr/share/icons/hicolor/64x64/apps/{app}.png": png(64)}
    )
    return files


def desktop(name: str, icon: str, extra: str = "") -> str:
    return f"[Desktop Entry]\nType=Application\nName={name}\nIcon={icon}\nExec={icon}\n{extra}"
