"""Flatpak's words → the neutral contract, refs, and a machine without Flatpak support."""

from __future__ import annotations

import sys

import pytest

from appcenter_qt import backends
from appcenter_qt.domain.backend import ErrorKind, PackageState, Status
from appcenter_qt.domain.package_ref import InvalidPackageRef

flatpak_refs = pytest.importorskip("appcenter_qt.backends.flatpak.refs")
vocabulary = pytest.importorskip("appcenter_qt.backends.flatpak.vocabulary")


@pytest.mark.parametrize(
    ("domain", "nick", "kind"),
    [
        ("flatpak-error-quark", "ref-not-found", ErrorKind.NOT_FOUND),
        ("flatpak-error-quark", "remote-not-found", ErrorKind.NOT_FOUND),
        ("flatpak-error-quark", "aborted", ErrorKind.CANCELLED),
        ("flatpak-error-quark", "permission-denied", ErrorKind.NOT_AUTHORIZED),
        ("flatpak-error-quark", "invalid-ref", ErrorKind.INVALID_INPUT),
        ("flatpak-error-quark", "a-code-from-the-future", ErrorKind.FAILED),
        ("g-io-error-quark", "cancelled", ErrorKind.CANCELLED),
        ("g-io-error-quark", "host-not-found", ErrorKind.NETWORK),
        ("g-io-error-quark", "timed-out", ErrorKind.TIMEOUT),
        ("some-other-quark", "ref-not-found", ErrorKind.FAILED),
    ],
)
def test_errors_map_to_neutral_kinds(domain: str, nick: str, kind: ErrorKind) -> None:
    assert vocabulary.kind_for(domain, nick) is kind
    assert vocabulary.message_for(kind)


def test_operations_map_to_statuses_and_states() -> None:
    assert vocabulary.OPERATIONS["install"] == (Status.INSTALLING, PackageState.INSTALLING)
    assert vocabulary.OPERATIONS["uninstall"] == (Status.REMOVING, PackageState.REMOVING)
    assert vocabulary.OPERATIONS["update"] == (Status.UPDATING, PackageState.UPDATING)


def test_refs_are_parsed_and_bad_ones_refused() -> None:
    ref = flatpak_refs.parse_ref("app/org.example.App/x86_64/stable")
    assert (ref.name, ref.version, ref.arch) == ("org.example.App", "stable", "x86_64")
    assert flatpak_refs.parse_ref("runtime/org.test.Platform/aarch64/23.08").version == "23.08"
    for bad in (
        "org.example.App",
        "app/org.example.App/x86_64",
        "app/../x86_64/stable",
        "app/org.example.App/x86_64/stable/extra",
        "extension/org.example.App/x86_64/stable",
        "app/org.example.App/x86_64/--reinstall",
        "app/org.example/x86_64/stable",  # ids have at least three elements
    ):
        with pytest.raises(InvalidPackageRef):
            flatpak_refs.parse_ref(bad)


def test_without_pygobject_flatpak_is_unavailable_not_the_product(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in list(sys.modules):
        if name == "gi" or name.startswith(("gi.", "appcenter_qt.backends.flatpak")):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "gi", None)  # as on a machine without PyGObject
    statuses = {s.name: s for s in backends.available()}
    assert not statuses["flatpak"].available
    assert "Flatpak support not installed" in statuses["flatpak"].reason
    assert statuses["packagekit"].available
    with pytest.raises(backends.SourceUnavailable, match="Flatpak support not installed"):
        backends.make("flatpak:flathub")
