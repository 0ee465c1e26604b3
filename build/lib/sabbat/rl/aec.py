"""The PettingZoo AEC environment: every seat is an agent, one decides at a time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from sabbat.core.state import GameState

from .codec import checked_codec
from .render import ansi


class SabbatAEC(AECEnv):
    """`sabbat.rl.env(game, num_players)`: agents `player_0`… are the seats.

    An illegal action (its id unmasked) ends the game: the agent who sent it gets -1, the
    others 0, and `infos[agent]["illegal_action"]` says so — it is never replaced by a legal one.
    """

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        *,
        options: Mapping[str, Any] | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        locale: str = "en",
    ) -> None:
        super().__init__()
        self.codec, num_players = checked_codec(game, options, num_players, reward, render_mode)
        self.game_id = self.codec.game_id
        self.options = dict(options or {})
        self.num_players = num_players
        self.reward_mode = reward
        self.render_mode = render_mode
        self.locale = locale
        self.metadata = {**self.metadata, "name": f"sabbat_{self.game_id}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: self.codec.observation_space for a in self.possible_agents}
        self.action_spaces = {a: self.codec.action_space for a in self.possible_agents}
        self.state: GameState | None = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` fixes the deal and every chance event after it."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(1 << 63))
        self.state = self.codec.game.new(self.num_players, game_seed, self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.state is not None
        player = self.state.current_player
        self.agent_selection = self.possible_agents[player if player is not None else 0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None, "call reset() first"
        return self.codec.observe(self.state, self._seat[agent])

    def raw_observation(self, agent: str) -> dict[str, Any]:
        """The game's own JSON-able view for `agent`, for those who encode it themselves."""
        assert self.state is not None, "call reset() first"
        return self.state.observation(self._seat[agent])

    def step(self, action: Any) -> None:
        assert self.state is not None, "call reset() first"
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        chosen = self.codec.legal_action(self.state, action)
        if chosen is None:
            self._finish({a: (-1.0 if a == agent else 0.0) for a in self.agents})
            self.infos[agent]["illegal_action"] = True
        else:
            self.state.apply(chosen)
            if self.state.is_terminal():
                values = self.codec.rewards(self.state, self.reward_mode)
                self._finish({a: values[self._seat[a]] for a in self.agents})
            else:  # rewards stay zero until the end: nothing to add up
                self._select()

    def _finish(self, rewards: dict[str, float]) -> None:
        self.rewards = rewards
        self.terminations = {a: True for a in self.agents}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The spectator's view (no seat's secrets) as terminal text."""
        if self.render_mode is None or self.state is None:
            return None
        return ansi(self.game_id, self.state.observation(None), self.locale)

    def close(self) -> None:
        self.state = None
