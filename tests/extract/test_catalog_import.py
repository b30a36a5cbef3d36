"""catalog_import: compression and format sniffing, icon tarballs, truncated files."""

from __future__ import annotations

import gzip
import io
import lzma
import tarfile
from pathlib import Path

import pytest
import zstandard
from PIL import Image

from appcenter_qt.domain import IconKind
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.appstream import catalog_import
from appcenter_qt.extract.appstream.catalog_import import import_catalog, is_catalog_file, sniff
from tests.extract.conftest import DATA, tags


def png(size: int, colour: str = "red") -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (size, size), colour).save(out, "PNG")
    return out.getvalue()


def tarball(path: Path, members: dict[str, bytes]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def compressed(tmp_path: Path, source: Path, name: str, how: str) -> Path:
    data = source.read_bytes()
    packed = {
        "gz": gzip.compress,
        "xz": lzma.compress,
        "zst": lambda d: zstandard.ZstdCompressor().compress(d),
        "none": lambda d: d,
    }[how](data)
    target = tmp_path / name
    target.write_bytes(packed)
    return target


@pytest.mark.parametrize("how", ["none", "gz", "xz", "zst"])
@pytest.mark.parametrize(
    ("sample", "kind"), [("sample.yml", "dep11"), ("sample.xml", "appstream-xml")]
)
def test_any_compression_and_misleading_names(tmp_path, how, sample, kind) -> None:
    path = compressed(tmp_path, DATA / sample, "catalog.data", how)  # no telling extension
    assert is_catalog_file(path)
    result = import_catalog(path)
    assert result.format == kind
    assert sorted(a.id for a in result.apps) == ["org.example.Editor", "org.example.Mines"]
    assert result.origin == "sample-main" and result.priority == 10
    assert result.components == 5


def test_metainfo_debs_and_directories_are_not_catalogs(tmp_path) -> None:
    metainfo = tmp_path / "org.example.App.metainfo.xml"
    metainfo.write_text(
        '<?xml version="1.0"?>\n<!-- c -->\n<component type="desktop"><id>a</id></component>'
    )
    deb = tmp_path / "x.deb"
    deb.write_bytes(b"!<arch>\ndebian-binary   ")
    assert not is_catalog_file(metainfo)
    assert not is_catalog_file(deb)
    assert not is_catalog_file(tmp_path)
    assert not is_catalog_file(tmp_path / "missing.yml")
    assert sniff(b"\xef\xbb\xbf<?xml version='1.0'?><components>") == "appstream-xml"
    assert sniff(b"---\nFile: DEP-11\n") == "dep11"
    with pytest.raises(ExtractError, match=r"x\.deb: not a DEP-11"):
        import_catalog(deb)
    with pytest.raises(ExtractError, match=r"missing\.yml"):
        import_catalog(tmp_path / "missing.yml")
    with pytest.raises(ExtractError, match="unknown catalog format"):
        import_catalog(DATA / "sample.yml", format="rpm-md")


def test_format_can_be_forced(tmp_path) -> None:
    odd = tmp_path / "odd.yml"
    odd.write_bytes(b"Type: desktop-application\nID: org.example.A\nName: {C: A}\n")
    assert not is_catalog_file(odd)  # no header, no document marker: not recognisable
    result = import_catalog(odd, format="dep11", origin="forced")
    assert [a.id for a in result.apps] == ["org.example.A"]
    assert result.origin == "forced"


def test_arch_comes_from_the_debian_file_name(tmp_path) -> None:
    path = compressed(tmp_path, DATA / "sample.yml", "Components-arm64.yml.gz", "gz")
    mines = next(a for a in import_catalog(path).apps if a.id == "org.example.Mines")
    assert {p.arch for p in mines.packages} == {"arm64"}


def test_truncated_gzip_keeps_complete_components(tmp_path) -> None:
    body = (DATA / "sample.yml").read_bytes()
    filler = b"".join(
        b"---\nType: desktop-application\nID: org.example.F%d\nName: {C: F%d}\n" % (n, n)
        for n in range(3000)
    )
    full = gzip.compress(body + filler)
    path = tmp_path / "Components-amd64.yml.gz"
    path.write_bytes(full[: len(full) // 2])
    result = import_catalog(path)
    assert "truncated-file" in tags(result)
    hint = next(h for h in result.hints if h.tag == "truncated-file")
    assert hint.source == "Components-amd64.yml.gz" and "truncated" in hint.message
    ids = [a.id for a in result.apps]
    assert "org.example.Mines" in ids and 0 < len(ids) < 3002
    numbers = [int(i[len("org.example.F") :]) for i in ids if i.startswith("org.example.F")]
    assert numbers == list(range(len(numbers)))  # a prefix, no hole, no half component


def test_truncated_xml_gzip(tmp_path) -> None:
    full = gzip.compress((DATA / "fedora-style.xml").read_bytes())
    path = tmp_path / "fedora.xml.gz"
    path.write_bytes(full[:-12])
    result = import_catalog(path)
    assert {"truncated-file", "malformed-xml"} & set(tags(result))


def test_flat_icon_tarballs_by_size_in_the_name(tmp_path) -> None:
    name = "example-mines_org.example.Mines.png"
    small = tarball(tmp_path / "icons-64x64.tar.gz", {name: png(64), "junk.txt": b"x"})
    hidpi = tarball(tmp_path / "icons-64x64@2.tar.gz", {name: png(128, "blue")})
    result = import_catalog(DATA / "sample.yml", icons=[small, hidpi])
    mines = next(a for a in result.apps if a.id == "org.example.Mines")
    cached = sorted((i.size, i.scale, i.path) for i in mines.icons if i.kind is IconKind.CACHED)
    assert cached == [(64, 1, f"64x64/{name}"), (64, 2, f"64x64@2/{name}")]
    assert set(result.icons) == {f"64x64/{name}", f"64x64@2/{name}"}
    assert Image.open(io.BytesIO(result.icons[f"64x64@2/{name}"])).size == (128, 128)


def test_sized_directories_and_missing_or_bad_icons(tmp_path) -> None:
    icons = tarball(
        tmp_path / "sample-fedora-icons.tar.gz",
        {
            "64x64/example-paint.png": png(64),
            "128x128/example-paint.png": b"not a png at all",
            "../64x64/evil.png": png(64),
        },
    )
    result = import_catalog(DATA / "fedora-style.xml", icons=[icons])
    paint = next(a for a in result.apps if a.id == "org.example.Paint.desktop")
    assert [i.path for i in paint.icons if i.kind is IconKind.CACHED] == ["64x64/example-paint.png"]
    assert "icon-not-png" in tags(result) and "icon-not-found" in tags(result)
    assert set(result.icons) == {"64x64/example-paint.png"}  # evil.png is not referenced


def test_without_icon_tarballs_cached_icons_are_dropped_once(tmp_path) -> None:
    result = import_catalog(DATA / "sample.yml")
    mines = next(a for a in result.apps if a.id == "org.example.Mines")
    assert {i.kind for i in mines.icons} == {IconKind.STOCK}
    assert tags(result).count("no-icon-tarball") == 1
    assert "icon-not-found" not in tags(result)


def test_corrupt_icon_tarball_is_reported(tmp_path) -> None:
    good = tarball(
        tmp_path / "icons-64x64.tar.gz", {"example-mines_org.example.Mines.png": png(64)}
    )
    cut = tmp_path / "icons-128x128.tar.gz"
    cut.write_bytes(good.read_bytes()[:30])
    result = import_catalog(DATA / "sample.yml", icons=[good, cut])
    assert "corrupt-icon-tarball" in tags(result)
    assert "64x64/example-mines_org.example.Mines.png" in result.icons


def test_worker_processes_give_the_same_result(tmp_path) -> None:
    docs = b"".join(
        b"---\nType: desktop-application\nID: org.example.W%d\nName: {C: W%d, de: W%d-de}\n"
        % (n, n, n)
        for n in range(700)
    )
    broken = b"---\nType: desktop-application\nID: org.example.W5\nName: {C: dup}\n---\nName: [\n"
    path = tmp_path / "Components-amd64.yml.gz"
    path.write_bytes(gzip.compress((DATA / "sample.yml").read_bytes() + docs + broken))
    one, two = import_catalog(path), import_catalog(path, workers=2)
    assert one.apps == two.apps and len(one.apps) == 702
    assert one.hints == two.hints
    assert {"duplicate-id", "malformed-yaml", "not-desktop-application"} <= set(tags(one))
    assert (one.components, one.origin, one.priority) == (two.components, "sample-main", 10)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("tarballs", ["none", "complete", "partial"])
def test_applications_prepared_in_the_parser_match_the_second_pass(
    tmp_path, monkeypatch, workers, tarballs
) -> None:
    # DEP-11 applications are scrubbed (and without tarballs stripped of cached icons) and
    # pickled where they are parsed; the result must be what the importer's own second pass
    # over plain applications gives: applications, icons, hints and their order.
    docs = b"".join(
        b"---\nType: desktop-application\nID: org.example.P%d\n"
        b'Name: {C: P%d, de: "P\xe2\x80\xae%d"}\n'
        b"Icon:\n  cached:\n  - {name: p%d.png, width: 64, height: 64}\n"
        b"  - {name: p%d.png, width: 128, height: 128}\n  stock: p%d\n" % ((n,) * 6)
        for n in range(300)
    )
    path = tmp_path / "Components-amd64.yml.gz"
    path.write_bytes(gzip.compress((DATA / "sample.yml").read_bytes() + docs))
    members = {f"p{n}.png": png(64) for n in range(0, 300, 1 if tarballs == "complete" else 3)}
    members["example-mines_org.example.Mines.png"] = png(64)
    icons = [] if tarballs == "none" else [tarball(tmp_path / "icons-64x64.tar.gz", members)]

    packed = import_catalog(path, icons=icons, workers=workers)
    monkeypatch.setattr(catalog_import, "PACK_DEP11", False)
    plain = import_catalog(path, icons=icons, workers=workers)
    assert packed.apps == plain.apps and len(plain.apps) == 302
    assert packed.hints == plain.hints
    assert packed.icons == plain.icons and list(packed.icons) == list(plain.icons)
    assert "bidi-control-stripped" in tags(plain)
    assert ("icon-not-found" in tags(plain)) == (tarballs == "partial")
