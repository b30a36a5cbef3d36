"""Resolving a pool catalog's cached icons (``localize_icons``): the icon cache's files
become ``LOCAL`` icons, the rest are dropped with one ``icon-not-cached`` hint. Records
parsed in worker processes are changed as they are read later, not rewritten at once: the
result must be what rewriting them gives, record for record, hints and counts included."""

from __future__ import annotations

from pathlib import Path

import pytest

from appcenter_qt.extract.app_spool import AppSpool, pixel_icon_count
from appcenter_qt.extract.appstream import catalog_import
from appcenter_qt.extract.appstream.catalog_import import import_catalog, localize_icons

_COMPONENT = """---
Type: desktop-application
ID: org.example.App{n}
Package: app{n}
Name:
  C: App {n}
Summary:
  C: Application number {n}
Icon:
  cached:
  - name: app{n}.png
    width: 64
    height: 64
  - name: app{n}.png
    width: 128
    height: 128
  stock: app{n}
"""


def _catalog(tmp_path: Path, count: int) -> Path:
    header = "File: DEP-11\nVersion: '0.12'\nOrigin: test-main\n"
    body = "".join(_COMPONENT.format(n=n) for n in range(count))
    path = tmp_path / "Components-amd64.yml"
    path.write_text("---\n" + header + body)
    return path


def _lookup(origin: str, member: str) -> str | None:
    """64 px icons of even-numbered apps are on this machine; the rest are not."""
    size, _, name = member.partition("/")
    number = int(name.removeprefix("app").removesuffix(".png"))
    if size == "64x64" and number % 2 == 0:
        return f"/var/lib/app-info/icons/{origin}/{member}"
    return None


@pytest.mark.parametrize("workers", [1, 2])
def test_records_changed_as_read_equal_records_rewritten(tmp_path: Path, workers: int) -> None:
    path = _catalog(tmp_path, 600)  # more than one batch: parsed in worker processes too
    lazy = import_catalog(path, keep_cached_icons=True, workers=workers)
    eager = import_catalog(path, keep_cached_icons=True, workers=workers)
    assert lazy.cached_icons is not None and len(lazy.cached_icons) == 600
    eager.cached_icons = None  # as a result from before: every record rewritten
    localize_icons(lazy, _lookup)
    localize_icons(eager, _lookup)
    assert isinstance(lazy.apps, AppSpool) and lazy.apps.amended
    assert list(lazy.apps) == list(eager.apps)
    assert [lazy.apps[n] for n in (0, 1, 599)] == [eager.apps[n] for n in (0, 1, 599)]
    assert lazy.hints == eager.hints
    assert pixel_icon_count(lazy.apps) == pixel_icon_count(eager.apps) == 300
    # the 64 px file found: a local icon; the 128 px one is not cached here: dropped
    assert [(i.kind.value, i.size) for i in lazy.apps[0].icons] == [("local", 64), ("stock", 0)]
    assert [(i.kind.value, i.size) for i in lazy.apps[1].icons] == [("stock", 0)]
    assert any(h.tag == "icon-not-cached" for h in lazy.hints)


def test_the_import_keeps_the_paths_only_where_they_are_resolved_later(tmp_path: Path) -> None:
    path = _catalog(tmp_path, 3)
    assert import_catalog(path).cached_icons is None  # resolved while reading
    kept = import_catalog(path, keep_cached_icons=True)
    assert kept.cached_icons == [("64x64/app0.png", "128x128/app0.png")] + [
        (f"64x64/app{n}.png", f"128x128/app{n}.png") for n in (1, 2)
    ]
    assert catalog_import.PACK_DEP11  # the paths come with the packed records
