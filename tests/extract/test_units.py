"""The unit readers on real archives: every compression, control data, and hostile members."""

from __future__ import annotations

import lzma
import tarfile
from pathlib import Path

import pytest
import rpmfile

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.readers import InputKind, read_unit, sniff
from appcenter_qt.extract.readers.units import PackageInfo
from tests.extract.packages import (
    Link,
    build_deb,
    build_rpm,
    hand_made_deb,
    needs_dpkg,
    needs_rpmbuild,
    read_ar,
    tar_bytes,
    write_ar,
)

FILES = {
    "usr/share/applications/org.example.Foo.desktop": "[Desktop Entry]\nName=Foo\n",
    "usr/share/icons/hicolor/48x48/apps/foo.png": b"\x89PNG fake",
    "usr/share/pixmaps/foo.png": Link("../icons/hicolor/48x48/apps/foo.png"),
    "usr/share/doc/foo/README": "not interesting",
    "usr/bin/foo": b"#!/bin/sh\n",
}


def everything(_path: str) -> bool:
    return True


def check_content(kind: InputKind, path: Path, name: str, version: str, arch: str) -> None:
    assert sniff(path) is kind
    unit = read_unit(kind, path, everything)
    assert unit.info == PackageInfo(name, version, arch, name)
    assert sorted(unit.files) == [
        "usr/share/applications/org.example.Foo.desktop",
        "usr/share/icons/hicolor/48x48/apps/foo.png",
    ]
    assert unit.files["usr/share/icons/hicolor/48x48/apps/foo.png"] == b"\x89PNG fake"
    assert unit.resolve("usr/share/pixmaps/foo.png") == "usr/share/icons/hicolor/48x48/apps/foo.png"
    assert "usr/bin/foo" not in unit.members and "usr/share/doc/foo/README" not in unit.members
    assert unit.hints == []


@needs_dpkg
@pytest.mark.parametrize("compression", ["gzip", "xz", "zstd", "none", "bzip2"])
def test_deb_every_compression(tmp_path: Path, compression: str) -> None:
    deb = build_deb(tmp_path, "foo", FILES, compression=compression, version="2:1.5-3")
    data_name = next(n for n, _ in read_ar(deb) if n.startswith("data.tar"))
    suffix = {"gzip": ".gz", "xz": ".xz", "zstd": ".zst", "none": "", "bzip2": ".bz2"}
    assert data_name == "data.tar" + suffix[compression]
    check_content(InputKind.DEB, deb, "foo", "2:1.5-3", "all")


@needs_rpmbuild
@pytest.mark.parametrize("compression", ["gzip", "xz", "zstd", "bzip2"])
def test_rpm_every_compression(tmp_path: Path, compression: str) -> None:
    rpm = build_rpm(tmp_path, "foo", FILES, compression=compression, version="1.5", release="3")
    with rpmfile.open(rpm) as handle:
        assert handle.headers["archive_compression"].decode() == compression
    check_content(InputKind.RPM, rpm, "foo", "1.5-3", "noarch")


@needs_dpkg
def test_only_wanted_files_are_read(tmp_path: Path) -> None:
    deb = build_deb(tmp_path, "foo", FILES)
    unit = read_unit(InputKind.DEB, deb, lambda path: path.endswith(".desktop"))
    assert list(unit.files) == ["usr/share/applications/org.example.Foo.desktop"]
    assert unit.members["usr/share/icons/hicolor/48x48/apps/foo.png"].size == 9


@needs_dpkg
def test_source_field_of_control(tmp_path: Path) -> None:
    deb = build_deb(tmp_path, "foo-data", FILES, source="foo (1.0-1)")
    assert read_unit(InputKind.DEB, deb, everything).info.source == "foo"


def test_tree_never_follows_symlinks(tmp_path: Path) -> None:
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"secret")
    root = tmp_path / "root"
    (root / "usr/share/pixmaps").mkdir(parents=True)
    (root / "usr/share/pixmaps/own.png").write_bytes(b"own")
    (root / "usr/share/pixmaps/out.png").symlink_to(secret)
    (root / "usr/share/pixmaps/up.png").symlink_to("../../../../secret.png")
    (root / "usr/share/pixmaps/in.png").symlink_to("own.png")
    (root / "usr/share/applications").symlink_to(tmp_path)
    unit = read_unit(InputKind.TREE, root, everything)
    assert unit.files == {"usr/share/pixmaps/own.png": b"own"}
    assert unit.resolve("usr/share/pixmaps/in.png") == "usr/share/pixmaps/own.png"
    assert unit.resolve("usr/share/pixmaps/out.png") is None
    assert unit.resolve("usr/share/pixmaps/up.png") is None
    assert b"secret" not in b"".join(unit.files.values())
    tags = sorted(hint.tag for hint in unit.hints)
    assert tags == ["symlink-outside"] * 3


def hostile_entries() -> list:
    def file(name: str, data: bytes = b"x") -> tuple[tarfile.TarInfo, bytes]:
        return tarfile.TarInfo(name), data

    link = tarfile.TarInfo("./usr/share/pixmaps/passwd.png")
    link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
    up = tarfile.TarInfo("./usr/share/pixmaps/up.png")
    up.type, up.linkname = tarfile.SYMTYPE, "../../../../../etc/shadow"
    return [
        file("./usr/share/applications/../../../../tmp/evil.desktop"),
        file("/usr/share/applications/abs.desktop"),
        link,
        up,
        file("./usr/share/applications/ok.desktop", b"[Desktop Entry]\n"),
    ]


@pytest.mark.parametrize("data_name", ["data.tar", "data.tar.xz"])
def test_hostile_member_names_become_hints(tmp_path: Path, data_name: str) -> None:
    data = tar_bytes(hostile_entries())
    if data_name.endswith(".xz"):
        data = lzma.compress(data)
    deb = hand_made_deb(tmp_path / "evil.deb", "evil", data, data_name)
    unit = read_unit(InputKind.DEB, deb, everything)
    assert list(unit.files) == ["usr/share/applications/ok.desktop"]
    assert sorted(hint.tag for hint in unit.hints) == [
        "absolute-path",
        "path-traversal",
        "symlink-outside",
        "symlink-outside",
    ]
    assert all(hint.source == "deb:evil.deb" for hint in unit.hints)
    assert not (tmp_path / "evil.desktop").exists() and not Path("/tmp/evil.desktop").exists()


@needs_dpkg
@pytest.mark.parametrize("cut", [0.1, 0.5, 0.95])
def test_truncated_deb_is_an_extract_error(tmp_path: Path, cut: float) -> None:
    deb = build_deb(
        tmp_path, "foo", {**FILES, "usr/share/pixmaps/big.png": bytes(range(256)) * 400}
    )
    data = deb.read_bytes()
    deb.write_bytes(data[: int(len(data) * cut)])
    with pytest.raises(ExtractError, match=r"foo_1\.0-1_all\.deb"):
        read_unit(InputKind.DEB, deb, everything)


@needs_rpmbuild
@pytest.mark.parametrize("cut", [0.05, 0.5, 0.95])
def test_truncated_rpm_is_an_extract_error(tmp_path: Path, cut: float) -> None:
    rpm = build_rpm(
        tmp_path, "foo", {**FILES, "usr/share/pixmaps/big.png": bytes(range(256)) * 400}
    )
    data = rpm.read_bytes()
    rpm.write_bytes(data[: int(len(data) * cut)])
    with pytest.raises(ExtractError, match=r"foo-1\.0-1\.noarch\.rpm"):
        read_unit(InputKind.RPM, rpm, everything)


@needs_dpkg
def test_unknown_compression_is_named(tmp_path: Path) -> None:
    deb = build_deb(tmp_path, "foo", FILES, compression="none")
    members = [("data.tar.lz4", d) if n == "data.tar" else (n, d) for n, d in read_ar(deb)]
    write_ar(deb, members)
    with pytest.raises(ExtractError, match=r"unknown compression .data\.tar\.lz4."):
        read_unit(InputKind.DEB, deb, everything)


@pytest.mark.parametrize(
    "content",
    [b"", b"!<arch>\n", b"!<arch>\ngarbage" * 10, b"\xed\xab\xee\xdb" + b"\0" * 200],
)
def test_garbage_is_an_extract_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.pkg"
    path.write_bytes(content)
    kind = sniff(path) or InputKind.DEB
    with pytest.raises(ExtractError, match=r"bad\.pkg"):
        read_unit(kind, path, everything)


def test_corrupt_compressed_stream(tmp_path: Path) -> None:
    data = bytearray(
        lzma.compress(tar_bytes([(tarfile.TarInfo("./usr/share/pixmaps/a.png"), b"a" * 5000)]))
    )
    data[len(data) // 2] ^= 0xFF
    deb = hand_made_deb(tmp_path / "flip.deb", "flip", bytes(data), "data.tar.xz")
    with pytest.raises(ExtractError, match=r"flip\.deb: corrupt archive"):
        read_unit(InputKind.DEB, deb, everything)


def test_large_members_are_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from appcenter_qt.extract.readers import units

    monkeypatch.setattr(units, "MAX_MEMBER_BYTES", 100)
    info = tarfile.TarInfo("./usr/share/pixmaps/huge.png")
    deb = hand_made_deb(tmp_path / "big.deb", "big", tar_bytes([(info, b"0" * 1000)]))
    unit = read_unit(InputKind.DEB, deb, everything)
    assert unit.files == {}
    assert [hint.tag for hint in unit.hints] == ["file-too-large"]


@needs_dpkg
@pytest.mark.parametrize("compression", ["xz", "none"])
def test_set_of_wanted_paths_stops_early(tmp_path: Path, compression: str) -> None:
    deb = build_deb(tmp_path, "foo", FILES, compression=compression)
    wanted = {"usr/share/applications/org.example.Foo.desktop"}
    unit = read_unit(InputKind.DEB, deb, wanted)
    assert list(unit.files) == sorted(wanted)
    assert unit.hints == []


@pytest.mark.parametrize(
    "tar_format", [tarfile.GNU_FORMAT, tarfile.PAX_FORMAT, tarfile.USTAR_FORMAT]
)
def test_long_names_in_every_tar_format(tmp_path: Path, tar_format: int) -> None:
    long_dir = "usr/share/icons/hicolor/48x48/apps/" + "sub/" * 10
    name = f"./{long_dir}Größe-{'x' * 40}.png"
    if tar_format == tarfile.USTAR_FORMAT:
        name = f"./{long_dir}icon-{'x' * 40}.png"  # ustar: ASCII, split into prefix + name
    link = tarfile.TarInfo("./usr/share/pixmaps/" + "l" * 120 + ".png")
    link.type, link.linkname = tarfile.SYMTYPE, "/" + name[2:]
    ustar = tar_format == tarfile.USTAR_FORMAT  # no long link names in plain ustar
    entries = [(tarfile.TarInfo(name), b"pixels"), *([] if ustar else [link])]
    deb = hand_made_deb(tmp_path / "long.deb", "long", tar_bytes(entries, tar_format))
    unit = read_unit(InputKind.DEB, deb, everything)
    assert unit.files == {name[2:]: b"pixels"}
    if not ustar:
        assert unit.resolve(link.name[2:]) == name[2:]


def test_bad_tar_checksum_is_corrupt(tmp_path: Path) -> None:
    data = bytearray(tar_bytes([(tarfile.TarInfo("./usr/share/pixmaps/a.png"), b"a")]))
    data[0] ^= 0x20
    deb = hand_made_deb(tmp_path / "sum.deb", "sum", bytes(data))
    with pytest.raises(ExtractError, match="checksum"):
        read_unit(InputKind.DEB, deb, everything)
