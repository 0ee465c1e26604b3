"""The game descriptor and factory every game package registers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from . import codec
from .actions import Action
from .errors import BadPlayerCount, SaveFileError
from .options import Option, check_options
from .state import STATE_FORMAT, GameState


class Status(StrEnum):
    COMPLETE = "complete"
    IN_PROGRESS = "in progress"


@dataclass(frozen=True)
class GameInfo:
    """One game's shape: what lobbies, simulations, tests and RL read first."""

    id: str
    title: dict[str, str]
    min_players: int
    max_players: int
    rules_version: str
    max_decisions: int
    """An upper bound on decisions in one game; random playouts must end within it."""
    status: Status = Status.COMPLETE
    summary: dict[str, str] = field(default_factory=dict)
    options: dict[str, Option] = field(default_factory=dict)
    """Option name -> its declaration. `cards` (a card file path) is always accepted."""

    @property
    def cli_name(self) -> str:
        return self.id.replace("_", "-")

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


class Game:
    """Factory and codec for one game's states. Subclasses set `info` and `state_class`."""

    info: GameInfo
    state_class: type[GameState]

    def new(self, num_players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> GameState:
        if not isinstance(num_players, int) or not (
            self.info.min_players <= num_players <= self.info.max_players
        ):
            raise BadPlayerCount(
                f"{self.info.title['en']} is played by {self.info.min_players} to "
                f"{self.info.max_players} players, not {num_players}"
            )
        opts = check_options(self.info.cli_name, self.info.options, dict(options or {}))
        return self._new(num_players, int(seed), opts)

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        raise NotImplementedError

    def action_from_json(self, data: Any) -> Action:
        return Action.from_json(data)

    def from_json(self, data: Any) -> GameState:
        """Rebuild a state saved by `state.to_json()`; SaveFileError on anything amiss."""
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise SaveFileError("this is not a saved sabbat game state")
        if data.get("game") != self.info.id:
            raise SaveFileError(f"this state belongs to {data.get('game')!r}, not {self.info.id!r}")
        if data.get("rules_version") != self.info.rules_version:
            raise SaveFileError(
                f"this state was saved under rules version {data.get('rules_version')!r}; "
                f"this sabbat has {self.info.rules_version!r}"
            )
        state = codec.decode(data.get("state"))
        if not isinstance(state, self.state_class):
            raise SaveFileError(f"the saved state is not a {self.info.id} state")
        return state

    def describe_card(self, card_id: str, locale: str = "en", options: Mapping[str, Any] | None = None) -> str:
        """Card help for people: the card's full text (public information only)."""
        return card_id

    def card_ids(self, options: Mapping[str, Any] | None = None) -> list[str]:
        """Every card id of the card set in use, for help and statistics."""
        return []

    def card_faces(self, locale: str = "en", options: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        """Public face of every card in the set, for front ends that draw cards.

        Each entry has at least `name` and `text` in `locale`; a game adds the structured
        fields its cards show (cost, symbols, points, power...). Public information only.
        """
        faces: dict[str, dict[str, Any]] = {}
        for card_id in self.card_ids(options):
            text = self.describe_card(card_id, locale, options)
            faces[card_id] = {"name": text.split("\n", 1)[0], "text": text}
        return faces

    def heuristic_agent(self, seed: int = 0) -> Any | None:
        """The game's own quick player (an object with `choose(state)`), if it has one."""
        return None

    def __repr__(self) -> str:
        return f"<Game {self.info.id}>"
