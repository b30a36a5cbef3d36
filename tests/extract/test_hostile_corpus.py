"""The hostile corpus (issue #20) through the real ``appcenter-generate`` process.

Each case puts one hostile input beside a good package and runs the generator with ``--jobs 1``
(the mode where a crash would also take the good package with it), its address space capped
by ``RLIMIT_AS``. For every case: the run finishes within a generous limit, the hostile input
gets one report line naming it with the expected reason, the good application is in the
catalog, and nothing is written outside the output directory.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from appcenter_qt.catalog.queries import Catalog
from appcenter_qt.support.file_names import shown
from tests.extract import hostile, hostile_round2
from tests.extract.packages import needs_dpkg, needs_rpmbuild
from tests.output_sets import listing, published

pytestmark = [needs_dpkg, needs_rpmbuild]
OUTPUTS = ("appcenter.sqlite", "icons.tar", "report.json")

BUILDERS: dict[str, Callable[[Path], list[hostile.Case]]] = {
    "aliases": hostile_round2.alias_cases,
    "archive-headers": hostile.archive_header_cases,
    "bidi": hostile.bidi_cases,
    "catalog": hostile.catalog_cases,
    "dpkg-database": hostile.dpkg_database_cases,
    "fifo": hostile.fifo_cases,
    "file-names": hostile_round2.file_name_cases,
    "recursion": hostile.recursion_cases,
    "svg": hostile.svg_cases,
    "svg-render-timeout": hostile.svg_render_timeout_cases,
}
#: Groups that wait out a product time limit in a real process (README, "Tests"): the slow tier.
SLOW = {"svg-render-timeout"}


def check_case(case: hostile.Case, good: Path, work: Path) -> hostile.Run:
    inputs = case.inputs[0].parent
    before = listing(inputs)
    run = hostile.run_generate(
        [*case.args, "--jobs", "1", "--output", "out", str(good), *map(str, case.inputs)], work
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "MemoryError" not in run.stderr, run.stderr
    assert listing(work) == published("out", OUTPUTS)
    assert listing(inputs) == before
    entries = {Path(unit["input"]).name: unit for unit in run.report["inputs"]}
    entry = entries[shown(case.inputs[0].name)]  # a name that is not UTF-8 is shown escaped
    assert (entry["status"], entry["reason_tag"] or "") == (case.status, case.tag), entry
    for hint in entry["hints"]:
        assert "\n" not in hint["message"]
    tags = {hint["tag"] for hint in entry["hints"]}
    assert "internal-error" not in tags, entry
    # the run's outputs are UTF-8 whatever the names: the report, and what it printed
    (work / "out" / "report.json").read_bytes().decode("utf-8")
    assert not case.hint or case.hint in tags, entry
    assert not case.message or any(case.message in h["message"] for h in entry["hints"]), entry
    with Catalog(work / "out" / "appcenter.sqlite") as catalog:
        assert catalog.get("org.gnome.Mines") is not None
        for app_id, name in case.apps.items():
            app = catalog.get(app_id)
            assert app is not None and app.name.get() == name, app_id
        for app_id, packages in case.packages.items():
            app = catalog.get(app_id)
            assert app is not None, app_id
            assert [(p.name, p.version) for p in app.packages] == packages, app_id
    return run


@pytest.mark.parametrize(
    "group",
    [pytest.param(g, marks=pytest.mark.slow) if g in SLOW else g for g in sorted(BUILDERS)],
)
def test_hostile_inputs_beside_a_good_package(group: str, tmp_path: Path) -> None:
    (tmp_path / "good").mkdir()
    (tmp_path / "in").mkdir()
    good = hostile.good_package(tmp_path / "good")
    cases = BUILDERS[group](tmp_path / "in")
    assert cases
    for number, case in enumerate(cases):
        work = tmp_path / f"work{number}"
        work.mkdir()
        check_case(case, good, work)


def test_hostile_ratings(tmp_path: Path) -> None:
    """Classes 3 and 6: ODRS JSON nested 100,000 deep is refused with one line; one absurd
    entry (a 5,000-digit count) is skipped by name and the other ratings are kept."""
    (tmp_path / "good").mkdir()
    good = hostile.good_package(tmp_path / "good")
    deep = tmp_path / "deep.json"
    deep.write_text('{"org.gnome.Mines": ' + "[" * 100_000 + "]" * 100_000 + "}")
    absurd = tmp_path / "absurd.json"
    absurd.write_text(
        '{"org.example.Absurd": {"star5": ' + "9" * 5000 + "}, "
        '"org.gnome.Mines.desktop": {"star4": 3, "star5": 7}}'
    )
    for ratings, rated in ((deep, False), (absurd, True)):
        work = tmp_path / f"work-{ratings.stem}"
        work.mkdir()
        run = hostile.run_generate(
            ["--jobs", "1", "--output", "out", "--ratings", str(ratings), str(good)], work
        )
        assert run.returncode == 0, run.stderr
        assert "Traceback" not in run.stderr
        problems = [line for line in run.stderr.splitlines() if ratings.name in line]
        assert len(problems) == 1, run.stderr
        if rated:
            assert "org.example.Absurd" in problems[0] and "5000-digit" in problems[0]
        else:
            assert "nested deeper" in problems[0]
        with Catalog(work / "out" / "appcenter.sqlite") as catalog:
            mines = catalog.get("org.gnome.Mines")
            assert mines is not None
            assert (mines.rating.stars if mines.rating else None) == (
                (0, 0, 0, 3, 7) if rated else None
            )
