"""The Sources model's Flatpak part without a window: remote rows with their installed apps,
a remote removed together with the apps installed from it (the page named them first), a
cancelled add, and the sentences for refusals. Real libflatpak and the local test repo."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtTest import QAbstractItemModelTester

from appcenter_qt import backends
from appcenter_qt.domain.backend import ErrorEvent, ErrorKind
from appcenter_qt.models.remote_messages import remote_error
from appcenter_qt.models.source_listing import count_unused
from appcenter_qt.models.source_rows import REMOTE, SourceRole
from appcenter_qt.models.sources_model import SourcesModel
from appcenter_qt.ui.async_bridge import AsyncLoopThread, GuiDispatcher
from tests.flatpak_fixtures import FlatpakWorld

FATAL = QAbstractItemModelTester.FailureReportingMode.Fatal


@pytest.fixture
def model(qtbot, flatpak_world: FlatpakWorld, demo_catalog) -> Iterator[SourcesModel]:  # type: ignore[no-untyped-def]
    loop = AsyncLoopThread()
    sources = SourcesModel(None, loop, GuiDispatcher(), "browse only", managers=backends.managers())
    QAbstractItemModelTester(sources, FATAL)
    sources.set_catalog(demo_catalog)
    qtbot.waitUntil(lambda: not sources.loading and sources.remoteCount >= 2, timeout=30000)
    yield sources
    loop.cancel_all()
    loop.stop()


def remotes(model: SourcesModel) -> dict[str, object]:
    return {r.source_id: r for r in model.rows() if r.kind == REMOTE}


def test_a_remote_goes_with_the_apps_installed_from_it(  # type: ignore[no-untyped-def]
    qtbot, model: SourcesModel, flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    assert model.managesRemotes and not model.available  # no package backend, still remotes
    file = tmp_path / "m.flatpakrepo"
    file.write_text(
        f"[Flatpak Repo]\nUrl={flatpak_world.repo.resolve().as_uri()}\nSuggestRemoteName=extra-m\n"
    )
    outdated: list[bool] = []
    model.catalogOutdated.connect(lambda: outdated.append(True))
    model.addRemote(str(file), False)
    assert model.working
    qtbot.waitUntil(lambda: "extra-m" in remotes(model) and not model.working, timeout=60000)
    assert outdated == [True]  # the window chooses its catalog again
    hello = flatpak_world.ref("org.test.Hello")

    async def install() -> None:
        async for _event in backends.make("flatpak:extra-m").install([hello]):
            pass

    asyncio.run(install())
    model.load()
    qtbot.waitUntil(lambda: remotes(model)["extra-m"].apps == ("org.test.Hello",), timeout=30000)  # type: ignore[attr-defined]
    row = model.index(next(i for i, r in enumerate(model.rows()) if r.source_id == "extra-m"), 0)
    assert model.data(row, SourceRole.INSTALLED_APPS) == "org.test.Hello"
    assert model.data(row, SourceRole.SCOPE) == "user"
    assert "Installed applications: 1" in remotes(model)["extra-m"].detail  # type: ignore[attr-defined]
    model.removeRemote("extra-m", "user")
    qtbot.waitUntil(lambda: "extra-m" not in remotes(model) and not model.working, timeout=60000)
    # Without a window saying its catalog follows, the notice speaks of a fixed file.
    assert model.errorText == "" and "its applications leave once" in model.noticeText
    assert outdated == [True, True]
    model.set_catalog_follows(True)
    model.removeRemote("no-such-remote", "user")  # not listed: nothing runs, nothing changes
    assert not model.working and outdated == [True, True]
    assert hello not in flatpak_world.installed()


def test_a_refused_file_names_itself_and_nothing_runs(model: SourcesModel, tmp_path: Path) -> None:
    bad = tmp_path / "bad.flatpakrepo"
    bad.write_bytes(b"\x00" * 100_000)
    model.addRemote(bad.as_uri(), True)
    assert not model.working
    assert model.errorText.startswith("This file cannot be added as a Flatpak source: ")
    assert str(bad) in model.errorText and "64 KiB" in model.errorText


def test_the_source_s_own_codes_get_their_own_sentences() -> None:
    used = ErrorEvent(ErrorKind.FAILED, "…", code="remote-used")
    assert remote_error(used) == "Applications installed from this source still use it."
    exists = ErrorEvent(ErrorKind.INVALID_INPUT, "…", code="remote-exists")
    # In the source's own words when the sentence names its kind of remote, else neutral.
    (flatpak,) = backends.managers()
    assert remote_error(exists, flatpak.wording) == (
        "A Flatpak source of this name is already configured."
    )
    assert remote_error(exists) == "A source of this name is already configured."
    network = ErrorEvent(ErrorKind.NETWORK, "…", code="remote-not-reachable")
    assert remote_error(network) == "The package could not be downloaded. Check the network."


def test_a_file_offered_as_url_or_path_is_asked_about_as_a_local_path(
    model: SourcesModel, flatpak_world: FlatpakWorld, tmp_path: Path
) -> None:
    """The file is read and checked when it is offered (so the question can show what it
    says); the expectation moved from unchecked, non-existent paths to real files."""
    url = flatpak_world.repo.resolve().as_uri()
    spaced = tmp_path / "My Repo%.flatpakrepo"
    spaced.write_text(
        f"[Flatpak Repo]\nTitle=My <i>Repo</i>\nUrl={url}\n"
        "Homepage=https://my.example/\nComment=Tools\n"
    )
    model.offerRemoteFile(spaced.as_uri())  # "My%20Repo%25.flatpakrepo"
    assert model.pendingRemoteFile == str(spaced)
    assert model.pendingRemoteTitle == "My <i>Repo</i>" and model.pendingRemoteUrl == url
    assert model.pendingRemoteHomepage == "https://my.example/"
    assert model.pendingRemoteComment == "Tools" and model.pendingRemoteName == "My-Repo-"
    plain = tmp_path / "plain.flatpakrepo"
    plain.write_text(f"[Flatpak Repo]\nUrl={url}\n")
    model.offerRemoteFile(str(plain))
    assert model.pendingRemoteFile == str(plain)
    assert model.pendingRemoteTitle == "" and model.pendingRemoteHomepage == ""
    model.dismissRemoteFile()
    assert model.pendingRemoteFile == "" and model.pendingRemoteUrl == "" and not model.working
    assert "extra" not in " ".join(remotes(model))  # nothing was added


def test_a_file_failing_the_check_shows_the_error_instead_of_the_question(
    model: SourcesModel, tmp_path: Path
) -> None:
    hostile = tmp_path / "hostile.flatpakrepo"
    hostile.write_text("[Flatpak Repo]\nTitle=<b>Click</b>\nUrl=javascript:alert(1)\n")
    model.offerRemoteFile(hostile.as_uri())
    assert model.pendingRemoteFile == "" and model.pendingRemoteTitle == ""
    assert model.errorText.startswith("This file cannot be added as a Flatpak source: ")
    assert str(hostile) in model.errorText and "https, http or file" in model.errorText
    model.offerRemoteFile(str(tmp_path / "missing.flatpakrepo"))
    assert model.pendingRemoteFile == "" and "missing.flatpakrepo" in model.errorText


def test_every_manager_is_a_group_of_its_own_and_each_acts_through_its_own(  # type: ignore[no-untyped-def]
    qtbot, flatpak_world: FlatpakWorld, demo_catalog, tmp_path: Path
) -> None:
    """Two remote managers (Flatpak is the one source with remotes here, so two of its real
    managers over the same installations): two groups, each listing the remotes under its
    own heading, each counting its unused runtimes, and a removal going through the group
    it was asked of. No group is a special case in the model or the page."""
    loop = AsyncLoopThread()
    first, second = backends.managers()[0], backends.managers()[0]
    model = SourcesModel(None, loop, GuiDispatcher(), "", managers=[first, second])
    QAbstractItemModelTester(model, FATAL)
    try:
        model.set_catalog(demo_catalog)
        qtbot.waitUntil(lambda: not model.loading and model.remoteCount == 4, timeout=30000)
        groups = model.remoteManagers
        assert [g["group"] for g in groups] == [0, 1]
        # Worded by the source; told apart although worded alike.
        assert [g["section"] for g in groups] == [
            "Flatpak sources (Flatpak 1)",
            "Flatpak sources (Flatpak 2)",
        ]
        assert {g["addRemote"] for g in groups} == {"Add Flatpak source…"}
        assert {g["label"] for g in groups} == {"Flatpak"} and all(g["canAdd"] for g in groups)
        # Both managers look at the same installations (which earlier tests in the session may
        # have left runtimes in), so they count alike, and the total is over every group.
        unused = asyncio.run(count_unused(first))
        assert unused >= 0 and [g["unused"] for g in groups] == [unused, unused]
        assert model.unusedCount == 2 * unused
        by_group = {(r.group, r.section, r.source_id) for r in model.rows() if r.kind == REMOTE}
        assert by_group == {
            (index, groups[index]["section"], name)
            for index in (0, 1)
            for name in ("test-repo", "gone")
        }
        # A file is offered to the group whose source reads files of its name, and added.
        repo_file = tmp_path / "two.flatpakrepo"
        repo_file.write_text(
            f"[Flatpak Repo]\nUrl={flatpak_world.repo.resolve().as_uri()}\n"
            "SuggestRemoteName=extra-two\n"
        )
        model.offerRemoteFile(str(repo_file))
        assert model.pendingRemoteFile == str(repo_file)
        assert model.pendingRemoteQuestion == "Add Flatpak Source?"
        model.addRemote(model.pendingRemoteFile, False)
        qtbot.waitUntil(lambda: not model.working and model.remoteCount == 6, timeout=60000)
        # Removed through the second group's manager; both list the installation again.
        model.removeRemoteIn(1, "extra-two", "user")
        assert model.working
        qtbot.waitUntil(lambda: not model.working and model.remoteCount == 4, timeout=60000)
        assert model.errorText == ""
        remaining = {(r.group, r.source_id) for r in model.rows() if r.kind == REMOTE}
        assert remaining == {(g, n) for g in (0, 1) for n in ("test-repo", "gone")}
        model.removeRemoteIn(5, "test-repo", "user")  # no such group: nothing runs
        assert not model.working and model.remoteCount == 4
    finally:
        loop.cancel_all()
        loop.stop()
