"""The Flatpak source as a whole, against the real libflatpak and the local test repo
(tests/flatpak_fixtures.py): remotes added from a .flatpakrepo file (and hostile ones
refused by name), listed, removed (refused while installed software uses them, unless
forced), and unused runtimes removed."""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from appcenter_qt import backends
from appcenter_qt.domain.backend import (
    ErrorEvent,
    ErrorKind,
    FinishedEvent,
    Outcome,
    PackageEvent,
    PackageState,
    RemoteDescription,
    RemoteEvent,
    RemoteScope,
    RemoteSource,
    Transaction,
    TransactionEvent,
    UnusedRemoval,
)
from appcenter_qt.domain.errors import BackendError
from tests.flatpak_fixtures import FlatpakWorld


def run(transaction: Transaction) -> list[TransactionEvent]:
    async def collect() -> list[TransactionEvent]:
        return [event async for event in transaction]

    return asyncio.run(collect())


def repo_file(path: Path, url: str, **keys: str) -> Path:
    lines = ["[Flatpak Repo]", f"Url={url}", *(f"{k}={v}" for k, v in keys.items())]
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture
def manager(flatpak_world: FlatpakWorld) -> Iterator[RemoteSource]:
    """The Flatpak manager; any remote a test adds (named ``extra…``) is removed after it."""
    found = backends.managers()
    assert [m.name for m in found] == ["flatpak"]
    source = found[0]
    assert isinstance(source, RemoteSource) and isinstance(source, UnusedRemoval)
    yield source
    for event in run(source.list_remotes()):
        if isinstance(event, RemoteEvent) and event.name.startswith("extra"):
            run(source.remove_remote(event.name, force=True))


def remotes(source: RemoteSource) -> dict[str, RemoteEvent]:
    return {e.name: e for e in run(source.list_remotes()) if isinstance(e, RemoteEvent)}


def test_add_list_and_remove_a_remote_from_a_flatpakrepo_file(
    manager: RemoteSource, flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    listed = remotes(manager)
    assert listed[flatpak_world.remote].scope is RemoteScope.USER
    assert listed[flatpak_world.remote].url == flatpak_world.repo.resolve().as_uri()
    url = flatpak_world.repo.resolve().as_uri()
    path = repo_file(
        tmp_path / "Extra Repo.flatpakrepo", url, Title="Extra", SuggestRemoteName="extra"
    )
    events = run(manager.add_remote(str(path)))
    assert isinstance(events[-1], FinishedEvent) and events[-1].success, events
    added = [e for e in events if isinstance(e, RemoteEvent)]
    assert [(e.name, e.scope, e.url) for e in added] == [("extra", RemoteScope.USER, url)]
    assert "extra" in remotes(manager)
    # Its AppStream was pulled: the catalog side sees it, and it is a source of its own.
    assert "flatpak:extra" in {c.source for c in backends.catalogs()}
    assert "flatpak:extra" in backends.source_names()
    again = run(manager.add_remote(str(path)))
    errors = [e for e in again if isinstance(e, ErrorEvent)]
    assert [(e.kind, e.code) for e in errors] == [(ErrorKind.INVALID_INPUT, "remote-exists")]
    assert "“extra” is already configured in the user installation" in errors[0].message
    removed = run(manager.remove_remote("extra"))
    assert isinstance(removed[-1], FinishedEvent) and removed[-1].success, removed
    assert "extra" not in remotes(manager)
    assert "flatpak:extra" not in {c.source for c in backends.catalogs()}


def test_the_name_comes_from_the_file_name_when_none_is_suggested(
    manager: RemoteSource, flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    path = repo_file(tmp_path / "extra two!.flatpakrepo", flatpak_world.repo.resolve().as_uri())
    events = run(manager.add_remote(str(path)))
    assert [e.name for e in events if isinstance(e, RemoteEvent)] == ["extra-two-"]
    named = run(manager.add_remote(str(path), name="extra3"))
    assert [e.name for e in named if isinstance(e, RemoteEvent)] == ["extra3"]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"[Flatpak Repo]\nUrl=https://x.example/repo/\nGPGKey=AAAA\n" + b"#" * 70_000,
         "larger than 64 KiB"),
        (b"[Flatpak Repo]\nUrl=ftp://x.example/repo/\nGPGKey=AAAA\n", "Url 'ftp://x.example/repo/'"),
        (b"[Flatpak Repo]\nUrl=javascript:alert(1)\n", "not an https, http or file address"),
        (b"[Flatpak Repo]\nUrl=repo/relative\n", "not an https, http or file address"),
        (b"[Flatpak Repo]\nTitle=No address\n", "has no Url"),
        (b"[Other Group]\nUrl=https://x.example/repo/\n", "no [Flatpak Repo] group"),
        (b"Url https://x.example/\n", "not a .flatpakrepo: Key file contains line"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8 text"),
        (b"[Flatpak Repo]\nUrl=https://x.example/repo/\n", "no GPGKey"),
    ],
    ids=["huge", "ftp", "javascript", "relative", "no-url", "no-group", "garbage", "binary",
         "unsigned-https"],
)  # fmt: skip
def test_a_hostile_file_is_refused_naming_it_and_the_cause(
    manager: RemoteSource, tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "hostile.flatpakrepo"
    path.write_bytes(content)
    with pytest.raises(BackendError) as caught:
        manager.add_remote(str(path))
    assert caught.value.code == ErrorKind.INVALID_INPUT
    assert str(path) in caught.value.details and expected in caught.value.details
    with pytest.raises(BackendError) as described:  # the question is not asked either
        manager.describe_remote(str(path))
    assert described.value.details == caught.value.details


def test_describing_a_file_says_what_it_says_and_changes_nothing(
    manager: RemoteSource, flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    url = flatpak_world.repo.resolve().as_uri()
    path = repo_file(
        tmp_path / "Extra.flatpakrepo",
        url,
        Title="Extra apps",
        Homepage="https://extra.example/",
        Comment="Apps for testing",
        SuggestRemoteName="extra-described",
    )
    described = manager.describe_remote(str(path))
    assert described == RemoteDescription(
        str(path),
        "extra-described",
        "Extra apps",
        url,
        "https://extra.example/",
        "Apps for testing",
        signed=False,
    )
    names = [e.name for e in run(manager.list_remotes()) if isinstance(e, RemoteEvent)]
    assert "extra-described" not in names
    bare = manager.describe_remote(str(repo_file(tmp_path / "extra bare.flatpakrepo", url)))
    assert (bare.name, bare.title, bare.homepage, bare.comment) == ("extra-bare", "", "", "")


def test_a_described_hostile_title_is_one_short_line_of_its_own_text(
    manager: RemoteSource, flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    """Markup stays text (the page shows it as plain text); control and bidi characters
    become spaces; an overlong value is cut with "…" so the question stays readable."""
    url = flatpak_world.repo.resolve().as_uri()
    path = tmp_path / "extra-hostile.flatpakrepo"
    path.write_text(
        "[Flatpak Repo]\n"
        f"Url={url}?{'a' * 5000}\n"
        "Title=<b>Bold</b> <a href='x'>link</a>\\n\\tnext\u202eevil\n"
        f"Comment={'word ' * 2000}\n"
        "Homepage=javascript:alert(1)\n"
    )
    described = manager.describe_remote(str(path))
    assert described.title == "<b>Bold</b> <a href='x'>link</a> next evil"
    assert described.url.startswith(url) and described.url.endswith("…")
    assert len(described.url) == 200 and len(described.comment) <= 200
    assert described.comment.endswith("…")
    assert described.homepage == "javascript:alert(1)"  # shown as text, never opened


def test_a_fifo_a_directory_and_a_missing_file_are_refused(
    manager: RemoteSource, tmp_path: Path
) -> None:
    fifo = tmp_path / "fifo.flatpakrepo"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path, tmp_path / "missing.flatpakrepo"):
        with pytest.raises(BackendError) as caught:
            manager.add_remote(str(path))  # returns at once: nothing blocks on the FIFO
        assert str(path) in caught.value.details


def test_a_bad_gpg_key_is_libflatpaks_error_naming_the_file(
    manager: RemoteSource, tmp_path: Path
) -> None:
    path = repo_file(
        tmp_path / "badkey.flatpakrepo",
        "https://x.example/repo/",
        GPGKey="!!not base64!!",
        SuggestRemoteName="extra-badkey",
    )
    events = run(manager.add_remote(str(path)))
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert len(errors) == 1 and errors[0].kind is ErrorKind.INVALID_INPUT
    assert errors[0].message == f"{path}: Invalid gpg key"
    assert "extra-badkey" not in remotes(manager)


def gpg_public_key(home: Path) -> str:
    """A fresh public key, base64 as a .flatpakrepo carries it (gpg in a private home)."""
    home.mkdir(mode=0o700)
    env = {**os.environ, "GNUPGHOME": str(home)}
    gpg = ["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", ""]
    subprocess.run(
        [*gpg, "--quick-gen-key", "Test Repo <test@example.org>", "ed25519", "sign", "never"],
        env=env, check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    exported = subprocess.run(
        [*gpg, "--export", "test@example.org"], env=env, check=True, capture_output=True
    ).stdout
    subprocess.run(["gpgconf", "--kill", "all"], env=env, check=False, capture_output=True)
    return base64.b64encode(exported).decode()


@pytest.mark.skipif(not shutil.which("gpg"), reason="needs gpg")
def test_a_signed_file_keeps_gpg_verification_on(
    manager: RemoteSource, flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    """The GPGKey is imported by libflatpak and every pull is verified with it: the unsigned
    test repo's application list is refused, and a one-line error says the remote was added
    but its list could not be downloaded."""
    path = repo_file(
        tmp_path / "signed.flatpakrepo",
        flatpak_world.repo.resolve().as_uri(),
        GPGKey=gpg_public_key(tmp_path / "gnupg"),
        SuggestRemoteName="extra-signed",
    )
    events = run(manager.add_remote(str(path)))
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert [(e.kind, e.code) for e in errors] == [(ErrorKind.NETWORK, "appstream-failed")]
    assert "“extra-signed” was added, but its application list could not be downloaded" in (
        errors[0].message
    )
    assert "GPG" in errors[0].details
    import gi

    gi.require_version("Flatpak", "1.0")
    from gi.repository import Flatpak

    remote = Flatpak.Installation.new_user(None).get_remote_by_name("extra-signed", None)
    assert remote.get_gpg_verify()


def test_a_gpg_key_gpg_cannot_import_adds_nothing(manager: RemoteSource, tmp_path: Path) -> None:
    key = base64.b64encode(b"\x99\x01\x0d" + b"\x00" * 64).decode()
    path = repo_file(
        tmp_path / "junk-key.flatpakrepo",
        "https://x.example/repo/",
        GPGKey=key,
        SuggestRemoteName="extra-junk",
    )
    events = run(manager.add_remote(str(path)))
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert [e.kind for e in errors] == [ErrorKind.INVALID_INPUT]
    assert errors[0].message.startswith(f"{path}: ")
    assert "extra-junk" not in remotes(manager)


def test_a_bad_name_is_refused_before_anything_runs(manager: RemoteSource) -> None:
    for name in ("", "-x", "a/b", "../up", "x" * 200):
        with pytest.raises(BackendError) as caught:
            manager.remove_remote(name)
        assert caught.value.code == ErrorKind.INVALID_INPUT


def test_removing_an_unknown_remote_says_so(manager: RemoteSource) -> None:
    events = run(manager.remove_remote("extra-nosuch", scope=RemoteScope.SYSTEM))
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert [(e.kind, e.message) for e in errors] == [
        (
            ErrorKind.NOT_FOUND,
            "No Flatpak remote “extra-nosuch” is configured in the system installation.",
        )
    ]


def test_a_remote_in_use_is_kept_unless_forced(
    manager: RemoteSource, flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    url = flatpak_world.repo.resolve().as_uri()
    path = repo_file(tmp_path / "x.flatpakrepo", url, SuggestRemoteName="extra-used")
    added = run(manager.add_remote(str(path)))
    assert isinstance(added[-1], FinishedEvent) and added[-1].success, added
    hello = flatpak_world.ref("org.test.Hello")
    backend = backends.make("flatpak:extra-used")
    installed = run(backend.install([hello]))
    assert isinstance(installed[-1], FinishedEvent) and installed[-1].success, installed
    assert remotes(manager)["extra-used"].apps == ("org.test.Hello",)
    refused = run(manager.remove_remote("extra-used"))
    errors = [e for e in refused if isinstance(e, ErrorEvent)]
    assert [e.code for e in errors] == ["remote-used"]
    assert "org.test.Hello" in errors[0].message
    assert "extra-used" in remotes(manager) and hello in flatpak_world.installed()
    forced = run(manager.remove_remote("extra-used", force=True))
    assert isinstance(forced[-1], FinishedEvent) and forced[-1].success, forced
    removing = [e.package_id for e in forced if isinstance(e, PackageEvent)]
    assert hello in removing
    assert "extra-used" not in remotes(manager) and hello not in flatpak_world.installed()


def test_unused_runtimes_are_counted_then_removed(
    manager: RemoteSource, flatpak_world: FlatpakWorld
) -> None:
    assert isinstance(manager, UnusedRemoval)
    backend = backends.make(f"flatpak:{flatpak_world.remote}")
    hello = flatpak_world.ref("org.test.Hello")
    runtime = f"runtime/org.test.Platform/{flatpak_world.arch}/master"
    installed = run(backend.install([hello]))
    assert isinstance(installed[-1], FinishedEvent) and installed[-1].success, installed
    # While Hello needs it, the runtime is not unused.
    assert not [e for e in run(manager.remove_unused(simulate=True)) if isinstance(e, PackageEvent)]
    run(backend.remove([hello]))
    assert runtime in flatpak_world.installed()  # removing an app leaves its runtime
    dry = run(manager.remove_unused(simulate=True))
    assert [(e.state, e.package_id) for e in dry if isinstance(e, PackageEvent)] == [
        (PackageState.REMOVING, runtime)
    ]
    assert runtime in flatpak_world.installed()  # a dry run changes nothing
    done = run(manager.remove_unused())
    assert isinstance(done[-1], FinishedEvent) and done[-1].success, done
    assert runtime in [e.package_id for e in done if isinstance(e, PackageEvent)]
    assert runtime not in flatpak_world.installed()
    assert not [e for e in run(manager.remove_unused(simulate=True)) if isinstance(e, PackageEvent)]


def test_remove_unused_cancelled_before_it_starts_changes_nothing(
    manager: RemoteSource,
) -> None:
    assert isinstance(manager, UnusedRemoval)

    async def cancel_first() -> list[TransactionEvent]:
        transaction = manager.remove_unused()
        await transaction.cancel()
        return [event async for event in transaction]

    events = asyncio.run(cancel_first())
    assert [type(e) for e in events] == [FinishedEvent]
    assert events[0].exit is Outcome.CANCELLED  # type: ignore[union-attr]
