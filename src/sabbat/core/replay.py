"""Replays: (game, rules version, players, options, seed, actions) reproduce a game.

A replay carries a digest of the state it ends in and verifies itself when
run, so a file that was edited, truncated or made under other rules is caught
instead of silently producing a different game. Save files are replays.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import IllegalAction, MalformedAction, ReplayMismatch, SaveFileError
from .game import Game
from .state import GameState

REPLAY_FORMAT = "sabbat-replay"
FORMAT_VERSION = 1

GameLookup = Callable[[str], Game]


def state_digest(state: GameState) -> str:
    """A short fingerprint of everything in a state."""
    text = json.dumps(state.to_json(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@dataclass
class Replay:
    game: str
    rules_version: str
    num_players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    digest: str | None = None
    """Digest of the state after the last action; None skips verification."""
    meta: dict[str, Any] = field(default_factory=dict)
    """Free information (agents, seats, date) that does not affect the game."""

    @classmethod
    def from_state(cls, state: GameState, meta: dict[str, Any] | None = None) -> Replay:
        if state.determinized_for is not None:
            raise SaveFileError("a determinized search state cannot be saved as a replay")
        return cls(
            game=state.game_id,
            rules_version=state.rules_version,
            num_players=state.num_players,
            seed=state.seed,
            options=dict(state.options),
            actions=list(state.history),
            digest=state_digest(state),
            meta=dict(meta or {}),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": REPLAY_FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "actions": [a.notation() for a in self.actions],
            "digest": self.digest,
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Any) -> Replay:
        if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
            raise SaveFileError("this is not a sabbat replay or save file (no 'sabbat-replay' format tag)")
        if data.get("version") != FORMAT_VERSION:
            raise SaveFileError(f"replay format version {data.get('version')!r} is not supported")
        try:
            actions = [Action.from_json(a) for a in data["actions"]]
            replay = cls(
                game=str(data["game"]),
                rules_version=str(data["rules_version"]),
                num_players=int(data["num_players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                actions=actions,
                digest=data.get("digest"),
                meta=dict(data.get("meta") or {}),
            )
        except (KeyError, TypeError, ValueError, MalformedAction) as exc:
            raise SaveFileError(f"the replay is incomplete or malformed: {exc}") from exc
        return replay

    def states(self, lookup: GameLookup) -> Iterator[GameState]:
        """Every state from the start to the end (each one a fresh clone)."""
        game = lookup(self.game)
        if game.info.rules_version != self.rules_version:
            raise SaveFileError(
                f"this game was recorded under {self.game} rules version {self.rules_version!r}; "
                f"this sabbat has {game.info.rules_version!r}"
            )
        state = game.new(self.num_players, self.seed, self.options)
        yield state.clone()
        for i, action in enumerate(self.actions):
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise ReplayMismatch(f"action {i + 1} ('{action.notation()}') is not legal on replay: {exc}") from exc
            yield state.clone()

    def run(self, lookup: GameLookup) -> GameState:
        """The final state, verified against the recorded digest."""
        final: GameState | None = None
        for state in self.states(lookup):
            final = state
        assert final is not None
        if self.digest is not None and state_digest(final) != self.digest:
            raise ReplayMismatch(
                "replaying the recorded actions did not reproduce the recorded game "
                "(the file was changed, or made by a different version of the rules)"
            )
        return final


def save(state: GameState, path: Path, meta: dict[str, Any] | None = None) -> None:
    """Write a save file (a verified replay) atomically."""
    data = Replay.from_state(state, meta).to_json()
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)


def read(path: Path) -> Replay:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise SaveFileError(f"no such file: {path}") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"cannot read {path}: {exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{path} is not valid JSON (truncated or damaged?): {exc}") from exc
    if isinstance(data, dict) and "replay" in data and data.get("format") != REPLAY_FORMAT:
        data = data["replay"]  # a line of simulation results
    return Replay.from_json(data)


def load(path: Path, lookup: GameLookup) -> GameState:
    """Read and verify a save file; the game resumes where it was saved."""
    return read(path).run(lookup)
