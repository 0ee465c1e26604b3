"""A policy input layer that divides each input by a fixed scale, kept in the saved policy.

sabbat's vectors hold raw counts and numbers up to ~100 side by side with 0/1 flags; a tanh
network fed them unscaled saturates and barely learns from imitation. The scale is a buffer,
so `policy.save` stores it and `policy:FILE` applies it; it is set once from the training data
(`set_scale`). Imports torch: only the training example and policy loading import this module.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np

from sabbat.core.extras import needs

with needs("rl-train"):
    import torch
    from stable_baselines3.common.torch_layers import FlattenExtractor


class ScaledInputs(FlattenExtractor):
    """The flat observation divided by a per-input scale (ones until `set_scale`)."""

    scale: torch.Tensor

    def __init__(self, observation_space: gym.Space) -> None:
        super().__init__(observation_space)
        self.register_buffer("scale", torch.ones(self.features_dim))

    def set_scale(self, observations: np.ndarray) -> None:
        """Each input's largest magnitude in `observations` (at least 1) becomes its scale."""
        biggest = np.abs(observations).max(axis=0).astype(np.float32)
        self.scale.copy_(torch.as_tensor(np.maximum(1.0, biggest)))

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return super().forward(observations) / self.scale
