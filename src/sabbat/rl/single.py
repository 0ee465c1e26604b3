"""The Gymnasium environment: one learning seat, every other seat played by an agent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from sabbat import agents
from sabbat.agents import Agent
from sabbat.core.state import GameState

from .codec import checked_codec
from .render import ansi

REDEALS = 100
"""How many fresh games a reset deals, at most, before giving up on one the learner can play."""
SEATS = ("random", "rotate")
"""How the learner's seat is picked each game besides a fixed number: drawn from the reset's
seeded generator, or the next seat in turn."""


class SabbatGymEnv(gym.Env):
    """`sabbat.rl.gym_env(game, num_players, opponents=[...])`.

    `opponents` names one agent for every other seat, or one per other seat (`heuristic`,
    `random`, `normal`, `policy:FILE`…). The episode runs the opponents' decisions inside
    `step`, so the learner sees only its own turns. An illegal action id ends the episode with
    reward -1 and `info["illegal_action"]`; it is never replaced by a legal one.

    `reset` always hands the learner a live game with its decision to make: a game that ends
    before the learner's first decision (its seat knocked out, say) is dealt again from the reset's
    own generator, and `info["redeals"]` counts those. A seat knocked out later is played to the end
    by the opponents inside the step that knocked it out, which returns the final reward.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        opponents: Sequence[str] = ("heuristic",),
        *,
        seat: int | str = "random",
        options: Mapping[str, Any] | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        locale: str = "en",
    ) -> None:
        self.codec, num_players = checked_codec(game, options, num_players, reward, render_mode)
        self.game_id = self.codec.game_id
        self.options = dict(options or {})
        if not (isinstance(seat, int) and 0 <= seat < num_players) and seat not in SEATS:
            raise ValueError(f"seat is a seat number below {num_players}, 'random' or 'rotate', not {seat!r}")
        names = list(opponents)
        if len(names) == 1:
            names *= num_players - 1
        if len(names) != num_players - 1:
            raise ValueError(f"{num_players} players need 1 or {num_players - 1} opponent names, not {len(names)}")
        for name in set(names):
            agents.get(name, self.game_id, 0)  # refuse an unknown agent now, not at the first reset
        self.num_players = num_players
        self.opponent_names = names
        self.seat_rule = seat
        self.reward_mode = reward
        self.render_mode = render_mode
        self.locale = locale
        self.observation_space = self.codec.observation_space
        self.action_space = self.codec.action_space
        self.state: GameState | None = None
        self.seat = 0
        self._games = 0
        self._mask = np.zeros(self.codec.actions.n, dtype=np.int8)
        self._bots: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if isinstance(self.seat_rule, int):
            self.seat = self.seat_rule
        elif self.seat_rule == "rotate":
            self.seat = self._games % self.num_players
        else:
            self.seat = int(self.np_random.integers(self.num_players))
        self._games += 1
        for redeal in range(REDEALS):
            self.state = self.codec.game.new(self.num_players, int(self.np_random.integers(1 << 63)), self.options)
            others = [p for p in range(self.num_players) if p != self.seat]
            self._bots = {
                p: agents.get(name, self.game_id, int(self.np_random.integers(1 << 31)))
                for p, name in zip(others, self.opponent_names, strict=True)
            }
            self._play_others()
            if not self.state.is_terminal():  # the learner is to move, with a legal action
                obs, info = self._observe()
                return obs, {**info, "redeals": redeal}
        raise RuntimeError(f"{REDEALS} games in a row ended before seat {self.seat} had a decision to make")

    def _play_others(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_terminal() and state.current_player != self.seat:
            player = state.current_player
            assert player is not None
            state.apply(self._bots[player].choose(state))

    def _observe(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        assert self.state is not None
        obs = self.codec.observe(self.state, self.seat)
        self._mask = obs["action_mask"]
        return obs, {"seat": self.seat}

    def raw_observation(self) -> dict[str, Any]:
        """The learner's JSON-able view as the game gives it, for those who encode it themselves."""
        assert self.state is not None, "call reset() first"
        return self.state.observation(self.seat)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.state
        assert state is not None, "call reset() first"
        if state.is_terminal():
            raise RuntimeError("the game is over: call reset()")
        chosen = self.codec.legal_action(state, action)
        if chosen is None:
            obs, info = self._observe()
            self.state = None
            return obs, -1.0, True, False, {**info, "illegal_action": True}
        state.apply(chosen)
        self._play_others()
        obs, info = self._observe()
        if state.is_terminal():
            return obs, self.codec.rewards(state, self.reward_mode)[self.seat], True, False, info
        return obs, 0.0, False, False, info

    def action_masks(self) -> np.ndarray:
        """The legal ids now, as sb3-contrib's MaskablePPO asks for them."""
        return self._mask.view(np.bool_)

    def render(self) -> str | None:
        """The learner's own view as terminal text."""
        if self.render_mode is None or self.state is None:
            return None
        return ansi(self.game_id, self.state.observation(self.seat), self.locale)
