"""Play one complete game between named agents: the unit of every simulation."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from sabbat import agents, games
from sabbat.core.replay import Replay
from sabbat.core.state import GameState


@dataclass
class GameRecord:
    """One finished game, as written to a results file (one JSON line)."""

    game: str
    num_players: int
    seed: int
    agents: list[str]
    winners: list[int]
    scores: list[float]
    decisions: int
    replay: dict[str, Any] = field(repr=False)
    stats: dict[str, Any] = field(default_factory=dict)
    first_player: int | None = None
    """The start player: `summary()["start_player"]` where the game publishes it, else the seat of the
    first decision (None in files written before it was recorded)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """A record read back from a results file; ValueError when a field has the wrong type."""
        record = cls(**data)
        seats = range(record.num_players) if type(record.num_players) is int and 1 <= record.num_players <= 16 else None
        if (
            seats is None
            or not isinstance(record.game, str)
            or type(record.seed) is not int
            or type(record.decisions) is not int
            or not isinstance(record.agents, list) or len(record.agents) != len(seats)
            or not all(isinstance(a, str) for a in record.agents)
            or not isinstance(record.winners, list) or not all(type(w) is int and w in seats for w in record.winners)
            or not isinstance(record.scores, list)
            or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in record.scores)
            or not isinstance(record.stats, dict)
            or not (record.first_player is None or (type(record.first_player) is int and record.first_player in seats))
        ):
            raise ValueError("a game record has a field of the wrong type")
        return record

    def share(self, seat: int) -> float:
        """This seat's share of the win: 1 alone, 1/k in a k-way tie, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def seat_agents(agent_names: list[str], num_players: int, rotation: int) -> list[str]:
    """Agents per seat for game number `rotation`: cycle the list, then rotate seats."""
    names = [agent_names[i % len(agent_names)] for i in range(num_players)]
    r = rotation % num_players
    return names[r:] + names[:r]


def play_game(
    game_name: str,
    num_players: int,
    seed: int,
    seat_names: list[str],
    options: dict[str, Any] | None = None,
) -> tuple[GameRecord, GameState]:
    """Play to the end; agents are seeded from the game seed, so the game is reproducible."""
    game = games.get(game_name)
    state = game.new(num_players, seed, options or {})
    players = [agents.get(name, game.info.id, seed * 31 + seat) for seat, name in enumerate(seat_names)]
    first = state.current_player
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        state.apply(players[seat].choose(state))
    meta = {"agents": seat_names}
    summary = state.summary()
    start = summary.get("start_player")
    record = GameRecord(
        game=game.info.id,
        num_players=num_players,
        seed=seed,
        agents=list(seat_names),
        winners=state.winners(),
        scores=state.scores(),
        decisions=len(state.history),
        replay=Replay.from_state(state, meta).to_json(),
        stats=summary,
        first_player=start if type(start) is int and 0 <= start < num_players else first,
    )
    return record, state
