"""Repositories (GetRepoList, RepoEnable) against the real packagekitd (dummy backend)."""

from __future__ import annotations

import asyncio

import pytest

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.domain.backend import (
    ErrorKind,
    RepositoryEvent,
    RepositorySource,
    validate_repo_id,
)
from appcenter_qt.domain.errors import BackendError

from .helpers import collect, errors, finished


def repositories(events: list) -> dict[str, RepositoryEvent]:
    return {e.repo_id: e for e in events if isinstance(e, RepositoryEvent)}


def test_packagekit_is_a_repository_source() -> None:
    assert isinstance(PackageKitBackend(), RepositorySource)


def test_get_repositories_lists_the_daemons_repos(packagekit_bus: str) -> None:
    events = asyncio.run(collect(PackageKitBackend().get_repositories()))
    assert finished(events).success and not errors(events)
    repos = repositories(events)
    # The dummy backend's three Fedora repositories, each with its title.
    assert set(repos) == {"fedora", "development", "livna-development"}
    assert repos["fedora"] == RepositoryEvent("fedora", "Fedora - 9", True)


def test_set_repository_enabled_switches_a_repo_off_and_on(packagekit_stack) -> None:  # type: ignore[no-untyped-def]
    # A private daemon: the switch must not leak into the shared one.
    stack = packagekit_stack()

    async def go() -> tuple[list, dict, list, dict]:
        backend = PackageKitBackend(stack.address)
        before = repositories(await collect(backend.get_repositories()))
        target = next(repo for repo in before.values() if repo.enabled)
        off = await collect(backend.set_repository_enabled(target.repo_id, False))
        middle = repositories(await collect(backend.get_repositories()))
        on = await collect(backend.set_repository_enabled(target.repo_id, True))
        after = repositories(await collect(backend.get_repositories()))
        await backend.aclose()
        return off, {"id": target.repo_id, "middle": middle}, on, after

    off, seen, on, after = asyncio.run(go())
    assert finished(off).success and finished(on).success
    assert seen["middle"][seen["id"]].enabled is False
    assert after[seen["id"]].enabled is True


def test_repo_enable_refused_by_polkit_is_not_authorized(packagekit_stack) -> None:  # type: ignore[no-untyped-def]
    stack = packagekit_stack(polkit="mock")

    async def go() -> list:
        backend = PackageKitBackend(stack.address, interactive=False)
        return await collect(backend.set_repository_enabled("fedora", False))

    events = asyncio.run(go())
    assert not finished(events).success
    assert [e.kind for e in errors(events)] == [ErrorKind.NOT_AUTHORIZED]


@pytest.mark.parametrize("bad", ["", "two words", "tab\there", "x" * 300, "nul\x00"])
def test_a_bad_repository_id_never_leaves_the_process(bad: str) -> None:
    with pytest.raises(BackendError) as caught:
        PackageKitBackend().set_repository_enabled(bad, True)
    assert caught.value.code == ErrorKind.INVALID_INPUT
    with pytest.raises(ValueError):
        validate_repo_id(bad)
