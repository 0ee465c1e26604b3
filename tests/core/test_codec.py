"""Generic state encoding: round trips, and refusal of anything unregistered."""

from __future__ import annotations

import json
from enum import Enum, StrEnum

import pytest

from sabbat.core import Action, Event, Rng, SaveFileError, codec


@codec.serializable
class Colour(Enum):
    RED = "red"


@codec.serializable
class Box:
    __slots__ = ("items", "cache")
    _transient_ = ("cache",)

    def __init__(self) -> None:
        self.items: dict[int, tuple[str, ...]] = {1: ("a",)}
        self.cache = object()

    def _after_load_(self) -> None:
        self.cache = "rebuilt"


class Unregistered:
    pass


def roundtrip(value: object) -> object:
    return codec.decode(json.loads(json.dumps(codec.encode(value))))


def test_plain_values_tuples_sets_and_int_keys_round_trip() -> None:
    value = {"a": [1, (2, 3)], "b": {4, 5}, "c": frozenset({"x"}), "d": {1: "one"}, "$weird": None}
    assert roundtrip(value) == value


def test_registered_objects_enums_actions_events_and_rng_round_trip() -> None:
    box = roundtrip(Box())
    assert isinstance(box, Box) and box.items == {1: ("a",)} and box.cache == "rebuilt"
    assert roundtrip(Colour.RED) is Colour.RED
    assert roundtrip(Action("buy", (3, "top"))) == Action("buy", (3, "top"))
    event = Event("k", {"x": 1}, frozenset({0}))
    assert roundtrip(event) == event
    assert roundtrip(Rng(77)) == Rng(77)


def test_unregistered_class_cannot_be_saved() -> None:
    with pytest.raises(TypeError, match="serializable"):
        codec.encode(Unregistered())


def test_unknown_type_in_a_file_is_refused() -> None:
    with pytest.raises(SaveFileError, match="unknown type"):
        codec.decode({"$o": "os:system", "f": {}})


def test_malformed_structure_is_a_save_file_error() -> None:
    with pytest.raises(SaveFileError):
        codec.decode({"$d": [[1]]})


@codec.serializable
class Phase(StrEnum):
    PLAY = "play"


def test_str_enums_keep_their_type() -> None:
    assert roundtrip(Phase.PLAY) is Phase.PLAY
    assert roundtrip({"p": [Phase.PLAY]}) == {"p": [Phase.PLAY]}
