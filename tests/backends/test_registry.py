"""The sources registry: the one place that builds concrete backends, and says why it cannot."""

from __future__ import annotations

import sys

import pytest

from appcenter_qt import backends
from appcenter_qt.backends.packagekit import PackageKitBackend
from appcenter_qt.domain import Package
from appcenter_qt.domain.backend import PackageBackend


def test_make_builds_the_packagekit_source_with_its_options() -> None:
    backend = backends.make("packagekit", address="unix:path=/nonexistent", interactive=False)
    assert isinstance(backend, PackageBackend) and isinstance(backend, PackageKitBackend)
    assert backend.name == "packagekit"
    assert "interactive=false" in backend.hints
    ref = backend.parse_ref("glib2;2.14.0;i386;fedora")
    assert (ref.name, ref.version, ref.arch, str(ref)) == (
        "glib2",
        "2.14.0",
        "i386",
        "glib2;2.14.0;i386;fedora",
    )


def test_unknown_names_and_options_are_one_clear_error() -> None:
    with pytest.raises(backends.SourceUnavailable, match=r"'snap'.*no such source.*packagekit"):
        backends.make("snap")
    # A multi-instance source is named with its instance, a single one without.
    with pytest.raises(backends.SourceUnavailable, match=r"name it as flatpak:INSTANCE"):
        backends.make("flatpak")
    with pytest.raises(backends.SourceUnavailable, match=r"'packagekit:x'.*name it as packagekit"):
        backends.make("packagekit:x")
    with pytest.raises(backends.SourceUnavailable, match="bad options"):
        backends.make("packagekit", colour="blue")


def test_available_reports_every_source_and_why_one_cannot_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken = backends.SourceSpec("broken", "appcenter_qt.backends.no_such_module:X", "a test")
    monkeypatch.setattr(backends, "SOURCES", (*backends.SOURCES, broken))
    statuses = {s.name: s for s in backends.available()}
    assert statuses["packagekit"].available and statuses["packagekit"].reason == ""
    assert not statuses["broken"].available
    assert "appcenter_qt.backends.no_such_module" in statuses["broken"].reason
    assert backends.names() == ("packagekit", "flatpak", "broken")


def test_a_missing_dbus_library_makes_packagekit_unavailable_not_the_product(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As on a system without dbus-next: importing it fails, and so does the source's package.
    monkeypatch.setitem(sys.modules, "dbus_next", None)
    monkeypatch.setitem(sys.modules, "dbus_next.aio", None)
    for name in [m for m in sys.modules if m.startswith("appcenter_qt.backends.packagekit")]:
        monkeypatch.delitem(sys.modules, name)
    (status,) = [s for s in backends.available() if s.name == "packagekit"]
    assert not status.available
    assert "dbus_next is not installed" in status.reason
    with pytest.raises(backends.SourceUnavailable, match="dbus_next"):
        backends.make("packagekit")


def test_the_plain_source_names_follow_the_registry() -> None:
    """``appcenter-query`` orders sources without importing the registry
    (:mod:`appcenter_qt.domain.source_names`): the default first, as the registry lists it."""
    from appcenter_qt.domain import source_names

    assert source_names.DEFAULT_SOURCE == backends.DEFAULT_SOURCE == backends.names()[0]
    assert sorted(["flatpak:x", "packagekit", "other"], key=backends.sort_key) == [
        "packagekit",
        "flatpak:x",
        "other",
    ]


def test_only_sources_that_keep_catalogs_are_asked_for_them() -> None:
    """``catalogs()`` loads the sources marked ``keeps_catalogs`` only, and every source
    class that has a ``catalogs`` method is marked (else its catalogs would be missed)."""
    for spec in backends.SOURCES:
        try:
            factory = backends._load(spec)
        except backends.SourceUnavailable:
            continue
        assert spec.keeps_catalogs == hasattr(factory, "catalogs"), spec.name


# A PyGObject that cannot be imported, as on a system without python3-gi: a ``gi`` package
# first on the path whose import fails the way a missing one does.
_NO_GI = "raise ImportError('No module named gi (shadowed by the test)', name='gi')\n"
_HINTS = """
import json, sys
from appcenter_qt import backends
print(json.dumps([[h.label, h.packages] for h in backends.setup_hints(sys.argv[1:])]))
"""


def _hints_without_gi(tmp_path, *os_ids: str) -> list[list[str]]:  # type: ignore[no-untyped-def]
    import json
    import os
    import subprocess

    (tmp_path / "gi").mkdir(exist_ok=True)
    (tmp_path / "gi" / "__init__.py").write_text(_NO_GI)
    path = os.pathsep.join([str(tmp_path), *sys.path])
    done = subprocess.run(
        [sys.executable, "-c", _HINTS, *os_ids],
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def test_a_source_that_cannot_load_names_what_to_install_in_the_distributions_words(
    tmp_path,
) -> None:  # type: ignore[no-untyped-def]
    debian = _hints_without_gi(tmp_path, "debian")
    assert debian == [["Flatpak", "python3-gi gir1.2-flatpak-1.0"]]
    # ID first, then ID_LIKE: openSUSE Tumbleweed names itself "opensuse-tumbleweed".
    suse = _hints_without_gi(tmp_path, "opensuse-tumbleweed", "suse", "opensuse")
    assert suse == [["Flatpak", "python3-gobject typelib-1_0-Flatpak-1_0"]]
    assert _hints_without_gi(tmp_path, "ubuntu", "debian") == debian
    # A system the registry does not know gets the generic words.
    (other,) = _hints_without_gi(tmp_path, "gentoo")
    assert other[0] == "Flatpak" and "PyGObject" in other[1]


def test_a_source_that_loads_needs_no_hint() -> None:
    pytest.importorskip("gi")  # python3-gi, which the tests install (.ci/apt-packages)
    assert backends.setup_hints(["debian"]) == []


def test_a_remote_s_file_is_known_by_the_registry_and_named_in_the_source_s_words() -> None:
    """``appcenter-qt FILE`` asks the registry which files describe a remote; the file
    dialog's filter is the source's own sentence. The two say the same patterns."""
    from appcenter_qt.domain.source_wording import wording_of

    assert backends.describes_remote("/tmp/My Repo.flatpakrepo")
    assert backends.describes_remote("x.flatpakrepo", "flatpak:flathub")
    assert not backends.describes_remote("x.flatpakrepo", "packagekit")
    assert not backends.describes_remote("/tmp/notes.txt")
    for manager in backends.managers():
        patterns = backends.remote_file_patterns(manager.name)
        assert patterns and all(p in wording_of(manager).remote_files for p in patterns)


def test_the_flatpak_line_reads_its_bundle_refs_as_its_catalog_rows() -> None:
    # As the Flatpak source's parse_ref: the id its name, the branch its version, the arch.
    (form,) = (f for f in backends.bundle_formats() if f.kind == "flatpak")
    assert form.package("app/org.example.App/x86_64/stable", "flathub") == Package(
        "org.example.App", "stable", "x86_64", "flathub"
    )
    assert form.package("runtime/org.example.Platform/x86_64/23.08", "flathub") is None
