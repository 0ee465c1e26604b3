"""A trained policy as a sabbat agent (`policy:FILE`), and the wrapper it was trained through.

torch and sb3-contrib are imported only when a policy is loaded, so the base install (and
`sabbat agents`) never needs them: they come with the `rl-train` extra.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

from sabbat.core.actions import Action
from sabbat.core.errors import UnknownAgent
from sabbat.core.extras import needs
from sabbat.core.state import GameState

from .codec import GameCodec
from .features import extra_inputs


class VectorObservation(gym.ObservationWrapper):
    """Shows a learner only the vector and keeps the mask for `action_masks()` (MaskablePPO).

    With `extra`, the game's extra inputs (`sabbat.rl.features`) follow the vector."""

    def __init__(self, env: gym.Env, extra: bool = False) -> None:
        super().__init__(env)
        assert isinstance(env.observation_space, gym.spaces.Dict) and isinstance(env.action_space, gym.spaces.Discrete)
        space: Any = env.observation_space["observation"]
        inner: Any = env.unwrapped  # a sabbat env: its raw_observation() feeds the extra inputs
        self._raw = inner.raw_observation
        self._extra = extra_inputs(inner.codec.game_id) if extra else None
        if extra and self._extra is None:
            raise ValueError(f"{inner.codec.game_id} has no extra inputs")
        if self._extra is not None:
            size = space.shape[0] + self._extra[1]
            space = gym.spaces.Box(float(space.low[0]), float(space.high[0]), (size,), np.float32)
        self.observation_space = space
        self._mask: np.ndarray = np.zeros(int(env.action_space.n), dtype=np.bool_)

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        self._mask = observation["action_mask"].astype(bool)
        if self._extra is None:
            return observation["observation"]
        return np.concatenate([observation["observation"], self._extra[0](self._raw())])

    def action_masks(self) -> np.ndarray:
        return self._mask


class PolicyAgent:
    """Plays the legal action a trained MaskablePPO policy ranks first, from its seat's view only."""

    def __init__(self, game: str, path: Path, policy: Any) -> None:
        self.name = f"policy:{path}"
        self.codec = GameCodec(game)
        self.policy = policy
        expected = policy.observation_space.shape
        extra = extra_inputs(self.codec.game_id)
        self.extra = extra[0] if extra is not None and expected == (self.codec.encoder.size + extra[1],) else None
        if (self.extra is None and expected != (self.codec.encoder.size,)) or policy.action_space.n != self.codec.actions.n:
            raise UnknownAgent(f"{path} was trained on other spaces than {game}'s: retrain it")

    def choose(self, state: GameState) -> Action:
        seat = state.current_player
        assert seat is not None, "the game is over"
        obs = self.codec.observe(state, seat)
        vector = obs["observation"]
        if self.extra is not None:
            vector = np.concatenate([vector, self.extra(state.observation(seat))])
        action_id, _ = self.policy.predict(vector, action_masks=obs["action_mask"].astype(bool), deterministic=True)
        return self.codec.actions.to_action(int(action_id))


def policy_agent(game: str, seed: int, param: str) -> PolicyAgent:
    """The agent factory for `policy:FILE` (a file written by `policy.save`, see examples/)."""
    path = Path(param)
    if not param or not path.is_file():
        raise UnknownAgent(f"policy:FILE needs a saved policy file; {param!r} is not one")
    with needs("rl-train"):
        import torch
        from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    torch.set_num_threads(1)
    return PolicyAgent(game, path, MaskableActorCriticPolicy.load(str(path), device="cpu"))
