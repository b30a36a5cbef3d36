"""Property tests: the generator's parsers never raise on arbitrary bytes, they return a
result or a hint (the run-never-stops rule, checked on inputs no one thought of)."""

from __future__ import annotations

import contextlib
import io
import tarfile

from hypothesis import given, settings
from hypothesis import strategies as st

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.appstream.desktop import parse_desktop
from appcenter_qt.extract.appstream.metainfo import parse_metainfo
from appcenter_qt.extract.tarstream import TarFormatError, members
from appcenter_qt.generator.icons import IconError, render_icon
from tests.extract.packages import needs_dpkg, needs_rpmbuild

LINES = st.sampled_from(
    [
        "[Desktop Entry]",
        "[Desktop Action x]",
        "Type=Application",
        "Name=X",
        "Name[de]=Y",
        "Name[=broken",
        "Icon=a",
        "NoDisplay=true",
        "Keywords=a\\;b;c;",
        "\\",
        "# c",
        "",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(LINES, st.text(max_size=40)), max_size=30))
def test_desktop_parser_total(lines: list[str]) -> None:
    entry, hints = parse_desktop("\n".join(lines).encode(), "usr/share/applications/a.desktop", "t")
    assert entry is not None or hints
    if entry is not None:
        assert all(isinstance(v, str) and len(v) <= 1024 for v in entry.name.values())


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2000))
def test_desktop_parser_on_bytes(data: bytes) -> None:
    parse_desktop(data, "usr/share/applications/a.desktop", "t")


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2000))
def test_metainfo_parser_on_bytes(data: bytes) -> None:
    meta, hints = parse_metainfo(b"<component>" + data, "usr/share/metainfo/a.xml", "t")
    assert meta is not None or hints


def _tar() -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for n in range(3):
            info = tarfile.TarInfo(f"./usr/share/pixmaps/{'é' * n}{n}.png")
            info.size = 700
            tar.addfile(info, io.BytesIO(bytes(700)))
    return buffer.getvalue()


TAR = _tar()


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(TAR) - 1), st.integers(0, 255), st.integers(0, len(TAR)))
def test_tarstream_on_damaged_archives(position: int, value: int, cut: int) -> None:
    data = bytearray(TAR)
    data[position] = value
    try:
        for _member, read in members(io.BytesIO(bytes(data[:cut]))):
            read()
    except TarFormatError:
        pass


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=600), st.sampled_from(["png", "svg", "svgz", "xpm"]))
def test_icon_rendering_only_raises_icon_error(data: bytes, fmt: str) -> None:
    with contextlib.suppress(IconError, ExtractError):
        render_icon(data, fmt, 32)


_BUILT: dict[tuple[str, str], bytes] = {}


def _package(kind: str, compression: str) -> bytes:
    """A real package built by dpkg-deb or rpmbuild (``kind`` "deb" or "rpm"), once per
    compression, for the damage to be applied to."""
    if (kind, compression) not in _BUILT:
        import tempfile
        from pathlib import Path

        from tests.extract import samples
        from tests.extract.packages import build_deb, build_rpm

        build = build_deb if kind == "deb" else build_rpm
        with tempfile.TemporaryDirectory() as directory:
            path = build(Path(directory), "fuzz", samples.mines_files(), compression=compression)
            _BUILT[kind, compression] = path.read_bytes()
    return _BUILT[kind, compression]


def _read_damaged(kind: str, compression: str, where: float, value: int, cut: float) -> None:
    """Flip one byte at ``where`` and cut the file at ``cut``; reading it may only raise
    :class:`ExtractError`."""
    import tempfile
    from pathlib import Path

    from appcenter_qt.extract.readers import InputKind, read_unit

    data = bytearray(_package(kind, compression))
    data[int(where * (len(data) - 1))] = value
    data = data[: max(1, int(cut * len(data)))] if cut < 0.999 else data
    with tempfile.NamedTemporaryFile(suffix=f".{kind}") as handle:
        handle.write(bytes(data))
        handle.flush()
        with contextlib.suppress(ExtractError):
            read_unit(InputKind(kind), Path(handle.name), lambda _path: True)


@needs_dpkg
@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(["gzip", "xz", "zstd", "none"]),
    st.floats(0, 1),
    st.integers(0, 255),
    st.floats(0, 1),
)
def test_unit_reader_on_damaged_debs(
    compression: str, where: float, value: int, cut: float
) -> None:
    _read_damaged("deb", compression, where, value, cut)


@needs_rpmbuild
@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(["gzip", "xz", "zstd", "bzip2"]),
    st.floats(0, 1),
    st.integers(0, 255),
    st.floats(0, 1),
)
def test_unit_reader_on_damaged_rpms(
    compression: str, where: float, value: int, cut: float
) -> None:
    _read_damaged("rpm", compression, where, value, cut)
