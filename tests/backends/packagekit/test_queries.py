"""Resolve, GetPackages, SearchNames, GetDetails against the real packagekitd (dummy backend)."""

from __future__ import annotations

import asyncio

import pytest

from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.domain.backend import DetailsEvent, PackageBackend, PackageEvent, PackageState

from .helpers import collect, errors, finished, packages


def run(coro):
    return asyncio.run(coro)


def test_backend_implements_the_domain_protocol() -> None:
    assert isinstance(PackageKitBackend(), PackageBackend)


def test_resolve_finds_installed_and_available_packages(packagekit_bus: str) -> None:
    async def go():
        backend = PackageKitBackend()
        events = await collect(backend.resolve(["glib2", "foobar", "no-such-package"]))
        await backend.aclose()
        return events

    events = run(go())
    assert finished(events).success
    found = {p.package_id: p.state for p in packages(events)}
    assert found == {
        "glib2;2.14.0;i386;fedora": PackageState.INSTALLED,
        "foobar;1.1.0;i386;debian": PackageState.AVAILABLE,
    }
    assert not errors(events)


def test_resolve_installed_only_filters_on_the_daemon(packagekit_bus: str) -> None:
    async def go():
        backend = PackageKitBackend(packagekit_bus)
        return await collect(backend.resolve(["glib2", "foobar"], installed_only=True))

    events = run(go())
    assert [p.package_id for p in packages(events)] == ["glib2;2.14.0;i386;fedora"]


def test_get_packages_lists_the_installed_set(packagekit_bus: str) -> None:
    events = run(collect(PackageKitBackend().get_packages(installed_only=True)))
    assert finished(events).success
    # The dummy backend's whole installed set is one package.
    assert packages(events) == [
        PackageEvent(PackageState.INSTALLED, "update1;2.19.1-4.fc8;i386;fedora", "The first update")
    ]


@pytest.mark.parametrize(
    ("locale", "summary"),
    [("en_GB.utf8", "PDF Document viewer"), ("de_DE.UTF-8", "PDF Dokument Ƥrŏgrȃɱ")],
)
def test_search_names_sends_the_locale_hint(packagekit_bus: str, locale: str, summary: str) -> None:
    # The dummy backend answers in the locale it was given through SetHints.
    events = run(collect(PackageKitBackend(locale=locale).search_names(["evince"])))
    assert finished(events).success
    evince = [p for p in packages(events) if p.package_id.startswith("evince;")]
    assert [p.summary for p in evince] == [summary]


def test_get_details_returns_details_for_the_id(packagekit_bus: str) -> None:
    pid = "gtkhtml2;2.19.1-4.fc8;i386;fedora"
    events = run(collect(PackageKitBackend().get_details([pid])))
    assert finished(events).success
    details = [e for e in events if isinstance(e, DetailsEvent)]
    assert details and details[0].package_id == pid
    assert details[0].description and details[0].size > 0


def test_one_backend_runs_transactions_concurrently(packagekit_bus: str) -> None:
    async def go():
        backend = PackageKitBackend()
        return await asyncio.gather(
            collect(backend.resolve(["glib2"])), collect(backend.resolve(["powertop"]))
        )

    first, second = run(go())
    assert [p.package_id for p in packages(first)] == ["glib2;2.14.0;i386;fedora"]
    assert [p.package_id for p in packages(second)] == ["powertop;1.8-1.fc8;i386;fedora"]


def test_backend_survives_a_new_event_loop(packagekit_bus: str) -> None:
    backend = PackageKitBackend()
    for _ in range(2):
        events = run(collect(backend.resolve(["glib2"])))
        assert finished(events).success


def test_removing_a_match_rule_after_close_opens_no_connection(packagekit_bus: str) -> None:
    """A transaction's clean-up removes its match rules; after the client was closed (the
    window's exit) the rules went with the connection, and no new one is opened for them."""
    client = PackageKitBackend().client
    rule = "type='signal',interface='org.freedesktop.PackageKit'"

    async def go() -> list[asyncio.Task[object]]:
        await client.add_match(rule)
        await client.close()
        await client.remove_match(rule)
        return [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]

    assert run(go()) == []
