"""``appcenter-generate --html-report DIR`` on real packages built with dpkg-deb: the pages
are parsed (lxml) to check counts, chart bars, links that resolve, the changes since the
previous run, hostile package names, every input mode, and that the catalog does not
change by a byte."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from appcenter_qt.catalog.publish import current_set
from tests.cli.generate_runner import run_generate
from tests.cli.html_report_pages import (
    broken_links,
    by_class,
    chart_bars,
    ids,
    package_page,
    page,
    pages,
    pool,
    texts,
)
from tests.extract import samples
from tests.extract.packages import needs_dpkg

pytestmark = [needs_dpkg]
ORIGIN = "test-main"
OUTPUTS = ("appcenter.sqlite", "icons.tar", "report.json")


def generate(*args: str) -> subprocess.CompletedProcess[str]:
    result = run_generate("-j", "1", *args)
    assert result.returncode == 0, result.stderr
    return result


def origin_section(index, origin: str = ORIGIN):
    (section,) = by_class(index, "origin", "section")
    heading = section.xpath(".//h2")[0].text_content()
    assert heading == origin
    return section


def site_files(site: Path) -> dict[str, bytes]:
    real = current_set(site)
    assert real is not None
    return {
        str(path.relative_to(real)): path.read_bytes()
        for path in sorted(real.rglob("*"))
        if path.is_file()
    }


def test_first_run_counts_charts_pages_and_links(tmp_path: Path) -> None:
    debs = pool(tmp_path / "debs")
    site = tmp_path / "site"
    result = generate(
        "--origin", ORIGIN, "-o", str(tmp_path / "out"), "--html-report", str(site), str(debs)
    )
    assert f"html report: {site / 'index.html'} (9 pages, 2 icons)" in result.stdout
    assert "no previous run to compare with: state.json: not found (first run)" in result.stderr
    report = json.loads((tmp_path / "out" / "report.json").read_text())

    index = page(site / "index.html")
    assert index.get_element_by_id("total-applications").text_content() == "2"
    assert index.get_element_by_id("total-inputs").text_content() == "6"
    assert index.get_element_by_id("total-broken").text_content() == "2"  # kcalc, corrupt
    assert "not found (first run)" in index.get_element_by_id("no-previous-run").text_content()
    section = origin_section(index)
    assert texts(by_class(section, "applications")) == ["2"]
    assert texts(by_class(section, "inputs")) == ["6"]

    # the charts: one bar per severity and per tag met, with its count written beside it
    (severity_figure,) = by_class(section, "severity-chart", "figure")
    severity = chart_bars(severity_figure)
    assert severity == {
        "errors": (1, severity["errors"][1], "error"),
        "warnings": (1, severity["warnings"][1], "warning"),
        "information": (2, severity["information"][1], "info"),
    }
    assert severity["information"][1] > severity["errors"][1] > 0  # scaled to the largest
    (tag_figure,) = by_class(section, "tag-chart", "figure")
    tags = chart_bars(tag_figure)
    expected = {tag: 0 for tag in report["reasons"]}
    for unit in report["inputs"]:
        for hint in unit["hints"]:
            expected[hint["tag"]] += 1
    assert {tag: count for tag, (count, _w, _c) in tags.items()} == expected
    assert tags["corrupt-archive"][2] == "error" and tags["icon-not-found"][2] == "warning"
    assert next(iter(tags)) == "corrupt-archive"  # the worst first
    svg = tag_figure.xpath(".//svg")[0]
    assert svg.get("role") == "img"
    labelled = svg.get("aria-labelledby").split()
    assert labelled and set(labelled) <= ids(index)
    assert "Hints by tag" in svg.xpath("./title")[0].text_content()

    # the attention list: the broken inputs first, with their reason
    attention = texts(by_class(section, "attention", "table")[0].xpath(".//tbody/tr"))
    assert [row.split()[0] for row in attention] == ["deb:corrupt_1.0_all.deb", "kcalc"]
    assert "icon not found: accessories-calculator" in attention[1]

    # one page per input, each reachable; every link of every page resolves
    assert len(list((site / "packages").iterdir())) == 6
    assert broken_links(site) == []

    # a package page: hints with tag, severity and the hint table's explanation
    kcalc = package_page(site, "kcalc")
    (row,) = by_class(kcalc, "hint", "tr")
    cells = [" ".join(cell.text_content().split()) for cell in row.iter("td")]
    assert cells[:4] == [
        "warning",
        "icon-not-found",
        "icon not found",
        "icon not found: accessories-calculator",
    ]
    # an application's page: its icon, copied from the icon archive, and its screenshot
    mines = package_page(site, "gnome-mines")
    (image,) = mines.xpath("//img")
    icon = site / "packages" / image.get("src")
    with subprocess.Popen(
        ["tar", "-xOf", str(tmp_path / "out" / "icons.tar"), "64x64/org.gnome.Mines.png"],
        stdout=subprocess.PIPE,
    ) as tar:
        member = tar.stdout.read()
    assert icon.resolve().read_bytes() == member
    assert [a.get("href") for a in by_class(mines, "screenshot", "li")[0].iter("a")] == [
        "https://example.org/mines.png"
    ]

    # the timing page lists every input read, the slowest first
    timings = page(site / "timings.html")
    rows = timings.xpath("//table[contains(@class, 'slowest')]/tbody/tr")
    assert len(rows) == 6
    seconds = [float(row.xpath("./td")[3].text_content()) for row in rows]
    assert seconds == sorted(seconds, reverse=True)

    state = json.loads((site / "state.json").read_text())
    assert state["format"] == 1
    assert sorted(state["origins"][ORIGIN]["applications"]) == [
        "org.example.Tool",
        "org.gnome.Mines",
    ]
    assert state["origins"][ORIGIN]["packages"]["kcalc:amd64"] == {
        "broken": True,
        "status": "not-application",
    }


def test_second_run_shows_what_changed(tmp_path: Path) -> None:
    site = tmp_path / "site"
    first = pool(tmp_path / "first")
    generate(
        "--origin", ORIGIN, "-o", str(tmp_path / "out"), "--html-report", str(site), str(first)
    )
    old_set = current_set(site)
    # Tool is gone, Mines lost its icon, KCalc's icon arrived with calc-art, hello is cut short
    second = pool(
        tmp_path / "second", broken_mines=True, tool=False, art=True, truncated_hello=True
    )
    result = generate(
        "--origin", ORIGIN, "-o", str(tmp_path / "out"), "--html-report", str(site), str(second)
    )
    assert "no previous run" not in result.stderr
    # switched to a new set; the old one stays for readers in the middle of it until the next run
    assert old_set is not None and current_set(site) != old_set and old_set.exists()

    index = page(site / "index.html")
    assert not index.xpath("//*[@id='no-previous-run']")
    section = origin_section(index)

    def listed(name: str) -> list[str]:
        return (
            texts(by_class(section, name, "div")[0].xpath(".//li"))
            if by_class(section, name, "div")
            else []
        )

    # a package that cannot be read any more is known by its file name: broken, not removed
    assert listed("newly-broken") == [
        "gnome-mines: icon not found",
        "deb:hello_2.10-3_all.deb: corrupt archive",
    ]
    assert listed("removed-apps") == [
        "org.example.Tool (tool:all, package removed)",
        "org.gnome.Mines (gnome-mines:all, package broken)",
    ]
    assert listed("new-apps") == ["org.kde.kcalc"]
    assert listed("fixed") == ["kcalc"]
    assert listed("new-packages") == ["calc-art"]
    assert listed("removed-packages") == ["tool:all"]
    assert broken_links(site) == []

    # a third run over the same inputs: nothing changed
    generate(
        "--origin", ORIGIN, "-o", str(tmp_path / "out"), "--html-report", str(site), str(second)
    )
    section = origin_section(page(site / "index.html"))
    assert by_class(section, "changes-empty", "p")
    assert not old_set.exists()


@pytest.mark.parametrize(
    "damage",
    [
        b"{not json",
        b'{"format": 99, "origins": {}}',
        b'{"format": 1, "origins": {"x": 3}}',
        b"\xff\xfe",
    ],
)
def test_a_corrupt_previous_state_means_no_previous_run(tmp_path: Path, damage: bytes) -> None:
    debs = pool(tmp_path / "debs")
    site = tmp_path / "site"
    args = ("--origin", ORIGIN, "-o", str(tmp_path / "out"), "--html-report", str(site), str(debs))
    generate(*args)
    (site / "state.json").resolve().write_bytes(damage)
    result = generate(*args)
    assert "no previous run to compare with: state.json: " in result.stderr
    note = page(site / "index.html").get_element_by_id("no-previous-run").text_content()
    assert "state.json" in note and ("corrupt" in note or "format" in note)
    # the new state is whole again: a third run compares
    third = generate(*args)
    assert "no previous run" not in third.stderr


def test_catalog_outputs_are_byte_identical_and_pages_deterministic(tmp_path: Path) -> None:
    debs = pool(tmp_path / "debs")
    plain = tmp_path / "plain"
    generate("--origin", ORIGIN, "-o", str(plain), str(debs))
    sites = []
    for jobs in ("1", "2"):
        out, site = tmp_path / f"out{jobs}", tmp_path / f"site{jobs}"
        result = run_generate(
            "-j", jobs, "--origin", ORIGIN, "-o", str(out), "--html-report", str(site), str(debs)
        )
        assert result.returncode == 0, result.stderr
        for name in OUTPUTS:
            assert (out / name).read_bytes() == (plain / name).read_bytes(), name
        sites.append(site_files(site))
    # everything but the timing page is the same whatever the run's speed or --jobs
    assert {n for n in sites[0] if sites[0][n] != sites[1].get(n)} <= {"timings.html"}
    assert set(sites[0]) == set(sites[1])


def _hostile_deb(
    directory: Path, package: str, version: str, files: dict[str, str | bytes]
) -> Path:
    """A .deb whose control fields dpkg-deb would refuse: built with --nocheck."""
    root = directory / "hostile-root"
    (root / "DEBIAN").mkdir(parents=True)
    (root / "DEBIAN" / "control").write_text(
        f"Package: {package}\nVersion: {version}\nArchitecture: all\n"
        "Maintainer: x <x@example.org>\nDescription: x\n"
    )
    for name, content in files.items():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode() if isinstance(content, str) else content)
    output = directory / f"hostile{len(list(directory.glob('*.deb')))}.deb"
    subprocess.run(
        ["dpkg-deb", "--nocheck", "--root-owner-group", "--build", str(root), str(output)],
        check=True,
        capture_output=True,
    )
    subprocess.run(["rm", "-rf", str(root)], check=True)
    return output


EVIL_METAINFO = """<?xml version="1.0"?>
<component type="desktop-application">
  <id>org.example.Evil</id>
  <name>&lt;script&gt;alert(3)&lt;/script&gt;</name>
  <summary>"&gt;&lt;img src=x onerror=alert(5)&gt;</summary>
  <url type="homepage">javascript:alert(6)</url>
  <launchable type="desktop-id">org.example.Evil.desktop</launchable>
  <screenshots><screenshot><image>javascript:alert(7)</image></screenshot>
  <screenshot><image>https://example.org/"onmouseover="alert(8)</image></screenshot></screenshots>
</component>
"""


def test_hostile_package_names_and_text_stay_text(tmp_path: Path) -> None:
    debs = tmp_path / "debs"
    debs.mkdir()
    evil_files = samples.app_files(
        "org.example.Evil",
        samples.desktop("<b>Evil</b><script>alert(2)</script>", "org.example.Evil"),
    )
    evil_files["usr/share/metainfo/org.example.Evil.metainfo.xml"] = EVIL_METAINFO
    _hostile_deb(debs, "<script>alert(1)</script>", '1"><img src=x onerror=alert(4)>', evil_files)
    _hostile_deb(debs, "../../../../../tmp/evil", "1", {"usr/bin/x": "x"})
    _hostile_deb(debs, "..", "1", {"usr/bin/x": "x"})
    (debs / "<img src=x onerror=alert(9)>.deb").write_bytes(b"garbage")
    site = tmp_path / "site"
    before = set(Path("/tmp").iterdir())
    generate("-o", str(tmp_path / "out"), "--html-report", str(site), str(debs))
    assert not {p for p in set(Path("/tmp").iterdir()) - before if "evil" in p.name}

    real = current_set(site)
    assert real is not None
    names = [path.name for path in (real / "packages").iterdir()]
    assert len(names) == 4
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9._+-]*-[0-9a-f]{12}\.html", name) for name in names), (
        names
    )
    # nothing but the report's own files anywhere under the site
    assert {p.relative_to(real).parts[0] for p in real.rglob("*")} == {
        "index.html",
        "packages.html",
        "timings.html",
        "packages",
        "icons",
        "state.json",
    }
    everything = ""
    for path, document in pages(site).items():
        assert not list(document.iter("script")), path
        for element in document.iter():
            assert not [name for name in element.attrib if name.startswith("on")], (
                path,
                element.attrib,
            )
            for attribute in ("href", "src"):
                value = element.get(attribute, "")
                assert not value.lower().startswith(("javascript:", "data:")), (path, value)
        everything += document.text_content()
    # shown as text, escaped
    assert "<script>alert(1)</script>" in everything
    assert (
        "<script>alert(3)</script>" in everything
        or "<b>Evil</b><script>alert(2)</script>" in everything
    )
    assert "<img src=x onerror=alert(9)>" in everything
    assert broken_links(site) == []
    # (state.json is JSON, not HTML: it keeps the names as they are)
    raw = b"".join(data for name, data in site_files(site).items() if name.endswith(".html"))
    assert b"<script" not in raw and b"<img src=x" not in raw


def test_html_report_needs_a_merge_with_shards_and_its_own_directory(tmp_path: Path) -> None:
    debs = pool(tmp_path / "debs")
    sharded = run_generate(
        "-o", str(tmp_path / "s"), "--shard", "1/2", "--html-report", str(tmp_path / "r"), str(debs)
    )
    assert sharded.returncode == 2 and "--html-report is written by the merge" in sharded.stderr
    same = run_generate("-o", str(tmp_path / "o"), "--html-report", str(tmp_path / "o"), str(debs))
    assert same.returncode == 2 and "must not be the --output directory" in same.stderr
    (tmp_path / "file").write_text("x")
    file = run_generate(
        "-o", str(tmp_path / "o"), "--html-report", str(tmp_path / "file"), str(debs)
    )
    assert file.returncode == 2 and "not a directory" in file.stderr
    assert not os.path.exists(tmp_path / "o" / "appcenter.sqlite")
