"""A real, offline Flatpak world for the tests: a local repo built with the real tools and a
private installation that has it as an unsigned ``file://`` remote.

Built as flatpak's own test suite builds its test repos (``tests/make-test-runtime.sh``,
``make-test-app.sh``): a tiny runtime with a hand-written ``metadata`` and a few files, and
apps with a desktop file, an icon and AppStream data (a German name), each run through
``flatpak build-finish``, ``flatpak build-export --disable-sandbox`` and finally
``flatpak build-update-repo``, which writes the ``appstream/ARCH`` branches a remote serves.
Nothing is downloaded and nothing runs in a sandbox (no bubblewrap needed).

Registered for the whole suite by ``pytest_plugins`` in ``tests/conftest.py``. **Importing
this module points libflatpak at private directories for the whole test process**:
``FLATPAK_USER_DIR``, ``FLATPAK_SYSTEM_DIR`` and ``FLATPAK_CONFIG_DIR`` in a temp dir and an
empty ``FLATPAK_TRIGGERSDIR``. libflatpak reads them once per process, so they are set
before any test runs; no test ever sees (or changes) the machine's real installations.

``flatpak_world`` (session scope)
    A :class:`FlatpakWorld`: the repo (runtime ``org.test.Platform//master``; apps
    ``org.test.Hello//stable`` "Hello"/"Hallo" and ``org.test.Notes//stable``
    "Notes"/"Notizen", the latter with a 24 MiB payload so an install can be cancelled
    while it runs), the remote ``test-repo`` in the private user installation with its
    AppStream already pulled, and the remote ``gone`` whose repo directory no longer exists
    (a vanished remote). Tests that install must remove what they installed.

As a script, ``python -m tests.flatpak_fixtures DIR`` builds the repo in ``DIR/repo`` and a
user installation in ``DIR/user`` and prints the environment to use it by hand.
"""

from __future__ import annotations

import gzip
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

RUNTIME = "org.test.Platform"
ARCH_CMD = ("flatpak", "--default-arch")
REMOTE = "test-repo"
GONE = "gone"
#: id → (English name, German name, summary, extra payload bytes)
APPS: Mapping[str, tuple[str, str, str, int]] = {
    "org.test.Hello": ("Hello", "Hallo", "Says hello", 0),
    "org.test.Notes": ("Notes", "Notizen", "Takes notes", 24 * 1024 * 1024),
}
#: id → its AppStream releases, listed oldest first on purpose (the newest is found by date,
#: not by place); an app without releases shows its branch
RELEASES: Mapping[str, str] = {
    "org.test.Hello": '<release version="2.14.1" date="2026-03-01"/>'
    '<release version="2.14.2" date="2026-10-01"/>',
}
#: id → its sandbox permissions (``build-finish`` options; none for an app not listed): the app
#: page's permissions summary
FINISH_ARGS: Mapping[str, tuple[str, ...]] = {
    "org.test.Hello": ("--share=network", "--socket=wayland", "--filesystem=xdg-documents"),
    "org.test.Notes": ("--socket=x11", "--filesystem=home:ro", "--device=all"),
}

_PRIVATE = Path(tempfile.mkdtemp(prefix="appcenter-flatpak-"))


def private_environment(base: Path) -> dict[str, str]:
    """The variables that confine libflatpak and the ``flatpak`` command to ``base``."""
    (base / "triggers").mkdir(parents=True, exist_ok=True)
    (base / "config").mkdir(parents=True, exist_ok=True)
    return {
        "FLATPAK_USER_DIR": str(base / "user"),
        "FLATPAK_SYSTEM_DIR": str(base / "system"),
        "FLATPAK_CONFIG_DIR": str(base / "config"),
        "FLATPAK_TRIGGERSDIR": str(base / "triggers"),
    }


# Before any test: libflatpak caches these the first time it is asked.
if __name__ != "__main__":
    os.environ.update(private_environment(_PRIVATE))


def flatpak_missing_reason() -> str | None:
    """Why the real-Flatpak tests cannot run here, or ``None`` if they can."""
    if not shutil.which("flatpak"):
        return "needs the flatpak command (apt package flatpak, see scripts/system-packages)"
    try:
        import gi

        gi.require_version("Flatpak", "1.0")
        from gi.repository import Flatpak  # noqa: F401
    except (ImportError, ValueError) as error:
        return f"needs PyGObject and gir1.2-flatpak-1.0 ({error})"
    return None


def png(size: int, rgba: bytes = b"\x33\x66\xcc\xff") -> bytes:
    """A valid ``size``×``size`` PNG of one colour."""
    raw = b"".join(b"\x00" + rgba * size for _ in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def _run(*args: str | Path, env: Mapping[str, str] | None = None) -> None:
    done = subprocess.run(
        [str(a) for a in args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, args))} failed: {done.stderr.strip()[-2000:]}")


def default_arch() -> str:
    return subprocess.run(ARCH_CMD, capture_output=True, text=True, check=True).stdout.strip()


def _write(path: Path, data: str | bytes, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    path.write_bytes(data)
    path.chmod(mode)


def _component(app_id: str, name: str, german: str, summary: str) -> str:
    return f"""<component type="desktop-application">
  <id>{app_id}</id>
  <name>{name}</name>
  <name xml:lang="de">{german}</name>
  <summary>{summary}</summary>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>MIT</project_license>
  <icon type="cached" height="64" width="64">{app_id}.png</icon>
  <categories><category>Utility</category></categories>
  <launchable type="desktop-id">{app_id}.desktop</launchable>
  {f"<releases>{RELEASES[app_id]}</releases>" if app_id in RELEASES else ""}
</component>
"""


def build_runtime(work: Path, repo: Path, arch: str) -> None:
    tree = work / "runtime"
    runtime = f"{RUNTIME}/{arch}/master"
    _write(tree / "metadata", f"[Runtime]\nname={RUNTIME}\nruntime={runtime}\nsdk={runtime}\n")
    # A runtime's files are its /usr (build-export --runtime exports usr/, not files/).
    _write(tree / "usr" / "bin" / "sh", "#!/bin/true\n", 0o755)
    _write(tree / "usr" / "lib" / "os-release", "ID=org.test.Platform\n")
    (tree / "files").mkdir()  # what build-export takes as "initialized"
    _run("flatpak", "build-export", "--runtime", "--disable-sandbox", "--no-update-summary",
         repo, tree, "master")  # fmt: skip


def build_app(work: Path, repo: Path, arch: str, app_id: str) -> None:
    name, german, summary, payload = APPS[app_id]
    tree = work / app_id
    runtime = f"{RUNTIME}/{arch}/master"
    _write(
        tree / "metadata",
        f"[Application]\nname={app_id}\nruntime={runtime}\nsdk={runtime}\n",
    )
    files = tree / "files"
    _write(files / "bin" / f"{app_id}.sh", f"#!/bin/sh\necho {name}\n", 0o755)
    _write(
        files / "share" / "applications" / f"{app_id}.desktop",
        f"[Desktop Entry]\nType=Application\nName={name}\nName[de]={german}\n"
        f"Comment={summary}\nExec={app_id}.sh\nIcon={app_id}\nCategories=Utility;\n",
    )
    _write(files / "share" / "icons" / "hicolor" / "64x64" / "apps" / f"{app_id}.png", png(64))
    component = _component(app_id, name, german, summary)
    _write(
        files / "share" / "metainfo" / f"{app_id}.metainfo.xml",
        f'<?xml version="1.0" encoding="UTF-8"?>\n{component}',
    )
    # What appstream-compose writes in a flatpak-builder build: the app's own catalog and its
    # cached icon, which build-update-repo collects into the remote's appstream branch.
    header = '<?xml version="1.0"?>\n<components version="0.8" origin="flatpak">\n'
    catalog = f"{header}{component}</components>\n"
    _write(
        files / "share" / "app-info" / "xmls" / f"{app_id}.xml.gz", gzip.compress(catalog.encode())
    )
    _write(files / "share" / "app-info" / "icons" / "flatpak" / "64x64" / f"{app_id}.png", png(64))
    if payload:  # incompressible, so pulling it takes a moment
        _write(files / "share" / app_id / "payload.bin", os.urandom(payload))
    _run("flatpak", "build-finish", f"--command={app_id}.sh", *FINISH_ARGS.get(app_id, ()),
         tree)  # fmt: skip
    _run("flatpak", "build-export", "--disable-sandbox", "--no-update-summary",
         repo, tree, "stable")  # fmt: skip


def build_repo(work: Path) -> Path:
    """Build the runtime and the apps into ``work/repo`` (returned) with its appstream branch."""
    repo = work / "repo"
    arch = default_arch()
    build_runtime(work, repo, arch)
    for app_id in APPS:
        build_app(work, repo, arch, app_id)
    _run("flatpak", "build-update-repo", "--title=Test repo", repo)
    return repo


def add_remote(name: str, url: str, env: Mapping[str, str] | None = None) -> None:
    """An unsigned remote in the (private) user installation."""
    _run("flatpak", "remote-add", "--user", "--no-gpg-verify", "--if-not-exists", name, url,
         env=env)  # fmt: skip


def pull_appstream(name: str, env: Mapping[str, str] | None = None) -> None:
    _run("flatpak", "update", "--user", "--appstream", name, env=env)


@dataclass(frozen=True)
class FlatpakWorld:
    repo: Path
    user_dir: Path
    arch: str
    remote: str = REMOTE
    gone: str = GONE

    def ref(self, app_id: str, branch: str = "stable") -> str:
        return f"app/{app_id}/{self.arch}/{branch}"

    def installed(self) -> set[str]:
        """Refs installed in the private user installation (read through libflatpak)."""
        import gi

        gi.require_version("Flatpak", "1.0")
        from gi.repository import Flatpak

        installation = Flatpak.Installation.new_user()
        return {ref.format_ref() for ref in installation.list_installed_refs(None)}


@pytest.fixture(scope="session")
def flatpak_world() -> Iterator[FlatpakWorld]:
    reason = flatpak_missing_reason()
    if reason:
        pytest.skip(reason)
    work = _PRIVATE / "build"
    repo = build_repo(work)
    add_remote(REMOTE, repo.resolve().as_uri())
    pull_appstream(REMOTE)
    # A remote whose repo vanished: its directory existed when it was added, then went away.
    vanished = work / "vanished-repo"
    shutil.copytree(repo, vanished)
    add_remote(GONE, vanished.resolve().as_uri())
    shutil.rmtree(vanished)
    yield FlatpakWorld(repo, Path(os.environ["FLATPAK_USER_DIR"]), default_arch())


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.flatpak_fixtures DIR", file=sys.stderr)
        return 2
    base = Path(argv[0]).resolve()
    env = private_environment(base)
    repo = build_repo(base / "build")
    add_remote(REMOTE, repo.as_uri(), env)
    pull_appstream(REMOTE, env)
    for key, value in env.items():
        print(f"export {key}={value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
