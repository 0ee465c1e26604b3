"""Information-set Monte Carlo tree search (single-observer ISMCTS), generic over the contract.

Each iteration samples one world the searching player cannot tell apart from the real one
(`state.determinize(player, rng)`) and walks a single tree shared by all samples. Nodes are
keyed by the action sequence from the root, so statistics pool over every world where that
sequence is legal; an action's UCB term counts how often it was *available* rather than how
often its parent was visited (Cowling, Powley & Whitehouse 2012). Rewards are max-n: each
edge keeps the mean return of the player who chose it, so 3-6 player games need no zero-sum
assumption. An opponent's run of secret choices (`GameState.secret_choice`) is one unseen
move: a single edge, split only by what the searching player sees, so no later decision in
the tree depends on a secret it could not know. The agent reads the real state only through `current_player`, `legal_actions`
and `determinize`; everything else happens on its own samples.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from sabbat.core.actions import Action
from sabbat.core.chances import win_chances
from sabbat.core.errors import UnknownAgent
from sabbat.core.rng import Rng
from sabbat.core.state import GameState

from .base import ActionStat, Searcher


class Policy(Protocol):
    """Anything that picks an action for `state.current_player` (agents qualify)."""

    def choose(self, state: GameState) -> Action: ...


@dataclass(frozen=True)
class SearchConfig:
    """Knobs of the search; the defaults suit games of a few hundred decisions."""

    exploration: float = 0.7
    """UCB constant; returns lie in [0, 1], so values well below sqrt(2) explore enough."""
    rollout_depth: int = 200
    """Decisions played after the tree before the position is judged by its scores."""
    eval_temperature: float = 0.1
    """Score gap (as a share of the leading score, at least 1 point) worth a factor e in odds."""
    widen_above: int = 10
    """Progressive widening applies to nodes with more legal actions than this."""
    widen_c: float = 2.0
    widen_alpha: float = 0.5
    guided_expansion: bool = True
    """Expand the rollout policy's favourite untried action first (when it has one)."""
    rollout_epsilon: float = 0.1
    """Chance of a uniformly random move in a policy rollout, so rollouts stay varied."""
    policy_rollouts: bool = True
    """Whether the difficulty levels roll out with the game's heuristic agent when it has one."""
    split_outcomes: bool = True
    """Tell apart the results of an action by the events the searching player sees (dice, draws)."""
    early_stop: bool = True
    """Stop searching once the rest of the budget could no longer change the chosen move."""
    prior_share: float = 0.0
    """Head start, as a share of the iterations, that the rollout policy's own choice gets
    when the root actions are ranked: with a small budget, trust the policy unless the
    search clearly disagrees."""
    reuse_tree: bool = True
    """Start from the subtree the last search grew below the move just played, when the same
    player moves again at once (a turn made of several decisions)."""


HIDDEN = Action("?")
"""The edge of an opponent's secret choice: it stands for every action the searching player
cannot tell apart (no game names an action `?`)."""


class _Node:
    """An information set of the tree: the edges (actions) tried from it."""

    __slots__ = ("edges", "visits", "mover")

    def __init__(self) -> None:
        self.edges: dict[Action, _Edge] = {}
        self.visits = 0
        self.mover: int | None = None


class _Edge:
    """An action at an information set: its statistics, and the information sets it led to.

    Why outcomes: an action's result may depend on chance or on hidden cards (a die, a draw).
    What the searching player then sees (the events visible to them) tells the resulting
    information sets apart, so a later decision is never averaged over dice it has seen.
    """

    __slots__ = ("outcomes", "visits", "avail", "total")

    def __init__(self) -> None:
        self.outcomes: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class ISMCTSAgent(Searcher):
    """SO-ISMCTS with availability-count UCB, max-n returns and optional policy rollouts.

    Budget by `iterations` (reproducible with a seed) or by `seconds` per move.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = 1.0,
        rollout_policy: Policy | None = None,
        config: SearchConfig | None = None,
        name: str | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs a budget: iterations or seconds")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = None if iterations is not None else seconds
        self.rollout_policy = rollout_policy
        self.config = config or SearchConfig()
        self.last_iterations = 0
        self.last_reused = 0
        """Visits the last search inherited from the one before (tree reuse)."""
        self._last: _Searched | None = None
        if name is not None:
            self.name = name

    # ----- the agent protocol --------------------------------------------------------
    def analyse(self, state: GameState) -> list[ActionStat]:
        """Search `state` and rank its legal actions, best first (the one `choose` plays)."""
        player = self.mover(state)
        legal = state.legal_actions()
        root = (self._reused_root(state, player) if self.config.reuse_tree else None) or _Node()
        self.last_reused = root.visits
        favourite: Action | None = None
        if self.rollout_policy is not None and self.config.prior_share > 0 and len(legal) > 1:
            favourite = self.rollout_policy.choose(state.determinize(player, self.rng))
        done = 0
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if self.config.early_stop and done and done % _STOP_CHECK == 0:
                if _decided(root, favourite, self.config.prior_share, self._left(done, start)):
                    break
            self._iterate(root, state.determinize(player, self.rng), player)
            done += 1
        self.last_iterations = done
        self._last = _Searched(state, player, len(state.history), len(state.events), root)
        stats = []
        for action in legal:
            edge = root.edges.get(action)
            if edge is None or edge.visits == 0:
                stats.append(ActionStat(action, 0, math.nan))
            else:
                stats.append(ActionStat(action, edge.visits, edge.total / edge.visits))
        # Most visited wins (robust child); value breaks ties; legal order keeps it stable.
        bonus = self.config.prior_share * root.visits

        def rank(i: int) -> tuple[float, float, int]:
            head = bonus if stats[i].action == favourite else 0.0
            return (-(stats[i].visits + head), -_num(stats[i].value), i)

        order = sorted(range(len(stats)), key=rank)
        return [stats[i] for i in order]

    def _reused_root(self, state: GameState, player: int) -> _Node | None:
        """The subtree below the move played since the last search, if it is still ours to use.

        Why it is fair: the last search saw only this player's information, the move in
        between was this player's own (nobody else moved: the history grew by one), and the
        branch is picked by what this player saw happen, exactly as inside the tree.
        """
        last = self._last
        if last is None or last.state is not state or last.player != player:
            return None
        if len(state.history) != last.decisions + 1:
            return None
        edge = last.root.edges.get(state.history[last.decisions])
        if edge is None:
            return None
        key = _outcome(state, last.events, player) if self.config.split_outcomes else ""
        child = edge.outcomes.get(key)
        return child if child is not None and child.mover == player else None

    def _left(self, done: int, start: float) -> int:
        """Iterations the budget still allows (for a time budget, at the pace so far)."""
        if self.iterations is not None:
            return self.iterations - done
        assert self.seconds is not None
        elapsed = max(time.perf_counter() - start, 1e-9)
        return int(done * (self.seconds - elapsed) / elapsed) + 1

    # ----- one iteration ---------------------------------------------------------------
    def _iterate(self, root: _Node, world: GameState, me: int) -> None:
        cfg = self.config
        c = cfg.exploration
        split = cfg.split_outcomes
        path: list[tuple[_Edge, int]] = []
        node = root
        while True:
            node.visits += 1
            if world.is_terminal():
                _backup(path, world.returns())
                return
            mover = node.mover = world.current_player
            assert mover is not None
            if mover != me and world.secret_choice():
                reached = self._unseen_move(node.edges, world, mover, me, path)
                if reached is None:
                    return
                node = reached
                continue
            legal = world.legal_actions()
            edges = node.edges
            untried: list[Action] = []
            for action in legal:
                edge = edges.get(action)
                if edge is None:
                    untried.append(action)
                else:
                    edge.avail += 1
            may_widen = len(legal) <= cfg.widen_above or len(edges) < _widening(cfg, node.visits)
            if untried and (may_widen or len(untried) == len(legal)):
                action = self._pick_untried(world, untried)
                edge = edges[action] = _Edge()
                edge.avail = edge.visits = 1
                world.apply(action)
                path.append((edge, mover))
                _backup(path, self._rollout(world))
                return
            best: _Edge | None = None
            best_action = legal[0]
            best_score = -math.inf
            for action in legal:
                edge = edges.get(action)
                if edge is None:
                    continue
                score = edge.total / edge.visits + c * math.sqrt(math.log(edge.avail) / edge.visits)
                if score > best_score:
                    best, best_action, best_score = edge, action, score
            assert best is not None
            best.visits += 1
            path.append((best, mover))
            seen = len(world.events)
            world.apply(best_action)
            key = _outcome(world, seen, me) if split else ""
            child = best.outcomes.get(key)
            if child is None:
                child = best.outcomes[key] = _Node()
            node = child

    def _unseen_move(
        self, edges: dict[Action, _Edge], world: GameState, mover: int, me: int, path: list[tuple[_Edge, int]]
    ) -> _Node | None:
        """Play an opponent's run of secret choices through the node's single hidden edge.

        Why one edge for the whole run: keyed by action (or by the number of decisions), the
        searching player's later nodes would differ by a secret it cannot see. The opponent's
        choices come from the rollout policy instead of tree statistics, and what the
        searching player sees happen (a "has chosen", a reveal) still splits the outcomes.
        Returns the node reached, or None when the edge was new and the rollout is backed up.
        """
        edge = edges.get(HIDDEN)
        fresh = edge is None
        if edge is None:
            edge = edges[HIDDEN] = _Edge()
        edge.avail += 1
        edge.visits += 1
        path.append((edge, mover))
        seen = len(world.events)
        while True:
            legal = world.legal_actions()
            world.apply(legal[0] if len(legal) == 1 else self._policy_move(world, legal))
            if world.current_player != mover or not world.secret_choice():
                break
        if fresh:
            _backup(path, self._rollout(world))
            return None
        key = _outcome(world, seen, me) if self.config.split_outcomes else ""
        child = edge.outcomes.get(key)
        if child is None:
            child = edge.outcomes[key] = _Node()
        return child

    def _policy_move(self, world: GameState, legal: Sequence[Action]) -> Action:
        """The rollout policy's move (a uniformly random one `rollout_epsilon` of the time)."""
        policy = self.rollout_policy
        if policy is None or self.rng.random() < self.config.rollout_epsilon:
            return legal[self.rng.below(len(legal))]
        return policy.choose(world)

    def _pick_untried(self, world: GameState, untried: Sequence[Action]) -> Action:
        if self.config.guided_expansion and self.rollout_policy is not None and len(untried) > 1:
            favourite = self.rollout_policy.choose(world)
            if favourite in untried:
                return favourite
        return untried[self.rng.below(len(untried))]

    def _rollout(self, world: GameState) -> list[float]:
        """Play on with the rollout policy, then judge the position by its returns or scores."""
        rng = self.rng
        policy = self.rollout_policy
        eps = self.config.rollout_epsilon
        for _ in range(self.config.rollout_depth):
            if world.is_terminal():
                return world.returns()
            legal = world.legal_actions()
            if len(legal) == 1:
                world.apply(legal[0])
            elif policy is None or rng.random() < eps:
                world.apply(legal[rng.below(len(legal))])
            else:
                world.apply(policy.choose(world))
        return judge(world, self.config.eval_temperature)


def judge(world: GameState, temperature: float) -> list[float]:
    """A position's worth per seat: the returns once the game is over, else the game's own
    estimate, else its scores read as win chances (`temperature`: see SearchConfig)."""
    if world.is_terminal():
        return world.returns()
    estimate = world.evaluate()
    return estimate if estimate is not None else win_chances(world.scores(), temperature)


def _backup(path: list[tuple[_Edge, int]], returns: Sequence[float]) -> None:
    """Credit each edge with the return of the player who chose it (max-n)."""
    for edge, mover in path:
        edge.total += returns[mover]


def _outcome(world: GameState, seen: int, me: int) -> str:
    """What `me` saw happen since event number `seen`: names the information set reached."""
    return "|".join(f"{e.key}{e.params!r}" for e in world.events[seen:] if e.visible_to(me))


_STOP_CHECK = 16
"""Iterations between checks of whether the rest of the budget could still change the move."""


@dataclass
class _Searched:
    """Where the last search stood, so the next one can start from the right subtree."""

    state: GameState
    player: int
    decisions: int
    events: int
    root: _Node


def _decided(root: _Node, favourite: Action | None, prior: float, left: int) -> bool:
    """Whether no other root action could overtake the leader in the `left` iterations remaining.

    Why: a search that cannot change its mind should not keep a person (or a tournament)
    waiting. The check is conservative: the runner-up is granted every remaining visit and,
    if it is the policy's favourite, the head start those visits would add.
    """
    first = second = 0.0
    for action, edge in root.edges.items():
        visits = edge.visits + (prior * root.visits if action == favourite else 0.0)
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return second + left * (1.0 + prior) < first


def _widening(cfg: SearchConfig, visits: int) -> int:
    return max(1, int(cfg.widen_c * visits**cfg.widen_alpha))


def _num(value: float) -> float:
    return -math.inf if math.isnan(value) else value


# ----- building agents from names (`ismcts:1s`, `ismcts:500:h:c=0.5:depth=60`) ----------

TUNING: dict[str, SearchConfig] = {
    # Measured against each game's heuristic (docs/ai.md): random rollouts misjudge these
    # games badly (a random player loses fast), so rollouts follow the heuristic (20-150 us a
    # move), cut short where the position can be judged: by the game's own estimate
    # (GameState.evaluate) where it has one, else by a softmax over the scores.
    "bellum_magica": SearchConfig(rollout_depth=20, prior_share=0.1),
    "monslaught": SearchConfig(rollout_depth=60, prior_share=0.3),
    "mystic_vale": SearchConfig(rollout_depth=15, prior_share=0.1),
    # The Nameless Dark Lord: short random rollouts search the most positions a second (its
    # heuristic is the slowest, 150 us a move) and already win half the 3-player games.
    "nameless_dark_lord": SearchConfig(rollout_epsilon=1.0, rollout_depth=10, prior_share=0.1),
    # Magic Master: its fitted estimate judges short rollouts as well as full random ones
    # (26/48 against 50 %), at a tenth of the cost; the heuristic keeps a large head start.
    "magic_master": SearchConfig(rollout_depth=10, prior_share=0.3),
}
"""Per-game search settings (game id -> config); other games use the defaults."""

_FIELDS = {"c": "exploration", "depth": "rollout_depth", "temp": "eval_temperature", "eps": "rollout_epsilon",
           "split": "split_outcomes", "prior": "prior_share", "reuse": "reuse_tree"}


def from_param(game: str, seed: int, param: str, seconds: float = 1.0, heuristic: bool = False,
               name: str = "ismcts") -> ISMCTSAgent:
    """Build an agent from the text after ':' in its name.

    Tokens, separated by ':' (or ','; but CLI agent lists split at commas): `500` (iterations), `1s` or `0.5s` (seconds a move),
    `h`/`heuristic` or `r`/`random` (rollout policy), `c=`, `depth=`, `temp=`, `eps=`, `prior=`,
    `split=` (search knobs, see SearchConfig). Why names: tournaments and the CLI name agents by text, so tuning is just a name.
    """
    from sabbat import games  # agents sit above the game registry; import late to stay light

    iterations: int | None = None
    config = TUNING.get(game, SearchConfig())
    overrides: dict[str, Any] = {}
    for token in param.replace(":", ",").split(","):
        token = token.strip()
        if not token:
            continue
        if token in ("h", "heuristic"):
            heuristic = True
        elif token in ("r", "random"):
            heuristic = False
        elif "=" in token:
            key, _, value = token.partition("=")
            field = _FIELDS.get(key.strip())
            if field is None:
                raise UnknownAgent(f"unknown search setting {key!r} in {name}:{param}; use {', '.join(_FIELDS)}")
            kind = bool if field in ("split_outcomes", "reuse_tree") else int if field == "rollout_depth" else float
            overrides[field] = number_token(value, name, param, kind)
        elif token.endswith("s"):
            seconds = number_token(token[:-1], name, param, float)
        else:
            iterations = number_token(token, name, param, int)
    if overrides:
        config = replace(config, **overrides)
    if (iterations is not None and iterations < 1) or seconds <= 0:
        raise UnknownAgent(f"{name}:{param} needs a positive budget, e.g. {name}:500 or {name}:1s")
    policy = games.get(game).heuristic_agent(seed * 7 + 3) if heuristic else None
    return ISMCTSAgent(seed, iterations=iterations, seconds=seconds, rollout_policy=policy,
                       config=config, name=name)


def number_token(text: str, name: str, param: str, kind: type[int] | type[float] | type[bool]) -> Any:
    """A number in an agent's name, or an error that shows how to write one."""
    try:
        return kind(int(text)) if kind is bool else kind(text)
    except ValueError:
        raise UnknownAgent(
            f"cannot read {text!r} in {name}:{param}; write iterations (500) or seconds (1s)"
        ) from None


def ismcts_factory(game: str, seed: int, param: str) -> Any:
    """`ismcts[:budget,...]`: random rollouts unless `h` is given; 1 s a move by default."""
    return from_param(game, seed, param)
