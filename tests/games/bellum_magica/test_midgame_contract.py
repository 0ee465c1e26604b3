"""Contract properties at many mid-game points (the shared suite samples few of them for this game)."""

from __future__ import annotations

import json

import pytest

from sabbat.core import Rng
from sabbat.games.bellum_magica import GAME


def snap(state: object) -> str:
    return json.dumps(state.to_json(), sort_keys=True, ensure_ascii=False)  # type: ignore[attr-defined]


def canon(data: object) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def midgame_states(n: int, seed: int, every: int = 9):
    s = GAME.new(n, seed)
    r = Rng(seed + 100)
    step = 0
    while not s.is_terminal():
        if step % every == 0:
            yield s
        s.apply(r.choice(s.legal_actions()))
        step += 1


@pytest.mark.slow
def test_determinize_keeps_the_view_and_depends_only_on_it_mid_game() -> None:
    for n in (2, 3, 5):
        for seed in range(3):
            for s in midgame_states(n, seed):
                for p in range(n):
                    view = canon(s.observation(p))
                    d1, d2 = s.determinize(p, Rng(1)), s.determinize(p, Rng(2))
                    assert canon(d1.observation(p)) == view == canon(d2.observation(p))
                    assert snap(s.determinize(p, Rng(5))) == snap(d1.determinize(p, Rng(5)))
                    if s.current_player == p:
                        assert d1.legal_actions() == s.legal_actions()


@pytest.mark.slow
def test_json_round_trip_and_clone_isolation_mid_game() -> None:
    for n in (2, 4):
        for seed in range(3):
            for s in midgame_states(n, seed, every=13):
                loaded = GAME.from_json(json.loads(json.dumps(s.to_json())))
                assert snap(loaded) == snap(s) and loaded.legal_actions() == s.legal_actions()
                before = snap(s)
                c = s.clone()
                r = Rng(seed)
                while not c.is_terminal():
                    c.apply(r.choice(c.legal_actions()))
                assert snap(s) == before
