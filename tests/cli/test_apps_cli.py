"""``appcenter-apps`` as a subprocess: applications from a real catalog, installed and removed
through the registry's PackageKit source against the real daemon (dummy backend).

The dummy backend's packages: ``glib2`` is installed, ``foobar`` installs in ~10 s with
progress, ``update1`` is what ``GetPackages(installed)`` lists, and removing always fails with
``no-network``; so the remove tests see the transaction run and fail, the install tests succeed
(``test_succeed``, which lets a remove succeed, resolves no name at all).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from appcenter_qt.domain import Package
from appcenter_qt.domain.backend import ErrorKind
from appcenter_qt.services.install import error_sentence
from tests.catalog.conftest import simple_app, write_catalog


@pytest.fixture
def catalog_file(tmp_path: Path) -> Path:
    return write_catalog(
        tmp_path / "appcenter.sqlite",
        [
            simple_app("org.example.Foobar", "Foobar", package="foobar"),
            simple_app("org.example.Glib", "Glib demo", package="glib2"),
            simple_app("org.example.Updater", "Update one", package="update1"),
            replace(
                simple_app("org.example.Flat", "Elsewhere"),
                packages=(Package("flat", origin="flathub"),),
            ),
        ],
        extra_meta={"sources": "flathub=snap"},
    )


def apps(
    address: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**(env or os.environ), "DBUS_SYSTEM_BUS_ADDRESS": address, "LC_ALL": "C.UTF-8"}
    return subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.apps", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_sources_lists_the_registry() -> None:
    result = apps("unix:path=/nonexistent", "sources", "--json")
    assert result.returncode == 0, result.stderr
    (packagekit,) = [s for s in json.loads(result.stdout) if s["name"] == "packagekit"]
    assert packagekit["available"] is True and packagekit["reason"] == ""
    text = apps("unix:path=/nonexistent", "sources")
    assert text.stdout.startswith("packagekit ")


def test_install_resolves_the_app_and_shows_progress_on_stderr(
    packagekit_bus: str, catalog_file: Path
) -> None:
    result = apps(
        packagekit_bus, "install", "org.example.Foobar", "--yes", "--catalog", str(catalog_file)
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "installed org.example.Foobar (foobar) with packagekit\n"
    lines = result.stderr.splitlines()
    assert any(line.endswith("% installing") for line in lines), lines
    assert "100% finished" in lines


def test_install_json_and_an_alias_spelling(packagekit_bus: str, catalog_file: Path) -> None:
    result = apps(
        packagekit_bus,
        "install",
        "org.example.Foobar.desktop",
        "--source",
        "packagekit",
        "--json",
        "--yes",
        "--catalog",
        str(catalog_file),
    )
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    # the simulation's other changes (the dummy daemon's fixed list), the GUI's question too
    also = {(a["package"], a["change"]) for a in answer.pop("also_changes")}
    assert {("gtk2", "installing"), ("powertop", "removing")} <= also
    assert answer == {
        "action": "install",
        "app_id": "org.example.Foobar",
        "dry_run": False,
        "packages": ["foobar"],
        "restart": [],
        "source": "packagekit",
    }


def test_other_changes_are_shown_and_need_yes_off_a_terminal(
    packagekit_bus: str, catalog_file: Path
) -> None:
    # Simulated first: what else changes goes to stderr; without --yes (and no terminal to
    # ask on) nothing runs.
    refused = apps(packagekit_bus, "install", "org.example.Foobar", "--catalog", str(catalog_file))
    assert refused.returncode == 1 and refused.stdout == ""
    assert "org.example.Foobar also changes:" in refused.stderr
    assert "  gtk2 2.11.6-6.fc8 (installing)" in refused.stderr.splitlines()
    assert "run again with --yes" in refused.stderr
    assert "% installing" not in refused.stderr  # the install never started
    dry = apps(
        packagekit_bus, "install", "org.example.Foobar", "--dry-run", "--catalog", str(catalog_file)
    )
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout == "would install org.example.Foobar (foobar) with packagekit\n"
    assert "  powertop 1.8-1.fc8 (removing)" in dry.stderr.splitlines()
    assert "% installing" not in dry.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("install", "org.example.Glib"), "org.example.Glib is already installed"),
        (("remove", "org.example.Foobar"), "org.example.Foobar is not installed"),
        (("install", "org.example.Nope"), "no application 'org.example.Nope' in the catalog"),
        (
            ("install", "org.example.Glib", "--source", "packagekit"),
            "org.example.Glib is already installed",
        ),
        (("remove", "org.example.Glib"), error_sentence(ErrorKind.NETWORK)),
    ],
)
def test_refusals_and_failures_are_one_line_and_exit_1(
    packagekit_bus: str, catalog_file: Path, args: tuple[str, ...], message: str
) -> None:
    result = apps(packagekit_bus, *args, "--catalog", str(catalog_file))
    assert result.returncode == 1, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("appcenter-apps:")]
    assert len(errors) == 1 and message in errors[0], result.stderr
    assert result.stdout == ""


def test_an_app_of_a_source_that_is_not_registered_is_refused(
    packagekit_bus: str, catalog_file: Path
) -> None:
    # meta.sources says flathub → snap; no such source exists here: a clear exit 2.
    result = apps(packagekit_bus, "install", "org.example.Flat", "--catalog", str(catalog_file))
    assert result.returncode == 2
    assert "source 'snap' is unavailable: no such source" in result.stderr
    wrong = apps(
        packagekit_bus,
        "install",
        "org.example.Foobar",
        "--source",
        "snap",
        "--catalog",
        str(catalog_file),
    )
    assert wrong.returncode == 2 and "unknown source 'snap'" in wrong.stderr


def test_list_installed_maps_installed_packages_to_apps(
    packagekit_bus: str, catalog_file: Path
) -> None:
    result = apps(packagekit_bus, "list-installed", "--json", "--catalog", str(catalog_file))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [
        {
            "id": "org.example.Updater",
            "name": "Update one",
            "packages": ["update1"],
            "source": "packagekit",
            "sources": ["packagekit"],
        }
    ]
    text = apps(packagekit_bus, "list-installed", "--catalog", str(catalog_file))
    assert text.stdout.split() == ["org.example.Updater", "Update", "one", "update1"]


def test_no_daemon_exits_1_with_the_user_message(packagekit_stack, catalog_file: Path) -> None:
    stack = packagekit_stack(daemon=False, polkit="none")
    result = apps(
        stack.address,
        "install",
        "org.example.Foobar",
        "--catalog",
        str(catalog_file),
        env=stack.env,
    )
    assert result.returncode == 1
    assert error_sentence(ErrorKind.DAEMON_MISSING) in result.stderr
