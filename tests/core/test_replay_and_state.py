"""Replays, save files and the state template, over the toy game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sabbat import games
from sabbat.core import Action, IllegalAction, ReplayMismatch, Rng, SaveFileError
from sabbat.core.replay import Replay, load, read, save, state_digest


def played(seed: int = 1, steps: int = 5):  # type: ignore[no-untyped-def]
    state = games.get("toy").new(2, seed)
    rng = Rng(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_save_and_load_resume_the_same_state(tmp_path: Path) -> None:
    state = played()
    save(state, tmp_path / "s.json")
    assert state_digest(load(tmp_path / "s.json", games.get)) == state_digest(state)


def test_a_replay_from_another_rules_version_is_refused(tmp_path: Path) -> None:
    data = Replay.from_state(played()).to_json()
    data["rules_version"] = "0"
    with pytest.raises(SaveFileError, match="rules version"):
        Replay.from_json(data).run(games.get)


def test_an_edited_action_is_caught() -> None:
    rep = Replay.from_state(played())
    rep.actions[-1] = Action("play", (99,))
    with pytest.raises(ReplayMismatch, match="not legal on replay"):
        rep.run(games.get)


def test_wrong_files_give_clear_errors(tmp_path: Path) -> None:
    (tmp_path / "x.json").write_text("[1, 2]")
    with pytest.raises(SaveFileError, match="not a sabbat replay"):
        read(tmp_path / "x.json")
    with pytest.raises(SaveFileError, match="no such file"):
        read(tmp_path / "missing.json")
    bad = Replay.from_state(played()).to_json()
    del bad["seed"]
    with pytest.raises(SaveFileError, match="incomplete"):
        Replay.from_json(bad)


def test_state_json_of_another_game_or_format_is_refused() -> None:
    game = games.get("toy")
    data = played().to_json()
    with pytest.raises(SaveFileError, match="belongs to"):
        game.from_json({**data, "game": "mystic_vale"})
    with pytest.raises(SaveFileError):
        game.from_json({"format": "nope"})


def test_illegal_action_message_names_the_action_and_changes_nothing() -> None:
    state = played()
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction, match="'play 99' is not a legal action"):
        state.apply(Action("play", (99,)))
    assert json.dumps(state.to_json()) == before


def test_private_events_reach_only_their_audience() -> None:
    state = played(seed=3, steps=12)
    for event in state.events:
        if event.key == "toy.event.draw":
            owner = event.params["player"]
            assert event in state.events_for(owner)
            assert all(event not in state.events_for(p) for p in range(2) if p != owner)
            assert event not in state.events_for(None)


def test_determinize_hides_history_and_seed() -> None:
    state = played(steps=6)
    det = state.determinize(0, Rng(1))
    assert det.history == [] and det.seed != state.seed and det.determinized_for == 0
    with pytest.raises(SaveFileError, match="determinized"):
        Replay.from_state(det)


def test_private_event_can_publish_a_redacted_count() -> None:
    state = games.get("toy").new(2, 1)
    state.emit_private("toy.event.draw", 0, "toy.event.draw_public", public_params={"count": 1}, player=0, card=7)
    mine, theirs = state.events_for(0)[-1], state.events_for(1)[-1]
    assert mine.params == {"player": 0, "card": 7}
    assert theirs.params == {"player": 0, "count": 1} and "card" not in theirs.params
    watched = state.events_for(None)[-1]
    assert watched.key == "toy.event.draw_public" and watched.params == {"player": 0, "count": 1}
