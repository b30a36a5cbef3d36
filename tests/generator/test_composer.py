"""The composer end to end over real built packages: merge rules, cross-package theme icons,
reasons for everything that is not an application, hostile inputs, determinism."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from appcenter_qt.domain import IconKind, Package
from appcenter_qt.extract.readers import InputKind, sniff
from appcenter_qt.generator.composer import Composer, Job
from appcenter_qt.generator.reports.report import (
    decisive_hint,
    report_json,
    status_of,
    summary_lines,
)
from appcenter_qt.generator.unit_scan import scan_unit
from tests.extract import samples
from tests.extract.hostile import build_hostile_inputs
from tests.extract.packages import build_deb, build_rpm, needs_dpkg, needs_rpmbuild

pytestmark = [needs_dpkg, needs_rpmbuild]


def jobs_for(paths: list[Path]) -> list[Job]:
    return [Job(n, sniff(p) or InputKind.TREE, str(p)) for n, p in enumerate(sorted(paths))]


@pytest.fixture(scope="module")
def desktop_set(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    d = tmp_path_factory.mktemp("set")
    return [
        build_deb(d, "gnome-mines", samples.mines_files(), arch="amd64", source="gnome-mines"),
        build_deb(d, "kcalc", samples.kcalc_files(), compression="zstd"),
        build_deb(d, "adwaita-icon-theme", samples.theme_files(), compression="gzip"),
        build_deb(d, "hello", samples.hello_files()),
        build_rpm(d, "settings", samples.settings_files(), compression="zstd"),
    ]


def by_package(composition):
    return {unit.info.name: unit for unit in composition.units if unit.info}


@pytest.mark.parametrize("workers", [1, 2])
def test_applications_and_reasons(desktop_set: list[Path], workers: int) -> None:
    composition = Composer(sizes=(64, 128), origin="test", workers=workers).compose(
        jobs_for(desktop_set)
    )
    apps = {app.id: app for app in composition.apps}
    assert sorted(apps) == ["org.gnome.Mines", "org.kde.kcalc"]
    mines = apps["org.gnome.Mines"]
    assert mines.name.values == {"C": "Mines", "de": "Minen", "fr": "Mines"}
    assert mines.summary.get(("de",)) == "Minen räumen"  # metainfo wins over Comment[de]
    assert mines.description.values["C"] == "Mines is a puzzle game.\n\n• Three sizes\n• Flags"
    assert mines.description.values["de"] == "Minen ist ein Denkspiel.\n\n• Drei Größen"
    assert mines.developer == "The GNOME Project" and mines.project_license == "GPL-3.0-or-later"
    assert mines.screenshots[0].default and mines.screenshots[0].caption.get(("de",)) == (
        "Ein laufendes Spiel"
    )
    assert mines.packages[0].name == "gnome-mines" and mines.packages[0].origin == "test"
    assert mines.packages[0].arch == "amd64"
    assert mines.provenance == "deb:gnome-mines_1.0-1_amd64.deb"
    kcalc = apps["org.kde.kcalc"]
    assert kcalc.summary.get(("de",)) == "Wissenschaftlicher Taschenrechner"
    assert [(i.kind, i.size) for i in kcalc.icons] == [
        (IconKind.CACHED, 64),
        (IconKind.CACHED, 128),
        (IconKind.STOCK, 0),
    ]
    # The 64 px icon is Adwaita's PNG (green, via a symlink in the theme package).
    icon64 = Image.open(io.BytesIO(composition.icons["64x64/org.kde.kcalc.png"]))
    assert icon64.size == (64, 64) and icon64.getpixel((32, 32)) == (0, 90, 0, 255)
    icon128 = Image.open(io.BytesIO(composition.icons["128x128/org.kde.kcalc.png"]))
    assert icon128.size == (128, 128) and icon128.getpixel((64, 64))[:3] == (0x30, 0x60, 0xC0)
    mines64 = Image.open(io.BytesIO(composition.icons["64x64/org.gnome.Mines.png"]))
    assert mines64.getpixel((32, 32)) == (200, 30, 30, 255)  # own 128 px PNG, scaled down

    units = by_package(composition)
    assert status_of(units["hello"]) == "not-application"
    assert decisive_hint(units["hello"]).message == "no desktop file"
    assert decisive_hint(units["settings"]).tag == "desktop-nodisplay"
    assert decisive_hint(units["adwaita-icon-theme"]).tag == "no-desktop-file"
    assert units["kcalc"].app_ids == ["org.kde.kcalc"]


def test_icon_not_found_names_the_icon(desktop_set: list[Path]) -> None:
    without_theme = [p for p in desktop_set if "adwaita" not in p.name]
    composition = Composer().compose(jobs_for(without_theme))
    kcalc = by_package(composition)["kcalc"]
    assert kcalc.app_ids == []
    hint = decisive_hint(kcalc)
    assert (hint.tag, hint.message) == ("icon-not-found", "icon not found: accessories-calculator")


def test_deterministic_across_worker_counts(desktop_set: list[Path]) -> None:
    one = Composer(workers=1).compose(jobs_for(desktop_set))
    two = Composer(workers=2).compose(jobs_for(desktop_set))
    assert one.apps == two.apps and one.icons == two.icons
    assert report_json(one)["inputs"] == report_json(two)["inputs"]


def test_duplicate_ids_keep_one(tmp_path: Path) -> None:
    a = build_deb(tmp_path, "mines-a", samples.mines_files())
    b = build_deb(tmp_path, "mines-b", samples.mines_files())
    composition = Composer().compose(jobs_for([b, a]))
    assert [app.packages[0].name for app in composition.apps] == ["mines-a"]
    loser = by_package(composition)["mines-b"]
    assert loser.app_ids == [] and decisive_hint(loser).tag == "duplicate-id"


def test_metainfo_without_desktop_and_console_apps(tmp_path: Path) -> None:
    meta = samples.MINES_METAINFO
    console = meta.replace('type="desktop-application"', 'type="console-application"').replace(
        "org.gnome.Mines", "org.example.Tool"
    )
    deb = build_deb(
        tmp_path,
        "meta-only",
        {
            "usr/share/metainfo/org.gnome.Mines.metainfo.xml": meta,
            "usr/share/metainfo/org.example.Tool.metainfo.xml": console,
        },
    )
    unit = Composer().compose(jobs_for([deb])).units[0]
    assert sorted(h.tag for h in unit.hints) == [
        "metainfo-without-desktop-file",
        "no-desktop-file",
        "not-desktop-application",
    ]
    assert decisive_hint(unit).tag == "metainfo-without-desktop-file"


def test_absolute_icon_path_and_pixmaps(tmp_path: Path) -> None:
    files = samples.app_files(
        "org.example.Pix",
        samples.desktop("Pix", "/usr/share/pixmaps/pix.xpm"),
        {"usr/share/pixmaps/pix.xpm": _xpm()},
    )
    files["usr/share/applications/legacy.desktop"] = samples.desktop("Legacy", "legacy.png")
    files["usr/share/pixmaps/legacy.png"] = samples.png(32)
    composition = Composer(sizes=(64,)).compose(jobs_for([build_deb(tmp_path, "pix", files)]))
    assert [app.id for app in composition.apps] == ["legacy", "org.example.Pix"]
    assert sorted(composition.icons) == ["64x64/legacy.png", "64x64/org.example.Pix.png"]


def _xpm() -> bytes:
    return (
        b'/* XPM */\nstatic char *x[] = {\n"4 4 2 1",\n"a c #FF0000",\n"b c None",\n'
        b'"aaaa",\n"abba",\n"abba",\n"aaaa"\n};\n'
    )


def test_tree_input(tmp_path: Path) -> None:
    root = tmp_path / "root"
    for name, content in samples.mines_files().items():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode() if isinstance(content, str) else content)
    composition = Composer().compose([Job(0, InputKind.TREE, str(root))])
    assert [app.id for app in composition.apps] == ["org.gnome.Mines"]
    assert composition.apps[0].provenance == "tree:root"


def test_hostile_inputs_each_get_a_reason(tmp_path: Path) -> None:
    expected = build_hostile_inputs(tmp_path / "bad")
    before = sorted(p.name for p in tmp_path.iterdir())
    composition = Composer(workers=2).compose(jobs_for(list((tmp_path / "bad").iterdir())))
    report = report_json(composition)
    got = {
        Path(unit["input"]).name: (unit["status"], unit["reason_tag"] or "")
        for unit in report["inputs"]
    }
    assert got == expected
    units = {Path(unit["input"]).name: unit for unit in report["inputs"]}
    traversal_tags = sorted(h["tag"] for h in units["traversal_1_all.deb"]["hints"])
    assert traversal_tags[:3] == ["absolute-path", "desktop-not-application", "path-traversal"]
    assert "symlink-outside" in traversal_tags
    bomb = units["png-bomb_1.0-1_all.deb"]["reason"]
    assert "image too large: 20000×20000" in bomb
    assert "entities" in units["svg-xxe_1.0-1_all.deb"]["reason"]
    markup_hints = {h["tag"] for h in units["markup-name_1.0-1_all.deb"]["hints"]}
    assert markup_hints == {"desktop-markup-in-name", "desktop-exec-shell-metacharacters"}
    app = next(a for a in composition.apps if a.id == "org.example.Markup")
    assert app.name.get() == "<b>Bold</b><img src=x onerror=alert(1)>"  # stored as plain text
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert not Path("/tmp/evil.desktop").exists()
    text = "\n".join(summary_lines(report))
    assert "corrupt archive" in text and "icon rejected" in text and "failed: " in text


def scan_or_crash(job: Job, sizes: tuple[int, ...], origin: str):
    """Fault injection: the worker dies outright (as a crashing C decoder would)."""
    if job.path.endswith("crash"):
        os._exit(3)
    return scan_unit(job, sizes, origin)


def test_a_crashing_worker_loses_only_its_input(desktop_set: list[Path], tmp_path: Path) -> None:
    crash = tmp_path / "crash"
    crash.write_bytes(b"x")
    jobs = [*jobs_for(desktop_set), Job(len(desktop_set), InputKind.DEB, str(crash))]
    composer = Composer(workers=2)
    scans = composer._map(scan_or_crash, [(job, (64,), "") for job in jobs], "scan")
    assert [scan.job for scan in scans] == jobs
    assert scans[-1].failed and [h.tag for h in scans[-1].hints] == ["internal-error"]
    assert not any(scan.failed for scan in scans[:-1])
    assert sum(len(scan.drafts) for scan in scans) == 2


def test_absolute_icon_path_from_a_data_package(tmp_path: Path) -> None:
    app = build_deb(
        tmp_path,
        "game",
        {
            "usr/share/applications/game.desktop": samples.desktop(
                "Game", "/usr/share/pixmaps/g.png"
            )
        },
    )
    data = build_deb(tmp_path, "game-data", {"usr/share/pixmaps/g.png": samples.png(64)})
    composition = Composer(sizes=(64,)).compose(jobs_for([app, data]))
    assert [(a.id, [i.path for i in a.icons]) for a in composition.apps] == [
        ("game", ["64x64/game.png"])
    ]


def test_theme_packages_scanned_last_hold_the_needed_icons(
    desktop_set: list[Path], tmp_path: Path
) -> None:
    theme = next(p for p in desktop_set if "adwaita" in p.name)
    scan = scan_unit(
        Job(0, InputKind.DEB, str(theme)), (64,), "", frozenset({"accessories-calculator"})
    )
    assert sorted(scan.held) == [
        "usr/share/icons/Adwaita/64x64/legacy/accessories-calculator.png",
        "usr/share/icons/Adwaita/scalable/apps/accessories-calculator.svg",
        "usr/share/icons/breeze/apps/48/accessories-calculator.svg",
    ]
    # The name-based guess only saves time: a theme under another name gives the same output.
    renamed = tmp_path / "zz-artwork_1_all.deb"
    renamed.write_bytes(theme.read_bytes())
    others = [p for p in desktop_set if p != theme]
    guessed = Composer().compose(jobs_for([*others, theme]))
    unguessed = Composer().compose(jobs_for([*others, renamed]))
    assert guessed.apps == unguessed.apps and guessed.icons == unguessed.icons
    assert len(guessed.apps) == 2


@pytest.mark.parametrize("compression", ["gzip", "xz", "zstd", "bzip2"])
def test_rpm_application_with_svgz_icon(tmp_path: Path, compression: str) -> None:
    import gzip

    files = samples.app_files(
        "org.example.Rpm",
        samples.desktop("Rpm App", "org.example.Rpm", "OnlyShowIn=KDE;\n"),
        {
            "usr/share/icons/hicolor/scalable/apps/org.example.Rpm.svgz": gzip.compress(
                samples.SVG.encode()
            )
        },
    )
    rpm = build_rpm(tmp_path, "rpm-app", files, compression=compression, release="2.fc40")
    composition = Composer(sizes=(64,)).compose(jobs_for([rpm]))
    (app,) = composition.apps
    assert (app.id, app.name.get(), app.only_show_in) == ("org.example.Rpm", "Rpm App", ("KDE",))
    assert app.packages[0].version == "1.0-2.fc40" and app.packages[0].arch == "noarch"
    assert app.provenance == f"rpm:{rpm.name}"
    image = Image.open(io.BytesIO(composition.icons["64x64/org.example.Rpm.png"]))
    assert image.size == (64, 64) and image.getpixel((32, 32))[:3] == (0x30, 0x60, 0xC0)


def test_tree_with_dpkg_database_names_the_real_package(tmp_path: Path) -> None:
    root = tmp_path / "root"
    for name, content in samples.mines_files().items():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode() if isinstance(content, str) else content)
    info = root / "var/lib/dpkg/info"
    info.mkdir(parents=True)
    (info / "gnome-mines:amd64.list").write_text(
        "/.\n/usr/games/gnome-mines\n/usr/share/applications/org.gnome.Mines.desktop\n"
    )
    (info / "evil.list").symlink_to("/etc/passwd")
    (root / "var/lib/dpkg/status").write_text(
        "Package: gnome-mines\nStatus: install ok installed\nArchitecture: amd64\n"
        "Source: gnome-mines (1:40.1-1)\nVersion: 1:40.1-1\n\n"
        "Package: hello\nStatus: install ok installed\nVersion: 2.10-3\n"
    )
    composition = Composer().compose([Job(0, InputKind.TREE, str(root))])
    (app,) = composition.apps
    assert app.packages[0] == Package("gnome-mines", "1:40.1-1", "amd64", "", "gnome-mines")
    assert app.provenance == "tree:root"
