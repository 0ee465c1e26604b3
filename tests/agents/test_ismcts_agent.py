"""ISMCTS: legal in every game, reproducible, blind to what its player cannot see, stronger than random."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sabbat import agents, games
from sabbat.agents.ismcts import ISMCTSAgent, SearchConfig, _decided, _Edge, _Node, _outcome, from_param
from sabbat.core import Action, GameState, Rng, UnknownAgent, win_chances
from sabbat.sim.tournament import run_tournament
from tests.support.positions import hidden_twins, mid_game, moves_against_random

FAST = SearchConfig(rollout_depth=15)
CASES = [(name, n) for name in games.names() for n in games.get(name).info.player_counts]
IDS = [f"{name}-{n}p" for name, n in CASES]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_ismcts_plays_only_legal_actions(name: str, n: int) -> None:
    policy = games.get(name).heuristic_agent(1)
    searchers = [ISMCTSAgent(seed=3, iterations=6, config=FAST)]
    if policy is not None:
        searchers.append(ISMCTSAgent(seed=4, iterations=6, config=FAST, rollout_policy=policy))
    for searcher in searchers:
        assert all(action in legal for action, legal in moves_against_random(searcher, name, n, 12))


@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_ismcts_ignores_what_its_player_cannot_see(name: str, n: int) -> None:
    for one, two in hidden_twins(name, n):
        assert ISMCTSAgent(seed=7, iterations=25, config=FAST).analyse(one) == ISMCTSAgent(seed=7, iterations=25, config=FAST).analyse(two)


def test_ismcts_is_reproducible_with_seed_and_iterations() -> None:
    state = mid_game("toy", 3, 4, 3)
    whole = SearchConfig(early_stop=False)
    first = ISMCTSAgent(seed=9, iterations=200, config=whole).analyse(state)
    again = ISMCTSAgent(seed=9, iterations=200, config=whole).analyse(state)
    assert first == again
    assert sum(s.visits for s in first) == 200
    assert first[0].visits == max(s.visits for s in first)


def test_ismcts_analysis_ranks_every_legal_action() -> None:
    state = mid_game("toy", 2, 8, 2)
    stats = ISMCTSAgent(seed=1, iterations=120).analyse(state)
    assert sorted(s.action for s in stats) == sorted(state.legal_actions())
    assert all(0.0 <= s.value <= 1.0 for s in stats if s.visits)
    assert ISMCTSAgent(seed=1, iterations=120).choose(state) == stats[0].action


@pytest.mark.slow
def test_ismcts_beats_random_in_the_toy_game() -> None:
    result = run_tournament("toy", ["ismcts:200", "random"], 2, games=80, jobs=1, seed=1)
    searcher = result.agents[0]
    assert searcher.label == "ismcts:200"
    assert searcher.rate >= 0.65 and searcher.interval[0] > 0.5


def test_agent_names_read_budget_policy_and_knobs() -> None:
    agent = from_param("toy", 1, "500,c=0.3,depth=40")
    assert agent.iterations == 500 and agent.seconds is None
    assert agent.config.exploration == 0.3 and agent.config.rollout_depth == 40
    timed = from_param("toy", 1, "0.5s")
    assert timed.iterations is None and timed.seconds == 0.5
    assert from_param("toy", 1, "").seconds == 1.0
    colons = agents.get("ismcts:40:c=0.2:prior=0.5:split=0", "toy", 1)
    assert isinstance(colons, ISMCTSAgent) and colons.iterations == 40
    assert colons.config.exploration == 0.2 and colons.config.prior_share == 0.5 and not colons.config.split_outcomes
    assert isinstance(agents.get("ismcts:20", "toy", 1), ISMCTSAgent)
    for bad in ("fast", "0s", "c=x", "speed=3"):
        with pytest.raises(UnknownAgent):
            from_param("toy", 1, bad)


def test_unfinished_scores_become_win_chances() -> None:
    chances = win_chances([10.0, 30.0, 29.0])
    assert sum(chances) == pytest.approx(1.0)
    assert chances[1] > chances[2] > chances[0]
    assert win_chances([5.0, 5.0]) == [0.5, 0.5]


def test_outcomes_are_told_apart_only_by_what_the_searcher_sees() -> None:
    state = games.get("toy").new(2, seed=3)
    mine, theirs = state.clone(), state.clone()
    seen = len(mine.events)
    mine.apply(Action("draw"))  # player 0 draws: the card is shown to player 0 only
    assert str(mine.hands[0][-1]) in _outcome(mine, seen, 0)
    assert "toy.event.draw_public" in _outcome(mine, seen, 1)
    assert str(mine.hands[0][-1]) not in _outcome(mine, seen, 1).replace("'player': 0", "")
    theirs.apply(theirs.legal_actions()[0])
    assert _outcome(theirs, len(theirs.events) - 1, 1) == _outcome(theirs, len(theirs.events) - 1, 0)


class _Pick(GameState):
    """One decision: seat 0 picks a number 0..3; with `winning` set, only that pick wins the game,
    otherwise every pick ends in a shared draw. Answers are known without searching."""

    game_id = "pick"
    rules_version = "1"

    def __init__(self, winning: int | None) -> None:
        super().__init__(2, 0, {})
        self.winning = winning
        self.picked: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.picked is not None else 0

    def is_terminal(self) -> bool:
        return self.picked is not None

    def _legal_actions(self) -> list[Action]:
        return [Action("pick", (k,)) for k in range(4)]

    def _apply(self, action: Action) -> None:
        self.picked = int(action.args[0])

    def clone(self) -> _Pick:
        new = self._clone_base()
        new.winning, new.picked = self.winning, self.picked
        return new

    def observation(self, player: int | None) -> dict[str, object]:
        return {"picked": self.picked}

    def _determinize(self, player: int, rng: Rng) -> _Pick:
        return self.clone()

    def scores(self) -> list[float]:
        won = self.winning is not None and self.picked == self.winning
        lost = self.winning is not None and not won
        return [1 if won else 0, 1 if lost else 0]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        sc = self.scores()
        return [p for p in range(2) if sc[p] == max(sc)]


class _Favours:
    def __init__(self, pick: int) -> None:
        self.action = Action("pick", (pick,))

    def choose(self, state: GameState) -> Action:
        return self.action


def _ranked(state: _Pick, favourite: int, prior: float) -> list[Action]:
    config = SearchConfig(prior_share=prior, early_stop=False, reuse_tree=False)
    agent = ISMCTSAgent(seed=1, iterations=200, config=config, rollout_policy=_Favours(favourite))
    return [s.action for s in agent.analyse(state)]


def test_the_policy_prior_keeps_the_policy_move_when_every_move_is_as_good() -> None:
    # every pick draws: the search's visits are even, so the head start puts the policy's pick first
    assert _ranked(_Pick(winning=None), favourite=2, prior=0.1)[0] == Action("pick", (2,))
    # without a head start the search has no reason to prefer it: the first legal pick leads
    assert _ranked(_Pick(winning=None), favourite=2, prior=0.0)[0] == Action("pick", (0,))


def test_the_policy_prior_yields_when_the_search_clearly_finds_a_better_move() -> None:
    # pick 3 wins outright and the policy prefers a losing pick: a 10 % head start cannot save it
    assert _ranked(_Pick(winning=3), favourite=1, prior=0.1)[0] == Action("pick", (3,))
    # a head start larger than the whole budget keeps the policy's pick whatever the search found
    assert _ranked(_Pick(winning=3), favourite=1, prior=10.0)[0] == Action("pick", (1,))


@pytest.mark.slow
def test_search_stops_once_the_rest_of_the_budget_cannot_change_the_move() -> None:
    state = mid_game("toy", 2, 8, 2)
    hurried = ISMCTSAgent(seed=5, iterations=3000)
    patient = ISMCTSAgent(seed=5, iterations=3000, config=SearchConfig(early_stop=False))
    move = hurried.choose(state)
    assert move == patient.choose(state)
    assert hurried.last_iterations < 3000 == patient.last_iterations
    ranked = hurried.analyse(state)
    assert ranked[0].visits - ranked[1].visits > 3000 - hurried.last_iterations


def test_the_stop_rule_grants_the_runner_up_every_remaining_visit() -> None:
    root = _Node()
    root.visits = 90
    for action, visits in ((Action("a"), 60), (Action("b"), 30)):
        root.edges[action] = edge = _Edge()
        edge.visits = visits
    assert _decided(root, None, 0.0, 29)
    assert not _decided(root, None, 0.0, 30)
    # a head start for the runner-up's policy favour counts against stopping
    assert not _decided(root, Action("b"), 0.1, 20)
    assert _decided(root, Action("a"), 0.1, 30)


def own_turn_continues(name: str, n: int, seed: int) -> GameState:
    """A random game stopped where the player to move will move again after any action."""
    state = games.get(name).new(n, seed)
    chooser = Rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        player = state.current_player
        if len(legal) > 1 and all(after(state, a).current_player == player for a in legal):
            return state
        state.apply(chooser.choice(legal))
    raise AssertionError(f"{name}: no turn of several decisions found")


def after(state: GameState, action: Action) -> GameState:
    copy = state.clone()
    copy.apply(action)
    return copy


def test_a_turn_of_several_decisions_goes_on_from_the_last_search() -> None:
    state = own_turn_continues("magic_master", 2, 4)  # a regroup, where the best move keeps the turn
    reusing = ISMCTSAgent(seed=2, iterations=60, config=FAST)
    fresh = ISMCTSAgent(seed=2, iterations=60, config=replace(FAST, reuse_tree=False))
    ranked = reusing.analyse(state)
    move = ranked[0].action
    assert move == fresh.choose(state)
    state.apply(move)
    continued = reusing.analyse(state)
    restarted = fresh.analyse(state)
    assert 0 < reusing.last_reused <= ranked[0].visits
    assert fresh.last_reused == 0
    # the inherited visits count in the ranking on top of this search's own iterations
    assert sum(s.visits for s in continued) == reusing.last_reused + reusing.last_iterations
    assert sum(s.visits for s in restarted) == fresh.last_iterations


def test_no_tree_is_reused_across_other_players_moves_or_other_states() -> None:
    state = own_turn_continues("magic_master", 2, 3)
    agent = ISMCTSAgent(seed=2, iterations=40, config=FAST)
    agent.analyse(state)
    copy = after(state, state.legal_actions()[0])
    agent.analyse(copy)  # a different state object: a new search
    assert agent.last_reused == 0
    # the opponent moves in between: the history grew by more than the searcher's own move
    state = mid_game("toy", 2, 8, 2)
    agent.analyse(state)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    agent.analyse(state)
    assert agent.last_reused == 0


def test_a_continued_search_stays_blind_to_what_its_player_cannot_see() -> None:
    # a regroup move that draws nothing: ending the regroup refills the market from the hidden deck,
    # after which two worlds rightly differ in what the player sees
    state = own_turn_continues("magic_master", 2, 1)
    player = state.current_player
    assert player is not None
    one, two = state.determinize(player, Rng(1)), state.determinize(player, Rng(2))
    first, second = ISMCTSAgent(seed=7, iterations=30, config=FAST), ISMCTSAgent(seed=7, iterations=30, config=FAST)
    move = first.choose(one)
    assert move == second.choose(two)
    one.apply(move)
    two.apply(move)
    assert first.analyse(one) == second.analyse(two)
    assert first.last_reused == second.last_reused > 0


def test_a_cut_rollout_is_judged_by_the_games_own_estimate() -> None:
    class Judged(type(games.get("toy").new(2, seed=1))):  # type: ignore[misc]
        def evaluate(self) -> list[float]:
            return [0.9, 0.1]

    state = games.get("toy").new(2, seed=1)
    state.__class__ = Judged
    agent = ISMCTSAgent(seed=1, iterations=1, config=SearchConfig(rollout_depth=0))
    assert agent._rollout(state.clone()) == [0.9, 0.1]
    state.__class__ = Judged.__mro__[1]
    assert agent._rollout(state.clone()) == win_chances(state.scores(), 0.1)
