"""One application center per user: a second launch hands its request to the running window.

Clicking an ``appstream://`` link while the application center is open must show that app in
the open window, not start a second one (Discover and GNOME Software behave so). We use a
per-user ``QLocalServer`` rather than D-Bus activation because it works wherever Qt runs,
including sessions without a session bus (SSH, containers, the tests), needs no service file
installed, keeps D-Bus out of the Qt layer, and the socket is created user-only
(``UserAccessOption``) in ``$XDG_RUNTIME_DIR``.

Protocol: the second instance connects, writes one UTF-8 line ``{"open": "<argument>"}`` of
at most 4 KiB, waits for the ``ok`` line and exits. The primary validates the argument with
:func:`appcenter_qt.domain.app_url.parse_open_argument` before emitting ``openRequested``, so
nothing a local peer writes is trusted. ``{"add-remote": "/abs/path.flatpakrepo"}`` hands over
``--add-remote FILE`` (an absolute path, checked here, emitted as ``addRemoteRequested``); the
Sources page then asks the user before anything is added, and the file itself is checked
by the source that reads it. ``{"page": "updates"}`` (a plain page name, checked with
:func:`~appcenter_qt.domain.pages.parse_page`, no app id) is how the tray notifier shows
the Updates page.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from appcenter_qt.domain.app_url import AppUrlError, parse_open_argument
from appcenter_qt.domain.pages import PAGE_ARGUMENTS, START_PAGE, parse_page

log = logging.getLogger(__name__)

MAX_MESSAGE = 4096
_TIMEOUT_MS = 2000


def default_socket_path() -> str:
    """``$XDG_RUNTIME_DIR/appcenter-qt.sock`` (per user by construction), else a uid-named
    file in the temp dir."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and Path(runtime).is_dir():
        return str(Path(runtime) / "appcenter-qt.sock")
    return str(Path(tempfile.gettempdir()) / f"appcenter-qt-{os.getuid()}.sock")


def hand_over(argument: str, socket_path: str | None = None, *, key: str = "open") -> bool:
    """Give ``argument`` to a running instance; ``True`` if one took it, ``False`` if none runs.
    ``key`` is ``open`` (an app to show), ``add-remote`` (a ``.flatpakrepo`` to offer) or
    ``page`` (a page name such as ``updates``).

    Blocking with short timeouts: it runs once at start-up, before any window exists.
    """
    socket = QLocalSocket()
    socket.connectToServer(socket_path or default_socket_path())
    if not socket.waitForConnected(_TIMEOUT_MS):
        return False
    payload = (json.dumps({key: argument}) + "\n").encode()
    if len(payload) > MAX_MESSAGE:
        payload = (json.dumps({"open": ""}) + "\n").encode()  # just raise the window
    socket.write(payload)
    socket.waitForBytesWritten(_TIMEOUT_MS)
    answered = (
        socket.waitForReadyRead(_TIMEOUT_MS) and bytes(socket.readLine().data()).strip() == b"ok"
    )
    socket.disconnectFromServer()
    return answered


def _page_name(value: object) -> str:
    """A ``page`` request's value: a page that takes no argument (``updates``, ``home``…)."""
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError("'page' is not a page name")
    request = parse_page(value)
    if request.page in PAGE_ARGUMENTS or request.category or request.search:
        raise ValueError("'page' takes a plain page name")
    return str(request.page)


def _remote_file(value: object) -> str:
    """An ``add-remote`` request's path: absolute, one line, no NUL; else ``ValueError``."""
    if (
        not isinstance(value, str)
        or not value.startswith("/")
        or len(value) > MAX_MESSAGE
        or any(c in value for c in "\0\n\r")
    ):
        raise ValueError("'add-remote' is not an absolute file path")
    return value


class SingleInstance(QObject):
    """Listens for hand-overs; emits ``openRequested(page)`` with a validated ``--page`` value
    (``app:ID`` or ``home``) and ``rejected(message)`` for requests that fail validation."""

    openRequested = Signal(str)
    #: ``--add-remote FILE`` from a second launch: an absolute path, not yet read.
    addRemoteRequested = Signal(str)
    rejected = Signal(str)

    def __init__(self, socket_path: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path = socket_path or default_socket_path()
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._accept)
        self._buffers: dict[QLocalSocket, bytes] = {}

    @property
    def socket_path(self) -> str:
        return self._path

    def listen(self) -> bool:
        """Become the primary instance; ``False`` means another live instance owns the socket.

        The live-peer probe comes first because Qt, when socket options are set, binds a
        temporary path and renames it over the target, silently displacing a running primary.
        A socket left by a crashed instance (nobody answers) is removed and taken over.
        """
        probe = QLocalSocket()
        probe.connectToServer(self._path)
        if probe.waitForConnected(_TIMEOUT_MS):
            probe.disconnectFromServer()
            return False
        QLocalServer.removeServer(self._path)
        return self._server.listen(self._path)

    def close(self) -> None:
        """Stop listening and drop connected peers (their sockets are children of the server)."""
        for socket in list(self._buffers):
            socket.abort()
        self._buffers.clear()
        self._server.close()

    @Slot()
    def _accept(self) -> None:
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            self._buffers[socket] = b""
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(lambda s=socket: self._drop(s))

    def _drop(self, socket: QLocalSocket) -> None:
        self._buffers.pop(socket, None)
        socket.deleteLater()

    def _read(self, socket: QLocalSocket) -> None:
        data = self._buffers.get(socket, b"") + bytes(socket.readAll().data())
        if len(data) > MAX_MESSAGE:
            log.warning("single-instance: dropping an oversized request (%d bytes)", len(data))
            self._buffers[socket] = b""
            self.rejected.emit("request too long")
            socket.disconnectFromServer()
            return
        if b"\n" not in data:
            self._buffers[socket] = data
            return
        line = data.split(b"\n", 1)[0]
        self._buffers[socket] = b""
        remote_file = ""
        page = ""
        request = None
        try:
            message = json.loads(line.decode("utf-8"))
            if isinstance(message, dict) and "add-remote" in message:
                remote_file = _remote_file(message["add-remote"])
            elif isinstance(message, dict) and "page" in message:
                page = _page_name(message["page"])
            else:
                argument = message["open"]
                if not isinstance(argument, str):
                    raise TypeError("'open' is not a string")
                request = parse_open_argument(argument) if argument else None
        except (ValueError, KeyError, TypeError, AppUrlError) as exc:
            log.warning("single-instance: rejected request: %s", exc)
            self.rejected.emit(str(exc))
            socket.write(b"error\n")
            socket.flush()
            return
        socket.write(b"ok\n")
        socket.flush()
        if remote_file:
            self.addRemoteRequested.emit(remote_file)
        elif page:
            self.openRequested.emit(page)
        else:
            self.openRequested.emit(request.page if request else str(START_PAGE))
