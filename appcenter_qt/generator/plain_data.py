"""Dataclasses to JSON values and back, by their type annotations only: data, never code.

A shard file crosses a trust boundary (a CI artifact another job wrote), so it cannot be a
pickle, which runs whatever callable the file names. Here the *reader* decides what is built:
:func:`decoder` compiles a dataclass's annotations (``int``, ``str``, ``bytes``, ``float``,
``bool``, enums, ``list``/``tuple``/``set``/``frozenset``/``dict``/``Mapping``, ``X | None``,
nested dataclasses) into a function that checks a parsed JSON value against them and builds
exactly those types, through the classes' own constructors (so their ``__post_init__`` checks
run too). Anything else (a wrong type, a missing or extra field, an unknown enum value) is a
:class:`PlainDataError` whose message names the field (``drafts[0].app.icons[2].size``).

Encoding: a dataclass is a JSON array of its field values in field order, ``bytes`` base64,
a ``dict`` an array of ``[key, value]`` pairs (keys need not be strings), a set an array.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

#: A decoder: (JSON value, where in the record) → the typed value.
Decode = Callable[[Any, str], Any]
Encode = Callable[[Any], Any]


class PlainDataError(ValueError):
    """A value does not match the declared type; the message says where and why."""


def _fail(where: str, expected: str, value: object) -> PlainDataError:
    return PlainDataError(f"{where or 'record'}: expected {expected}, not {type(value).__name__}")


def _sequence_args(tp: Any) -> tuple[Any, ...]:
    return typing.get_args(tp) or (Any,)


@functools.cache
def decoder(tp: Any) -> Decode:
    """The checking builder for values of type ``tp`` (cached per type)."""
    origin = typing.get_origin(tp)
    if tp is Any:
        raise TypeError("plain data has no Any: every field needs a concrete type")
    if origin in (typing.Union, types.UnionType):
        return _union(typing.get_args(tp))
    if origin in (list, tuple, set, frozenset):
        return _collection(origin, _sequence_args(tp))
    if origin in (dict, Mapping):
        key, value = typing.get_args(tp)
        return _mapping(decoder(key), decoder(value))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum(tp)
    if tp is bytes:
        return _bytes
    if tp in (int, str, bool):
        name = tp.__name__

        def exact(value: Any, where: str) -> Any:
            if type(value) is not tp:
                raise _fail(where, name, value)
            return value

        return exact
    if tp is float:

        def number(value: Any, where: str) -> Any:
            if type(value) is not float and type(value) is not int:
                raise _fail(where, "a number", value)
            return value

        return number
    if tp is type(None):

        def none(value: Any, where: str) -> Any:
            if value is not None:
                raise _fail(where, "null", value)
            return None

        return none
    raise TypeError(f"plain data cannot hold {tp!r}")


def _bytes(value: Any, where: str) -> bytes:
    if type(value) is not str:
        raise _fail(where, "base64 bytes", value)
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError) as error:
        raise PlainDataError(f"{where}: not base64: {error}") from error


def _union(options: tuple[Any, ...]) -> Decode:
    others = [decoder(option) for option in options if option is not type(None)]
    nullable = len(others) < len(options)

    def union(value: Any, where: str) -> Any:
        if value is None and nullable:
            return None
        errors = []
        for option in others:
            try:
                return option(value, where)
            except PlainDataError as error:
                errors.append(str(error))
        raise PlainDataError(errors[0] if len(errors) == 1 else f"{where}: matches no type")

    return union


def _collection(kind: type, args: tuple[Any, ...]) -> Decode:
    if kind is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        items = [decoder(arg) for arg in args]  # a fixed-length tuple

        def fixed(value: Any, where: str) -> Any:
            if type(value) is not list or len(value) != len(items):
                raise _fail(where, f"an array of {len(items)}", value)
            return tuple(
                item(v, f"{where}[{i}]")
                for i, (item, v) in enumerate(zip(items, value, strict=True))
            )

        return fixed
    item = decoder(args[0])

    def collection(value: Any, where: str) -> Any:
        if type(value) is not list:
            raise _fail(where, "an array", value)
        return kind(item(v, f"{where}[{i}]") for i, v in enumerate(value))

    return collection


def _mapping(key: Decode, item: Decode) -> Decode:
    def mapping(value: Any, where: str) -> Any:
        if type(value) is not list:
            raise _fail(where, "an array of pairs", value)
        result = {}
        for i, pair in enumerate(value):
            if type(pair) is not list or len(pair) != 2:
                raise _fail(f"{where}[{i}]", "a [key, value] pair", pair)
            result[key(pair[0], f"{where}[{i}]")] = item(pair[1], f"{where}[{pair[0]!r}]")
        return result

    return mapping


def _enum(kind: type[enum.Enum]) -> Decode:
    def member(value: Any, where: str) -> Any:
        if type(value) is not str and type(value) is not int:
            raise _fail(where, kind.__name__, value)
        try:
            return kind(value)
        except ValueError as error:
            raise PlainDataError(f"{where}: {value!r} is no {kind.__name__}") from error

    return member


def _dataclass(cls: type) -> Decode:
    hints = typing.get_type_hints(cls)
    fields = [(field.name, decoder(hints[field.name])) for field in dataclasses.fields(cls)]
    count = len(fields)

    def build(value: Any, where: str) -> Any:
        if type(value) is not list or len(value) != count:
            raise _fail(where, f"a {cls.__name__} ({count} fields)", value)
        prefix = f"{where}." if where else ""
        kwargs = {
            name: field(v, prefix + name) for (name, field), v in zip(fields, value, strict=True)
        }
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as error:  # the class's own checks
            raise PlainDataError(f"{where or cls.__name__}: {error}") from error

    return build


@functools.cache
def encoder(tp: Any) -> Encode:
    """The JSON-value maker for values of type ``tp``; raises ``TypeError`` on a value its
    annotation does not allow (so a writer never writes what the reader would refuse)."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = [(option, encoder(option)) for option in typing.get_args(tp)]
        return _encode_union(options)
    if origin in (list, tuple, set, frozenset):
        args = _sequence_args(tp)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            items = [encoder(arg) for arg in args]
            return lambda value: [item(v) for item, v in zip(items, value, strict=True)]
        item = encoder(args[0])
        return lambda value: [item(v) for v in value]
    if origin in (dict, Mapping):
        key_type, value_type = typing.get_args(tp)
        key, item = encoder(key_type), encoder(value_type)
        return lambda value: [[key(k), item(v)] for k, v in value.items()]
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        fields = [(field.name, encoder(hints[field.name])) for field in dataclasses.fields(tp)]
        return lambda value: [field(getattr(value, name)) for name, field in fields]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda value: value.value
    if tp is bytes:
        return lambda value: base64.b64encode(value).decode("ascii")
    if tp in (int, str, bool, float, type(None)):
        allowed = (float, int) if tp is float else (tp,)

        def scalar(value: Any) -> Any:
            if type(value) not in allowed:
                raise TypeError(f"{type(value).__name__} where {tp.__name__} is declared")
            return value

        return scalar
    raise TypeError(f"plain data cannot hold {tp!r}")


def _matches(tp: Any, value: object) -> bool:
    """Whether ``value`` is of the union member ``tp`` (the top level only)."""
    origin = typing.get_origin(tp) or tp
    if origin is Mapping:
        return isinstance(value, Mapping)
    if origin is float:
        return type(value) in (float, int)
    return isinstance(value, origin)


def _encode_union(options: list[tuple[Any, Encode]]) -> Encode:
    def union(value: Any) -> Any:
        for tp, encode in options:
            if _matches(tp, value):
                return encode(value)
        raise TypeError(f"{type(value).__name__} is none of {[tp for tp, _ in options]}")

    return union
