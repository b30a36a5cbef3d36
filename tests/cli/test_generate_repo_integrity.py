"""Repository integrity: every index is checked against the repository's own checksums
(Debian ``Release``/``InRelease``, RPM ``repomd.xml``) before it is read, and every package
against its index's checksum before it is extracted."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.repository.release import parse_release, strip_clearsign
from tests.cli.generate_runner import run_generate
from tests.extract import samples
from tests.extract.packages import build_deb, build_rpm, needs_dpkg
from tests.extract.repos import (
    debian_repository,
    needs_createrepo,
    needs_debian_indexers,
    rpm_repository,
    write_release,
)

DEBIAN = ("--suite", "stable", "--component", "main", "--component", "contrib", "--arch", "amd64")
SHA = "a" * 64


def _report(directory: Path) -> dict:
    return json.loads((directory / "report.json").read_text())


def _one_error(result) -> str:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_clearsign_armour_is_stripped_and_dash_escapes_undone():
    signed = (
        "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\nOrigin: Example Archive\n"
        f"SHA256:\n {SHA} 12 main/binary-amd64/Packages.xz\n- -Extra: dashed\n"
        "-----BEGIN PGP SIGNATURE-----\n\nabc\n-----END PGP SIGNATURE-----\n"
    )
    body = strip_clearsign(signed, "InRelease")
    assert body.startswith("Origin: Example Archive\n") and "\n-Extra: dashed\n" in body
    release = parse_release(signed, "dists/s/InRelease")
    assert release.origin == "example-archive"
    assert release.sha256 == {"main/binary-amd64/Packages.xz": (SHA, 12)}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Origin: x\nMD5Sum:\n 0 1 a\n", "no SHA256 field"),
        ("SHA256:\n nothex 1 a\n", "SHA256 line"),
        ("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nSHA256:\n", "without its signature"),
        ("garbage without colon\n", "line without a field name"),
    ],
)
def test_a_corrupt_release_file_is_named(text, message):
    with pytest.raises(ExtractError, match=re.escape(message)) as caught:
        parse_release(text, "dists/s/Release")
    assert str(caught.value).startswith("dists/s/Release: ")


@pytest.fixture(scope="module")
def debian_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return debian_repository(tmp_path_factory.mktemp("integrity") / "example")


@pytest.fixture
def repo(debian_repo: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "example"
    shutil.copytree(debian_repo, copy)
    return copy


@needs_dpkg
@needs_debian_indexers
@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (
            "flip",
            "dists/stable/main/binary-amd64/Packages.xz: sha256 mismatch: dists/stable/Release",
        ),
        ("truncate", "dists/stable/main/Contents-amd64.gz: size mismatch"),
        ("missing", "dists/stable/main/Contents-amd64.gz: listed in dists/stable/Release but"),
        ("unlisted", "dists/stable/contrib/binary-amd64/Packages: no such index"),
        ("release", "dists/stable/Release: corrupt index: no SHA256 field"),
    ],
)
def test_an_index_not_matching_the_release_file_is_one_line_naming_it(
    repo, tmp_path, damage, expected
):
    suite = repo / "dists/stable"
    if damage == "flip":  # same size, other bytes: only the SHA256 sees it
        index = suite / "main/binary-amd64/Packages.xz"
        data = bytearray(index.read_bytes())
        data[len(data) // 2] ^= 0xFF
        index.write_bytes(bytes(data))
    elif damage == "truncate":
        contents = suite / "main/Contents-amd64.gz"
        contents.write_bytes(contents.read_bytes()[:-10])
    elif damage == "missing":
        (suite / "main/Contents-amd64.gz").unlink()
    elif damage == "unlisted":  # the Release file does not list contrib: it is not read
        release = (suite / "Release").read_text()
        (suite / "Release").write_text(
            "\n".join(line for line in release.splitlines() if "contrib/" not in line) + "\n"
        )
    else:
        (suite / "Release").write_text("Origin: Example\nSuite: stable\n")
    result = run_generate("--repo", str(repo), *DEBIAN, "-o", str(tmp_path / "out"))
    assert f"appcenter-generate: {expected}" in _one_error(result)
    assert not (tmp_path / "out" / "appcenter.sqlite").exists()


@needs_dpkg
@needs_debian_indexers
def test_inrelease_is_read_its_origin_used(repo, tmp_path):
    suite = repo / "dists/stable"
    write_release(repo, "stable", origin="Example Archive")
    body = (suite / "Release").read_text()
    escaped = "".join(
        f"- {line}" if line.startswith("-") else line for line in body.splitlines(True)
    )
    (suite / "InRelease").write_text(
        "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n"
        + escaped
        + "-----BEGIN PGP SIGNATURE-----\n\nnot checked\n-----END PGP SIGNATURE-----\n"
    )
    (suite / "Release").unlink()
    result = run_generate("--repo", str(repo), *DEBIAN, "-o", str(tmp_path / "out"), "-q")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert _report(tmp_path / "out")["origin"] == ""  # two components: two origins
    origins = {u["package"]["name"]: u for u in _report(tmp_path / "out")["inputs"]}
    assert origins  # read through InRelease
    import sqlite3

    with sqlite3.connect(tmp_path / "out" / "appcenter.sqlite") as db:
        found = {row[0] for row in db.execute("SELECT origin FROM packages")}
    assert found == {"example-archive-stable-main", "example-archive-stable-contrib"}


@needs_dpkg
@needs_debian_indexers
def test_a_package_not_matching_its_index_is_skipped_and_never_cached(repo, tmp_path):
    kcalc = next((repo / "pool/main").glob("kcalc_*.deb"))
    files = samples.kcalc_files()
    files["usr/share/applications/org.kde.kcalc.desktop"] += "Comment=Swapped\n"
    swapped = build_deb(tmp_path / "swap", "kcalc", files, version="4:22.12.3-1", arch="amd64")
    shutil.copyfile(swapped, kcalc)  # the index still has the old checksum
    args = ("--repo", str(repo), *DEBIAN, "--cache", str(tmp_path / "cache"))
    for run in ("one", "two"):
        result = run_generate(*args, "-o", str(tmp_path / run))
        assert result.returncode == 0, result.stderr
        units = {
            u["package"]["name"] if u["package"] else u["source"]: u
            for u in _report(tmp_path / run)["inputs"]
        }
        failed = units[f"deb:{kcalc.name}"]
        assert failed["status"] == "failed" and failed["reason_tag"] == "checksum-mismatch"
        assert failed["reason"].startswith(f"{kcalc.name}: ")
        assert "mismatch: the index says" in failed["reason"]
        assert units["tool"]["status"] == "application"  # the run went on
    # kcalc read again (a mismatch is never cached); calc-art, kcalc's icon, not needed.
    assert "2 units reused, 1 read" in result.stdout
    assert b"Swapped" not in (tmp_path / "two" / "appcenter.sqlite").read_bytes()


def _repomd_entry(repo: Path, kind: str) -> Path:
    return next((repo / "repodata").glob(f"*-{kind}.xml*"))


@needs_createrepo
@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        ("filelists", "filelists.xml.gz: sha256 mismatch: repomd.xml says"),
        ("checksum", "repodata/repomd.xml: corrupt index: primary without a checksum"),
        ("type", "repodata/repomd.xml: unknown checksum type 'crc7'"),
    ],
)
def test_rpm_indexes_are_checked_against_repomd(tmp_path, damage, expected):
    repo = rpm_repository(tmp_path / "fedora")
    repomd = repo / "repodata/repomd.xml"
    if damage == "filelists":
        filelists = _repomd_entry(repo, "filelists")
        data = bytearray(filelists.read_bytes())
        data[len(data) // 2] ^= 0xFF
        filelists.write_bytes(bytes(data))
    elif damage == "checksum":
        text = repomd.read_text()
        start = text.index('<data type="primary">')
        end = text.index("</checksum>", start) + len("</checksum>")
        checksum_start = text.index("<checksum", start)
        repomd.write_text(text[:checksum_start] + text[end:])
    else:
        repomd.write_text(
            repomd.read_text().replace('checksum type="sha256"', 'checksum type="crc7"', 1)
        )
    error = _one_error(run_generate("--repo", str(repo), "-o", str(tmp_path / "out")))
    assert expected in error


@needs_createrepo
def test_an_rpm_not_matching_primary_is_skipped(tmp_path):
    repo = rpm_repository(tmp_path / "fedora")
    newest = next(repo.glob("gnome-mines-40.10*.rpm"))
    files = samples.mines_files()
    files["usr/share/applications/org.gnome.Mines.desktop"] += "Comment=Swapped\n"
    other = build_rpm(tmp_path / "other", "gnome-mines", files, version="40.10")
    shutil.copyfile(other, newest)
    result = run_generate("--repo", str(repo), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    (unit,) = _report(tmp_path / "out")["inputs"]
    assert unit["status"] == "failed" and unit["reason_tag"] == "checksum-mismatch"
    assert unit["reason"].startswith(f"{newest.name}: ")
