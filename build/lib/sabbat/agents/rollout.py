"""Policy-rollout search: try every move on the same sampled worlds, keep the best.

One-step policy improvement (Tesauro & Galperin's rollout algorithm) over the game's
heuristic, made fit for hidden information and dice. Each *sweep* samples one world the
player cannot tell apart from the real one (`state.determinize`) and plays every move still
in contention on a copy of it, the policy playing on from there with the same dice for every
move (common random numbers). Sequential halving keeps the better half of the moves after
each round, so most of the budget goes to the moves that are close. The policy's own move is
kept to the end, and is left only when the paired difference says the other move is better.
A move that is already clearly worse than the policy's own (racing) stops taking samples, and
once only the policy's move is left the search stops: a clear decision costs little time.

Why next to ISMCTS: in a dice-heavy game the spread of outcomes swamps the gap between two
moves. UCB compares means from different worlds and dice, so it needs many visits before it
departs from the policy; judged on the same worlds, two moves differ only by what the moves
themselves change, and a few dozen samples tell them apart.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from sabbat.core.actions import Action
from sabbat.core.errors import UnknownAgent
from sabbat.core.rng import Rng
from sabbat.core.state import GameState

from .base import ActionStat, Searcher
from .ismcts import Policy, judge, number_token

PolicyFactory = Callable[[int], Policy]
"""seed -> the policy that plays every seat of one sample (a fresh one per seed, so that the
same sample plays out the same way after every move)."""


class RolloutAgent(Searcher):
    """Monte Carlo policy improvement with common random numbers and sequential halving.

    Budget by `samples` (moves judged on one world each; reproducible with a seed) or by
    `seconds` per move.
    """

    name = "rollout"

    def __init__(
        self,
        policy: PolicyFactory,
        seed: int = 0,
        samples: int | None = None,
        seconds: float | None = 1.0,
        depth: int = 20,
        settle: bool = False,
        confidence: float = 1.0,
        drop: float = 2.0,
        temperature: float = 0.1,
        aim: str = "win",
        name: str | None = None,
    ) -> None:
        if samples is None and seconds is None:
            raise ValueError("a rollout search needs a budget: samples or seconds")
        self.policy = policy
        self.rng = Rng(seed)
        self.samples = samples
        self.seconds = None if samples is not None else seconds
        self.depth = depth
        self.settle = settle
        """Play out the mover's own run of decisions before the `depth` count starts, so that a
        move which only stalls cannot push the next player's reply past the horizon."""
        self.confidence = confidence
        """Standard errors by which another move must beat the policy's own to be played."""
        self.drop = drop
        """Standard errors by which a move trailing the policy's own is given up early."""
        self.temperature = temperature
        if aim not in AIMS:
            raise ValueError(f"aim must be one of {', '.join(AIMS)}, not {aim!r}")
        self.aim = aim
        """`win`: judge a position by each seat's chance of winning; `points`: by its expected lead
        in points over the others' mean. A player far behind who plays for the win takes long-shot
        gambles that lose points on average; one who plays for points does not."""
        self.last_iterations = 0
        if name is not None:
            self.name = name

    def analyse(self, state: GameState) -> list[ActionStat]:
        """Judge `state`'s legal actions, best first (the one `choose` plays)."""
        player = self.mover(state)
        legal = state.legal_actions()
        favourite = self.policy(self.rng.next_u64()).choose(state.determinize(player, self.rng))
        if favourite not in legal:  # a policy that misreads a sampled world gets no say
            favourite = legal[0]
        values: dict[Action, list[float]] = {action: [] for action in legal}
        alive = list(legal)
        start = time.perf_counter()
        done = 0
        while len(alive) > 1:
            sweeps = self._sweeps(len(alive), math.ceil(math.log2(len(alive))), done, start)
            if sweeps == 0:
                break
            for _ in range(sweeps):
                self._sweep(state, player, alive, values)
                done += len(alive)
                alive = self._race(alive, values, favourite)
                if len(alive) == 1:
                    break
                if self.seconds is not None and self._spent(done, start):
                    break  # a time budget is a promise to a waiting person: stop at the sweep's end
            if len(alive) == 1 or self._spent(done, start):
                break
            if len(alive) > 2:
                alive = sorted(alive, key=lambda a: -_mean(values[a]))[: (len(alive) + 1) // 2]
                if favourite not in alive:
                    alive[-1] = favourite
        self.last_iterations = done
        best = max(alive, key=lambda a: _mean(values[a]))
        if best != favourite and not self._clearly_better(values[best], values[favourite]):
            best = favourite
        stats = [ActionStat(a, len(values[a]), _mean(values[a]) if values[a] else math.nan) for a in legal]
        return sorted(stats, key=lambda s: (s.action != best, -len(values[s.action]), -_mean(values[s.action])))

    # ----- the budget ------------------------------------------------------------------
    def _sweeps(self, alive: int, rounds: int, done: int, start: float) -> int:
        """Sweeps for this round: an equal share of what is left over the rounds to come."""
        if self.samples is not None:
            left = self.samples - done
            return max(1, left // (rounds * alive)) if left >= alive else 0
        assert self.seconds is not None
        elapsed = time.perf_counter() - start
        if elapsed >= self.seconds:
            return 0
        if done == 0:
            return 1  # measure the pace first
        per_sample = elapsed / done
        return max(1, int((self.seconds - elapsed) / per_sample) // (rounds * alive))

    def _spent(self, done: int, start: float) -> bool:
        if self.samples is not None:
            return done >= self.samples
        assert self.seconds is not None
        return time.perf_counter() - start >= self.seconds

    # ----- one sweep -------------------------------------------------------------------
    def _sweep(self, state: GameState, player: int, alive: list[Action], values: dict[Action, list[float]]) -> None:
        """Judge every move still alive on one sampled world, with the same dice and policy."""
        world = state.determinize(player, self.rng)
        seed = self.rng.next_u64()
        for action in alive:
            copy = world.clone()
            copy.apply(action)
            values[action].append(self._play_on(copy, self.policy(seed), player)[player])

    def _play_on(self, world: GameState, policy: Policy, player: int) -> list[float]:
        if self.settle:
            for _ in range(SETTLE_CAP):
                if world.is_terminal() or world.current_player != player:
                    break
                legal = world.legal_actions()
                world.apply(legal[0] if len(legal) == 1 else policy.choose(world))
        for _ in range(self.depth):
            if world.is_terminal():
                break
            legal = world.legal_actions()
            world.apply(legal[0] if len(legal) == 1 else policy.choose(world))
        return margins(world) if self.aim == "points" else judge(world, self.temperature)

    def _clearly_better(self, best: list[float], favourite: list[float]) -> bool:
        """Whether `best` beats the policy's move by `confidence` standard errors, paired."""
        if len(best) < 2:
            return False
        mean, error = _paired(best, favourite)
        return mean > self.confidence * error

    def _race(self, alive: list[Action], values: dict[Action, list[float]], favourite: Action) -> list[Action]:
        """The moves still worth samples: those not yet `drop` standard errors behind the favourite."""
        if len(values[favourite]) < RACE_AFTER or math.isinf(self.drop):
            return alive
        kept = []
        for action in alive:
            mean, error = _paired(values[action], values[favourite])  # alive moves ran on every sweep
            if action == favourite or mean + self.drop * error > 0:
                kept.append(action)
        return kept


AIMS = ("win", "points")
"""What a rollout search plays for (`aim=`)."""


def margins(world: GameState) -> list[float]:
    """Each seat's lead in points over the others' mean: final scores once the game is over,
    else the game's projection of them, else the scores as they stand."""
    points = None if world.is_terminal() else world.projected_scores()
    if points is None:
        points = world.scores()
    n, total = len(points), sum(points)
    return [p - (total - p) / (n - 1) for p in points] if n > 1 else list(points)


SETTLE_CAP = 200
"""Most moves of the mover's own run played before the depth count starts (a safety bound)."""

RACE_AFTER = 8
"""Sweeps before racing may give a move up: fewer say too little about the spread."""


def _paired(values: list[float], baseline: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences (both judged on the same sweeps)."""
    n = len(values)
    diffs = [a - b for a, b in zip(values, baseline, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else -math.inf


_KNOBS = {"depth": "depth", "settle": "settle", "z": "confidence", "drop": "drop", "temp": "temperature", "aim": "aim"}
_KNOB_TYPES: dict[str, type[int] | type[float] | type[bool]] = {"depth": int, "settle": bool}

SETTINGS: dict[str, dict[str, Any]] = {
    # Magic Master: its fitted estimate (evaluate.py) judges a position ten moves on as well as
    # a longer playout, and short playouts judge more samples a second. A regroup is many moves
    # of one player, and without `settle` a move that merely shuffled a card from group to group
    # pushed the rival's attack past the horizon and looked better than playing on: the search
    # shuffled 134 times in one game (docs/ai.md).
    "magic_master": {"depth": 10, "settle": True},
}
"""Per-game knobs (game id -> settings); the rest play `depth=20`, no settling."""


def from_param(game: str, seed: int, param: str, seconds: float = 1.0, name: str = "rollout") -> RolloutAgent:
    """Build a rollout search from the text after ':' in its name.

    Tokens, separated by ':' or ',': `300` (samples) or `1s` (seconds a move), `depth=`
    (policy moves before the position is judged), `settle=1` (finish the mover's own run of
    decisions before counting them; `settle=0` not), `z=` (standard errors by which another move
    must beat the policy's), `drop=` (standard errors behind it at which a move is given up;
    `drop=inf` never), `temp=` (score temperature for games without an estimate), `aim=win` or
    `aim=points` (play for the win, or for the lead in points).
    The policy is the game's heuristic player, or the random one where it has none.
    """
    from sabbat import games  # agents sit above the game registry; import late to stay light

    from .random_agent import RandomAgent

    game_def = games.get(game)

    def policy(policy_seed: int) -> Policy:
        agent = game_def.heuristic_agent(policy_seed)
        return agent if agent is not None else RandomAgent(policy_seed)

    label = f"{name}:{param}" if param else name
    samples: int | None = None
    knobs: dict[str, Any] = {"depth": 20, **SETTINGS.get(game, {})}
    for token in param.replace(":", ",").split(","):
        token = token.strip()
        if not token:
            continue
        if "=" in token:
            key, _, value = token.partition("=")
            field = _KNOBS.get(key.strip())
            if field is None:
                raise UnknownAgent(f"unknown rollout setting {key!r} in {label}; use {', '.join(_KNOBS)}")
            if field == "aim":
                if value.strip() not in AIMS:
                    raise UnknownAgent(f"{label}: aim={value.strip()} is not known; use aim=win or aim=points")
                knobs[field] = value.strip()
            else:
                knobs[field] = number_token(value, name, param, _KNOB_TYPES.get(field, float))
        elif token.endswith("s"):
            seconds = number_token(token[:-1], name, param, float)
        else:
            samples = number_token(token, name, param, int)
    if (samples is not None and samples < 1) or seconds <= 0:
        raise UnknownAgent(f"{label} needs a positive budget, e.g. {name}:300 or {name}:1s")
    return RolloutAgent(policy, seed, samples=samples, seconds=seconds, name=label, **knobs)


def rollout_factory(game: str, seed: int, param: str) -> RolloutAgent:
    """`rollout[:budget,...]`: the policy-rollout search, 1 s a move by default."""
    return from_param(game, seed, param)
