"""ODRS ratings in the published format, and the rank order of the Bayesian lower bound."""

from __future__ import annotations

import gzip
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from appcenter_qt.domain import Rating
from appcenter_qt.domain.errors import ExtractError
from appcenter_qt.extract.appstream import ratings_file
from appcenter_qt.extract.appstream.catalog_import import import_ratings, read_ratings
from appcenter_qt.extract.result import ExtractResult
from tests.extract.conftest import DATA, tags


def test_published_format_is_read_and_bad_entries_reported() -> None:
    result = ExtractResult()
    ratings = read_ratings(DATA / "ratings.json", result)
    assert ratings["org.example.Mines.desktop"].stars == (1, 0, 2, 5, 12)  # star0 dropped
    assert ratings["org.example.Editor.desktop"].total == 1
    assert "org.example.Empty" not in ratings  # only star0 votes: nothing on the 1..5 scale
    bad = {h.source for h in result.hints if h.tag == "invalid-rating"}
    assert bad == {"ratings.json (org.example.Broken)", "ratings.json (org.example.Negative)"}


def test_own_entry_first_then_other_spelling_never_summed() -> None:
    """ODRS publishes a parent's histogram with its linked children's reviews included, so
    adding the ``.desktop`` entry to the plain one would count reviews twice (this test
    expected the sum before)."""
    ratings = import_ratings(DATA / "ratings.json")
    assert ratings_file.ratings_for(ratings, "org.example.Mines").stars == (0, 1, 0, 2, 4)
    assert ratings_file.ratings_for(ratings, "org.example.Mines.desktop").stars == (1, 0, 2, 5, 12)
    assert ratings_file.ratings_for(ratings, "org.example.Editor").total == 1
    assert (
        ratings_file.ratings_for(ratings, "org.example.Other", "org.example.Editor.desktop").total
        == 1
    )
    assert (
        ratings_file.ratings_for(ratings, "org.example.Other", "", ["org.example.Editor"]).total
        == 1
    )
    assert ratings_file.ratings_for(ratings, "org.example.Nothing") is None


def test_compressed_ratings_and_file_errors(tmp_path) -> None:
    packed = tmp_path / "ratings.json.gz"
    packed.write_bytes(gzip.compress((DATA / "ratings.json").read_bytes()))
    assert import_ratings(packed) == import_ratings(DATA / "ratings.json")
    with pytest.raises(ExtractError, match=r"nothing\.json"):
        import_ratings(tmp_path / "nothing.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"a": {"star5": 1}')
    result = ExtractResult()
    assert read_ratings(broken, result) == {}
    assert tags(result) == ["malformed-json"]
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]")
    result = ExtractResult()
    assert read_ratings(listed, result) == {} and tags(result) == ["not-odrs"]


def test_lower_bound_ranks_many_good_votes_above_one_perfect_vote() -> None:
    one_five = Rating((0, 0, 0, 0, 1))
    many = Rating((10, 10, 20, 90, 370))  # 500 votes, mean 4.6
    assert many.mean == pytest.approx(4.6)
    assert one_five.mean == 5.0
    assert many.score > one_five.score
    assert many.score < many.mean  # a lower bound, below the plain mean


def test_lower_bound_is_monotonic_in_evidence() -> None:
    """More votes of the same mix raise the bound toward the mean; more low votes lower it."""
    scores = [Rating((0, 0, 0, n, n * 4)).score for n in (1, 5, 25, 125, 625)]
    assert scores == sorted(scores)
    assert Rating((0, 0, 0, 1, 9)).score > Rating((5, 0, 0, 1, 9)).score
    ranked = sorted(
        [Rating((0, 0, 0, 0, 1)), Rating((0, 0, 1, 2, 3)), Rating((20, 10, 20, 100, 350))],
        key=lambda r: r.score,
        reverse=True,
    )
    assert ranked[0].total == 500 and ranked[-1].total == 1


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=30), _json, max_size=5))
def test_fuzz_never_a_traceback_and_only_valid_histograms(document: dict) -> None:
    result = ExtractResult()
    ratings = ratings_file.parse_ratings(json.dumps(document).encode(), "ratings.json", result)
    for key, rating in ratings.items():
        assert key in document and rating.total > 0
        assert all(isinstance(n, int) and n >= 0 for n in rating.stars)
    bad = {h.source for h in result.hints}
    assert all(source.startswith("ratings.json") for source in bad)
