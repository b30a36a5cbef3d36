"""The HTML report's parts without a run: cleaning untrusted text, safe file names and
links, the state file (missing, corrupt, foreign) and the comparison with it, and the bar
chart layout. The whole report on real packages: tests/cli/test_generate_html_report*.py."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from appcenter_qt.domain import Application, LocalizedText
from appcenter_qt.extract.readers.units import PackageInfo
from appcenter_qt.extract.result import Hint
from appcenter_qt.generator.composition import UnitOutcome
from appcenter_qt.generator.reports.html.chart import bar_chart
from appcenter_qt.generator.reports.html.model import clean, collect, file_name, slug, web_url
from appcenter_qt.generator.reports.html.state import Previous, compare, load_state, state_bytes

SAFE_NAME = re.compile(r"[a-z0-9][a-z0-9._+-]*-[0-9a-f]{12}\.html")


def test_clean_removes_controls_bidi_and_surrogates_and_cuts() -> None:
    assert clean("a\x00b\x1bc\u202ed\u2066e\tf\ng") == "a\ufffdb\ufffdc\ufffdd\ufffde\tf\ng"
    assert clean("file-\udcff.deb") == "file-\\udcff.deb"
    clean("file-\udcff.deb").encode("utf-8")  # writable as UTF-8
    assert clean("x" * 50, 10) == "x" * 9 + "…"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://example.org/a.png", "https://example.org/a.png"),
        (" http://example.org/ ", "http://example.org/"),
        ("javascript:alert(1)", None),
        ("JavaScript:alert(1)", None),
        ("data:text/html,<script>", None),
        ("file:///etc/passwd", None),
        ("//example.org/a.png", None),
        ('https://example.org/"onmouseover="alert(1)', None),
        ("https://example.org/a b", None),
        ("https://" + "a" * 3000, None),
    ],
)
def test_only_web_urls_become_links(url: str, expected: str | None) -> None:
    assert web_url(url) == expected


@pytest.mark.parametrize(
    "label",
    [
        "<script>alert(1)</script>",
        "../../../etc/passwd",
        "..",
        ".",
        "",
        "/",
        ".hidden",
        "é☃",
        "a/b\\c",
    ],
)
def test_file_names_are_safe_whatever_the_label(label: str) -> None:
    name = file_name(label, label, suffix=".html")
    assert SAFE_NAME.fullmatch(name), name
    assert "/" not in name and not name.startswith(".")


def test_file_names_differ_by_identity_not_label() -> None:
    assert file_name("a", "one", suffix=".html") != file_name("a", "two", suffix=".html")
    assert slug("GNOME Mines 40") == "gnome-mines-40"


def _unit(name: str, apps: list[str], *hints: Hint, failed: bool = False) -> UnitOutcome:
    info = PackageInfo(name, "1.0", "all", name) if not failed else None
    source = f"deb:{name}_1.0_all.deb"
    return UnitOutcome(source, f"/p/{name}.deb", info, apps, list(hints), failed, 100, 0.1, "o")


def _app(app_id: str) -> Application:
    return Application(id=app_id, name=LocalizedText.untranslated(app_id.title()))


def _site(units: list[UnitOutcome], apps: list[str]):
    return collect(
        units, [_app(a) for a in apps], run_origin="o", created_at="T", generator_version="v"
    )


def test_state_round_trip_and_changes() -> None:
    first = _site(
        [
            _unit("good", ["org.good"]),
            _unit("gone", ["org.gone"]),
            _unit("later-broken", ["org.later"]),
            _unit("was-broken", [], Hint("x", "icon-not-found", "icon not found: y")),
        ],
        ["org.good", "org.gone", "org.later"],
    )
    state = json.loads(state_bytes(first))
    assert state["origins"]["o"]["packages"]["was-broken:all"] == {
        "broken": True,
        "status": "not-application",
    }
    previous = Previous(state["origins"], state["created_at"])
    second = _site(
        [
            _unit("good", ["org.good"]),
            _unit("later-broken", [], Hint("x", "icon-not-found", "icon not found: z")),
            _unit("was-broken", ["org.fixed"]),
            _unit("new", [], Hint("x", "no-desktop-file")),
        ],
        ["org.good", "org.fixed"],
    )
    assert compare(second, previous) == []
    changes = second.origins[0].changes
    assert [app_id for app_id, _package in changes.new_apps] == ["org.fixed"]
    assert changes.removed_apps == [
        ("org.gone", "gone:all", "package removed"),
        ("org.later", "later-broken:all", "package broken"),
    ]
    assert [p.key for p in changes.newly_broken] == ["later-broken:all"]
    assert [p.key for p in changes.fixed] == ["was-broken:all"]
    assert [p.key for p in changes.new_packages] == ["new:all"]
    assert changes.removed_packages == ["gone:all"]
    # an origin the previous run had and this one has not is named
    assert compare(_site([], []), previous) == ["o"]


def test_a_failed_or_error_input_is_broken_an_info_reason_is_not() -> None:
    site = _site(
        [
            _unit("corrupt", [], Hint("x", "corrupt-archive", "bad"), failed=True),
            _unit("library", [], Hint("x", "no-desktop-file")),
            _unit("app-with-error", ["org.a"], Hint("x", "metainfo-invalid-xml", "bad")),
        ],
        ["org.a"],
    )
    broken = {p.label: p.broken for p in site.packages}
    assert broken == {"deb:corrupt_1.0_all.deb": True, "library": False, "app-with-error": True}


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "not found (first run)"),
        (b"{", "corrupt"),
        (b"\xff\xfe\x00", "corrupt"),
        (b"[]", "not a report state of format 1"),
        (b'{"format": 2, "origins": {}}', "not a report state of format 1 (format 2)"),
        (b'{"format": 1}', "unexpected content"),
        (b'{"format": 1, "origins": {"o": {"applications": [], "packages": {}}}}', "unexpected"),
        (b'{"format": 1, "origins": {"o": {"applications": {}, "packages": {"p": {}}}}}', "unex"),
        (b"[" * 100_000 + b"]" * 100_000, "corrupt"),
    ],
)
def test_a_bad_previous_state_is_no_previous_run(tmp_path: Path, content, problem) -> None:
    path = tmp_path / "state.json"
    if content is not None:
        path.write_bytes(content)
    previous = load_state(path)
    assert previous.origins is None
    assert previous.problem.startswith("state.json: ") and problem in previous.problem


def test_a_fifo_or_directory_as_state_is_no_previous_run(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    assert "a FIFO" in load_state(tmp_path / "fifo").problem  # and it did not hang
    (tmp_path / "dir").mkdir()
    assert load_state(tmp_path / "dir").origins is None


def test_bar_chart_layout() -> None:
    chart = bar_chart(
        "c",
        "title",
        "description",
        [
            ("a", 1000, "error", "a: 1000"),
            ("b", 1, "warning", "b: 1"),
            ("c", 0, "info", "c: 0"),
            ("a-very-long-tag-name-that-does-not-fit-the-label-column", 500, "info", "long"),
        ],
        width=400,
        label_width=120,
    )
    widths = [bar.width for bar in chart.bars]
    assert widths[0] == chart.track_width and widths[3] == chart.track_width / 2
    assert widths[1] == 2.0  # never invisible
    assert widths[2] == 0.0
    assert chart.bars[3].label.endswith("…") and len(chart.bars[3].label) < 20
    assert [bar.y for bar in chart.bars] == sorted({bar.y for bar in chart.bars})
    assert chart.height >= chart.bars[-1].y + 18
    assert bar_chart("e", "t", "d", []).bars == ()


def test_a_large_input_shows_its_first_applications_and_counts_all(monkeypatch) -> None:
    from appcenter_qt.generator.reports.html import model

    monkeypatch.setattr(model, "MAX_APPS_PER_PAGE", 2)
    ids = [f"org.example.App{n}" for n in range(5)]
    site = _site([_unit("catalog", ids)], [*ids, "org.example.Unclaimed"])
    (package,) = site.packages
    assert [app.id for app in package.apps] == ids[:2]
    assert site.origins[0].applications == sorted(ids)
    assert site.applications == 5
