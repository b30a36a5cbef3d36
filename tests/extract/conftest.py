"""Helpers shared by the import tests: parse sample files with the real readers."""

from __future__ import annotations

import io
from pathlib import Path

from appcenter_qt.domain import Application
from appcenter_qt.extract.appstream.appstream_xml import AppStreamXmlReader
from appcenter_qt.extract.appstream.dep11 import Dep11Reader
from appcenter_qt.extract.result import ExtractResult

DATA = Path(__file__).resolve().parent.parent / "data" / "imports"


def read_dep11(data: bytes | Path, source: str = "Components-test.yml", **kwargs):
    result = ExtractResult()
    raw = data.read_bytes() if isinstance(data, Path) else data
    reader = Dep11Reader(io.BytesIO(raw), source, result, **kwargs)
    apps = list(reader)
    return {app.id: app for app in apps}, result, reader


def read_xml(data: bytes | Path, source: str = "test.xml", **kwargs):
    result = ExtractResult()
    raw = data.read_bytes() if isinstance(data, Path) else data
    reader = AppStreamXmlReader(io.BytesIO(raw), source, result, **kwargs)
    apps = list(reader)
    return {app.id: app for app in apps}, result, reader


def tags(result: ExtractResult) -> list[str]:
    return [hint.tag for hint in result.hints]


def by_id(apps: list[Application]) -> dict[str, Application]:
    return {app.id: app for app in apps}
