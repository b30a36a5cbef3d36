"""The Installed page's scan of desktop files skips a file whose name is not UTF-8 (logged
escaped) and keeps the one beside it."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from appcenter_qt.extract.pool.installed_desktop import scan_applications
from tests.extract import samples


def test_a_desktop_file_name_not_utf8_is_skipped(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    applications = tmp_path / "applications"
    applications.mkdir()
    (applications / "good.desktop").write_text(samples.desktop("Good", "good"))
    with open(os.fsencode(applications) + b"/bad\xff.desktop", "w") as handle:
        handle.write(samples.desktop("Bad", "bad"))
    with caplog.at_level(logging.INFO, logger="appcenter_qt.extract.pool.installed_desktop"):
        found = scan_applications([applications])
    assert [d.desktop_id for d in found] == ["good.desktop"]
    assert [r.getMessage() for r in caplog.records] == [
        f"{applications}/bad\\xff.desktop: file name is not valid UTF-8, skipped"
    ]
