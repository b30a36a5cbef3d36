"""DEP-11 bad input: every broken component is reported with file, component and reason, and
the rest of the file still imports."""

from __future__ import annotations

import resource
import time

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from appcenter_qt.extract.result import Severity
from tests.extract.conftest import read_dep11, tags

HEADER = b"---\nFile: DEP-11\nVersion: '0.16'\nOrigin: bad\n"
GOOD = (
    b"---\nType: desktop-application\nID: org.example.Good\nName: {C: Good}\nSummary: {C: Fine}\n"
)


def catalog(*documents: bytes) -> bytes:
    return HEADER + b"".join(documents) + GOOD


def hint_for(result, tag):
    found = [h for h in result.hints if h.tag == tag]
    assert found, [str(h) for h in result.hints]
    return found[0]


def test_malformed_document_is_skipped_with_its_line() -> None:
    broken = b"---\nType: desktop-application\nID: org.example.Bad\nName: {C: [unclosed\n"
    apps, result, _ = read_dep11(catalog(broken))
    assert list(apps) == ["org.example.Good"]
    hint = hint_for(result, "malformed-yaml")
    assert hint.severity is Severity.ERROR
    assert hint.source == "Components-test.yml (document at line 5)"
    assert "line" in hint.message


def test_name_of_the_wrong_type_rejects_the_component() -> None:
    doc = b"---\nType: desktop-application\nID: org.example.Num\nName: 42\n"
    apps, result, _ = read_dep11(catalog(doc))
    assert list(apps) == ["org.example.Good"]
    assert "Name must map locales to text, not int" in str(result.hints)
    assert hint_for(result, "no-name").source == "Components-test.yml (org.example.Num)"


def test_wrong_types_in_optional_fields_drop_only_that_field() -> None:
    doc = (
        b"---\nType: desktop-application\nID: org.example.Odd\nName: {C: Odd, de: 7}\n"
        b"Summary: [a, b]\nCategories: {Game: 1}\nKeywords: 5\nIcon: {cached: [{name: x.png,"
        b" width: big}], stock: ok-icon}\nScreenshots: [3, {source-image: {url: 'a.png'}}]\n"
    )
    apps, result, _ = read_dep11(catalog(doc))
    odd = apps["org.example.Odd"]
    assert odd.name.values == {"C": "Odd"}
    assert not odd.summary and odd.categories == () and not odd.keywords
    assert [i.name for i in odd.icons] == ["ok-icon"]
    assert len(odd.screenshots) == 0  # 'a.png' without MediaBaseUrl is no http(s) URL
    assert {"invalid-field", "invalid-icon", "invalid-screenshot"} <= set(tags(result))
    assert all(h.source == "Components-test.yml (org.example.Odd)" for h in result.hints)


def test_missing_and_invalid_ids() -> None:
    missing = b"---\nType: desktop-application\nName: {C: NoId}\n"
    spaced = b"---\nType: desktop-application\nID: 'has space/slash'\nName: {C: X}\n"
    numeric = b"---\nType: desktop-application\nID: 12\nName: {C: X}\n"
    apps, result, _ = read_dep11(catalog(missing, spaced, numeric))
    assert list(apps) == ["org.example.Good"]
    assert tags(result).count("missing-id") == 1
    assert tags(result).count("invalid-id") == 2


def test_duplicate_id_keeps_the_first() -> None:
    first = b"---\nType: desktop-application\nID: org.example.Dup\nName: {C: First}\n"
    second = b"---\nType: desktop-application\nID: org.example.Dup\nName: {C: Second}\n"
    apps, result, _ = read_dep11(catalog(first, second))
    assert apps["org.example.Dup"].name.values == {"C": "First"}
    assert hint_for(result, "duplicate-id").source == "Components-test.yml (org.example.Dup)"


def test_billion_laughs_is_refused_without_expanding() -> None:
    levels = ["a: &a ['lol','lol','lol','lol','lol','lol','lol','lol','lol']"]
    for n in range(1, 9):
        prev = chr(ord("a") + n - 1)
        cur = chr(ord("a") + n)
        levels.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    bomb = (
        "---\nType: desktop-application\nID: org.example.Bomb\nName: {C: Bomb}\n"
        + "\n".join(levels)
        + "\nKeywords: {C: *i}\n"
    ).encode()
    merge_bomb = (
        b"---\nType: desktop-application\nID: org.example.Merge\n"
        b"base: &b {x: 1}\nName:\n  <<: *b\n  C: M\n"
    )
    apps, result, _ = read_dep11(catalog(bomb, merge_bomb))
    assert list(apps) == ["org.example.Good"]
    assert tags(result).count("yaml-alias") == 2


def test_scalar_alias_repeated_200000_times_is_refused_fast() -> None:
    """Issue 29, class 6: one anchored text aliased 200,000 times is one line, at once, in
    bounded memory (YAML shares the value; a reader joining it would not)."""
    bomb = (
        b"---\nType: desktop-application\nID: org.example.Bomb\nName: {C: &a "
        + b"x" * 1000
        + b"}\nKeywords:\n  C:\n"
        + b"  - *a\n" * 200_000
    )
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.monotonic()
    apps, result, _ = read_dep11(catalog(bomb))
    assert time.monotonic() - started < 2.0
    # kilobytes on Linux: far less than the 200 MB the expanded keywords would take
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 64 * 1024
    assert list(apps) == ["org.example.Good"]
    assert [str(h) for h in result.hints if h.tag == "yaml-alias"] == [
        "Components-test.yml (document at line 5): YAML anchors/aliases are not allowed in DEP-11"
    ]


def test_ampersands_and_stars_in_text_are_fine() -> None:
    doc = b"---\nType: desktop-application\nID: org.example.Amp\nName: {C: 'Tom &Jerry *2'}\n"
    apps, _result, _ = read_dep11(catalog(doc))
    assert apps["org.example.Amp"].name.values == {"C": "Tom &Jerry *2"}


def test_non_mapping_documents_and_missing_type() -> None:
    apps, result, _ = read_dep11(catalog(b"---\n- just\n- a list\n", b"---\nID: org.x.NoType\n"))
    assert list(apps) == ["org.example.Good"]
    assert {"invalid-component", "invalid-type"} <= set(tags(result))


def test_control_characters_and_unsafe_urls_are_cleaned() -> None:
    doc = (
        b'---\nType: desktop-application\nID: org.example.Ctl\nName: {C: "A\\x07B"}\n'
        b"Url: {homepage: 'javascript:alert(1)'}\n"
        b"Icon: {cached: [{name: ../../etc/passwd, width: 64}]}\n"
    )
    apps, result, _ = read_dep11(catalog(doc))
    app = apps["org.example.Ctl"]
    assert app.name.values == {"C": "AB"}
    assert app.homepage == ""
    assert app.icons == ()
    assert "invalid-icon" in tags(result)


# -- fuzzing: never a traceback, always an application or a reason ---------------------------
_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20)
)
_values = st.recursive(
    _scalars,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=10,
)
_FIELDS = [
    "Type",
    "ID",
    "Name",
    "Summary",
    "Description",
    "Keywords",
    "Categories",
    "Icon",
    "Screenshots",
    "Launchable",
    "Package",
    "Url",
    "ProjectLicense",
    "DeveloperName",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(_FIELDS), _values, max_size=8), st.booleans())
def test_fuzz_field_types(document: dict, typed: bool) -> None:
    if typed:
        document.setdefault("Type", "desktop-application")
        document.setdefault("ID", "org.example.Fuzz")
    raw = HEADER + b"---\n" + yaml.safe_dump(document, allow_unicode=True).encode() + GOOD
    apps, result, _ = read_dep11(raw)
    assert "org.example.Good" in apps
    # the fuzzed ID may itself be a usable id ("0.0"), so look for any other application
    fuzz = next((app for app_id, app in apps.items() if app_id != "org.example.Good"), None)
    if fuzz is None and document.get("Type") == "desktop-application":
        assert any(h.severity is Severity.ERROR for h in result.hints)
    if fuzz is not None:
        assert fuzz.name  # an application always has a name


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_fuzz_raw_bytes(garbage: bytes) -> None:
    apps, result, _ = read_dep11(HEADER + b"---\n" + garbage + b"\n" + GOOD)
    assert "org.example.Good" in apps or result.hints


def test_oversized_document_is_refused_and_the_next_one_imports() -> None:
    huge = b"---\nType: desktop-application\nID: org.example.Huge\nName: {C: H}\nDescription:\n"
    huge += b"  C: '" + b"x" * (5 * 1024 * 1024) + b"'\n"
    apps, result, _ = read_dep11(catalog(huge))
    assert list(apps) == ["org.example.Good"]
    assert tags(result) == ["document-too-large"]
