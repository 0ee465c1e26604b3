"""Property tests (Hypothesis) for the parsers and encoders that read outside input."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sabbat.core import Action, MalformedAction, Rng, SaveFileError, codec
from sabbat.core.replay import Replay

words = st.text(alphabet=st.characters(whitelist_categories=("Ll", "Lu", "Nd"), whitelist_characters="_-"), min_size=1, max_size=8)
args = st.lists(st.one_of(st.integers(-1000, 1000), words.filter(lambda w: not w.lstrip("-").isdigit())), max_size=4)


@pytest.mark.slow
@given(words.filter(lambda w: not w.lstrip("-").isdigit()), args)
def test_action_notation_and_json_round_trip(kind: str, arguments: list[int | str]) -> None:
    action = Action(kind, tuple(arguments))
    assert Action.parse(action.notation()) == action
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.slow
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
                    | st.tuples(inner, inner), max_leaves=10))
def test_codec_round_trips_plain_data(value: object) -> None:
    assert codec.decode(json.loads(json.dumps(codec.encode(value)))) == value


@pytest.mark.slow
@given(st.integers(min_value=1, max_value=10**12), st.integers(min_value=0, max_value=2**64 - 1))
def test_rng_below_is_always_in_range(n: int, seed: int) -> None:
    assert 0 <= Rng(seed).below(n) < n


@pytest.mark.slow
@given(st.recursive(st.none() | st.integers() | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=8))
def test_arbitrary_json_never_passes_as_a_replay_silently(data: object) -> None:
    with pytest.raises(SaveFileError):
        Replay.from_json(data)


@given(st.one_of(st.none(), st.integers(), st.lists(st.integers()), st.dictionaries(st.text(max_size=4), st.integers())))
def test_malformed_action_json_is_refused(data: object) -> None:
    with pytest.raises(MalformedAction):
        Action.from_json(data)
