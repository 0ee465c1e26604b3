"""Where a search iteration's time goes: the game's own methods, or the search's bookkeeping.

    python benchmarks/search_profile.py [--games a,b] [--players 4] [--iterations 300] [--out FILE]

Why: a search is only as fast as the game under it if its own code (selection, UCB, node
keys, reading events, backing up) stays a small share of each iteration. Both searches are
profiled with cProfile from the opening and from mid-game positions: the tree search with
uniformly random rollouts played to the end of the game, and the policy-rollout search at
its per-game settings (the heuristic plays on; its moves count as the game's). Time is split
at the boundary between the search's modules and everything they call: a call from the
search into the game (clone, determinize, legal actions, apply, evaluate, returns, scores,
state queries, the heuristic) is the game's; the search's own lines, the built-ins they call,
its random numbers and its reading of events are the search's. cProfile charges each call a
fixed overhead, which weighs most on code of many small calls, so the share is also measured
without the profiler: the search's CPU time against that of the same work done bare
(determinize, then random moves to the end; no tree).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

from sabbat import games as registry
from sabbat.agents.ismcts import ISMCTSAgent, SearchConfig, tuned_config
from sabbat.agents.rollout import rollout_factory
from sabbat.core import GameState, Rng
from sabbat.sim.search_bench import opening, positions

FULL_RANDOM = SearchConfig(rollout_depth=10**9, early_stop=False, reuse_tree=False)
"""The tree search as OpenSpiel's ISMCTS runs it: random rollouts to the end, no early stop."""

SEARCH_FILES = ("sabbat/agents/ismcts.py", "sabbat/agents/rollout.py")
GAME_METHODS = {
    "clone": "clone", "_clone_base": "clone", "determinize": "determinize",
    "legal_actions": "legal actions", "apply": "apply", "evaluate": "evaluate",
    "win_chances": "evaluate", "returns": "returns/scores", "scores": "returns/scores",
    "is_terminal": "state queries", "current_player": "state queries", "secret_choice": "state queries",
    "choose": "heuristic",
}
SEARCH_SIDE = ("built-ins", "random numbers", "event reading")


def _ours(func: tuple[str, int, str]) -> bool:
    return func[0].replace("\\", "/").endswith(SEARCH_FILES)


def _category(func: tuple[str, int, str]) -> str:
    filename, _, name = func
    if filename == "~":
        return "built-ins"
    if filename.endswith("core/rng.py"):
        return "random numbers"
    if filename.endswith("core/events.py"):
        return "event reading"
    return GAME_METHODS.get(name, "game, other")


def split(profile: cProfile.Profile) -> dict[str, Any]:
    """Seconds by category at the search/game boundary, and the search's own share."""
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = sum(ct for func, (_, _, _, ct, _) in stats.items() if _ours(func) and func[2] == "analyse")
    crossing: dict[str, float] = defaultdict(float)
    own_lines: dict[str, float] = defaultdict(float)
    for func, (_, _, tottime, _, callers) in stats.items():
        if _ours(func):
            own_lines[func[2]] += tottime
            continue
        for caller, (_, _, _, cumulative) in callers.items():
            if _ours(caller):
                crossing[_category(func)] += cumulative
    game = sum(v for k, v in crossing.items() if k not in SEARCH_SIDE)
    return {
        "total_s": total,
        "game_s": game,
        "search_share": (total - game) / total if total else None,
        "by_category_s": {k: round(v, 4) for k, v in sorted(crossing.items(), key=lambda kv: -kv[1])},
        "search_functions_s": {k: round(v, 4) for k, v in sorted(own_lines.items(), key=lambda kv: -kv[1])[:8]},
    }


def _states(name: str, players: int, count: int) -> list[GameState]:
    return [opening(name, players, 1), *positions(name, count, seed=1, players=players)]


def _tree(seed: int, iterations: int) -> ISMCTSAgent:
    return ISMCTSAgent(seed, iterations=iterations, config=FULL_RANDOM)


def _tuned(name: str, seed: int, iterations: int) -> ISMCTSAgent:
    """The tree search at the game's own settings (short rollouts, mostly the heuristic's)."""
    config = replace(tuned_config(registry.get(name)), early_stop=False, reuse_tree=False)
    policy = registry.get(name).heuristic_agent(seed * 7 + 3) if config.policy_rollouts else None
    return ISMCTSAgent(seed, iterations=iterations, rollout_policy=policy, config=config)


def profile_game(name: str, players: int, iterations: int, count: int) -> dict[str, Any]:
    """Both searches' profiles, and the tree search's unprofiled share, over the same positions."""
    states = _states(name, players, count)
    per = max(1, iterations // len(states))
    tree, tuned, rollout = cProfile.Profile(), cProfile.Profile(), cProfile.Profile()
    for i, state in enumerate(states):
        tree.runcall(_tree(i, per).analyse, state)
        tuned.runcall(_tuned(name, i, per).analyse, state)
        rollout.runcall(rollout_factory(name, i, str(per)).analyse, state)
    return {
        "game": name, "players": players, "positions": len(states), "iterations": per * len(states),
        "ismcts_random_to_end": split(tree), "ismcts_as_tuned": split(tuned), "rollout_search": split(rollout),
        "ismcts_unprofiled": unprofiled_share(states, per),
    }


def unprofiled_share(states: list[GameState], per: int, repeats: int = 3) -> dict[str, float]:
    """The tree search's CPU time beside the bare work it wraps, old and new alternated.

    Bare: the same number of determinizations, each played to the end by random moves, with
    no tree. The difference is the search's own cost (its tree walk also applies moves, so
    bare work is a close, not exact, stand-in for the game's part of an iteration).
    """
    searched, bare = [], []
    for r in range(repeats):
        start = time.process_time()
        for i, state in enumerate(states):
            _tree(100 * r + i, per).analyse(state)
        searched.append(time.process_time() - start)
        start = time.process_time()
        for i, state in enumerate(states):
            rng = Rng(100 * r + i)
            player = state.current_player
            assert player is not None
            for _ in range(per):
                world = state.determinize(player, rng)
                while not world.is_terminal():
                    legal = world.legal_actions()
                    world.apply(legal[rng.below(len(legal))])
                world.returns()
        bare.append(time.process_time() - start)
    s, b = statistics.median(searched), statistics.median(bare)
    return {"search_s": s, "bare_s": b, "search_share": max(0.0, (s - b) / s),
            "iterations_per_s": per * len(states) / s}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all registered)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=300, help="iterations per search, over all positions")
    parser.add_argument("--positions", type=int, default=3, help="mid-game positions besides the opening")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    names = [registry.get(g).info.id for g in args.games.split(",") if g] or registry.names()
    rows = [profile_game(n, args.players, args.iterations, args.positions) for n in names]
    for row in rows:
        t, r, u = row["ismcts_random_to_end"], row["rollout_search"], row["ismcts_unprofiled"]
        h = row["ismcts_as_tuned"]
        print(f"{row['game']:20s} ismcts own {t['search_share']:.1%} (unprofiled {u['search_share']:.1%}, "
              f"{u['iterations_per_s']:.0f} it/s)  as tuned {h['search_share']:.1%}  rollout own {r['search_share']:.1%}")
        print(f"{'':20s} ismcts {t['by_category_s']}\n{'':20s} own {t['search_functions_s']}")
        print(f"{'':20s} tuned {h['by_category_s']}\n{'':20s} own {h['search_functions_s']}")
        print(f"{'':20s} rollout {r['by_category_s']}\n{'':20s} own {r['search_functions_s']}")
    if args.out is not None:
        data = {"benchmark": "search_profile", "clock": "process_time", "games": rows}
        args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
