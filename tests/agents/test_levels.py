"""The difficulty levels: what each one is, in every game, and that settings override them."""

from __future__ import annotations

import pytest

from sabbat import agents, games
from sabbat.agents.ismcts import ISMCTSAgent
from sabbat.agents.levels import HARD_SECONDS, ErrantAgent
from sabbat.agents.random_agent import RandomAgent
from sabbat.agents.rollout import RolloutAgent
from sabbat.core.errors import UnknownAgent
from tests.support.positions import mid_game

HARD_BUDGET = {games.get(n).info.id: games.get(n).ai.hard_budget for n in games.names()}
SEARCH = {g: games.get(g).ai.search for g in HARD_BUDGET}
GAMES = sorted(g for g, budget in HARD_BUDGET.items() if budget is not None)


def test_every_shipped_game_has_a_calibrated_hard_budget() -> None:
    shipped = {g for g in HARD_BUDGET if games.get(g).package.startswith("sabbat.games.")}
    assert shipped and shipped <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_hard_is_the_games_search_at_its_fixed_budget(game: str) -> None:
    hard = agents.get("hard", game, 1)
    budget = HARD_BUDGET[game]
    if SEARCH[game] == "rollout":
        assert isinstance(hard, RolloutAgent) and (hard.samples, hard.seconds) == (budget, None)
    else:
        assert isinstance(hard, ISMCTSAgent) and hard.iterations == budget and hard.rollout_policy is not None
    assert hard.name == "hard"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_hard_plays_exactly_as_the_search_named_by_its_budget(game: str) -> None:
    """The strength table names the searches by token (`rollout:158`); the level must be that player."""
    token = f"{SEARCH[game]}:{HARD_BUDGET[game]}" + ("" if SEARCH[game] == "rollout" else ":h")
    state = mid_game(game, games.get(game).info.min_players, 3, min(12, games.get(game).info.max_decisions // 2))
    assert not state.is_terminal()
    assert agents.get("hard", game, 5).choose(state.clone()) == agents.get(token, game, 5).choose(state.clone())


def test_settings_after_the_level_keep_or_replace_its_budget() -> None:
    deeper = agents.get("hard:depth=7", "mystic_vale", 1)
    assert isinstance(deeper, RolloutAgent) and (deeper.samples, deeper.depth) == (HARD_BUDGET["mystic_vale"], 7)
    timed = agents.get("hard:2s", "mystic_vale", 1)
    assert isinstance(timed, RolloutAgent) and (timed.samples, timed.seconds) == (None, 2.0)
    counted = agents.get("hard:500:c=0.5", "monslaught", 1)
    assert isinstance(counted, ISMCTSAgent) and counted.iterations == 500


def test_a_game_without_a_budget_or_heuristic_gets_a_timed_search_and_random_lower_levels() -> None:
    hard = agents.get("hard", "toy", 1)
    assert isinstance(hard, ISMCTSAgent) and hard.seconds == HARD_SECONDS and hard.rollout_policy is None
    assert isinstance(agents.get("normal", "toy", 1), RandomAgent)
    easy = agents.get("easy", "toy", 1)
    assert isinstance(easy, ErrantAgent) and isinstance(easy.policy, RandomAgent)


@pytest.mark.parametrize("game", GAMES)
def test_normal_is_the_heuristic_and_easy_the_heuristic_with_mistakes(game: str) -> None:
    heuristic = games.get(game).heuristic_agent(1)
    assert heuristic is not None and type(agents.get("normal", game, 1)) is type(heuristic)
    easy = agents.get("easy", game, 1)
    assert isinstance(easy, ErrantAgent) and type(easy.policy) is type(heuristic) and easy.mistakes == 0.25


def test_easy_departs_from_the_heuristic_by_its_share_of_random_moves() -> None:
    """Over one game's decisions: none at 0, some at 0.25, and `easy:0` plays the heuristic's moves."""

    def departures(level: str) -> tuple[int, int]:
        state, easy = games.get("monslaught").new(2, 4), agents.get(level, "monslaught", 9)
        differs = total = 0
        while not state.is_terminal() and total < 300:
            legal = state.legal_actions()
            ours = easy.choose(state.clone())
            reference = games.get("monslaught").heuristic_agent(9)
            assert reference is not None
            if len(legal) > 1:
                total += 1
                differs += ours != reference.choose(state.clone())
            state.apply(ours)
        return differs, total

    assert departures("easy:0")[0] == 0
    differs, total = departures("easy")
    assert total > 100 and 0.05 * total < differs < 0.3 * total


@pytest.mark.parametrize("name", ["easy:2", "easy:lots", "normal:5s"])
def test_bad_level_settings_are_a_clear_error(name: str) -> None:
    with pytest.raises(UnknownAgent, match=name.split(":")[0]):
        agents.get(name, "monslaught", 1)
