"""The system build's parse cache is keyed by the parsers' code: an edit anywhere below
``extract/`` (its subpackages included, where the AppStream parsers live) must change the key,
or a rebuild would reuse applications parsed by older code."""

from __future__ import annotations

import shutil
from pathlib import Path

import appcenter_qt
from appcenter_qt.generator.parse_cache import code_fingerprint, parser_fingerprint

PACKAGE = Path(appcenter_qt.__file__).resolve().parent


def _copy(tmp_path: Path) -> Path:
    package = tmp_path / "appcenter_qt"
    for folder in ("extract", "domain"):
        shutil.copytree(PACKAGE / folder, package / folder, ignore=shutil.ignore_patterns("*.pyc"))
    return package


def test_fingerprint_follows_the_parsers_in_subpackages(tmp_path: Path) -> None:
    package = _copy(tmp_path)
    before = code_fingerprint(package)
    assert before == parser_fingerprint()
    dep11 = package / "extract" / "appstream" / "dep11.py"
    dep11.write_text(dep11.read_text() + "\n# changed\n")
    assert code_fingerprint(package) != before


def test_fingerprint_ignores_the_generator(tmp_path: Path) -> None:
    package = _copy(tmp_path)
    (package / "generator").mkdir()
    (package / "generator" / "engine.py").write_text("# not a parser\n")
    assert code_fingerprint(package) == parser_fingerprint()
