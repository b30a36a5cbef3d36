"""Finding a system's AppStream pool below a root: catalog files, icon caches, data dirs and
the package database, and every bad thing a pool directory can hold."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from appcenter_qt.extract.pool.package_db import parse_dpkg_status, parse_rpm_query, read_installed
from appcenter_qt.extract.pool.system_pool import (
    LocalIcons,
    PoolPathError,
    discover,
    resolve_in_root,
)
from tests.system_pools import DEP11_NAME, MAIN_ORIGIN, VENDOR_ORIGIN, make_pool, pool_environ


def test_discover_finds_each_catalog_once_with_its_format(tmp_path: Path) -> None:
    make_pool(tmp_path)
    pool = discover(tmp_path, environ=pool_environ(tmp_path))
    logical = [(c.logical, c.format) for c in pool.catalogs]
    # the legacy app-info link to the same apt list file is not read twice
    assert logical == [
        (f"/var/lib/swcatalog/yaml/{DEP11_NAME}", "dep11"),
        ("/var/cache/swcatalog/xml/vendor.xml.gz", "appstream-xml"),
    ]
    assert [p.relative_to(tmp_path).as_posix() for p in pool.icon_bases] == [
        "var/lib/swcatalog",
        "var/cache/swcatalog",
    ]
    assert [p.relative_to(tmp_path).as_posix() for p in pool.data_dirs] == [
        "usr/local/share",
        "usr/share",
    ]
    assert pool.package_db == "dpkg"
    assert pool.hints == []


def test_a_source_s_exported_data_dirs_are_left_to_its_own_catalog(tmp_path: Path) -> None:
    """The pool leaves out the data directories the caller says a source exports to (the
    registry's), matched as a path's end; it names none itself."""
    for relative in ("usr/share", "var/lib/one/exports/share", "home/u/.local/one/exports/share"):
        (tmp_path / relative / "applications").mkdir(parents=True)
    dirs = ["usr/share", "var/lib/one/exports/share", "home/u/.local/one/exports/share"]
    every = discover(tmp_path, environ={}, data_dirs=dirs)
    assert len(every.data_dirs) == 3
    pool = discover(tmp_path, environ={}, data_dirs=dirs, sourced_data_dirs=["one/exports/share"])
    assert [p.relative_to(tmp_path).as_posix() for p in pool.data_dirs] == ["usr/share"]


def test_the_registry_s_exported_data_dirs_are_left_out(tmp_path: Path) -> None:
    from appcenter_qt import backends

    exported = backends.exported_data_dirs()
    assert exported and all(not d.startswith("/") for d in exported)
    dirs = ["usr/share", *(f"var/lib/{d}" for d in exported)]
    for relative in dirs:
        (tmp_path / relative / "applications").mkdir(parents=True)
    pool = discover(tmp_path, environ={}, data_dirs=dirs, sourced_data_dirs=exported)
    assert [p.relative_to(tmp_path).as_posix() for p in pool.data_dirs] == ["usr/share"]


def test_a_machine_without_a_pool_has_no_catalogs(tmp_path: Path) -> None:
    pool = discover(tmp_path, environ={})
    assert not pool.has_catalogs and pool.package_db == "" and pool.hints == []


def test_symlinks_resolve_inside_the_root(tmp_path: Path) -> None:
    (tmp_path / "etc").mkdir()
    os.symlink("/etc", tmp_path / "link")  # absolute: means <root>/etc, not the host's
    os.symlink("../../..", tmp_path / "etc" / "up")  # cannot climb above the root
    assert resolve_in_root(tmp_path, "link") == tmp_path / "etc"
    assert resolve_in_root(tmp_path, "etc/up") == tmp_path
    os.symlink("loop-b", tmp_path / "loop-a")
    os.symlink("loop-a", tmp_path / "loop-b")
    with pytest.raises(PoolPathError, match="symlink loop"):
        resolve_in_root(tmp_path, "loop-a/x")


def test_bad_pool_entries_are_named_and_skipped(tmp_path: Path) -> None:
    make_pool(tmp_path, vendor=False)
    yaml_dir = tmp_path / "var/lib/swcatalog/yaml"
    os.mkfifo(yaml_dir / "fifo_Components-amd64.yml")  # would block a reader forever
    os.symlink("/nowhere/Components-i386.yml.gz", yaml_dir / "dangling_Components-i386.yml.gz")
    # a pool directory that is a symlink loop
    (tmp_path / "var/cache").mkdir(exist_ok=True)
    os.symlink("/var/cache/swcatalog", tmp_path / "var/cache/swcatalog-loop")
    os.symlink("/var/cache/swcatalog-loop", tmp_path / "var/cache/swcatalog")
    unreadable = tmp_path / "usr/share/swcatalog/xml"
    unreadable.mkdir(parents=True)
    (unreadable / "broken.xml").mkdir()  # a directory where a file should be
    finished = threading.Event()
    found: list = []

    def run() -> None:
        found.append(discover(tmp_path, environ=pool_environ(tmp_path)))
        finished.set()

    threading.Thread(target=run, daemon=True).start()
    assert finished.wait(30), "discover blocked (a FIFO was opened?)"
    pool = found[0]
    hints = {(h.source, h.message) for h in pool.hints}
    assert ("/var/lib/swcatalog/yaml/fifo_Components-amd64.yml", "not a regular file") in hints
    assert ("/var/lib/swcatalog/yaml/dangling_Components-i386.yml.gz", "dangling symlink") in hints
    assert ("/var/cache/swcatalog", "symlink loop") in hints
    assert ("/usr/share/swcatalog/xml/broken.xml", "not a regular file") in hints
    # the good file beside them is still found
    assert [c.logical for c in pool.catalogs] == [f"/var/lib/swcatalog/yaml/{DEP11_NAME}"]


def test_fingerprint_changes_with_the_pool_and_only_then(tmp_path: Path) -> None:
    dep11 = make_pool(tmp_path)
    env = pool_environ(tmp_path)
    first = discover(tmp_path, environ=env).fingerprint()
    assert discover(tmp_path, environ=env).fingerprint() == first
    stat = dep11.stat()
    os.utime(dep11, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    refreshed = discover(tmp_path, environ=env).fingerprint()
    assert refreshed != first
    (tmp_path / "var/lib/dpkg/status").write_text("Package: x\nStatus: install ok installed\n")
    assert discover(tmp_path, environ=env).fingerprint() != refreshed


def test_local_icons_point_at_valid_pngs_only(tmp_path: Path) -> None:
    make_pool(tmp_path)
    icons = LocalIcons(discover(tmp_path, environ=pool_environ(tmp_path)))
    found = icons.find(MAIN_ORIGIN, "64x64/example-mines_org.example.Mines.png")
    assert (
        found == f"/var/lib/swcatalog/icons/{MAIN_ORIGIN}/64x64/example-mines_org.example.Mines.png"
    )
    assert icons.find(VENDOR_ORIGIN, "64x64/vendor-studio_com.vendor.Studio.png") == (
        f"/var/cache/swcatalog/icons/{VENDOR_ORIGIN}/64x64/vendor-studio_com.vendor.Studio.png"
    )
    assert icons.find(MAIN_ORIGIN, "64x64/example-broken_org.example.Broken.png") is None
    assert [(h.tag, h.message) for h in icons.hints] == [("icon-invalid", "empty file (0 bytes)")]
    assert "example-broken_org.example.Broken.png" in icons.hints[0].source
    assert icons.find("../../etc", "64x64/passwd") is None
    assert icons.find(MAIN_ORIGIN, "48x48/example-mines_org.example.Mines.png") is None


def test_dpkg_status_counts_only_installed_packages() -> None:
    text = (Path(__file__).parents[1] / "system_pools.py").read_text()
    status = text.split('DPKG_STATUS = """\\\n', 1)[1].split('"""', 1)[0]
    packages = parse_dpkg_status(status)
    assert [(p.name, p.version, p.arch, p.source) for p in packages] == [
        ("example-mines", "1:40.1-2", "amd64", "example-mines"),
        ("libc6", "2.36-9", "amd64", "glibc"),
        ("vendor-tool", "3.2.1", "amd64", "vendor-tool"),
    ]


def test_rpm_query_output_is_parsed_like_rpm_prints_versions() -> None:
    out = "bash\t0:5.2.15-3.fc38\tx86_64\nkernel\t1:6.5.6-300\tx86_64\ngpg-pubkey\t0:a-b\t(none)\n"
    packages = parse_rpm_query(out)
    assert [(p.name, p.version, p.arch) for p in packages] == [
        ("bash", "5.2.15-3.fc38", "x86_64"),
        ("kernel", "1:6.5.6-300", "x86_64"),
    ]


def test_real_rpm_database_below_a_root(tmp_path: Path) -> None:
    """The rpm program reads a real rpm database built in the test (rpm --initdb, then a
    package built with rpmbuild installed with --justdb)."""
    import shutil
    import subprocess

    from tests.extract.packages import build_rpm

    if shutil.which("rpm") is None or shutil.which("rpmbuild") is None:
        pytest.skip("rpm and rpmbuild are not installed")
    (tmp_path / "build").mkdir()
    package = build_rpm(
        tmp_path / "build", "vendor-tool", {"usr/bin/vendor-tool": b"x"}, version="3.2.1"
    )
    root = tmp_path / "root"
    root.mkdir()
    # Debian's rpm keeps its own database in ~/.rpmdb; an RPM distribution's is here
    db = ["rpm", "--root", str(root), "--dbpath", "/var/lib/rpm"]
    subprocess.run([*db, "--initdb"], check=True)
    subprocess.run(
        [*db, "-i", "--justdb", "--nodeps", "--noscripts", str(package)],
        check=True,
        capture_output=True,
    )
    pool = discover(root, environ={})
    assert pool.package_db == "rpm"
    installed = read_installed(root, "rpm", pool.package_db_path)
    assert [(p.name, p.version.split("-")[0]) for p in installed] == [("vendor-tool", "3.2.1")]


def test_a_fifo_for_the_dpkg_status_is_an_error_not_a_hang(tmp_path: Path) -> None:
    from appcenter_qt.domain.errors import ExtractError

    status = tmp_path / "var/lib/dpkg/status"
    status.parent.mkdir(parents=True)
    os.mkfifo(status)
    assert discover(tmp_path, environ={}).package_db == "dpkg"
    with pytest.raises(ExtractError, match=r"status: a FIFO, not a regular file"):
        read_installed(tmp_path, "dpkg")


def test_kept_source_stamps_are_trusted_only_while_nothing_they_depend_on_changed(
    tmp_path: Path,
) -> None:
    """A build keeps the sources' catalogs' stamps and what their list depends on; a reader
    may use them without asking the sources only while all of it is as it was."""
    from appcenter_qt.domain.backend import SourceCatalog
    from appcenter_qt.extract.pool.system_pool import (
        encode_source_state,
        kept_source_stamps,
        source_stamps,
        watch_stamps,
    )

    catalog = tmp_path / "remote" / "x86_64" / "active" / "appstream.xml.gz"
    catalog.parent.mkdir(parents=True)
    catalog.write_bytes(b"catalog")
    config = tmp_path / "repo-config"
    config.write_text('[remote "one"]\n')
    missing = tmp_path / "installations.d"  # absent: its appearing counts too
    kept = source_stamps([SourceCatalog("flatpak:one", str(catalog))])
    watch = watch_stamps([str(config), str(missing), str(catalog.parents[1])])
    state = encode_source_state(kept, watch)
    assert kept_source_stamps(state) == kept

    config.write_text('[remote "one"]\n[remote "two"]\n')  # a remote added
    assert kept_source_stamps(state) is None
    state = encode_source_state(kept, watch_stamps([str(config), str(missing)]))
    assert kept_source_stamps(state) == kept
    missing.mkdir()  # an installation configured
    assert kept_source_stamps(state) is None
    missing.rmdir()
    assert kept_source_stamps(state) == kept
    catalog.unlink()  # pulled again: a new file behind the link
    catalog.write_bytes(b"catalog, newer")
    assert kept_source_stamps(state) is None
    # a state this code did not write, or with nothing watched, is never trusted
    for text in ("", "{", "[]", '{"catalogs": [], "watch": []}', '{"catalogs": [[1]], "watch": 1}'):
        assert kept_source_stamps(text) is None
