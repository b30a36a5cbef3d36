"""The data-only codec of shard files: exact round trips of every kind of field, and every
value the annotations do not allow refused with the field's name, before anything is built
from it."""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from appcenter_qt.domain import Rating
from appcenter_qt.generator.plain_data import PlainDataError, decoder, encoder


class Colour(enum.StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Inner:
    name: str
    rating: Rating | None = None


@dataclass
class Outer:
    count: int
    flag: bool
    ratio: float
    data: bytes
    colour: Colour
    inner: Inner
    items: list[Inner] = field(default_factory=list)
    pair: tuple[int, str] = (0, "")
    rest: tuple[str, ...] = ()
    names: frozenset[str] = frozenset()
    seen: set[str] = field(default_factory=set)
    by_size: dict[int, bytes] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    maybe: Inner | None = None


def sample() -> Outer:
    return Outer(
        count=3,
        flag=True,
        ratio=float("inf"),
        data=b"\x00\xff\n",
        colour=Colour.BLUE,
        inner=Inner("a\udcff\n", Rating((1, 2, 3, 4, 5))),
        items=[Inner("x"), Inner("y")],
        pair=(7, "seven"),
        rest=("a", "b"),
        names=frozenset({"n"}),
        seen={"s", "t"},
        by_size={64: b"png", 128: b""},
        labels={"C": "text"},
    )


def through_json(value: Any, tp: Any) -> Any:
    text = json.dumps(encoder(tp)(value))
    return decoder(tp)(json.loads(text), "")


def test_round_trip_is_exact() -> None:
    value = sample()
    again = through_json(value, Outer)
    assert again == value
    assert type(again.pair) is tuple and type(again.seen) is set and type(again.names) is frozenset
    assert again.inner.name == "a\udcff\n"  # a lone surrogate of a file name survives
    assert list(again.by_size) == [64, 128]  # integer keys, in order


def _encoded() -> list[Any]:
    return json.loads(json.dumps(encoder(Outer)(sample())))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda v: v.__setitem__(0, "3"), "count: expected int, not str"),
        (lambda v: v.__setitem__(0, True), "count: expected int, not bool"),
        (lambda v: v.__setitem__(1, 1), "flag: expected bool, not int"),
        (lambda v: v.__setitem__(2, "1.5"), "ratio: expected a number, not str"),
        (lambda v: v.__setitem__(3, "not base64!"), "data: not base64"),
        (lambda v: v.__setitem__(4, "green"), "colour: 'green' is no Colour"),
        (lambda v: v[5].append("extra"), "inner: expected a Inner (2 fields), not list"),
        (lambda v: v[5].__setitem__(1, [[1, 2]]), "inner.rating.stars: expected an array of 5"),
        (lambda v: v[5].__setitem__(1, [[1, 2, 3, 4, -5]]), "five non-negative counts"),
        (lambda v: v[6].__setitem__(1, {"name": "y"}), "items[1]: expected a Inner"),
        (lambda v: v.__setitem__(7, [7]), "pair: expected an array of 2, not list"),
        (lambda v: v[8].__setitem__(0, 1), "rest[0]: expected str, not int"),
        (lambda v: v.__setitem__(11, {"64": "cG5n"}), "by_size: expected an array of pairs"),
        (lambda v: v[11].__setitem__(0, ["64", "cG5n"]), "by_size[0]: expected int, not str"),
        (lambda v: v.__setitem__(13, 5), "maybe: expected a Inner (2 fields), not int"),
        (lambda v: v.pop(), "record: expected a Outer (14 fields), not list"),
    ],
)
def test_a_value_the_annotations_do_not_allow_names_its_field(change, message) -> None:
    value = _encoded()
    change(value)
    with pytest.raises(PlainDataError, match=re.escape(message)):
        decoder(Outer)(value, "")


def test_the_writer_refuses_what_the_reader_would() -> None:
    with pytest.raises(TypeError):
        encoder(Inner)(Inner(3))  # type: ignore[arg-type]


def test_a_type_that_is_not_plain_data_is_refused() -> None:
    @dataclass
    class Loose:
        anything: Any

    with pytest.raises(TypeError, match="no Any"):
        decoder(Loose)
