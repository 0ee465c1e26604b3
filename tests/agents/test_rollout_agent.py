"""Policy-rollout search: legal in every game, reproducible, blind to hidden cards, paired."""

from __future__ import annotations

import math

import pytest

from sabbat import agents, games
from sabbat.agents.random_agent import RandomAgent
from sabbat.agents.rollout import RolloutAgent, margins, rollout_factory
from sabbat.core import Action, GameState, Rng, UnknownAgent
from sabbat.sim.tournament import run_tournament
from tests.support.positions import hidden_twins, mid_game, moves_against_random

CASES = [(name, n) for name in games.names() for n in games.get(name).info.player_counts]
IDS = [f"{name}-{n}p" for name, n in CASES]


def heuristic_or_random(name: str):  # type: ignore[no-untyped-def]
    def policy(seed: int):  # type: ignore[no-untyped-def]
        return games.get(name).heuristic_agent(seed) or RandomAgent(seed)

    return policy


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_rollout_search_plays_only_legal_actions(name: str, n: int) -> None:
    searcher = RolloutAgent(heuristic_or_random(name), seed=3, samples=12, depth=5)
    assert all(action in legal for action, legal in moves_against_random(searcher, name, n, 8))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n"), CASES, ids=IDS)
def test_rollout_search_ignores_what_its_player_cannot_see(name: str, n: int) -> None:
    """With the game's own settings (Magic Master settles its regroups), budget cut for speed."""
    for one, two in hidden_twins(name, n):
        assert rollout_factory(name, 7, "30:depth=8").analyse(one) == rollout_factory(name, 7, "30:depth=8").analyse(two)


def test_rollout_search_is_reproducible_and_keeps_to_its_budget() -> None:
    state = mid_game("toy", 3, 2, 3)
    assert len(state.legal_actions()) == 4
    first = RolloutAgent(RandomAgent, seed=9, samples=200).analyse(state)
    again = RolloutAgent(RandomAgent, seed=9, samples=200).analyse(state)
    assert first == again
    assert sorted(s.action for s in first) == sorted(state.legal_actions())
    assert sum(s.visits for s in first) <= 200
    # sequential halving: the moves kept longest were judged on the most worlds
    assert first[0].visits == max(s.visits for s in first) > min(s.visits for s in first)


def test_every_move_of_a_sweep_meets_the_same_world_and_the_same_players() -> None:
    made: list[int] = []

    def recording(seed: int) -> RandomAgent:
        made.append(seed)
        return RandomAgent(seed)

    state = mid_game("toy", 2, 8, 2)
    searcher = RolloutAgent(recording, seed=1, samples=100)
    made.clear()
    searcher._sweep(state, 0, state.legal_actions(), {a: [] for a in state.legal_actions()})
    assert len(made) == len(state.legal_actions()) and len(set(made)) == 1


@pytest.mark.slow
def test_the_policy_move_stands_unless_another_is_clearly_better() -> None:
    class Last:
        def choose(self, state: GameState) -> Action:
            return state.legal_actions()[-1]

    state = mid_game("toy", 2, 8, 2)
    last = state.legal_actions()[-1]
    stubborn = RolloutAgent(lambda seed: Last(), seed=1, samples=300, confidence=1e9)
    assert stubborn.choose(state) == last
    assert stubborn.analyse(state)[0].action == last
    eager = RolloutAgent(lambda seed: Last(), seed=1, samples=300, confidence=0.0)
    ranked = eager.analyse(state)
    best_judged = max((s for s in ranked if s.visits == ranked[0].visits), key=lambda s: s.value)
    assert ranked[0].action == best_judged.action


@pytest.mark.slow
def test_rollout_search_beats_random_in_the_toy_game() -> None:
    result = run_tournament("toy", ["rollout:100", "random"], 2, games=60, jobs=1, seed=1)
    searcher = result.agents[0]
    assert searcher.rate >= 0.65 and searcher.interval[0] > 0.5


def test_rollout_names_read_budget_and_knobs() -> None:
    agent = rollout_factory("magic_master", 1, "300,depth=12,z=2")
    assert (agent.samples, agent.seconds, agent.depth, agent.confidence) == (300, None, 12, 2.0)
    assert agent.name == "rollout:300,depth=12,z=2"
    timed = agents.get("rollout:0.5s", "toy")
    assert isinstance(timed, RolloutAgent) and (timed.samples, timed.seconds) == (None, 0.5)
    with pytest.raises(UnknownAgent, match="unknown rollout setting 'c'"):
        agents.get("rollout:c=1", "toy")
    with pytest.raises(UnknownAgent, match="positive budget"):
        agents.get("rollout:0", "toy")


def test_a_timed_search_stops_at_the_first_sweep_past_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a fake clock: sweeps that turn slower than the first cannot run the move late."""
    from sabbat.agents import rollout

    clock = [0.0]
    monkeypatch.setattr(rollout.time, "perf_counter", lambda: clock[0])
    state = mid_game("toy", 3, 2, 3)
    agent = RolloutAgent(RandomAgent, seed=1, seconds=1.0, drop=math.inf)  # no racing: use the time
    real_sweep = agent._sweep
    costs = iter([0.01] + [0.1] * 1000)

    def slow_sweep(*args):  # type: ignore[no-untyped-def]
        clock[0] += next(costs)
        real_sweep(*args)

    monkeypatch.setattr(agent, "_sweep", slow_sweep)
    agent.analyse(state)
    assert 1.0 <= clock[0] <= 1.1 + 1e-9


def test_racing_gives_up_a_move_once_it_trails_the_policys_own_by_drop_standard_errors() -> None:
    agent = RolloutAgent(RandomAgent, samples=100, drop=2.0)
    fav, worse, close, same = (Action("m", (i,)) for i in range(4))
    values = {fav: [1.0] * 8, worse: [0.0] * 8, close: [1.0, 0.0] + [1.0] * 6, same: [1.0] * 8}
    # worse: 8 losses in a row; same: tied on every sweep, so it can never be clearly better;
    # close: one sweep behind, a mean 1 standard error down, still in the race.
    assert agent._race([fav, worse, close, same], values, fav) == [fav, close]
    early = {a: v[:7] for a, v in values.items()}
    assert agent._race([fav, worse, close, same], early, fav) == [fav, worse, close, same]  # too few sweeps
    assert RolloutAgent(RandomAgent, samples=100, drop=math.inf)._race([fav, worse], values, fav) == [fav, worse]


@pytest.mark.slow
def test_a_clear_decision_ends_the_search_before_its_budget() -> None:
    searcher = RolloutAgent(heuristic_or_random("toy"), seed=3, samples=400, depth=30)
    used = []
    for seed in range(6):
        state = mid_game("toy", 2, seed, 4)
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            searcher.analyse(state)
            used.append(searcher.last_iterations)
    assert used and max(used) <= 400 and min(used) < 400
    assert agents.get("rollout:50:drop=inf", "toy", 1).drop == math.inf


class Deadline(GameState):
    """Seat 0 may stall up to three times before it passes; then seat 1 strikes a point off it."""

    game_id = "deadline"
    rules_version = "1"

    def __init__(self) -> None:
        super().__init__(2, 0, {})
        self.points = [1, 0]
        self.stalls = 0
        self.turn: int | None = 0

    @property
    def current_player(self) -> int | None:
        return self.turn

    def is_terminal(self) -> bool:
        return self.turn is None

    def _legal_actions(self) -> list[Action]:
        if self.turn == 1:
            return [Action("strike")]
        return [Action("stall")] * (self.stalls < 3) + [Action("pass")]

    def _apply(self, action: Action) -> None:
        if action.kind == "stall":
            self.stalls += 1
        elif action.kind == "pass":
            self.turn = 1
        else:
            self.points[0] -= 1
            self.turn = None

    def clone(self) -> Deadline:
        new = self._clone_base()
        new.points, new.stalls, new.turn = self.points.copy(), self.stalls, self.turn
        return new

    def observation(self, player: int | None) -> dict[str, object]:
        return {"points": self.points, "stalls": self.stalls, "turn": self.turn}

    def _determinize(self, player: int, rng: Rng) -> Deadline:
        return self.clone()

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        return [] if self.turn is not None else [p for p in (0, 1) if self.points[p] == max(self.points)]


class Passer:
    def choose(self, state: GameState) -> Action:
        return state.legal_actions()[-1]


def test_settling_plays_out_the_movers_run_so_a_stall_cannot_hide_the_reply() -> None:
    """A horizon one move past the judged move: a stall pushes the strike out of sight (and is
    played), unless the mover's own run is finished before the count starts."""
    state = Deadline()
    assert RolloutAgent(lambda seed: Passer(), samples=40, depth=1).choose(state) == Action("stall")
    settled = RolloutAgent(lambda seed: Passer(), samples=40, depth=1, settle=True)
    assert settled.choose(state) == Action("pass")
    assert {s.value for s in settled.analyse(state)} == {0.5}  # both moves now meet the strike


def test_magic_master_settles_its_regroups_and_settle_is_a_knob() -> None:
    assert rollout_factory("magic_master", 1, "").settle is True
    assert rollout_factory("magic_master", 1, "settle=0").settle is False
    assert rollout_factory("mystic_vale", 1, "").settle is False
    assert agents.get("rollout:50:settle=1", "toy", 1).settle is True


class Longshot(GameState):
    """Seat 0 trails 3 to 10 and moves once: `safe` adds 2 points (a sure loss), `gamble` is a coin
    toss between +8 (a win, 11 to 10) and -6: the better chance to win, the worse expected points."""

    game_id = "longshot"
    rules_version = "1"

    def __init__(self) -> None:
        super().__init__(2, 0, {})
        self.points = [3, 10]
        self.done = False

    @property
    def current_player(self) -> int | None:
        return None if self.done else 0

    def is_terminal(self) -> bool:
        return self.done

    def _legal_actions(self) -> list[Action]:
        return [Action("safe"), Action("gamble")]

    def _apply(self, action: Action) -> None:
        self.points[0] += 2 if action.kind == "safe" else (8 if self.rng.random() < 0.5 else -6)
        self.done = True

    def clone(self) -> Longshot:
        new = self._clone_base()
        new.points, new.done = self.points.copy(), self.done
        return new

    def observation(self, player: int | None) -> dict[str, object]:
        return {"points": self.points}

    def _determinize(self, player: int, rng: Rng) -> Longshot:
        return self.clone()

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        return [p for p in (0, 1) if self.points[p] == max(self.points)] if self.done else []


def test_a_search_that_plays_for_points_declines_the_long_shot_one_playing_to_win_takes() -> None:
    state = Longshot()
    to_win = RolloutAgent(lambda seed: Passer(), seed=3, samples=200)
    for_points = RolloutAgent(lambda seed: Passer(), seed=3, samples=200, aim="points")
    assert to_win.choose(state) == Action("gamble")  # about half the games won, against none
    assert for_points.choose(state) == Action("safe")  # a lead of -5 against about -6 on average
    judged = {s.action.kind: s.value for s in for_points.analyse(state)}
    assert judged["safe"] == -5.0 and -8.0 < judged["gamble"] < -4.0


def test_margins_read_final_scores_then_the_games_projection_then_the_scores_now() -> None:
    done = Longshot()
    done.apply(Action("safe"))
    assert margins(done) == [-5.0, 5.0]
    assert margins(Longshot()) == [-7.0, 7.0]  # no projection: the scores as they stand
    mv = mid_game("mystic_vale", 3, 5, 150)
    projected = mv.projected_scores()
    assert projected is not None and projected != mv.scores()
    assert margins(mv) == pytest.approx([p - (sum(projected) - p) / 2 for p in projected])


def test_aim_is_a_rollout_knob_and_hard_passes_it_on() -> None:
    assert agents.get("rollout:50:aim=points", "toy", 1).aim == "points"
    assert agents.get("rollout:50", "toy", 1).aim == "win"
    hard = agents.get("hard:aim=points", "mystic_vale", 1)
    assert isinstance(hard, RolloutAgent) and (hard.aim, hard.samples) == ("points", 158)
    with pytest.raises(UnknownAgent, match="aim=score is not known; use aim=win or aim=points"):
        agents.get("rollout:aim=score", "toy")
