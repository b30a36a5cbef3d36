"""The parse cache of ``appcenter-generate --system`` is keyed on what the parse depends on:
re-extracting the pool's icon directories (what ``appstreamcli refresh --force`` does) keeps
every entry, a changed catalog file does not, and a run from the cache writes the same
catalog and report as a run that parses everything."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sqlite3
from pathlib import Path

from tests.cli.test_generate_system import run
from tests.extract.samples import png
from tests.system_pools import MAIN_ORIGIN, make_pool

CACHE = ".parse-cache"
ICONS = f"var/lib/swcatalog/icons/{MAIN_ORIGIN}"


def entries(out: Path) -> dict[str, tuple[int, int]]:
    """Each cache entry's name → (inode, mtime): an entry written again gets a new inode."""
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in (out / CACHE).glob("*.pickle")}


def dump(out: Path) -> list[str]:
    with sqlite3.connect(out / "appcenter.sqlite") as db:
        return list(db.iterdump())


def key_colour(out: Path, app_id: str) -> str:
    with sqlite3.connect(out / "appcenter.sqlite") as db:
        found = db.execute(
            "SELECT c.color FROM colors c JOIN applications a ON a.id = c.application_id"
            " WHERE a.app_id = ? AND c.kind = 'key'",
            (app_id,),
        ).fetchone()
    return str(found[0]) if found else ""


def report(out: Path) -> object:
    data = json.loads((out / "report.json").read_text())
    data.pop("created_at")
    for unit in data["inputs"]:
        unit.pop("seconds", None)
    return data


def re_extract(
    root: Path, *, kcalc: bool = True, kcalc_rgba: tuple[int, ...] = (0, 90, 0, 255)
) -> None:
    """The icon cache removed and written again: same files, new inodes and mtimes."""
    shutil.rmtree(root / ICONS)
    (root / ICONS / "64x64").mkdir(parents=True)
    (root / ICONS / "128x128").mkdir()
    (root / ICONS / "64x64/example-mines_org.example.Mines.png").write_bytes(png(64))
    (root / ICONS / "128x128/example-mines_org.example.Mines.png").write_bytes(png(128))
    if kcalc:
        (root / ICONS / "64x64/kcalc_org.kde.kcalc.png").write_bytes(png(64, kcalc_rgba))
    (root / ICONS / "64x64/example-broken_org.example.Broken.png").write_bytes(b"")


def same_as_a_fresh_parse(root: Path, out: Path, fresh: Path) -> None:
    shutil.rmtree(fresh, ignore_errors=True)
    assert run(root, fresh, "--no-cache").returncode == 0
    assert dump(out) == dump(fresh)  # first the readable difference, if any
    assert report(out) == report(fresh)
    for name in ("appcenter.sqlite", "report.json", "icons.tar"):  # then every byte
        assert (out / name).read_bytes() == (fresh / name).read_bytes(), name


def test_re_extracted_icons_keep_the_parse_a_changed_catalog_does_not(tmp_path: Path) -> None:
    root = tmp_path / "root"
    dep11 = make_pool(root)
    out = tmp_path / "out"
    assert run(root, out).returncode == 0
    first = entries(out)
    assert len(first) == 2  # the DEP-11 file and the vendor's XML
    same_as_a_fresh_parse(root, out, tmp_path / "fresh")

    re_extract(root)
    os.utime(root / ICONS, ns=(1, 1))  # and the directory's own mtime moved, too
    assert run(root, out).returncode == 0
    assert entries(out) == first  # both hits: nothing parsed or written again
    same_as_a_fresh_parse(root, out, tmp_path / "fresh")

    # the key colours are kept by icon content: a changed icon gets its own colour
    assert key_colour(out, "org.kde.kcalc.desktop") == "#005a00"
    re_extract(root, kcalc_rgba=(200, 30, 30, 255))
    assert run(root, out).returncode == 0
    assert key_colour(out, "org.kde.kcalc.desktop") == "#c81e1e"
    same_as_a_fresh_parse(root, out, tmp_path / "fresh")

    # the icons are looked up after the cache: one that went away is seen on a hit
    re_extract(root, kcalc=False)
    result = run(root, out)
    assert result.returncode == 0
    assert entries(out) == first
    with sqlite3.connect(out / "appcenter.sqlite") as db:
        paths = [row[0] for row in db.execute("SELECT path FROM icons") if row[0]]
    assert not any("kcalc" in path for path in paths)
    assert any("example-mines" in path for path in paths)
    hints = [h for unit in report(out)["inputs"] for h in unit["hints"]]  # type: ignore[index]
    assert any(h["tag"] == "icon-not-cached" and "2 at 64x64" in h["message"] for h in hints)
    same_as_a_fresh_parse(root, out, tmp_path / "fresh")

    # a changed catalog file is parsed again (its entry replaced), the XML's entry is kept
    text = gzip.decompress(dep11.read_bytes()).replace(b"C: KCalc", b"C: KCalx")
    dep11.write_bytes(gzip.compress(text, mtime=0))
    assert run(root, out).returncode == 0
    now = entries(out)
    assert len(now) == 2 and len(set(now) & set(first)) == 1
    assert set(now.values()) & set(first.values()) == {first[next(iter(set(now) & set(first)))]}
    assert "KCalx" in "\n".join(dump(out))
    same_as_a_fresh_parse(root, out, tmp_path / "fresh")
