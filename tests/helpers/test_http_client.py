"""The shared HTTP client over real TLS: a local HTTPS server in a thread, with a certificate
signed by a test CA made here with the ``openssl`` command. Trusted when that CA is the trust
store; refused (one clear line) for an unknown CA and for a wrong host name; plus the size
cap, the total deadline against a server that trickles, the read timeout, ETags and
redirects to another scheme."""

from __future__ import annotations

import http.server
import shutil
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from appcenter_qt.support.http_client import (
    CertificateError,
    HttpError,
    HttpTimeout,
    Limits,
    TooLarge,
    request,
)

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")
STOP = threading.Event()


def _openssl(*args: str | Path) -> None:
    subprocess.run(["openssl", *map(str, args)], check=True, capture_output=True)


def _ca(folder: Path, name: str) -> tuple[Path, Path]:
    key, cert = folder / f"{name}.key", folder / f"{name}.pem"
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
             "-days", "2", "-subj", f"/CN={name}", "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign")  # fmt: skip
    return key, cert


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pki")
    ca_key, ca_cert = _ca(folder, "Test CA")
    _, other_ca = _ca(folder, "Other CA")
    key, csr, cert = folder / "server.key", folder / "server.csr", folder / "server.pem"
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr,
             "-subj", "/CN=localhost")  # fmt: skip
    extensions = folder / "ext.cnf"
    extensions.write_text("subjectAltName=DNS:localhost\n")
    _openssl("x509", "-req", "-in", csr, "-CA", ca_cert, "-CAkey", ca_key, "-CAcreateserial",
             "-out", cert, "-days", "2", "-extfile", extensions)  # fmt: skip
    return {"ca": ca_cert, "other_ca": other_ca, "key": key, "cert": cert}


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def _send(self, status: int, body: bytes, **headers: str) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        if self.path == "/ok":
            if self.headers.get("If-None-Match") == '"v1"':
                self.send_response(304)
                self.send_header("ETag", '"v1"')
                self.end_headers()
                return
            self._send(200, b"hello", ETag='"v1"')
        elif self.path == "/big":  # no length given: the cap must stop the stream
            self.send_response(200)
            self.end_headers()
            for _ in range(64):
                if STOP.is_set():
                    return
                self.wfile.write(b"x" * 65536)
        elif self.path == "/big-declared":
            self.send_response(200)
            self.send_header("Content-Length", str(10 * 1024 * 1024))
            self.end_headers()
        elif self.path == "/trickle":  # a byte every 0.1 s: no read ever times out
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            for _ in range(1000):
                if STOP.is_set():
                    return
                self.wfile.write(b"x")
                self.wfile.flush()
                time.sleep(0.1)
        elif self.path == "/silent":
            STOP.wait(10)
        elif self.path == "/to-http":
            self._send(302, b"", Location="http://localhost:1/ok")
        elif self.path == "/to-ok":
            self._send(301, b"", Location="/ok")
        else:
            self._send(404, b"no")


@pytest.fixture(scope="module")
def server(pki: dict[str, Path]) -> Iterator[int]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(pki["cert"], pki["key"])
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1]
    STOP.set()
    httpd.shutdown()
    httpd.server_close()


def _limits(seconds: float = 10.0, max_bytes: int = 1024 * 1024, **timeouts: float) -> Limits:
    return Limits.within(seconds, max_bytes, **timeouts)


def test_a_certificate_of_the_trusted_ca_passes_with_etags(server, pki) -> None:  # type: ignore[no-untyped-def]
    url = f"https://localhost:{server}/ok"
    answer = request("GET", url, _limits(), cafile=str(pki["ca"]))
    assert (answer.status, answer.body, answer.etag) == (200, b"hello", '"v1"')
    again = request("GET", url, _limits(), headers={"If-None-Match": '"v1"'}, cafile=str(pki["ca"]))
    assert (again.status, again.body) == (304, b"")
    moved = request("GET", f"https://localhost:{server}/to-ok", _limits(), cafile=str(pki["ca"]))
    assert (moved.status, moved.url, moved.body) == (200, url, b"hello")


def test_an_unknown_ca_is_refused(server, pki) -> None:  # type: ignore[no-untyped-def]
    url = f"https://localhost:{server}/ok"
    with pytest.raises(CertificateError) as refused:
        request("GET", url, _limits(), cafile=str(pki["other_ca"]))
    message = str(refused.value)
    assert message.startswith(url) and "certificate not accepted" in message
    assert "unable to get local issuer certificate" in message and "\n" not in message


def test_a_wrong_host_name_is_refused(server, pki) -> None:  # type: ignore[no-untyped-def]
    url = f"https://127.0.0.1:{server}/ok"  # the certificate is for localhost only
    with pytest.raises(CertificateError) as refused:
        request("GET", url, _limits(), cafile=str(pki["ca"]))
    assert str(refused.value).startswith(url)
    assert "IP address mismatch" in str(refused.value) or "mismatch" in str(refused.value)


def test_the_size_cap_stops_the_stream(server, pki) -> None:  # type: ignore[no-untyped-def]
    url = f"https://localhost:{server}/big"
    with pytest.raises(TooLarge, match=r"/big: too big: over the limit of 0\.5 MiB"):
        request("GET", url, _limits(max_bytes=512 * 1024), cafile=str(pki["ca"]))
    declared = f"https://localhost:{server}/big-declared"
    with pytest.raises(TooLarge, match=r"too big: 10\.0 MiB, over the limit of 1\.0 MiB"):
        request("GET", declared, _limits(), cafile=str(pki["ca"]))


def test_the_total_deadline_ends_a_trickle(server, pki) -> None:  # type: ignore[no-untyped-def]
    url = f"https://localhost:{server}/trickle"
    started = time.monotonic()
    with pytest.raises(HttpTimeout) as late:
        request("GET", url, _limits(seconds=1.0, read_timeout=5.0), cafile=str(pki["ca"]))
    elapsed = time.monotonic() - started
    assert str(late.value).startswith(url) and "timed out" in str(late.value)
    assert 0.9 < elapsed < 2.0  # the deadline (1 s) plus the grace, not the 100 s trickle


def test_a_silent_server_trips_the_read_timeout(server, pki) -> None:  # type: ignore[no-untyped-def]
    url = f"https://localhost:{server}/silent"
    with pytest.raises(HttpTimeout, match="timed out after 1 s without data"):
        request("GET", url, _limits(read_timeout=1.0), cafile=str(pki["ca"]))


def test_a_refused_connection_and_a_scheme_change(server, pki) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(HttpError, match=r"^https://localhost:1/ok: "):
        request("GET", "https://localhost:1/ok", _limits(connect_timeout=2.0))
    url = f"https://localhost:{server}/to-http"
    with pytest.raises(HttpError, match="redirected from https to another scheme: http://"):
        request("GET", url, _limits(), cafile=str(pki["ca"]))
    with pytest.raises(HttpError, match="not an http"):
        request("GET", "ftp://localhost/x", _limits())
