"""Build real packages for the tests: ``.deb`` with ``dpkg-deb --build``, ``.rpm`` with
``rpmbuild``, plus hand-made archives for what those tools refuse to build (hostile member
names, bzip2 data.tar, truncation)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class Link:
    """A symlink member: ``files={"usr/share/pixmaps/a.png": Link("../icons/a.png")}``."""

    target: str


Files = dict[str, "bytes | str | Link"]

needs_dpkg = pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb not installed")
needs_rpmbuild = pytest.mark.skipif(
    shutil.which("rpmbuild") is None, reason="rpmbuild not installed"
)


def _populate(root: Path, files: Files) -> None:
    for name, content in files.items():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Link):
            os.symlink(content.target, target)
        else:
            target.write_bytes(content.encode() if isinstance(content, str) else content)


def build_deb(
    directory: Path,
    name: str,
    files: Files,
    *,
    version: str = "1.0-1",
    arch: str = "all",
    compression: str = "xz",
    source: str | None = None,
) -> Path:
    """A real .deb via ``dpkg-deb --build -Z<compression>`` (gzip, xz, zstd, none); ``bzip2``
    is built uncompressed and its data.tar recompressed, as old archives have it."""
    root = directory / f"{name}-root"
    shutil.rmtree(root, ignore_errors=True)
    (root / "DEBIAN").mkdir(parents=True)
    control = (
        f"Package: {name}\nVersion: {version}\nArchitecture: {arch}\n"
        f"Maintainer: Tests <tests@example.org>\nDescription: test package {name}\n"
    )
    if source:
        control += f"Source: {source}\n"
    (root / "DEBIAN" / "control").write_text(control)
    _populate(root, files)
    output = directory / f"{name}_{version}_{arch}.deb"
    z = "none" if compression == "bzip2" else compression
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", f"-Z{z}", "--build", str(root), str(output)],
        check=True,
        capture_output=True,
    )
    shutil.rmtree(root)
    if compression == "bzip2":
        import bz2

        members = read_ar(output)
        members = [
            ("data.tar.bz2", bz2.compress(data)) if n == "data.tar" else (n, data)
            for n, data in members
        ]
        write_ar(output, members)
    return output


def read_ar(path: Path) -> list[tuple[str, bytes]]:
    data = path.read_bytes()
    assert data[:8] == b"!<arch>\n"
    position, members = 8, []
    while position < len(data):
        header = data[position : position + 60]
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode().strip())
        start = position + 60
        members.append((name, data[start : start + size]))
        position = start + size + (size % 2)
    return members


def write_ar(path: Path, members: list[tuple[str, bytes]]) -> Path:
    out = bytearray(b"!<arch>\n")
    for name, data in members:
        header = f"{name:<16}{0:<12}{0:<6}{0:<6}{'100644':<8}{len(data):<10}`\n"
        out += header.encode()
        out += data
        if len(data) % 2:
            out += b"\n"
    path.write_bytes(bytes(out))
    return path


def tar_bytes(
    entries: list[tarfile.TarInfo | tuple[tarfile.TarInfo, bytes]],
    tar_format: int = tarfile.GNU_FORMAT,
) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tar_format) as tar:
        for entry in entries:
            if isinstance(entry, tuple):
                info, data = entry
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            else:
                tar.addfile(entry)
    return buffer.getvalue()


def hand_made_deb(path: Path, name: str, data_tar: bytes, data_name: str = "data.tar") -> Path:
    """A .deb whose data.tar is exactly ``data_tar`` (for member names dpkg-deb refuses)."""
    control = f"Package: {name}\nVersion: 1\nArchitecture: all\n".encode()
    info = tarfile.TarInfo("./control")
    control_tar = tar_bytes([(info, control)])
    return write_ar(
        path, [("debian-binary", b"2.0\n"), ("control.tar", control_tar), (data_name, data_tar)]
    )


_PAYLOADS = {"gzip": "w9.gzdio", "xz": "w2.xzdio", "zstd": "w3.zstdio", "bzip2": "w9.bzdio"}


def build_rpm(
    directory: Path,
    name: str,
    files: Files,
    *,
    version: str = "1.0",
    release: str = "1",
    compression: str = "xz",
) -> Path:
    """A real noarch .rpm via ``rpmbuild -bb`` with the given payload compression."""
    top = directory / f"rpmbuild-{name}"
    shutil.rmtree(top, ignore_errors=True)
    staging = top / "SOURCES" / "root"
    staging.mkdir(parents=True)
    _populate(staging, files)
    listed = "\n".join(f'"/{path}"' for path in sorted(files))
    spec = top / f"{name}.spec"
    spec.write_text(
        f"Name: {name}\nVersion: {version}\nRelease: {release}\nSummary: test package\n"
        "License: MIT\nBuildArch: noarch\n"
        "%define debug_package %{nil}\n%define __os_install_post %{nil}\n"
        f"%description\ntest package {name}\n"
        f"%install\nmkdir -p %{{buildroot}}\ncp -a {staging}/. %{{buildroot}}/\n"
        f"%files\n{listed}\n"
    )
    subprocess.run(
        [
            "rpmbuild",
            "-bb",
            "--nodeps",
            "--define",
            f"_topdir {top}",
            "--define",
            f"_binary_payload {_PAYLOADS[compression]}",
            "--define",
            "_build_id_links none",
            str(spec),
        ],
        check=True,
        capture_output=True,
        env={**os.environ, "HOME": str(top)},
    )
    (built,) = (top / "RPMS" / "noarch").glob("*.rpm")
    output = directory / built.name
    built.rename(output)
    shutil.rmtree(top)
    return output


def build_arch(
    directory: Path,
    name: str,
    files: Files,
    *,
    version: str = "1.0-1",
    arch: str = "any",
    base: str | None = None,
    extra: list[tarfile.TarInfo | tuple[tarfile.TarInfo, bytes]] | None = None,
    pkginfo: bool = True,
) -> Path:
    """An Arch Linux package as ``makepkg`` lays it out: ``.BUILDINFO``, ``.MTREE`` (a
    gzip-compressed mtree of the files), ``.PKGINFO``, then the files without a ``./``
    prefix, in one zstd-compressed tar, named ``NAME-VERSION-ARCH.pkg.tar.zst``. ``extra``
    members (hostile names) are appended as they are."""
    import gzip
    import hashlib

    import zstandard

    entries: list[tarfile.TarInfo | tuple[tarfile.TarInfo, bytes]] = []
    mtree = ["#mtree", "/set type=file uid=0 gid=0 mode=644"]
    for path, content in sorted(files.items()):
        info = tarfile.TarInfo(path)
        info.mtime = 1_700_000_000
        if isinstance(content, Link):
            info.type, info.linkname = tarfile.SYMTYPE, content.target
            entries.append(info)
            mtree.append(f"./{path} time=1700000000.0 type=link link={content.target}")
        else:
            data = content.encode() if isinstance(content, str) else content
            entries.append((info, data))
            digest = hashlib.sha256(data).hexdigest()
            mtree.append(f"./{path} time=1700000000.0 size={len(data)} sha256digest={digest}")
    meta = f"pkgname = {name}\npkgbase = {base or name}\npkgver = {version}\narch = {arch}\n"
    pkginfo_text = f"# Generated by makepkg 6.0.2\n{meta}pkgdesc = test package {name}\n"
    pkginfo_text += "size = 1024\nlicense = GPL-3.0-or-later\ndepend = glibc\n"
    head = [
        (tarfile.TarInfo(".BUILDINFO"), f"format = 2\n{meta}".encode()),
        (tarfile.TarInfo(".MTREE"), gzip.compress(("\n".join(mtree) + "\n").encode(), mtime=0)),
    ]
    if pkginfo:
        head.append((tarfile.TarInfo(".PKGINFO"), pkginfo_text.encode()))
    tar = tar_bytes([*head, *entries, *(extra or [])], tarfile.PAX_FORMAT)
    path = directory / f"{name}-{version}-{arch}.pkg.tar.zst"
    path.write_bytes(zstandard.ZstdCompressor(level=3).compress(tar))
    return path
