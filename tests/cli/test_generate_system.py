"""``appcenter-generate --system --root``: a small pool (DEP-11 + vendor XML + installed
desktop files + dpkg database) becomes one catalog, published as one set, and bad pool
entries are named in the report without losing the good ones."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.domain import IconKind
from appcenter_qt.extract.appstream.icon_archive import IconArchive
from tests.cli.generate_runner import run_generate, run_generate_process
from tests.system_pools import DEP11_NAME, MAIN_ORIGIN, VENDOR_ORIGIN, make_pool


def run(
    root: Path, output: Path, *args: str, process: bool = False
) -> subprocess.CompletedProcess[str]:
    """``appcenter-generate --system --root ROOT --output OUTPUT ARGS``, in this process
    (tests/cli/generate_runner.py) unless ``process``."""
    runner = run_generate_process if process else run_generate
    return runner(
        *("--system", "--root", str(root), "--output", str(output), *args),
        env={"XDG_DATA_DIRS": "/usr/local/share:/usr/share"},
    )


def test_system_catalog_from_a_small_pool(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    out = tmp_path / "out"
    result = run(root, out)
    assert result.returncode == 0, result.stderr
    # the summary counts what the catalog got, catalog inputs included
    # 2 + 1 + 1 local icons from the pool's caches, 2 + 2 rendered for installed-only apps
    assert "6 applications, 8 icons" in result.stdout, result.stdout
    assert f"origins: {MAIN_ORIGIN}, {VENDOR_ORIGIN}" in result.stdout
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        ids = sorted(app.id for app in catalog.list())
        assert ids == [
            "com.vendor.Studio",
            "com.vendor.Tool",
            "handmade",
            "org.example.Broken",
            "org.example.Mines.desktop",
            "org.kde.kcalc.desktop",
        ]
        meta = catalog.meta()
        assert meta["origin"] == f"{MAIN_ORIGIN};{VENDOR_ORIGIN}"
        assert meta["pool_root"] == str(root.resolve())
        assert len(meta["pool_fingerprint"]) == 32

        mines = catalog.get("org.example.Mines.desktop")
        assert mines is not None
        # the catalog record wins over the installed desktop file's name
        assert mines.name.values["C"] == "Mines"
        assert mines.name.values.get("ca@valencia") == "Mines valencianes"
        local = [icon for icon in mines.icons if icon.kind is IconKind.LOCAL]
        assert sorted((i.size, i.path) for i in local) == [
            (
                64,
                f"/var/lib/swcatalog/icons/{MAIN_ORIGIN}/64x64/example-mines_org.example.Mines.png",
            ),
            (
                128,
                f"/var/lib/swcatalog/icons/{MAIN_ORIGIN}/128x128/example-mines_org.example.Mines.png",
            ),
        ]
        assert {p.origin for p in mines.packages} == {MAIN_ORIGIN}
        studio = catalog.get("com.vendor.Studio")
        assert studio is not None and {p.origin for p in studio.packages} == {VENDOR_ORIGIN}

        # installed applications no catalog lists: owned by their package, or by none
        tool = catalog.get("com.vendor.Tool")
        assert tool is not None and tool.name.values["de"] == "Herstellerwerkzeug"
        assert [(p.name, p.version) for p in tool.packages] == [("vendor-tool", "3.2.1")]
        assert any(icon.kind is IconKind.CACHED for icon in tool.icons)
        handmade = catalog.get("handmade")
        assert handmade is not None and handmade.packages == ()

    # the icons the pool already has are not copied; only rendered ones are in the archive
    archive = IconArchive(out / "icons.tar")
    assert sorted(archive.members()) == [
        "128x128/com.vendor.Tool.png",
        "128x128/handmade.png",
        "64x64/com.vendor.Tool.png",
        "64x64/handmade.png",
    ]
    # one set, switched through one symlink
    assert os.readlink(out / "appcenter.sqlite") == "current/appcenter.sqlite"
    assert (out / "current").is_symlink()
    assert os.path.realpath(out / "icons.tar") == os.path.realpath(out / "current" / "icons.tar")


def test_bad_pool_entries_are_reported_and_the_good_ones_kept(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    yaml_dir = root / "var/lib/swcatalog/yaml"
    os.mkfifo(yaml_dir / "fifo_Components-amd64.yml")
    (yaml_dir / "corrupt_Components-arm64.yml.gz").write_bytes(b"\x1f\x8b\x08\x00garbage")
    # a second origin claims an id the first already has
    (root / "var/cache/swcatalog/xml/zz-other.xml").write_text(
        '<?xml version="1.0"?><components version="0.16" origin="other-repo">'
        '<component type="desktop-application"><id>com.vendor.Studio</id>'
        "<name>Imposter Studio</name><summary>Same id, other origin</summary>"
        "<pkgname>imposter</pkgname></component></components>"
    )
    out = tmp_path / "out"
    result = run(root, out, "--report", str(tmp_path / "report.json"))
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    hints = [
        (entry["input"], hint["source"], hint["tag"], hint["message"])
        for entry in report["inputs"]
        for hint in entry["hints"]
    ]
    text = json.dumps(hints)
    assert "/var/lib/swcatalog/yaml/fifo_Components-amd64.yml" in text
    assert "not a regular file" in text
    assert "corrupt_Components-arm64.yml.gz" in text
    assert "example-broken_org.example.Broken.png" in text and "empty file" in text
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        ids = {app.id for app in catalog.list()}
        assert {"org.example.Mines.desktop", "com.vendor.Studio", "com.vendor.Tool"} <= ids
        studio = catalog.get("com.vendor.Studio")
        assert studio is not None
        # one application, both origins' packages; the first catalog found supplies the text
        assert studio.name.values["C"] == "Vendor Studio"
        assert {p.origin for p in studio.packages} == {VENDOR_ORIGIN, "other-repo"}
    merged = [h for h in hints if h[2] == "merged" and "com.vendor.Studio" in json.dumps(h)]
    assert merged, "the report says which origin won"


def test_a_failed_run_leaves_the_published_set_intact(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    out = tmp_path / "out"
    assert run(root, out).returncode == 0
    published = os.path.realpath(out / "appcenter.sqlite")
    before = Path(published).read_bytes()
    # the next run cannot even start its set: another run (process) holds the lock
    import fcntl

    with open(out / ".lock", "r+") as lock:
        fcntl.lockf(lock, fcntl.LOCK_EX)
        blocked = run(root, out, process=True)
    assert blocked.returncode == 2
    assert blocked.stderr.strip().endswith("another run is writing here")
    assert len(blocked.stderr.strip().splitlines()) == 1
    assert os.path.realpath(out / "appcenter.sqlite") == published
    assert Path(published).read_bytes() == before


def test_stale_sets_and_temp_files_of_killed_runs_are_removed(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    out = tmp_path / "out"
    assert run(root, out).returncode == 0
    # what a kill -9 leaves behind, plus a file that is not ours
    (out / ".set-1-1").mkdir()
    (out / ".set-1-1" / "appcenter.sqlite").write_bytes(b"half")
    (out / ".appcenter.sqlite.abc123.tmp").write_bytes(b"half")
    (out / "notes.txt").write_text("keep me")
    assert run(root, out).returncode == 0
    names = sorted(p.name for p in out.iterdir())
    assert ".set-1-1" not in names and ".appcenter.sqlite.abc123.tmp" not in names
    assert "notes.txt" in names
    assert len([n for n in names if n.startswith(".set-")]) == 2  # current and the previous


def test_system_refuses_inputs(tmp_path: Path) -> None:
    result = run(tmp_path, tmp_path / "out", str(tmp_path / DEP11_NAME))
    assert result.returncode == 2
    assert "--system takes no INPUT" in result.stderr


def test_screenshot_service_is_off_unless_configured(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root, installed=False)
    assert run(root, tmp_path / "off").returncode == 0
    template = "https://screenshots.example.org/screenshot/{package}"
    assert run(root, tmp_path / "on", "--screenshot-service", template).returncode == 0
    with Catalog(tmp_path / "off" / "appcenter.sqlite", "C") as catalog:
        kcalc = catalog.get("org.kde.kcalc.desktop")
        assert kcalc is not None and kcalc.screenshots == ()
    with Catalog(tmp_path / "on" / "appcenter.sqlite", "C") as catalog:
        kcalc = catalog.get("org.kde.kcalc.desktop")
        assert kcalc is not None
        assert [i.url for s in kcalc.screenshots for i in s.images] == [
            "https://screenshots.example.org/screenshot/kcalc"
        ]
    refused = run(root, tmp_path / "bad", "--screenshot-service", "http://x.example.org/{package}")
    assert refused.returncode == 2 and "must be an https:// URL" in refused.stderr


def test_unchanged_catalog_files_are_not_parsed_again(tmp_path: Path) -> None:
    """The parse cache is keyed by the file's name, size, mtime and inode: an in-place rewrite
    that keeps all four is (deliberately) not seen, any real change is."""
    root = tmp_path / "root"
    dep11 = make_pool(root, vendor=False, installed=False)
    out = tmp_path / "out"
    assert run(root, out).returncode == 0
    assert len(list((out / ".parse-cache").glob("*.pickle"))) == 1
    before = dep11.stat()
    import gzip

    text = gzip.decompress(dep11.read_bytes()).replace(b"C: KCalc", b"C: KCalx")
    data = gzip.compress(text, mtime=0)
    with dep11.open("r+b") as handle:  # same inode
        handle.write(data)
        handle.truncate()
    os.utime(dep11, ns=(before.st_atime_ns, before.st_mtime_ns))
    same_size = dep11.stat().st_size == before.st_size
    assert run(root, out).returncode == 0
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        kcalc = catalog.get("org.kde.kcalc.desktop")
        assert kcalc is not None
        assert kcalc.name.values["C"] == ("KCalc" if same_size else "KCalx")
    os.utime(dep11, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))
    assert run(root, out).returncode == 0
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        kcalc = catalog.get("org.kde.kcalc.desktop")
        assert kcalc is not None and kcalc.name.values["C"] == "KCalx"
    assert len(list((out / ".parse-cache").glob("*.pickle"))) == 1  # the old entry is gone
    fresh = run(root, tmp_path / "fresh", "--no-cache")
    assert fresh.returncode == 0 and not (tmp_path / "fresh" / ".parse-cache").exists()


def test_merge_components_apply_across_pool_files_and_are_reported(tmp_path: Path) -> None:
    """A distribution's merge file (another catalog in the pool) changes an application of
    the main catalog; one naming no application is reported for its own file."""
    root = tmp_path / "root"
    make_pool(root, installed=False)
    (root / "var/cache/swcatalog/xml/zz-fixes.xml").write_text(
        '<?xml version="1.0"?><components version="0.16" origin="fixes">'
        '<component merge="append"><id>org.kde.kcalc.desktop</id>'
        "<categories><category>Science</category></categories></component>"
        '<component merge="remove-component"><id>org.example.NoSuchApp</id></component>'
        "</components>"
    )
    out = tmp_path / "out"
    result = run(root, out)
    assert result.returncode == 0, result.stderr
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        kcalc = catalog.get("org.kde.kcalc")
        assert kcalc is not None and "Science" in kcalc.categories
    report = json.loads((out / "report.json").read_text())
    tags = {
        (Path(entry["input"]).name, hint["tag"])
        for entry in report["inputs"]
        for hint in entry["hints"]
    }
    assert ("zz-fixes.xml", "merge-unmatched") in tags
    assert any(tag == "merge-applied" for _name, tag in tags)


def test_data_dirs_with_nothing_new_are_not_composed(tmp_path: Path) -> None:
    """Every installed desktop file is described by a catalog (or is hidden): the data
    directories' icon themes are not read at all."""
    root = tmp_path / "root"
    make_pool(root)
    (root / "usr/share/applications/com.vendor.Tool.desktop").unlink()
    (root / "usr/local/share/applications/handmade.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Hidden\nExec=x\nIcon=x\nNoDisplay=true\n"
    )
    out = tmp_path / "out"
    assert run(root, out).returncode == 0
    report = json.loads((out / "report.json").read_text())
    assert not [u for u in report["inputs"] if u["source"].startswith("datadir:")]
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        assert {a.id for a in catalog.list()} == {
            "com.vendor.Studio",
            "org.example.Broken",
            "org.example.Mines.desktop",
            "org.kde.kcalc.desktop",
        }


def test_addons_of_the_pool_are_on_their_applications_pages(tmp_path: Path) -> None:
    """An add-on of the main catalog (extending ``org.example.Mines``, whose id has
    ``.desktop``) and those of another pool file: stored under the application's id, never
    as applications; one extending an application the pool lacks is a hint for its file."""
    root = tmp_path / "root"
    make_pool(root, installed=False)
    (root / "var/cache/swcatalog/xml/zz-addons.xml").write_text(
        '<?xml version="1.0"?><components version="0.16" origin="extras">'
        '<component type="addon"><id>org.kde.kcalc.Units</id><name>More units</name>'
        "<extends>org.kde.kcalc.desktop</extends><pkgname>kcalc-units</pkgname></component>"
        '<component type="addon"><id>org.example.Gone.Plugin</id><name>Orphan</name>'
        "<extends>org.example.Gone</extends><pkgname>gone-plugin</pkgname></component>"
        "</components>"
    )
    out = tmp_path / "out"
    result = run(root, out)
    assert result.returncode == 0, result.stderr
    with Catalog(out / "appcenter.sqlite", "C") as catalog:
        ids = {app.id for app in catalog.list()}
        assert not {"org.example.Mines.Themes", "org.kde.kcalc.Units"} & ids
        mines = catalog.get("org.example.Mines.desktop")
        kcalc = catalog.get("org.kde.kcalc.desktop")
        assert mines is not None and kcalc is not None
        assert [(a.id, a.packages) for a in catalog.addons(mines)] == [
            ("org.example.Mines.Themes", ("example-mines-themes",))
        ]
        assert [a.id for a in catalog.addons(kcalc)] == ["org.kde.kcalc.Units"]
    report = json.loads((out / "report.json").read_text())
    found = [
        (Path(entry["input"]).name, hint["severity"], hint["message"])
        for entry in report["inputs"]
        for hint in entry["hints"]
        if hint["tag"] == "addon-unmatched"
    ]
    assert found == [
        (
            "zz-addons.xml",
            "info",
            "add-on of org.example.Gone, which the catalog does not have; skipped",
        )
    ]
