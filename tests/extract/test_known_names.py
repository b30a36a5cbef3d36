"""Which desktop files a pool catalog describes: the system build skips those when it reads
the data directories. The names (id, desktop file id, aliases) come noted with each record
from where it was parsed, so knowing them reads no application; they must be the names the
records themselves give."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from appcenter_qt.extract.app_spool import AppSpool
from appcenter_qt.extract.appstream.catalog_import import app_names, import_catalog
from appcenter_qt.generator.system_build import _known_ids

_COMPONENT = """---
Type: desktop-application
ID: org.example.App{n}{suffix}
Package: app{n}
Name:
  C: App {n}
Summary:
  C: Application number {n}
Launchable:
  desktop-id:
  - {launcher}
Provides:
  ids:
  - old.example.app{n}.desktop
Replaces:
- id: older.example.App{n}
"""


def _catalog(tmp_path: Path, count: int) -> Path:
    header = "File: DEP-11\nVersion: '0.14'\nOrigin: test-main\n"
    body = "".join(
        _COMPONENT.format(
            n=n,
            suffix=".desktop" if n % 3 == 0 else "",
            launcher=f"launch-{n}.desktop" if n % 2 else f"org.example.App{n}.desktop",
        )
        for n in range(count)
    )
    path = tmp_path / "Components-amd64.yml"
    path.write_text("---\n" + header + body)
    return path


@pytest.mark.parametrize("workers", [1, 2])
def test_the_noted_names_are_the_records_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: int
) -> None:
    result = import_catalog(
        _catalog(tmp_path, 600), keep_cached_icons=True, workers=workers
    )  # more than one batch: parsed in worker processes too
    read = [app_names(app) for app in result.apps]
    assert result.known_names == read
    assert any(len(names) >= 3 for names in read)  # desktop file ids and aliases are there
    # as a result from before the notes: the names read from the records
    expected = _known_ids([dataclasses.replace(result, known_names=None)])
    assert "launch-1.desktop" in expected and "old.example.app0.desktop" in expected

    def unread(*_args: object) -> None:
        raise AssertionError("an application was read")

    monkeypatch.setattr(AppSpool, "__iter__", unread)
    monkeypatch.setattr(AppSpool, "__getitem__", unread)
    assert _known_ids([result]) == expected
