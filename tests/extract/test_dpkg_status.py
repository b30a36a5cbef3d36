"""dpkg's ``status`` streamed (issue 29, class 7): the fields dpkg's readers use, one
paragraph at a time, with every cap that bounds the memory a hostile file can cost."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.pool.package_db import installed_from_status, read_dpkg
from appcenter_qt.extract.readers import dpkg_status, dpkgdb
from appcenter_qt.extract.readers.dpkg_status import StatusTooLarge, status_records


def records(data: bytes, limit: int = dpkg_status.MAX_STATUS_BYTES) -> list[tuple[str, ...]]:
    return [tuple(record) for record in status_records(io.BytesIO(data), limit)]


def test_fields_are_matched_without_case_and_continuations_skipped() -> None:
    data = (
        b"package: a\nSTATUS: install ok installed\nDescription: x\n Version: 9\n\tSource: no\n"
        b"Version: 1\r\n\n\n\nPackage: b\nArchitecture: all\nSource: src (1.0)\n"
    )
    assert records(data) == [
        ("a", "install ok installed", "1", "", ""),
        ("b", "", "", "all", "src (1.0)"),
    ]


def test_an_overlong_line_is_skipped_whole() -> None:
    long = b"Version: " + b"9" * (dpkg_status.MAX_STATUS_LINE * 3) + b"\n"
    data = b"Package: a\n" + long + b"Architecture: amd64\n\nPackage: b\n"
    assert records(data) == [("a", "", "", "amd64", ""), ("b", "", "", "", "")]


def test_a_file_over_the_size_cap_is_refused() -> None:
    data = b"Package: a\n\n" * 100
    assert len(records(data, len(data))) == 100
    with pytest.raises(StatusTooLarge, match=f"larger than {len(data) - 1} bytes"):
        records(data, len(data) - 1)
    # also when the excess is inside one overlong line
    line = b"Package: a\nDescription: " + b"x" * (dpkg_status.MAX_STATUS_LINE * 2) + b"\n"
    with pytest.raises(StatusTooLarge):
        records(line, dpkg_status.MAX_STATUS_LINE + 10)


def test_the_snapshot_caps_packages_and_their_text() -> None:
    def status(count: int, pad: str = "") -> bytes:
        return "".join(
            f"Package: p{n}{pad}\nStatus: install ok installed\nVersion: 1\n\n"
            for n in range(count)
        ).encode()

    assert len(installed_from_status(status_records(io.BytesIO(status(5))), 5)) == 5
    # the same package again is no new package
    twice = status(5) + status(5)
    assert len(installed_from_status(status_records(io.BytesIO(twice)), 5)) == 5
    with pytest.raises(ValueError, match="more than 4 installed packages"):
        installed_from_status(status_records(io.BytesIO(status(5))), 4)
    pad = "x" * 1000
    count = dpkg_status.MAX_STATUS_TEXT // 1000 + 1
    with pytest.raises(ValueError, match="longer than 16777216 characters in all"):
        installed_from_status(status_records(io.BytesIO(status(count, pad))))


def test_read_dpkg_names_the_file_and_the_cause(tmp_path: Path) -> None:
    status = tmp_path / "var/lib/dpkg/status"
    status.parent.mkdir(parents=True)
    status.write_bytes(
        b"".join(
            b"Package: p%d\nStatus: install ok installed\n\n" % n
            for n in range(dpkg_status.MAX_STATUS_PACKAGES + 1)
        )
    )
    with pytest.raises(ExtractError) as raised:
        read_dpkg(tmp_path)
    message = str(raised.value)
    assert message == f"{status}: more than {dpkg_status.MAX_STATUS_PACKAGES} installed packages"


def test_owners_keep_only_the_owning_packages_versions(tmp_path: Path) -> None:
    info = tmp_path / "info"
    info.mkdir()
    (info / "tool.list").write_bytes(
        b"/usr\r\n/usr/share/applications/tool.desktop\n" + b"/x" * dpkg_status.MAX_STATUS_LINE
    )
    status = tmp_path / "status"
    status.write_bytes(
        b"Package: other\nStatus: install ok installed\nVersion: 2\n\n"
        b"Package: tool\nStatus: install ok installed\nVersion: 3.2\nArchitecture: amd64\n"
        b"Source: tools (3)\n"
    )
    owners = dpkgdb.read_owners(info, status)
    assert {
        path: (owner.name, owner.version, owner.arch, owner.source)
        for path, owner in owners.items()
    } == {"usr/share/applications/tool.desktop": ("tool", "3.2", "amd64", "tools")}
    assert dpkgdb.read_owners(info, None)["usr/share/applications/tool.desktop"].version == ""
