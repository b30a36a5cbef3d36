"""Single instance: a second process hands its appstream:// URL to the running one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from appcenter_qt.ui.single_instance import SingleInstance

SECOND_LAUNCH = """
import sys
from PySide6.QtCore import QCoreApplication
from appcenter_qt.ui.single_instance import hand_over
app = QCoreApplication([])
sys.exit(0 if hand_over(sys.argv[1], sys.argv[2]) else 3)
"""


def _second_launch(argument: str, socket_path: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen([sys.executable, "-c", SECOND_LAUNCH, argument, socket_path], env=env)


@pytest.fixture
def socket_path(tmp_path: Path) -> str:
    return str(tmp_path / "appcenter-qt.sock")


def _wait_exit(qtbot, proc: subprocess.Popen[bytes]) -> int:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=15000)
    return proc.returncode


def test_second_process_hands_its_url_to_the_first(qtbot, socket_path: str) -> None:  # type: ignore[no-untyped-def]
    primary = SingleInstance(socket_path)
    assert primary.listen()
    assert oct(os.stat(socket_path).st_mode & 0o777) == "0o700"  # user-only socket
    with qtbot.waitSignal(primary.openRequested, timeout=15000) as blocker:
        proc = _second_launch("appstream://org.kde.kcalc", socket_path)
    assert blocker.args == ["app:org.kde.kcalc"]
    assert _wait_exit(qtbot, proc) == 0
    primary.close()


def test_hostile_url_is_refused_and_not_forwarded(qtbot, socket_path: str) -> None:  # type: ignore[no-untyped-def]
    primary = SingleInstance(socket_path)
    assert primary.listen()
    opened: list[str] = []
    primary.openRequested.connect(opened.append)
    with qtbot.waitSignal(primary.rejected, timeout=15000):
        proc = _second_launch("appstream://../../etc/passwd", socket_path)
    assert _wait_exit(qtbot, proc) == 3  # the second instance learns it was refused
    assert opened == []
    primary.close()


def test_garbage_from_a_local_peer_is_rejected(qtbot, socket_path: str) -> None:  # type: ignore[no-untyped-def]
    primary = SingleInstance(socket_path)
    assert primary.listen()
    peer = QLocalSocket()
    peer.connectToServer(socket_path)
    assert peer.waitForConnected(2000)
    with qtbot.waitSignal(primary.rejected, timeout=5000) as blocker:
        peer.write(b"x" * 5000)
        peer.flush()
    assert "too long" in blocker.args[0]
    qtbot.waitUntil(lambda: peer.state() == QLocalSocket.LocalSocketState.UnconnectedState)
    primary.close()


def test_no_running_instance_means_the_launch_starts_its_own_window(
    qtbot,  # type: ignore[no-untyped-def]
    socket_path: str,
) -> None:
    proc = _second_launch("appstream://org.kde.kcalc", socket_path)
    assert _wait_exit(qtbot, proc) == 3


def test_stale_socket_of_a_crashed_instance_is_taken_over(socket_path: str, qapp) -> None:  # type: ignore[no-untyped-def]
    crashed = QLocalServer()
    assert crashed.listen(socket_path)
    # Simulate a crash: the socket file stays, nobody accepts on it.
    crashed.setMaxPendingConnections(0)
    crashed.close()
    Path(socket_path).touch()
    primary = SingleInstance(socket_path)
    assert primary.listen()
    second = SingleInstance(socket_path)
    assert not second.listen()  # a live primary is never displaced
    primary.close()


ADD_REMOTE_LAUNCH = """
import sys
from PySide6.QtCore import QCoreApplication
from appcenter_qt.ui.single_instance import hand_over
app = QCoreApplication([])
sys.exit(0 if hand_over(sys.argv[1], sys.argv[2], key="add-remote") else 3)
"""


@pytest.mark.parametrize(
    ("path", "accepted"),
    [
        ("/home/me/Downloads/flathub.flatpakrepo", True),
        ("relative/flathub.flatpakrepo", False),
        ("/tmp/two\nlines.flatpakrepo", False),
    ],
    ids=["absolute", "relative", "newline"],
)
def test_a_flatpakrepo_is_handed_over_as_an_absolute_path_only(  # type: ignore[no-untyped-def]
    qtbot, socket_path: str, path: str, accepted: bool
) -> None:
    primary = SingleInstance(socket_path)
    assert primary.listen()
    offered: list[str] = []
    opened: list[str] = []
    primary.addRemoteRequested.connect(offered.append)
    primary.openRequested.connect(opened.append)
    signal = primary.addRemoteRequested if accepted else primary.rejected
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    with qtbot.waitSignal(signal, timeout=15000):
        proc = subprocess.Popen(
            [sys.executable, "-c", ADD_REMOTE_LAUNCH, path, socket_path], env=env
        )
    assert _wait_exit(qtbot, proc) == (0 if accepted else 3)
    assert offered == ([path] if accepted else []) and opened == []
    primary.close()
