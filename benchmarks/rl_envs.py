"""Environment steps per second: sabbat's envs beside RLCard's and OpenSpiel's, in one run.

    python benchmarks/rl_envs.py [--seconds 3] [--repeats 3] [--out benchmarks/results/rl_envs.json]

Every figure is a random player's decisions per CPU second (process time, so other work on a
shared machine slows the wall clock but not the figure). For each sabbat game:

- `engine`: `legal_actions()`, a random choice, `apply()` — the engine alone;
- `env`: the PettingZoo AEC loop as a learner runs it — `env.last()` (observation vector and
  mask), a random legal id, `env.step(id)`;
- the wrapper: the env's time per decision less the engine's and less the random player's
  pick from the mask (measured apart), split into the vector (the game's own encoder) and
  the rest (mask, id <-> action, PettingZoo's bookkeeping);
- for comparison, the reference path the vector replaced: the game's `observation(player)`
  and the layout read out of that dict.

RLCard and OpenSpiel are measured the same way when installed (benchmark-only: `pip install
rlcard open_spiel`); OpenSpiel also gets an engine-only row (`apply_action` on a pyspiel state).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from sabbat import games, rl

GAMES = {"mystic_vale": 2, "nameless_dark_lord": 3, "monslaught": 2, "bellum_magica": 2, "magic_master": 2}


def rate(play_one: Callable[[int], int], seconds: float) -> float:
    """Decisions per CPU second of whole games played until `seconds` of CPU time are spent."""
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += play_one(seed)
        seed += 1
    return steps / (time.process_time() - start)


def sabbat_engine(game: str, players: int) -> Callable[[int], int]:
    g = games.get(game)

    def play(seed: int) -> int:
        state, r, n = g.new(players, seed=seed), random.Random(seed), 0
        while not state.is_terminal():
            state.apply(r.choice(state.legal_actions()))
            n += 1
        return n

    return play


def sabbat_costs(game: str, players: int, seconds: float) -> dict[str, float]:
    """CPU seconds per decision of the parts measured apart, on the positions of random games:
    the vector as the env makes it (the game's own encoder), the reference path (the game's
    `observation(player)`, then the layout read out of it), and the random player's pick from
    the mask (the learner's work, not the wrapper's)."""
    g = games.get(game)
    codec = rl.GameCodec(game)
    spent = {"vector": 0.0, "observation": 0.0, "reference": 0.0, "pick": 0.0}
    n, seed = 0, 0
    clock = time.process_time
    while sum(spent.values()) < seconds:
        state, r = g.new(players, seed=seed), random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            mask = codec.observe(state, seat)["action_mask"]
            t0 = clock()
            codec.vector(state, seat)
            t1 = clock()
            obs = state.observation(seat)
            t2 = clock()
            codec.encoder.encode(obs, seat)
            t3 = clock()
            legal = np.flatnonzero(mask.view(np.bool_))
            r.randrange(len(legal))
            t4 = clock()
            spent["vector"] += t1 - t0
            spent["observation"] += t2 - t1
            spent["reference"] += t3 - t2
            spent["pick"] += t4 - t3
            state.apply(r.choice(state.legal_actions()))
            n += 1
        seed += 1
    return {k: v / n for k, v in spent.items()}


def sabbat_env(game: str, players: int, reference: bool = False) -> Callable[[int], int]:
    """The AEC loop; `reference`: with the vector read out of `observation(player)` (the path the
    games' own encoders replaced), for a before/after in one run."""
    env = rl.env(game, players)
    if reference:
        env.codec._direct = None

    def play(seed: int) -> int:
        env.reset(seed=seed)
        r, n = random.Random(seed), 0
        for _ in env.agent_iter():
            obs, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"].view(np.bool_))  # a bool view: ~10x faster on long masks
            env.step(int(legal[r.randrange(len(legal))]))
            n += 1
        return n

    return play


def rlcard_env(name: str) -> Callable[[int], int]:
    import rlcard

    env = rlcard.make(name, config={"seed": 0})

    def play(seed: int) -> int:
        r = random.Random(seed)
        state, _ = env.reset()
        n = 0
        while not env.is_over():
            state, _ = env.step(r.choice(list(state["legal_actions"])))
            n += 1
        return n

    return play


def openspiel_env(name: str) -> Callable[[int], int]:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(name)

    def play(seed: int) -> int:
        r = random.Random(seed)
        step = env.reset()
        n = 0
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([r.choice(step.observations["legal_actions"][player])])
            n += 1
        return n

    return play


def openspiel_engine(name: str) -> Callable[[int], int]:
    import pyspiel

    game = pyspiel.load_game(name)

    def play(seed: int) -> int:
        r = random.Random(seed)
        state, n = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(r.choices(outcomes, probs)[0])
            else:
                state.apply_action(r.choice(state.legal_actions()))
                n += 1
        return n

    return play


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    p.add_argument("--repeats", type=int, default=3, help="measurements per figure (the median is kept)")
    p.add_argument("--out", type=Path, default=None)
    args = p.parse_args()
    warnings.simplefilter("ignore")
    s = args.seconds
    rows: list[dict[str, Any]] = []
    for game, players in GAMES.items():
        engines, envs, before, parts = [], [], [], []
        for _ in range(args.repeats):  # alternated, so a burst of other work on the machine hits each alike
            engines.append(rate(sabbat_engine(game, players), s))
            envs.append(rate(sabbat_env(game, players), s))
            before.append(rate(sabbat_env(game, players, reference=True), s))
            parts.append(sabbat_costs(game, players, s))
        engine, env = statistics.median(engines), statistics.median(envs)
        part = {k: statistics.median(p[k] for p in parts) for k in parts[0]}
        wrapper = 1 / env - 1 / engine - part["pick"]
        rows.append({
            "framework": "sabbat", "game": game, "players": players,
            "engine_steps_per_s": round(engine), "env_steps_per_s": round(env),
            "env_steps_per_s_through_observation_dict": round(statistics.median(before)),
            "engine_us": round(1e6 / engine, 1), "pick_us": round(1e6 * part["pick"], 1),
            "wrapper_us": round(1e6 * wrapper, 1), "wrapper_share_of_engine": round(wrapper * engine, 2),
            "of_which_vector_us": round(1e6 * part["vector"], 1),
            "rest_of_wrapper_share_of_engine": round((wrapper - part["vector"]) * engine, 2),
            "reference_observation_us": round(1e6 * part["observation"], 1),
            "reference_vector_from_dict_us": round(1e6 * part["reference"], 1),
        })
        print(rows[-1], flush=True)
    for name in ("leduc-holdem", "uno", "doudizhu", "gin-rummy"):
        try:
            rows.append({"framework": "rlcard", "game": name, "env_steps_per_s": round(rate(rlcard_env(name), s))})
        except ImportError:
            break
        print(rows[-1], flush=True)
    for name in ("leduc_poker", "hearts", "gin_rummy", "crazy_eights"):
        try:
            env_rate = rate(openspiel_env(name), s)
            engine_rate = rate(openspiel_engine(name), s)
        except ImportError:
            break
        rows.append({"framework": "open_spiel", "game": name,
                     "engine_steps_per_s": round(engine_rate), "env_steps_per_s": round(env_rate)})
        print(rows[-1], flush=True)
    if args.out:
        record = {"machine": platform.processor() or platform.machine(), "python": platform.python_version(),
                  "cpu_seconds_per_figure": s, "sabbat_figures_are_medians_of": args.repeats, "rows": rows}
        args.out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
