"""Search speed per game: ISMCTS iterations and rollout samples a second, and how long a
`hard` move takes.

    sabbat bench --search [--games mystic-vale,monslaught] [--out search.json]

Why: the difficulty levels are budgets in seconds, so their strength in each game is set by
how many iterations fit in a second; this keeps that number visible as games change.
Positions are mid-game states reached by random play, at decisions with a real choice.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from sabbat import agents
from sabbat import games as registry
from sabbat.agents.ismcts import TUNING, ISMCTSAgent, SearchConfig
from sabbat.agents.rollout import rollout_factory
from sabbat.core import GameState, Rng

POSITIONS = 5
ITERATIONS = 60


def positions(name: str, count: int = POSITIONS, seed: int = 1, players: int | None = None) -> list[GameState]:
    """Mid-game states of random games, each at a decision with at least two legal actions
    (`players` seats; by default the smallest count the strength runs use)."""
    game = registry.get(name)
    n = players or max(game.info.min_players, min(3 if name == "nameless_dark_lord" else 2, game.info.max_players))
    found: list[GameState] = []
    for k in range(count * 4):
        if len(found) == count:
            break
        full = game.new(n, seed * 1000 + k)
        rng = Rng(seed * 1000 + k)
        while not full.is_terminal():
            full.apply(rng.choice(full.legal_actions()))
        length = len(full.history)
        stop = length // 5 + Rng(k).below(max(1, 3 * length // 5))
        state = game.new(n, seed * 1000 + k)
        for action in full.history[:stop]:
            state.apply(action)
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply(full.history[len(state.history)])
        if not state.is_terminal():
            found.append(state)
    return found


def opening(name: str, players: int, seed: int) -> GameState:
    """A new game at its first decision with a real choice (forced first moves played)."""
    state = registry.get(name).new(players, seed)
    while not state.is_terminal() and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def _iterations_per_second(name: str, states: list[GameState], heuristic: bool) -> float | None:
    policy = registry.get(name).heuristic_agent(1) if heuristic else None
    if heuristic and policy is None:
        return None
    rates = []
    for i, state in enumerate(states):
        agent = ISMCTSAgent(seed=i, iterations=ITERATIONS, rollout_policy=policy,
                            config=TUNING.get(name, SearchConfig()))
        start = time.perf_counter()
        agent.analyse(state)
        rates.append(ITERATIONS / (time.perf_counter() - start))
    return statistics.median(rates)


def _samples_per_second(name: str, states: list[GameState]) -> float:
    """Moves judged a second by the policy-rollout search (`rollout:N`), at its own settings."""
    rates = []
    for i, state in enumerate(states):
        agent = rollout_factory(name, i, str(ITERATIONS))
        start = time.perf_counter()
        agent.analyse(state)
        rates.append(agent.last_iterations / (time.perf_counter() - start))
    return statistics.median(rates)


def bench_game(name: str) -> dict[str, Any]:
    states = positions(name)
    hard_times = []
    hard_iterations = []
    for i, state in enumerate(states):
        agent = agents.get("hard", name, i)
        start = time.perf_counter()
        agent.choose(state)
        hard_times.append(time.perf_counter() - start)
        hard_iterations.append(getattr(agent, "last_iterations", 0))
    return {
        "game": name,
        "players": states[0].num_players if states else None,
        "positions": len(states),
        "iterations_per_s_random": _iterations_per_second(name, states, heuristic=False),
        "iterations_per_s_heuristic": _iterations_per_second(name, states, heuristic=True),
        "samples_per_s_rollout": _samples_per_second(name, states) if states else None,
        "hard_move_s": statistics.median(hard_times) if hard_times else None,
        "hard_iterations": statistics.median(hard_iterations) if hard_iterations else None,
    }


def run(games: list[str] | None = None, out: Path | None = None) -> dict[str, Any]:
    """Benchmark the named games (all registered ones by default); write JSON to `out`."""
    names = games or registry.names()
    results = [bench_game(registry.get(n).info.id) for n in names]
    data = {"benchmark": "search", "iterations_sampled": ITERATIONS, "games": results}
    if out is not None:
        Path(out).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return data


def format_table(data: dict[str, Any]) -> str:
    def fmt(v: float | None, spec: str) -> str:
        return "-" if v is None else format(v, spec)

    lines = [f"{'game':22s} {'players':>7s} {'iter/s random':>14s} {'iter/s heur.':>13s} "
             f"{'rollouts/s':>11s} {'hard move s':>14s} {'hard iters':>13s}"]
    for g in data["games"]:
        lines.append(f"{g['game']:22s} {fmt(g['players'], 'd'):>7s} {fmt(g['iterations_per_s_random'], '.0f'):>14s} "
                     f"{fmt(g['iterations_per_s_heuristic'], '.0f'):>13s} {fmt(g['samples_per_s_rollout'], '.0f'):>11s} "
                     f"{fmt(g['hard_move_s'], '.2f'):>14s} "
                     f"{fmt(g['hard_iterations'], '.0f'):>13s}")
    return "\n".join(lines)
