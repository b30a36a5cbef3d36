"""Reading a Debian Contents file in blocks: only the lines under the directories that can
make an application are decoded, wherever the block boundaries fall."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.repository import FileLists, debian

LINES = [
    "usr/bin/mines                                     games/gnome-mines",
    "usr/share/applications/org.gnome.Mines.desktop    games/gnome-mines",
    "usr/share/doc/gnome-mines/copyright               games/gnome-mines",
    "usr/share/icons/hicolor/48x48/apps/calc.png       kde/kcalc,misc/calc-art",
    "/usr/share/metainfo/org.example.Tool.xml          misc/tool",
    "usr/share/pixmaps/old.xpm                          misc/old-art",
    "usr/share/icons/hicolor/index.theme               misc/hicolor-icon-theme",
    "usr/share/applicationsX/not-one.desktop           misc/impostor",
]


def _read(tmp_path: Path, text: str) -> FileLists:
    path = tmp_path / "Contents-amd64.gz"
    path.write_bytes(gzip.compress(text.encode(), mtime=0))
    lists = FileLists()
    debian.read_contents(path, "dists/s/main/Contents-amd64.gz", lists)
    return lists


@pytest.mark.parametrize("block", [7, 64, 4 * 1024 * 1024])
@pytest.mark.parametrize("final_newline", [True, False])
def test_the_same_lists_whatever_the_block_size(tmp_path, monkeypatch, block, final_newline):
    monkeypatch.setattr(debian, "_BLOCK", block)
    lists = _read(tmp_path, "\n".join(LINES) + ("\n" if final_newline else ""))
    assert lists.candidates == {"gnome-mines", "tool"}
    assert lists.icons == {"calc": {"kcalc", "calc-art"}, "old": {"old-art"}}


def test_a_corrupt_contents_file_is_named(tmp_path):
    path = tmp_path / "Contents-amd64.gz"
    path.write_bytes(gzip.compress(("\n".join(LINES) * 50).encode())[:60])
    with pytest.raises(ExtractError, match=r"^dists/s/main/Contents-amd64.gz: corrupt index"):
        debian.read_contents(path, "dists/s/main/Contents-amd64.gz", FileLists())
