"""``appcenter-update`` as a subprocess against the real PackageKit daemon (dummy backend)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from appcenter_qt.backends.packagekit.offline import PREPARED_FILE, RESULTS_FILE, TRIGGER_FILE
from tests.catalog.conftest import simple_app, write_catalog

POWERTOP = "powertop;1.8-1.fc8;i386;fedora"


@pytest.fixture
def catalog_file(tmp_path: Path) -> Path:
    return write_catalog(
        tmp_path / "appcenter.sqlite",
        [simple_app("org.example.Powertop", "Powertop", package="powertop")],
    )


def _cli(
    address: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": "/nonexistent",
        "XDG_CONFIG_DIRS": "/nonexistent",
        **(env or {}),
        "DBUS_SYSTEM_BUS_ADDRESS": address,
        "LC_ALL": "C.UTF-8",
    }
    return subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.update", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
        check=False,
    )


def test_lists_the_grouping_as_json_and_text(packagekit_bus: str, catalog_file: Path) -> None:
    listed = _cli(packagekit_bus, "--catalog", str(catalog_file), "--no-simulate", "--json")
    assert listed.returncode == 0, listed.stderr
    output = json.loads(listed.stdout)
    assert [app["id"] for app in output["applications"]] == ["org.example.Powertop"]
    assert output["applications"][0]["packages"][0]["installed_version"] == "1.7-1.fc8"
    group = output["infrastructure"]
    assert (group["count"], group["security"]) == (2, True)
    assert group["packages"][0]["name"] == "gtkhtml2"  # security first

    text = _cli(packagekit_bus, "--catalog", str(catalog_file), "--no-simulate")
    assert text.returncode == 0, text.stderr
    assert "Powertop  1.7-1.fc8 → 1.8-1.fc8" in text.stdout
    assert "System infrastructure: 2 package(s), 1 security" in text.stdout
    assert "[security] gtkhtml2" in text.stdout


def test_apply_one_app_pulls_in_what_it_needs(packagekit_stack, catalog_file: Path) -> None:
    stack = packagekit_stack()
    done = _cli(
        stack.address, "--catalog", str(catalog_file), "--json", "--apply", "org.example.Powertop"
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    # powertop itself plus what the simulated update said it needs (kernel, gtkhtml2).
    assert POWERTOP in result["requested"]
    assert len(result["requested"]) == 3
    assert "%" in done.stderr  # progress lines


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["org.example.Powertop"], "only used with --apply"),
        (["--apply"], "needs --all, --apps or app ids"),
        (["--offline", "--apply", "--all"], "drop --apply"),
        (["--offline-status", "--all"], "takes no selection"),
        (["--offline-cancel", "org.example.Powertop"], "takes no selection"),
    ],
)
def test_usage_errors_exit_2(packagekit_bus: str, catalog_file: Path, args, message) -> None:
    result = _cli(packagekit_bus, "--catalog", str(catalog_file), *args)
    assert result.returncode == 2
    assert message in result.stderr


def test_missing_daemon_is_one_clear_line(packagekit_stack, catalog_file: Path) -> None:
    empty = packagekit_stack(daemon=False)
    result = _cli(
        empty.address, "--catalog", str(catalog_file), "--no-simulate", "--source", "packagekit"
    )
    assert result.returncode == 2
    assert "appcenter-update:" in result.stderr and "Traceback" not in result.stderr


def test_every_source_by_default_and_a_missing_one_named(  # type: ignore[no-untyped-def]
    packagekit_stack, catalog_file: Path, flatpak_world
) -> None:
    stack = packagekit_stack()
    both = _cli(stack.address, "--catalog", str(catalog_file), "--no-simulate", "--json")
    assert both.returncode == 0, both.stderr
    assert [a["id"] for a in json.loads(both.stdout)["applications"]] == ["org.example.Powertop"]
    # PackageKit gone, the Flatpak remotes still answer: the plan is shown without the
    # distribution's updates, the missing source is named, and the status says so.
    empty = packagekit_stack(daemon=False)
    partial = _cli(empty.address, "--catalog", str(catalog_file), "--no-simulate", "--json")
    assert partial.returncode == 1
    assert json.loads(partial.stdout)["applications"] == []
    assert "appcenter-update: packagekit could not be asked: " in partial.stderr
    assert "Traceback" not in partial.stderr
    only_flatpak = _cli(
        empty.address, "--catalog", str(catalog_file), "--no-simulate", "--source", "flatpak"
    )
    assert only_flatpak.returncode == 0, only_flatpak.stderr
    unknown = _cli(empty.address, "--catalog", str(catalog_file), "--source", "snap")
    assert unknown.returncode == 2 and "snap" in unknown.stderr


def test_core_desktop_split_from_the_flag_and_from_the_config_file(
    packagekit_bus: str, catalog_file: Path, tmp_path: Path
) -> None:
    # The dummy daemon's kernel is installed and depends on glib2: "the desktop" here.
    flag = _cli(
        packagekit_bus, "--catalog", str(catalog_file), "--no-simulate", "--json",
        "--core-desktop", "kernel",
    )  # fmt: skip
    assert flag.returncode == 0, flag.stderr
    groups = json.loads(flag.stdout)["groups"]
    assert [(g["key"], [p["name"] for p in g["packages"]]) for g in groups] == [
        ("core-desktop", ["kernel"]),
        ("base-platform", ["gtkhtml2"]),
    ]
    assert json.loads(flag.stdout)["count"] == 3  # Powertop and the two groups

    config = tmp_path / "config" / "appcenter-qt"
    config.mkdir(parents=True)
    (config / "core-desktop").write_text("# Plasma on this machine\nkernel\nnot a name!\n")
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    text = _cli(packagekit_bus, "--catalog", str(catalog_file), "--no-simulate", env=env)
    assert text.returncode == 0, text.stderr
    assert "Core desktop: 1 package(s)" in text.stdout
    assert "Base platform: 1 package(s), 1 security" in text.stdout
    assert "not a package name" in text.stderr  # the bad line is named, the rest is used

    # Without a flag or a file there is one group.
    plain = _cli(packagekit_bus, "--catalog", str(catalog_file), "--no-simulate", "--json")
    assert [g["key"] for g in json.loads(plain.stdout)["groups"]] == ["system-infrastructure"]


def test_offline_prepares_triggers_reports_and_cancels(  # type: ignore[no-untyped-def]
    packagekit_stack, catalog_file: Path, offline_machine
) -> None:
    """The whole offline cycle through the CLI against the real daemon (which writes the
    machine's real files: ``offline_machine`` removes them whatever happens)."""
    address = packagekit_stack().address
    own = ("--source", "packagekit")

    def status() -> dict:
        shown = _cli(address, *own, "--offline-status", "--json")
        assert shown.returncode == 0, shown.stderr
        return json.loads(shown.stdout)

    assert status() == {"prepared": [], "triggered": False, "action": None, "results": None}
    run = _cli(address, "--catalog", str(catalog_file), *own, "--offline", "--json")
    assert run.returncode == 0, run.stderr
    done = json.loads(run.stdout)
    assert len(done["requested"]) == 3 and sorted(done["prepared"]) == sorted(done["requested"])
    assert done["action"] == "reboot" and done["restart"] == []
    assert os.readlink(TRIGGER_FILE) == str(PREPARED_FILE)
    now = status()
    assert now["triggered"] and now["action"] == "reboot"
    assert sorted(now["prepared"]) == sorted(done["prepared"])
    text = _cli(address, *own, "--offline-status")
    assert "Prepared for an offline update: 3 package(s)" in text.stdout
    assert "    powertop 1.8-1.fc8" in text.stdout
    assert "installed at the next restart (then: reboot)" in text.stdout

    cancelled = _cli(address, *own, "--offline-cancel", "--json")
    assert cancelled.returncode == 0, cancelled.stderr
    after = json.loads(cancelled.stdout)
    assert not after["triggered"] and len(after["prepared"]) == 3
    assert not os.path.lexists(TRIGGER_FILE)

    # What the restart would have written (pk-offline-update), then shown and cleared.
    RESULTS_FILE.write_text(
        "[PackageKit Offline Update Results]\nSuccess=false\nErrorCode=no-network\n"
        f"ErrorDetails=mirror unreachable\nPackages={POWERTOP}\n"
    )
    failed = _cli(address, *own, "--offline-status")
    assert "The last offline update failed: The software could not be downloaded." in failed.stdout
    assert "    no-network: mirror unreachable" in failed.stdout
    cleared = _cli(address, *own, "--offline-clear-results", "--json")
    assert cleared.returncode == 0 and json.loads(cleared.stdout)["results"] is None
    assert not RESULTS_FILE.exists()
