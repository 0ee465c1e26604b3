"""Search speed beside OpenSpiel: ISMCTS iterations a second with random rollouts to the end.

    python benchmarks/search_openspiel.py [--iterations 200] [--rounds 5] [--players 4] [--out FILE]

Why: sabbat's games are pure Python, so the question is whether a search over them runs at
the pace of a well-known reference. OpenSpiel's Python ISMCTS
(`open_spiel.python.algorithms.ismcts`, its games in C++) plays `hearts` (4 players) and
`gin_rummy` (2); sabbat's ISMCTS plays each of its games at `--players` seats. Both search
the same way: a fresh world sampled every iteration, one tree over information sets, UCB,
and one uniformly random rollout played to the end of the game (OpenSpiel's
RandomRolloutEvaluator; sabbat with `rollout_depth` unbounded, no early stop, no tree reuse).
Games differ in length, so the mean length of a random playout from each position
(decisions, chance not counted) is given too, and iterations times that length: rollout
decisions a second. Positions are the first real decision of a deal and two mid-game decisions (half-way through
a random game), each with at least two legal actions. Each round times every search on every
position, in turn (so load falls on all alike), on the CPU clock; the figures are medians
over rounds. Needs `pyspiel` (open_spiel) installed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from sabbat import games as registry
from sabbat.agents.ismcts import ISMCTSAgent, SearchConfig
from sabbat.core import GameState, Rng
from sabbat.sim.search_bench import opening

OPENSPIEL_GAMES = ("hearts", "gin_rummy")
FULL_RANDOM = SearchConfig(rollout_depth=10**9, early_stop=False, reuse_tree=False)
UCT_C = math.sqrt(2)
"""OpenSpiel's exploration constant (its returns are game points, not win shares)."""
MID_GAMES = 2

Search = Callable[[int], None]
"""seed -> runs one search of the set number of iterations on a position."""


# ----- positions ---------------------------------------------------------------------------
def _os_settle(state: Any, rng: np.random.RandomState) -> Any:
    """Resolve chance and forced moves until a player has a real choice."""
    while not state.is_terminal() and (state.is_chance_node() or len(state.legal_actions()) < 2):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def openspiel_positions(name: str, seed: int = 1) -> list[Any]:
    """The first real decision of a deal, then decisions half-way through random games."""
    game = pyspiel.load_game(name)
    found = [_os_settle(game.new_initial_state(), np.random.RandomState(seed))]
    k = 0
    while len(found) < 1 + MID_GAMES:
        k += 1
        rng = np.random.RandomState(seed * 1000 + k)
        state, moves = game.new_initial_state(), 0
        while not state.is_terminal():
            _os_settle(state, rng)
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves += 1
        rng = np.random.RandomState(seed * 1000 + k)
        state = game.new_initial_state()
        for _ in range(moves // 2):
            _os_settle(state, rng)
            state.apply_action(int(rng.choice(state.legal_actions())))
        _os_settle(state, rng)
        if not state.is_terminal():
            found.append(state)
    return found


def sabbat_positions(name: str, players: int, seed: int = 1) -> list[GameState]:
    """The first real decision of a deal, then decisions half-way through random games."""
    game = registry.get(name)
    found = [opening(name, players, seed)]
    k = 0
    while len(found) < 1 + MID_GAMES:
        k += 1
        full = game.new(players, seed * 1000 + k)
        rng = Rng(seed * 1000 + k)
        while not full.is_terminal():
            full.apply(rng.choice(full.legal_actions()))
        state = game.new(players, seed * 1000 + k)
        for action in full.history[: len(full.history) // 2]:
            state.apply(action)
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply(full.history[len(state.history)])
        if not state.is_terminal():
            found.append(state)
    return found


def openspiel_length(state: Any, playouts: int = 20) -> float:
    """Mean decisions (chance outcomes not counted) a random playout from `state` lasts."""
    rng = np.random.RandomState(7)
    total = 0
    for _ in range(playouts):
        world = state.clone()
        while not world.is_terminal():
            if world.is_chance_node():
                actions, probs = zip(*world.chance_outcomes(), strict=True)
                world.apply_action(int(rng.choice(actions, p=probs)))
            else:
                world.apply_action(int(rng.choice(world.legal_actions())))
                total += 1
    return total / playouts


def sabbat_length(state: GameState, playouts: int = 20) -> float:
    """Mean decisions a random playout from a sample of `state` lasts."""
    rng = Rng(7)
    player = state.current_player
    assert player is not None
    total = 0
    for _ in range(playouts):
        world = state.determinize(player, rng)
        while not world.is_terminal():
            legal = world.legal_actions()
            world.apply(legal[rng.below(len(legal))])
            total += 1
    return total / playouts


# ----- the searches ------------------------------------------------------------------------
def openspiel_search(name: str, state: Any, iterations: int) -> Search:
    game = pyspiel.load_game(name)

    def run(seed: int) -> None:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bot = ismcts.ISMCTSBot(game, evaluator, UCT_C, iterations, random_state=np.random.RandomState(seed + 1))
        bot.run_search(state)

    return run


def sabbat_search(state: GameState, iterations: int) -> Search:
    def run(seed: int) -> None:
        ISMCTSAgent(seed, iterations=iterations, config=FULL_RANDOM).analyse(state)

    return run


Subject = tuple[str, str, int, list[Search], list[float]]
"""(framework, game, players, one search per position, random playout length per position)."""


def subjects(players: int, iterations: int) -> list[Subject]:
    """Every search to time, on the opening and on mid-game positions."""
    rows: list[Subject] = []
    for name in OPENSPIEL_GAMES:
        states = openspiel_positions(name)
        rows.append(("openspiel", name, states[0].num_players(),
                     [openspiel_search(name, s, iterations) for s in states], [openspiel_length(s) for s in states]))
    for name in registry.names():
        mine = sabbat_positions(name, players)
        rows.append(("sabbat", name, players, [sabbat_search(s, iterations) for s in mine],
                     [sabbat_length(s) for s in mine]))
    return rows


def measure(players: int, iterations: int, rounds: int) -> dict[str, Any]:
    """Iterations a second per framework, game and position, median over alternated rounds."""
    table = subjects(players, iterations)
    rates: list[list[list[float]]] = [[[] for _ in row[3]] for row in table]
    load = os.getloadavg()
    for r in range(rounds):
        for row, subject in enumerate(table):
            for p, search in enumerate(subject[3]):
                start = time.process_time()
                search(1000 * r + p)
                rates[row][p].append(iterations / (time.process_time() - start))
    results = []
    for (framework, name, n, _, lengths), per_position in zip(table, rates, strict=True):
        each = [statistics.median(runs) for runs in per_position]
        results.append({
            "framework": framework, "game": name, "players": n,
            "iterations_per_s_start": round(each[0], 1),
            "iterations_per_s_mid": [round(v, 1) for v in each[1:]],
            "iterations_per_s": round(statistics.median(each), 1),
            "rollout_decisions": [round(v, 1) for v in lengths],
            "rollout_decisions_per_s": round(statistics.median(r * d for r, d in zip(each, lengths, strict=True))),
        })
    return {
        "benchmark": "search_openspiel", "clock": "process_time", "iterations_per_search": iterations,
        "rounds": rounds, "positions": f"opening + {MID_GAMES} mid-game", "uct_c_openspiel": UCT_C,
        "sabbat_config": "ismcts, random rollouts to the end (depth unbounded), no early stop, no tree reuse",
        "openspiel_config": "ISMCTSBot, RandomRolloutEvaluator(n_rollouts=1), unlimited world samples, UCT",
        "load_average_before": [round(v, 2) for v in load],
        "load_average_after": [round(v, 2) for v in os.getloadavg()],
        "python": platform.python_version(), "pyspiel": getattr(pyspiel, "__version__", "?"),
        "results": results,
    }


def format_table(data: dict[str, Any]) -> str:
    lines = [f"{'framework':10s} {'game':20s} {'players':>7s} {'start':>8s} {'mid-game':>12s} {'median':>8s} "
             f"{'playout':>16s} {'decisions/s':>12s}"]
    for r in data["results"]:
        mid = "/".join(f"{v:.0f}" for v in r["iterations_per_s_mid"])
        length = "/".join(f"{v:.0f}" for v in r["rollout_decisions"])
        lines.append(f"{r['framework']:10s} {r['game']:20s} {r['players']:7d} {r['iterations_per_s_start']:8.0f} "
                     f"{mid:>12s} {r['iterations_per_s']:8.0f} {length:>16s} {r['rollout_decisions_per_s']:12d}")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=200, help="iterations per search")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=4, help="seats in sabbat's games (hearts has 4)")
    parser.add_argument("--out", type=Path, default=None, help="write the figures as JSON here")
    args = parser.parse_args()
    result = measure(args.players, args.iterations, args.rounds)
    print(format_table(result))
    if args.out is not None:
        args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
