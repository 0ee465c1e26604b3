"""What both environments share: one game's spaces, vectors, masks and rewards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces

from sabbat import games
from sabbat.core.actions import Action
from sabbat.core.state import GameState

from .actions import ActionSpace, action_space
from .direct import load_direct
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
        self._direct = load_direct(self.game, self.encoder)
        self._legal: tuple[Action, ...] = ()
        self._legal_by_id: dict[int, Action] = {}

    def vector(self, state: GameState, seat: int) -> np.ndarray:
        """The seat's observation vector: the game's own encoder where it has one, else the
        reference path through `observation(seat)` (both give the same numbers)."""
        if self._direct is None:
            return self.encoder.encode(state.observation(seat), seat)
        found: dict[int, float] = {seat: 1.0}
        blocks: list[tuple[int, list[Any]]] = []
        self._direct(state, seat, found, blocks)
        return self.encoder.vector(found, blocks)

    def observe(self, state: GameState, seat: int) -> dict[str, np.ndarray]:
        """The seat's vector and mask (all zeros unless it is to move), from its observation only."""
        mask = np.zeros(self.actions.n, dtype=np.int8)
        if state.current_player == seat:
            mask[list(self._legal_ids(state.legal_actions()))] = 1
        return {"observation": self.vector(state, seat), "action_mask": mask}

    def _legal_ids(self, legal: tuple[Action, ...]) -> dict[int, Action]:
        """The ids of `legal`, kept for the step that follows (`legal_action`)."""
        if legal is not self._legal:
            to_id = self.actions.to_id
            self._legal_by_id = {to_id(a): a for a in legal}
            self._legal = legal
        return self._legal_by_id

    def legal_action(self, state: GameState, action_id: Any) -> Action | None:
        """The legal action `action_id` stands for, or None when it is not legal now."""
        try:
            return self._legal_ids(state.legal_actions()).get(int(action_id))
        except (ValueError, TypeError, OverflowError):  # not a whole number: never legal
            return None

    @staticmethod
    def rewards(state: GameState, mode: str) -> list[float]:
        if mode == "margin":
            scores = state.scores()
            return [float(s - max(x for i, x in enumerate(scores) if i != p)) for p, s in enumerate(scores)]
        return [float(r) for r in state.returns()]
