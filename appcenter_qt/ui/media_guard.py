"""Optionally refuse media (screenshots, remote images) on local and private addresses.

A catalog names its screenshots by URL, and the window loads them by itself as soon as a page
shows them. A hostile catalog can point them at this machine (``http://127.0.0.1:631/…``),
the local network (a router's admin page, a printer) or a cloud's metadata service
(``169.254.169.254``): the window then sends requests there on the user's behalf. With the
setting on (``--block-local-media``, ``$APPCENTER_BLOCK_LOCAL_MEDIA``, or
``block-local-addresses`` in the ``[media]`` group of ``appcenter-qt.conf``; docs/ui.md),
every ``http(s)`` request of the QML engine, which is every screenshot and every image a
text could ask for, goes through :class:`GuardedNetworkAccessManager`: the host is resolved
first and the request is refused when any of its addresses is not a public one (loopback,
private, link-local, shared, reserved, multicast, unspecified), and so is every redirect to
such a host. Off by default: a distribution's own mirror on its LAN is a fair place for
screenshots.

The check resolves the name before Qt connects, which resolves it again: a name that
changes its answer in between (DNS rebinding) is not caught. That needs the connection
pinned to the checked address, which Qt's manager cannot do for ``https`` without giving up
the host name the certificate is checked against.
"""

from __future__ import annotations

import ipaddress
import logging
import os
from collections.abc import Callable, Mapping

from PySide6.QtCore import QByteArray, QIODevice, QObject, QTimer, QUrl
from PySide6.QtNetwork import QNetworkAccessManager, QNetworkReply, QNetworkRequest

log = logging.getLogger(__name__)

ENV = "APPCENTER_BLOCK_LOCAL_MEDIA"
CONFIG_GROUP = "media"
CONFIG_KEY = "block-local-addresses"
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off", "")

#: ``host`` → why it is refused, ``""`` when it may be asked.
HostCheck = Callable[[str], str]


def local_media_blocked(flag: bool | None = None, environ: Mapping[str, str] | None = None) -> bool:
    """The setting, first match wins: the command line, the environment, the config file."""
    if flag is not None:
        return flag
    env = os.environ if environ is None else environ
    value = env.get(ENV)
    if value is not None:
        if value.strip().lower() in _TRUE + _FALSE:
            return value.strip().lower() in _TRUE
        log.warning("$%s=%r is not a yes or no: ignored", ENV, value)
    from appcenter_qt.support.config_files import setting

    found = setting(CONFIG_GROUP, CONFIG_KEY, environ)
    if found is not None:
        value, path = found
        if value.strip().lower() in _TRUE + _FALSE:
            return value.strip().lower() in _TRUE
        log.warning("%s: [%s] %s is not a yes or no", path, CONFIG_GROUP, CONFIG_KEY)
    return False


def _not_public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # fe80::1%eth0: the zone is no part
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
    return not ip.is_global or ip.is_multicast


def local_address_reason(host: str) -> str:
    """Why ``host`` is refused (one of its addresses is not public), ``""`` when it is not.

    A name that does not resolve is not refused: the request then fails by itself. The
    loopback names of RFC 6761 (``localhost``, ``*.localhost``) are refused whatever the
    resolver says (a system without them in /etc/hosts may still reach them another way)."""
    if not host:
        return "no host"
    name = host.lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return f"{host} is a loopback name, not a public address"
    import socket  # on the first remote request, not before the window's first frame

    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return ""
    for *_, sockaddr in infos:
        address = str(sockaddr[0])
        if _not_public(address):
            return f"{host} is {address}, not a public address"
    return ""


class RefusedReply(QNetworkReply):
    """A reply that fails at once, without a connection, the way a network error does
    (``ContentAccessDeniedError``): the Image shows its error placeholder."""

    def __init__(
        self,
        parent: QObject,
        request: QNetworkRequest,
        operation: QNetworkAccessManager.Operation,
        reason: str,
    ) -> None:
        super().__init__(parent)
        self.setRequest(request)
        self.setUrl(request.url())
        self.setOperation(operation)
        self.open(QIODevice.OpenModeFlag.ReadOnly | QIODevice.OpenModeFlag.Unbuffered)
        self.setError(QNetworkReply.NetworkError.ContentAccessDenied, reason)
        self.setFinished(True)
        QTimer.singleShot(0, self._fail)  # after the caller connected to the signals

    def _fail(self) -> None:
        self.errorOccurred.emit(QNetworkReply.NetworkError.ContentAccessDenied)
        self.finished.emit()

    def abort(self) -> None:
        """Nothing runs: nothing to stop."""

    def bytesAvailable(self) -> int:
        return 0

    def readData(self, maxlen: int) -> QByteArray:
        return QByteArray()


class GuardedNetworkAccessManager(QNetworkAccessManager):
    """The QML engine's manager with the address check in front of every ``http(s)``
    request and every redirect (module docstring)."""

    def __init__(self, parent: QObject | None = None, check: HostCheck | None = None) -> None:
        super().__init__(parent)
        self._check = check or local_address_reason

    def createRequest(
        self,
        operation: QNetworkAccessManager.Operation,
        request: QNetworkRequest,
        outgoing: QIODevice | None = None,
    ) -> QNetworkReply:
        url = request.url()
        if url.scheme() not in ("http", "https"):
            return super().createRequest(operation, request, outgoing)
        reason = self._check(url.host())
        if reason:
            log.info("media refused: %s (%s)", url.toDisplayString(), reason)
            return RefusedReply(self, request, operation, reason)
        checked = QNetworkRequest(request)
        checked.setAttribute(
            QNetworkRequest.Attribute.RedirectPolicyAttribute,
            QNetworkRequest.RedirectPolicy.UserVerifiedRedirectPolicy,
        )
        reply = super().createRequest(operation, checked, outgoing)
        reply.redirected.connect(lambda target: self._redirected(reply, target))
        return reply

    def _redirected(self, reply: QNetworkReply, target: QUrl) -> None:
        """Follow a redirect only to a public host, and never from https down to http (what
        Qt's default policy also refuses)."""
        origin = reply.url()  # the last hop's address
        target = origin.resolved(target)
        downgrade = origin.scheme() == "https" and target.scheme() != "https"
        reason = (
            "https redirected to http"
            if downgrade
            else "not http(s)"
            if target.scheme() not in ("http", "https")
            else self._check(target.host())
        )
        if reason:
            log.info("media redirect refused: %s (%s)", target.toDisplayString(), reason)
            reply.abort()
            return
        reply.redirectAllowed.emit()
