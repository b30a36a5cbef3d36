from __future__ import annotations

import pytest

from appcenter_qt.backends.packagekit.package_id import (
    InvalidPackageId,
    parse_package_id,
    validate_package_id,
)


@pytest.mark.parametrize(
    "package_id",
    [
        "hello;2.10-3;amd64;debian-bookworm-main",
        "gnome-mines;1:40.1-2;amd64;installed:debian-bookworm-main",
        "libstdc++6;12.2.0-14;amd64;",
        "kernel-default;6.6.1-1.1;x86_64;repo-oss",
        "glibc;2.38~rc1+git5;;manual:",
    ],
)
def test_valid_ids(package_id: str) -> None:
    assert validate_package_id(package_id) == package_id


@pytest.mark.parametrize(
    "package_id",
    [
        "",
        "hello",
        "hello;1;amd64",
        "hello;1;amd64;x;y",
        ";1;amd64;data",
        "-rf;1;amd64;x",
        "hello;1;amd64;$(reboot)",
        "hello;1 2;amd64;x",
        "hel lo;1;amd64;x",
        "hello;1;amd64;a\nb",
        "hello;1;amd64;<b>",
        "h" * 2000 + ";1;a;b",
        "héllo;1;amd64;x",
    ],
)
def test_invalid_ids(package_id: str) -> None:
    with pytest.raises(InvalidPackageId):
        parse_package_id(package_id)


def test_parsed_parts() -> None:
    parsed = parse_package_id("gnome-mines;1:40.1-2;amd64;installed:debian")
    assert (parsed.name, parsed.version, parsed.arch, parsed.data) == (
        "gnome-mines",
        "1:40.1-2",
        "amd64",
        "installed:debian",
    )
