"""What both environments share: one game's spaces, vectors, masks and rewards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces

from sabbat import games
from sabbat.core.actions import Action
from sabbat.core.state import GameState

from .actions import ActionSpace, NotInLayout, action_space
from .observe import LIMIT, ObservationEncoder, load_encoder

REWARDS = ("win", "margin")
"""`win`: the game's `returns()` (1 to the winner, shared on a tie, 0 otherwise);
`margin`: the seat's score minus the best other seat's score."""


def checked_codec(game: str, options: Mapping[str, Any] | None, num_players: int | None, reward: str,
                  render_mode: str | None) -> tuple[GameCodec, int]:
    """The codec and player count an environment starts from; bad settings are refused now, not
    at the first reset (the player count defaults to the game's smallest)."""
    if reward not in REWARDS:
        raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
    codec = GameCodec(game, options)
    if num_players is None:
        num_players = codec.game.info.min_players
    codec.game.new(num_players, 0, dict(options or {}))  # a wrong player count or option fails here
    return codec, num_players


class GameCodec:
    """Spaces and encodings of one game, the same for every seat and every seed."""

    def __init__(self, game_id: str, options: Mapping[str, Any] | None = None) -> None:
        self.game = games.get(game_id)
        self.game_id = self.game.info.id
        self.actions: ActionSpace = action_space(self.game_id, self.game.card_ids(options))
        self.encoder: ObservationEncoder = load_encoder(self.game_id, self.game.info.max_players)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-LIMIT, LIMIT, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions.n,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.actions.n)

    def observe(self, state: GameState, seat: int) -> dict[str, np.ndarray]:
        """The seat's vector and mask (all zeros unless it is to move), from its observation only."""
        raw = state.observation(seat)
        mask = (
            self.actions.mask(state.legal_actions())
            if state.current_player == seat and not state.is_terminal()
            else np.zeros(self.actions.n, dtype=np.int8)
        )
        return {"observation": self.encoder.encode(raw, seat), "action_mask": mask}

    def legal_action(self, state: GameState, action_id: Any) -> Action | None:
        """The legal action `action_id` stands for, or None when it is not legal now."""
        try:
            action = self.actions.to_action(int(action_id))
        except (ValueError, TypeError, NotInLayout):  # a spare or out-of-range id is never legal
            return None
        return action if action in state.legal_actions() else None

    @staticmethod
    def rewards(state: GameState, mode: str) -> list[float]:
        if mode == "margin":
            scores = state.scores()
            return [float(s - max(x for i, x in enumerate(scores) if i != p)) for p, s in enumerate(scores)]
        return [float(r) for r in state.returns()]
