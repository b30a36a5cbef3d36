"""NetworkManager's ``Metered`` read by ``backends/network`` and the metered rule of
``appcenter-qt --check-updates``. NetworkManager cannot run here, so python-dbusmock's
NetworkManager template stands in for it on a private system bus (fault injection of a
system we cannot run); the check itself is the real command in a real process."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from dbus_next import Variant

from appcenter_qt.backends.network import NM_NAME, NM_PATH, connection_is_metered, metered_value
from tests.catalog.conftest import simple_app, write_catalog
from tests.packagekit_fixtures import PackageKitStack, mock_call, start_bus, wait_for_name

pytestmark = pytest.mark.skipif(
    not os.access("/usr/bin/dbus-daemon", os.X_OK), reason="needs dbus-daemon"
)

METERED_LINE = "appcenter-qt: the network connection is metered: not checking for updates"


@pytest.fixture(scope="module")
def nm_bus() -> Iterator[PackageKitStack]:
    """A private system bus with the NetworkManager template, ``Metered`` added (0: unknown)."""
    stack = start_bus()
    log = stack.directory / "nm.log"
    try:
        with log.open("wb") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "dbusmock", "--system", "--template", "networkmanager"],
                env=stack.env,
                stdout=out,
                stderr=out,
            )
        stack.extra.append(process)
        wait_for_name(stack.address, NM_NAME, process, log)
        mock_call(
            stack.address,
            NM_NAME,
            NM_PATH,
            "AddProperty",
            "ssv",
            [NM_NAME, "Metered", Variant("u", 0)],
        )
        yield stack
    finally:
        stack.stop()


def _set_metered(stack: PackageKitStack, value: int) -> None:
    mock_call(
        stack.address,
        NM_NAME,
        NM_PATH,
        "UpdateProperties",
        "sa{sv}",
        [NM_NAME, {"Metered": Variant("u", value)}],
    )


@pytest.mark.parametrize(
    ("value", "metered"),
    [(0, False), (1, True), (2, False), (3, True), (4, False)],
    ids=["unknown", "yes", "no", "guess-yes", "guess-no"],
)
def test_metered_values(nm_bus: PackageKitStack, value: int, metered: bool) -> None:
    _set_metered(nm_bus, value)
    assert asyncio.run(metered_value(bus_address=nm_bus.address)) == value
    assert asyncio.run(connection_is_metered(bus_address=nm_bus.address)) is metered


def test_no_networkmanager_is_not_metered() -> None:
    stack = start_bus()
    try:
        assert asyncio.run(metered_value(bus_address=stack.address)) is None
        assert asyncio.run(connection_is_metered(bus_address=stack.address)) is False
    finally:
        stack.stop()


def test_no_bus_is_not_metered(tmp_path: Path) -> None:
    address = f"unix:path={tmp_path / 'no-bus'}"
    assert asyncio.run(connection_is_metered(bus_address=address)) is False


def _check(stack: PackageKitStack, tmp_path: Path, *extra: str) -> subprocess.CompletedProcess:
    catalog = write_catalog(tmp_path / "appcenter.sqlite", [simple_app("org.example.A", "A")])
    env = {
        **stack.env,
        "XDG_STATE_HOME": str(tmp_path / "state"),
        # No Flatpak installation: only PackageKit (absent on this bus) could answer.
        "FLATPAK_USER_DIR": str(tmp_path / "flatpak-user"),
        "FLATPAK_SYSTEM_DIR": str(tmp_path / "flatpak-system"),
    }
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "appcenter_qt.app",
            "--check-updates",
            "--catalog",
            str(catalog),
            *extra,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_check_is_skipped_on_a_metered_connection(nm_bus: PackageKitStack, tmp_path: Path) -> None:
    _set_metered(nm_bus, 3)
    result = _check(nm_bus, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [METERED_LINE]
    assert result.stderr == ""
    assert not (tmp_path / "state").exists()  # nothing checked, nothing recorded


def test_not_metered_checks(nm_bus: PackageKitStack, tmp_path: Path) -> None:
    _set_metered(nm_bus, 2)
    result = _check(nm_bus, tmp_path)
    # Past the metered rule: the sources were asked, and none answers on this bus.
    assert result.returncode == 2
    assert "PackageKit" in result.stderr and METERED_LINE not in result.stdout


def test_force_checks_even_when_metered(nm_bus: PackageKitStack, tmp_path: Path) -> None:
    _set_metered(nm_bus, 1)
    result = _check(nm_bus, tmp_path, "--force")
    assert result.returncode == 2
    assert METERED_LINE not in result.stdout
