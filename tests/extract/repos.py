"""Real repositories for the tests: Debian ones indexed by ``dpkg-scanpackages -m`` and
``apt-ftparchive contents``, RPM ones by ``createrepo_c``, around packages built with
:mod:`tests.extract.packages`."""

from __future__ import annotations

import gzip
import lzma
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.extract import samples
from tests.extract.packages import build_deb, build_rpm

needs_debian_indexers = pytest.mark.skipif(
    not (shutil.which("dpkg-scanpackages") and shutil.which("apt-ftparchive")),
    reason="dpkg-scanpackages (dpkg-dev) and apt-ftparchive (apt-utils) are needed",
)
needs_createrepo = pytest.mark.skipif(
    not (shutil.which("createrepo_c") and shutil.which("rpmbuild")),
    reason="createrepo_c (createrepo-c) and rpmbuild (rpm) are needed",
)


def index_debian(
    root: Path, suite: str, component: str, arch: str, *, contents=True, release=True
) -> None:
    """Index ``pool/COMPONENT`` into ``dists/SUITE/COMPONENT`` (Packages.xz, Contents) and,
    with ``release``, write the suite's Release file (``apt-ftparchive release``) anew."""
    pool = f"pool/{component}"
    packages = subprocess.run(
        ["dpkg-scanpackages", "-m", pool], cwd=root, capture_output=True, check=True
    ).stdout
    binary = root / "dists" / suite / component / f"binary-{arch}"
    binary.mkdir(parents=True, exist_ok=True)
    (binary / "Packages.xz").write_bytes(lzma.compress(packages))
    if contents:
        listing = subprocess.run(
            ["apt-ftparchive", "contents", pool], cwd=root, capture_output=True, check=True
        ).stdout
        (root / "dists" / suite / component / f"Contents-{arch}.gz").write_bytes(
            gzip.compress(listing, mtime=0)
        )
    if release:
        write_release(root, suite)


def write_release(root: Path, suite: str, origin: str = "") -> None:
    """``dists/SUITE/Release`` over every index of the suite, by ``apt-ftparchive release``."""
    target = root / "dists" / suite / "Release"
    target.unlink(missing_ok=True)
    options = ["-o", f"APT::FTPArchive::Release::Origin={origin}"] if origin else []
    text = subprocess.run(
        ["apt-ftparchive", *options, "release", f"dists/{suite}"],
        cwd=root,
        capture_output=True,
        check=True,
    ).stdout
    target.write_bytes(text)


def debian_repository(root: Path, *, contents: bool = True, release: bool = True) -> Path:
    """``stable/main``: gnome-mines twice (the epoch makes the lower-looking one newer),
    kcalc (its icon only in ``calc-art``, a name no theme guess recognizes), hello (no
    application); ``stable/contrib``: a second application."""
    main = root / "pool" / "main"
    main.mkdir(parents=True)
    build_deb(main, "gnome-mines", samples.mines_files(), version="1:40.1-2")
    build_deb(main, "gnome-mines", samples.mines_files(), version="40.9-1")
    build_deb(main, "kcalc", samples.kcalc_files(), version="4:22.12.3-1", arch="amd64")
    build_deb(main, "calc-art", samples.theme_files(), version="1.0-1", source="artwork")
    build_deb(main, "hello", samples.hello_files(), version="2.10-3", arch="amd64")
    index_debian(root, "stable", "main", "amd64", contents=contents, release=release)
    contrib = root / "pool" / "contrib"
    contrib.mkdir(parents=True)
    build_deb(
        contrib,
        "tool",
        samples.app_files("org.example.Tool", samples.desktop("Tool", "org.example.Tool")),
    )
    index_debian(root, "stable", "contrib", "amd64", contents=contents, release=release)
    return root


def rpm_repository(root: Path) -> Path:
    """gnome-mines 40.9 and 40.10 (rpm compares 10 > 9 numerically), hello."""
    root.mkdir(parents=True, exist_ok=True)
    build_rpm(root, "gnome-mines", samples.mines_files(), version="40.10")
    build_rpm(root, "gnome-mines", samples.mines_files(), version="40.9")
    build_rpm(root, "hello", samples.hello_files(), version="2.10")
    subprocess.run(["createrepo_c", "-q", str(root)], check=True, capture_output=True)
    return root


#: The generator's arguments for the test Debian repository's one suite, single-process.
DEBIAN_SUITE = ("--suite", "stable", "--component", "main", "--arch", "amd64", "-j", "1")
#: What one generator run writes, compared byte for byte between runs.
OUTPUT_FILES = ("appcenter.sqlite", "icons.tar", "report.json")


def output_bytes(directory: Path) -> dict[str, bytes]:
    """The generator's outputs in ``directory``, by name."""
    return {name: (directory / name).read_bytes() for name in OUTPUT_FILES}


def debian_repository_copy(built: Path, copy: Path) -> Path:
    """A private copy of the test Debian repository (built once at ``built``), so a test may
    change files in it without the next test seeing it."""
    if not built.exists():
        debian_repository(built)
    shutil.copytree(built, copy)
    return copy
