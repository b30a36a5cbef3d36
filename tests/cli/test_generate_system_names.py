"""Issue 29, class 4, in the system pool: a catalog file and an installed desktop file whose
names are not UTF-8 are skipped and named escaped; the catalog, the report, the ``--progress
json`` lines and the HTML report stay UTF-8, and the good files beside them are kept."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

from appcenter_qt.catalog.queries import Catalog
from tests.system_pools import DEP11, LOCAL_DESKTOP, make_pool, write

BAD = b"bad\xff"
BAD_SHOWN = "bad\\xff"


def run(root: Path, tmp_path: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "appcenter_qt.cli.generate",
            "--system",
            "--root",
            str(root),
            "--output",
            str(tmp_path / "out"),
            "--progress",
            "json",
            "--html-report",
            str(tmp_path / "html"),
        ],
        capture_output=True,
        timeout=300,
        check=False,
        env={
            **os.environ,
            "SOURCE_DATE_EPOCH": "1700000000",
            "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
        },
    )


def test_names_not_utf8_in_the_pool_and_installed_files(tmp_path: Path) -> None:
    root = tmp_path / "root"
    make_pool(root)
    yaml_dir = os.fsencode(root / "var/lib/swcatalog/yaml")
    with open(yaml_dir + b"/" + BAD + b"_Components-amd64.yml.gz", "wb") as handle:
        handle.write(gzip.compress(DEP11.replace("example-main", "bad-origin").encode()))
    applications = os.fsencode(root / "usr/local/share/applications")
    with open(applications + b"/" + BAD + b".desktop", "wb") as handle:
        handle.write(LOCAL_DESKTOP.replace("Handmade", "Bad").encode())
    write(root, "usr/local/share/applications/second.desktop", LOCAL_DESKTOP)
    result = run(root, tmp_path)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    stderr = result.stderr.decode("utf-8")  # strictly: every line UTF-8
    progress = [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]
    assert progress and all("stage" in line for line in progress)
    result.stdout.decode("utf-8")
    report = json.loads((tmp_path / "out" / "report.json").read_bytes().decode("utf-8"))
    named = [
        (entry["input"], hint["source"], hint["message"])
        for entry in report["inputs"]
        for hint in entry["hints"]
        if hint["tag"] == "file-name-not-utf8"
    ]
    pool_file = f"/var/lib/swcatalog/yaml/{BAD_SHOWN}_Components-amd64.yml.gz"
    desktop = f"usr/share/applications/{BAD_SHOWN}.desktop: file name is not valid UTF-8"
    assert [n for n in named if pool_file in n[1]] == [
        (pool_file, pool_file, "file name is not valid UTF-8, skipped")
    ]
    assert [n for n in named if desktop in n[2]] == [
        (
            str(root.resolve() / "usr/local/share"),
            f"datadir:{root.resolve()}/usr/local/share",
            f"{desktop}, skipped",
        )
    ]
    assert len(named) == 2, named
    for page in (tmp_path / "html").rglob("*"):
        if page.suffix in (".html", ".json", ".js", ".css"):
            page.read_bytes().decode("utf-8")
    assert any(BAD_SHOWN in page.read_text() for page in (tmp_path / "html").rglob("*.html"))
    with Catalog(tmp_path / "out" / "appcenter.sqlite", "C") as catalog:
        ids = {app.id for app in catalog.list()}
        # the good catalog, the good installed files beside the bad ones
        assert {"org.example.Mines.desktop", "handmade", "second"} <= ids
        assert "bad-origin" not in catalog.meta()["origin"]


def test_a_root_or_output_whose_name_is_not_utf8_is_refused_in_one_line(tmp_path: Path) -> None:
    """The catalog records its root and the summary prints the output: such a name is a usage
    error naming it escaped, not a traceback after the work."""
    root = Path(os.fsdecode(os.fsencode(tmp_path) + b"/root" + BAD))
    make_pool(root)
    for args, shown in (
        (["--system", "--root", str(root), "--output", str(tmp_path / "out")], "--root"),
        (["--system", "--root", str(tmp_path), "--output", str(root / "out")], "--output"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "appcenter_qt.cli.generate", *args],
            capture_output=True,
            timeout=120,
            check=False,
        )
        assert result.returncode == 2
        assert result.stderr.decode("utf-8").splitlines() == [
            f"appcenter-generate: {shown} {tmp_path}/root{BAD_SHOWN}"
            + ("/out" if shown == "--output" else "")
            + ": name not valid UTF-8"
        ]
