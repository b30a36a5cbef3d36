"""A remote's AppStream catalog → each app's newest release version (the picker's version
for a Flatpak ref, whose own version is its branch)."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

from appcenter_qt.backends.flatpak.release_versions import (
    MAX_VERSION,
    read_versions,
    release_version,
)


def _catalog(path: Path, body: str) -> Path:
    text = f'<?xml version="1.0"?>\n<components version="0.8" origin="flatpak">{body}</components>'
    path.write_bytes(gzip.compress(text.encode()))
    return path


def test_the_newest_release_by_time_not_by_place(tmp_path: Path) -> None:
    path = _catalog(
        tmp_path / "appstream.xml.gz",
        "<component><id>org.a.Dated</id><releases>"
        '<release version="1.0" date="2025-01-01"/><release version="1.2" date="2026-05-01"/>'
        '<release version="1.1" date="2025-09-01"/></releases></component>'
        "<component><id>org.a.Stamped</id><releases>"
        '<release version="3.0" timestamp="1600000000"/>'
        '<release version="3.1" timestamp="1700000000"/></releases></component>'
        "<component><id>org.a.Undated</id><releases>"
        '<release version="7"/><release version="6"/></releases></component>'
        "<component><id>org.a.None</id></component>",
    )
    assert read_versions(str(path)) == {
        "org.a.Dated": "1.2",
        "org.a.Stamped": "3.1",
        "org.a.Undated": "7",  # the spec lists releases newest first
    }
    assert release_version(str(path), "org.a.None") == ""
    assert release_version(str(path), "org.a.Missing") == ""


def test_overlong_and_control_character_versions_are_not_taken(tmp_path: Path) -> None:
    path = tmp_path / "appstream.xml"
    path.write_text(
        '<?xml version="1.0"?>\n<components>'
        f'<component><id>org.a.Long</id><releases><release version="{"9" * (MAX_VERSION + 1)}"/>'
        '<release version="2.0" date="2020-01-01"/></releases></component>'
        '<component><id>org.a.Control</id><releases><release version="1.0&#10;rm"/>'
        "</releases></component></components>"
    )
    versions = read_versions(str(path))
    assert versions == {"org.a.Long": "2.0"}  # the overlong one skipped, the next taken


def test_an_external_entity_is_never_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.write_text("do-not-leak")
    path = tmp_path / "appstream.xml"
    path.write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE c [<!ENTITY x SYSTEM "file://{secret}">]>\n'
        '<components><component><id>&x;</id><releases><release version="1.0"/>'
        "</releases></component></components>"
    )
    assert "do-not-leak" not in repr(read_versions(str(path)))


def test_a_broken_file_gives_no_versions_and_a_new_one_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "appstream.xml.gz"
    path.write_bytes(b"\x1f\x8b not really gzip")
    assert release_version(str(path), "org.a.App") == ""
    _catalog(
        path,
        '<component><id>org.a.App</id><releases><release version="5.0"/></releases></component>',
    )
    os.utime(path, ns=(1, 2_000_000_000_000_000_000))  # a new state even within one tick
    assert release_version(str(path), "org.a.App") == "5.0"
    assert release_version(str(tmp_path / "gone.xml.gz"), "org.a.App") == ""
