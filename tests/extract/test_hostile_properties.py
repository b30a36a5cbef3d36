"""Property tests for the hostile-input limits (issue #20): whatever a header claims, readers
allocate within their caps; the depth and bidi helpers agree with a plain reference."""

from __future__ import annotations

import contextlib
import json
import tempfile
import tracemalloc
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract import tarstream
from appcenter_qt.extract.appstream.ratings_file import json_depth
from appcenter_qt.extract.appstream.sanitize import BIDI_CONTROLS, strip_bidi
from appcenter_qt.extract.readers import InputKind, read_unit
from tests.extract import hostile, samples
from tests.extract.packages import build_rpm, needs_rpmbuild

#: Peak Python allocation allowed while reading one hostile archive.
PEAK_BYTES = 64 * 1024 * 1024


class Zeros:
    """A decompressed stream that really has ``size`` bytes (of zeros) behind a header: a
    reader trusting the header would read them all into memory."""

    def __init__(self, head: bytes, size: int) -> None:
        self.head, self.left = head, size

    def read(self, n: int = -1) -> bytes:
        if self.head:
            out, self.head = (
                self.head[:n] if n >= 0 else self.head,
                self.head[n:] if n >= 0 else b"",
            )
            return out
        n = self.left if n < 0 else min(n, self.left)
        self.left -= n
        return bytes(n)


def peak_allocation(function) -> int:  # type: ignore[no-untyped-def]
    tracemalloc.start()
    try:
        with contextlib.suppress(tarstream.TarFormatError, ExtractError):
            function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([b"L", b"K", b"x", b"g"]), st.integers(0, 2**34))
def test_extended_tar_headers_never_allocate_what_they_claim(kind: bytes, size: int) -> None:
    stream = Zeros(hostile.raw_tar_header("././@LongLink", size, kind), size + 4096)

    def consume() -> None:
        for _member, read in tarstream.members(stream):  # type: ignore[arg-type]
            read()

    assert peak_allocation(consume) < PEAK_BYTES


_RPM: list[bytes] = []


def _rpm_bytes() -> bytes:
    if not _RPM:
        with tempfile.TemporaryDirectory() as directory:
            rpm = build_rpm(Path(directory), "prop", samples.mines_files(), compression="gzip")
            _RPM.append(rpm.read_bytes())
    return _RPM[0]


@needs_rpmbuild
@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["namesize", "filesize"]),
    st.integers(0, 0xFFFFFFFF),
    st.booleans(),
)
def test_cpio_header_lengths_never_allocate_what_they_claim(
    field: str, value: int, symlink: bool
) -> None:
    with tempfile.TemporaryDirectory() as directory:
        rpm = Path(directory) / "prop.rpm"
        rpm.write_bytes(_rpm_bytes())
        fields = {field: value, **({"mode": 0o120777} if symlink else {})}
        hostile.patch_rpm_cpio(rpm, **fields)
        peak = peak_allocation(lambda: read_unit(InputKind.RPM, rpm, lambda _path: True))
    assert peak < PEAK_BYTES


JSON = st.recursive(
    st.none() | st.integers() | st.text(alphabet='[]{}"\\ab'),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.text(alphabet='[]{}"\\ab', max_size=4), children, max_size=3)
    ),
    max_leaves=20,
)


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_json_depth_agrees_with_the_parsed_document(value: object) -> None:
    assert json_depth(json.dumps(value), 1000) == _depth(value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(BIDI_CONTROLS) + list("aé אב\u200d\n"))))
def test_strip_bidi_removes_exactly_the_controls(text: str) -> None:
    cleaned = strip_bidi(text)
    assert not set(cleaned) & set(BIDI_CONTROLS)
    assert cleaned == "".join(ch for ch in text if ch not in BIDI_CONTROLS)
