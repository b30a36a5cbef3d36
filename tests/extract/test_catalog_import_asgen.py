"""Cross-checks against the reference tools on real producer output.

A tiny Debian repository is built in the test (packages by ``dpkg-deb``, ``Packages`` by
``dpkg-scanpackages``), the real **appstream-generator** turns it into DEP-11 and icon
tarballs, and we import that. The result is compared with what went into the packages, with
libappstream's own reading of the same file (``appstreamcli convert`` to catalog XML, which
``appstreamcli validate`` accepts and which we import again), and, when the package
extractor is available, with our own extractor run on the same ``.deb`` files.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import lzma
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import IconKind
from appcenter_qt.extract.appstream.catalog_import import import_catalog, is_catalog_file
from appcenter_qt.extract.appstream.icon_archive import write_icon_archive
from appcenter_qt.generator.merge import merge

TOOLS = ("appstream-generator", "appstreamcli", "dpkg-deb", "dpkg-scanpackages")
pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS),
    reason=f"needs {', '.join(TOOLS)} (Debian packages appstream-generator, appstream, dpkg-dev)",
)

#: What goes into the packages: package → (id, C name, translated names, summary, categories)
APPS = {
    "example-mines": (
        "org.example.Mines",
        "Mines",
        {"de": "Minen", "fr": "Mines (fr)"},
        "Clear hidden mines",
        ("Game", "LogicGame"),
    ),
    "example-paint": (
        "org.example.Paint",
        "Paint",
        {"de": "Malen"},
        "Draw pictures",
        ("Graphics", "2DGraphics"),
    ),
}


def _metainfo(app_id: str, name: str, names: dict[str, str], summary: str, cats) -> str:
    translated = "".join(f'  <name xml:lang="{k}">{v}</name>\n' for k, v in names.items())
    categories = "".join(f"<category>{c}</category>" for c in cats)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{app_id}</id>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>GPL-3.0-or-later</project_license>
  <name>{name}</name>
{translated}  <summary>{summary}</summary>
  <summary xml:lang="de">{summary} (de)</summary>
  <description><p>{name} is an application built by the import cross-check test.</p>
    <ul><li>First point</li><li>Second point</li></ul></description>
  <launchable type="desktop-id">{app_id}.desktop</launchable>
  <developer_name>Example Developers</developer_name>
  <url type="homepage">https://example.org/{app_id}</url>
  <content_rating type="oars-1.1"/>
  <categories>{categories}</categories>
  <keywords><keyword>test</keyword><keyword>{name.lower()}</keyword></keywords>
</component>
"""


def _build_deb(root: Path, pool: Path, package: str) -> Path:
    app_id, name, names, summary, cats = APPS[package]
    tree = root / package
    (tree / "DEBIAN").mkdir(parents=True)
    (tree / "DEBIAN/control").write_text(
        f"Package: {package}\nVersion: 1.0-1\nArchitecture: amd64\n"
        f"Maintainer: Test <test@example.org>\nDescription: {summary}\n Test package.\n"
    )
    applications = tree / "usr/share/applications"
    applications.mkdir(parents=True)
    desktop_names = "".join(f"Name[{k}]={v}\n" for k, v in names.items())
    (applications / f"{app_id}.desktop").write_text(
        f"[Desktop Entry]\nType=Application\nName={name}\n{desktop_names}Comment={summary}\n"
        f"Exec={package}\nIcon={app_id}\nCategories={';'.join(cats)};\n"
    )
    metainfo = tree / "usr/share/metainfo"
    metainfo.mkdir(parents=True)
    (metainfo / f"{app_id}.metainfo.xml").write_text(_metainfo(app_id, name, names, summary, cats))
    for size in (64, 128):
        icons = tree / f"usr/share/icons/hicolor/{size}x{size}/apps"
        icons.mkdir(parents=True)
        Image.new("RGBA", (size, size), (200, 30, 30, 255)).save(icons / f"{app_id}.png")
    # appstream-generator lists a package's files from DEBIAN/md5sums, as dh_md5sums writes it
    sums = [
        f"{hashlib.md5(path.read_bytes()).hexdigest()}  {path.relative_to(tree)}\n"  # noqa: S324
        for path in sorted(tree.rglob("*"))
        if path.is_file() and "DEBIAN" not in path.parts
    ]
    (tree / "DEBIAN/md5sums").write_text("".join(sums))
    deb = pool / f"{package}_1.0-1_amd64.deb"
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(tree), str(deb)],
        check=True,
        capture_output=True,
    )
    return deb


def _write_packages_index(archive: Path, suite: str) -> None:
    """The suite's ``main/binary-amd64/Packages.xz``, as dpkg-scanpackages lists ``pool/main``:
    the archive layout appstream-generator reads."""
    listing = subprocess.run(
        ["dpkg-scanpackages", "--arch", "amd64", "pool/main", "/dev/null"],
        cwd=archive,
        check=True,
        capture_output=True,
    ).stdout
    binary = archive / f"dists/{suite}/main/binary-amd64"
    binary.mkdir(parents=True)
    (binary / "Packages.xz").write_bytes(lzma.compress(listing))


@pytest.fixture(scope="module")
def asgen_output(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("asgen")
    archive = base / "archive"
    pool = archive / "pool/main"
    pool.mkdir(parents=True)
    debs = [_build_deb(base / "build", pool, package) for package in APPS]
    _write_packages_index(archive, "test")
    workspace = base / "workspace"
    workspace.mkdir()
    features = {
        "noDownloads": True,
        "optimizePNGSize": False,
        "processFonts": False,
        "processGStreamer": False,
        "processLocale": False,
        "metadataTimestamps": False,
        "screenshotVideos": False,
    }
    config = {
        "ProjectName": "ImportTest",
        "ArchiveRoot": str(archive),
        "MediaBaseUrl": "https://media.example.org/importtest",
        "Backend": "debian",
        "Features": features,
        "Suites": {"test": {"sections": ["main"], "architectures": ["amd64"]}},
        "Icons": {"64x64": {"cached": True, "remote": False}, "128x128": {"cached": True}},
    }
    (workspace / "asgen-config.json").write_text(json.dumps(config))
    run = subprocess.run(
        ["appstream-generator", "run", "test", "-w", str(workspace)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    data = workspace / "export/data/test/main"
    assert run.returncode == 0, run.stdout + run.stderr
    assert (data / "Components-amd64.yml.gz").is_file(), run.stdout + run.stderr
    xml = base / "Components-amd64.xml"  # the arch comes from the Debian file name
    subprocess.run(
        ["appstreamcli", "convert", str(data / "Components-amd64.yml.gz"), str(xml)],
        check=True,
        capture_output=True,
    )
    return {"data": data, "xml": xml, "base": base, **{d.name: d for d in debs}}


def _icons(data: Path) -> list[Path]:
    return sorted(data.glob("icons-*.tar.gz"))


def test_generator_output_is_recognised_and_imports(asgen_output) -> None:
    data = asgen_output["data"]
    catalog = data / "Components-amd64.yml.gz"
    assert is_catalog_file(catalog)
    result = import_catalog(catalog, icons=_icons(data))
    assert result.format == "dep11"
    assert [h for h in result.hints if h.severity == "error"] == []
    assert result.origin == "importtest-test-main"
    apps = {app.id: app for app in result.apps}
    assert sorted(apps) == sorted(entry[0] for entry in APPS.values())
    for package, (app_id, name, names, summary, cats) in APPS.items():
        app = apps[app_id]
        assert app.name.values == {"C": name, **names}
        assert app.summary.values == {"C": summary, "de": f"{summary} (de)"}
        assert app.description.values["C"].endswith("• First point\n• Second point")
        assert app.categories == cats
        assert [(p.name, p.arch, p.origin) for p in app.packages] == [
            (package, "amd64", "importtest-test-main")
        ]
        assert app.desktop_id == f"{app_id}.desktop"
        cached = {icon.size: icon for icon in app.icons if icon.kind is IconKind.CACHED}
        assert {64, 128} <= set(cached)
        for size in (64, 128):
            pixels = result.icons[cached[size].path]
            assert Image.open(io.BytesIO(pixels)).size == (size, size)


def test_libappstream_reads_the_same_file_the_same_way(asgen_output, tmp_path) -> None:
    """Our DEP-11 import and our XML import of appstreamcli's conversion give equal rows."""
    xml = asgen_output["xml"]
    validation = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(xml)], capture_output=True, text=True
    )
    assert validation.returncode == 0, validation.stdout
    assert is_catalog_file(xml)
    data = asgen_output["data"]
    rows = []
    for name, path in (("yaml", data / "Components-amd64.yml.gz"), ("xml", xml)):
        out = tmp_path / name
        out.mkdir()
        merged = merge([import_catalog(path, icons=_icons(data))])
        with CatalogWriter(out / "appcenter.sqlite", origin="test") as writer:
            merged.write_to(writer)
        write_icon_archive(out / "icons.tar", merged.icons)
        db = sqlite3.connect(out / "appcenter.sqlite")
        rows.append(
            [
                db.execute(
                    "SELECT a.app_id, t.locale, t.name, t.summary, t.description, t.keywords "
                    "FROM texts t JOIN applications a ON a.id = t.application_id ORDER BY 1, 2"
                ).fetchall(),
                db.execute("SELECT * FROM icons ORDER BY 1, 2, 3, 4").fetchall(),
                db.execute("SELECT * FROM categories ORDER BY 1, 2").fetchall(),
                db.execute("SELECT name, arch, origin FROM packages ORDER BY 1").fetchall(),
                (out / "icons.tar").read_bytes(),
            ]
        )
        with Catalog(out / "appcenter.sqlite", locale="fr_FR") as catalog:
            assert catalog.get("org.example.Mines").name.get(("fr",)) == "Mines (fr)"
    assert rows[0] == rows[1]
    assert len(rows[0][0]) == 5  # Mines: C, de, fr; Paint: C, de


@pytest.mark.skipif(
    importlib.util.find_spec("appcenter_qt.generator.composer") is None,
    reason="the package extractor (appcenter_qt.generator.composer) is not on this branch yet",
)
def test_same_applications_as_our_own_extractor(asgen_output) -> None:
    from appcenter_qt.extract.readers import InputKind
    from appcenter_qt.generator.composer import Composer, Job

    debs = sorted(path for key, path in asgen_output.items() if key.endswith(".deb"))
    ours = {
        app.id: app
        for app in Composer(origin="importtest-test-main")
        .compose([Job(n, InputKind.DEB, str(deb)) for n, deb in enumerate(debs)])
        .apps
    }
    data = asgen_output["data"]
    theirs = {
        app.id: app
        for app in import_catalog(data / "Components-amd64.yml.gz", icons=_icons(data)).apps
    }
    assert sorted(ours) == sorted(theirs)
    for app_id, app in theirs.items():
        mine = ours[app_id]
        assert mine.name.values == app.name.values
        assert mine.summary.get() == app.summary.get()
        assert mine.categories == app.categories
        assert mine.package_names == app.package_names
        sizes = {i.size for i in app.icons if i.kind is IconKind.CACHED}
        assert {i.size for i in mine.icons if i.kind is IconKind.CACHED} <= sizes


# -- real Debian packages ----------------------------------------------------------------------
REAL_PACKAGES = ("gnome-mines", "gnome-sudoku")
#: appstream-generator drops desktop-environment/toolkit categories; our extractor keeps them.
DESKTOP_CATEGORIES = frozenset({"GNOME", "GTK", "KDE", "Qt", "XFCE", "LXQt", "MATE", "DDE"})


def _strip_appstreamcli_prefix(url: str, base: str) -> str:
    """``appstreamcli convert`` 0.16.1 prefixes *absolute* screenshot URLs with the media base
    (``https://media…/https://upstream…``); undo exactly that, nothing else."""
    prefix = base.rstrip("/") + "/"
    rest = url.removeprefix(prefix)
    return rest if rest != url and rest.startswith(("https://", "http://")) else url


@pytest.fixture(scope="module")
def real_repo(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("real")
    download = base / "download"
    download.mkdir()
    download.chmod(0o777)  # apt's download user must be able to write here
    fetched = subprocess.run(
        ["apt-get", "download", *REAL_PACKAGES],
        cwd=download,
        capture_output=True,
        text=True,
        timeout=300,
    )
    debs = sorted(download.glob("*.deb"))
    if fetched.returncode != 0 or len(debs) != len(REAL_PACKAGES):
        pytest.skip(f"apt-get download {' '.join(REAL_PACKAGES)} failed: {fetched.stderr[-300:]}")
    archive = base / "archive"
    pool = archive / "pool/main"
    pool.mkdir(parents=True)
    for deb in debs:
        shutil.copy(deb, pool / deb.name.replace("%3a", "_"))
    _write_packages_index(archive, "real")
    workspace = base / "workspace"
    workspace.mkdir()
    config = {
        "ProjectName": "Real",
        "ArchiveRoot": str(archive),
        "MediaBaseUrl": "https://media.example.org/real",
        "Backend": "debian",
        "Features": {
            "noDownloads": True,
            "optimizePNGSize": False,
            "processFonts": False,
            "processGStreamer": False,
            "processLocale": False,
            "metadataTimestamps": False,
            "screenshotVideos": False,
        },
        "Suites": {"real": {"sections": ["main"], "architectures": ["amd64"]}},
        "Icons": {"64x64": {"cached": True, "remote": False}, "128x128": {"cached": True}},
    }
    (workspace / "asgen-config.json").write_text(json.dumps(config))
    run = subprocess.run(
        ["appstream-generator", "run", "real", "-w", str(workspace)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    data = workspace / "export/data/real/main"
    assert run.returncode == 0 and (data / "Components-amd64.yml.gz").is_file(), run.stdout
    xml = base / "Components-amd64.xml"
    subprocess.run(
        ["appstreamcli", "convert", str(data / "Components-amd64.yml.gz"), str(xml)],
        check=True,
        capture_output=True,
    )
    return {"data": data, "xml": xml, "pool": pool}


@pytest.mark.integration
def test_real_debian_packages_through_appstream_generator(real_repo) -> None:
    """gnome-mines and gnome-sudoku from the Debian archive: dozens of locales, SVG icons
    rendered by appstream-generator, upstream screenshot URLs."""
    data = real_repo["data"]
    yaml_import = import_catalog(data / "Components-amd64.yml.gz", icons=_icons(data))
    xml_import = import_catalog(real_repo["xml"], icons=_icons(data))
    assert [h for h in yaml_import.hints if h.severity == "error"] == []
    ours = {app.id: app for app in yaml_import.apps}
    theirs = {app.id: app for app in xml_import.apps}
    assert sorted(ours) == ["org.gnome.Mines", "org.gnome.Sudoku"] == sorted(theirs)
    for app_id, app in ours.items():
        other = theirs[app_id]
        assert len(app.name.values) > 30  # real translations came through
        for field in ("name", "summary", "description", "keywords", "categories", "icons"):
            assert getattr(app, field) == getattr(other, field), (app_id, field)
        assert app.package_names == other.package_names
        assert [[(i.url, i.thumbnail) for i in shot.images] for shot in app.screenshots] == [
            [
                (_strip_appstreamcli_prefix(i.url, xml_import.media_base_url), i.thumbnail)
                for i in shot.images
            ]
            for shot in other.screenshots
        ]
        cached = [i for i in app.icons if i.kind is IconKind.CACHED]
        assert {i.size for i in cached} >= {64, 128}
        for icon in cached:
            assert Image.open(io.BytesIO(yaml_import.icons[icon.path])).size == (
                icon.size,
                icon.size,
            )


@pytest.mark.integration
@pytest.mark.skipif(
    importlib.util.find_spec("appcenter_qt.generator.composer") is None,
    reason="the package extractor (appcenter_qt.generator.composer) is not on this branch yet",
)
def test_real_packages_same_applications_as_our_extractor(real_repo) -> None:
    """Our extractor on the same real .debs finds the same applications. Known, intended
    differences: it keeps desktop-environment categories (``GNOME``, ``GTK``) and adds the
    desktop file's translations of the name; every locale appstream-generator has must agree."""
    from appcenter_qt.extract.readers import InputKind
    from appcenter_qt.generator.composer import Composer, Job

    debs = sorted(real_repo["pool"].glob("*.deb"))
    composed = Composer(origin="real").compose(
        [Job(n, InputKind.DEB, str(deb)) for n, deb in enumerate(debs)]
    )
    ours = {app.id: app for app in composed.apps}
    data = real_repo["data"]
    theirs = {
        app.id: app
        for app in import_catalog(data / "Components-amd64.yml.gz", icons=_icons(data)).apps
    }
    assert sorted(ours) == sorted(theirs)
    for app_id, app in theirs.items():
        mine = ours[app_id]
        for locale, name in app.name.values.items():
            assert mine.name.values.get(locale) == name, (app_id, locale)
        assert mine.summary.get() == app.summary.get()
        assert mine.description.get() == app.description.get()
        assert tuple(c for c in mine.categories if c not in DESKTOP_CATEGORIES) == app.categories
        assert mine.package_names == app.package_names
        assert {i.size for i in mine.icons if i.kind is IconKind.CACHED} <= {
            i.size for i in app.icons if i.kind is IconKind.CACHED
        }


def test_sizes_without_a_tarball_are_dropped_quietly(asgen_output) -> None:
    """Given only the 64×64 tarball, the 48/128 icons go without a warning per application,
    with one info hint; a size whose tarball was given but lacks the icon still warns."""
    data = asgen_output["data"]
    result = import_catalog(data / "Components-amd64.yml.gz", icons=[data / "icons-64x64.tar.gz"])
    tags = [h.tag for h in result.hints]
    assert "icon-not-found" not in tags
    (info,) = [h for h in result.hints if h.tag == "no-icon-tarball"]
    assert "2 at 128x128" in info.message and "2 at 48x48" in info.message
    for app in result.apps:
        assert [i.size for i in app.icons if i.kind is IconKind.CACHED] == [64]
