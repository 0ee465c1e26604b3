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
from .errors import IllegalAction, ReplayMismatch, SabbatError, SaveFileError
from .game import Game, check_seed
from .safeio import read_regular, shown, write_atomic
from .state import GameState

REPLAY_FORMAT = "sabbat-replay"
FORMAT_VERSION = 1

GameLookup = Callable[[str], Game]

MAX_SAVE_BYTES = 16 << 20
"""A save file of the longest game is a few hundred KB; anything far larger is refused unread."""


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
        """Read a replay, checking every field's type; SaveFileError (one line) on anything amiss."""
        if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
            raise SaveFileError("this is not a sabbat replay or save file (no 'sabbat-replay' format tag)")
        if data.get("version") != FORMAT_VERSION:
            raise SaveFileError(f"replay format version {shown(data.get('version'), 40)} is not supported")
        for key, kind in (("game", str), ("rules_version", str), ("num_players", int), ("seed", int), ("actions", list)):
            value = data.get(key)
            if key not in data:
                raise SaveFileError(f"the replay is incomplete: it has no {key!r}")
            if not isinstance(value, kind) or isinstance(value, bool):
                raise SaveFileError(f"the replay's {key!r} must be {_KINDS[kind]}, not {shown(value, 40)}")
        for key in ("options", "meta"):
            if not isinstance(data.get(key) or {}, dict):
                raise SaveFileError(f"the replay's {key!r} must be an object")
        if data.get("digest") is not None and not isinstance(data["digest"], str):
            raise SaveFileError("the replay's 'digest' must be text")
        if not 1 <= data["num_players"] <= 16:
            raise SaveFileError(f"the replay's player count {shown(data['num_players'], 20)} is impossible")
        try:
            check_seed(data["seed"])
            actions = [Action.from_json(a) for a in data["actions"]]
        except (SabbatError, ValueError) as exc:
            raise SaveFileError(f"the replay is malformed: {shown(str(exc))}") from None
        return cls(
            game=data["game"],
            rules_version=data["rules_version"],
            num_players=data["num_players"],
            seed=data["seed"],
            options=dict(data.get("options") or {}),
            actions=actions,
            digest=data.get("digest"),
            meta=dict(data.get("meta") or {}),
        )

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
                raise ReplayMismatch(
                    f"action {i + 1} ('{shown(action.notation(), 60)}') is not legal on replay; "
                    "the file was changed, or made by a different version of the rules"
                ) from exc
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
    """Write a save file (a verified replay) atomically, never through a pre-placed link."""
    data = Replay.from_state(state, meta).to_json()
    write_atomic(Path(path), json.dumps(data, ensure_ascii=False, indent=1))


def parse(raw: bytes, where: str) -> Any:
    """JSON from bytes a person handed us; SaveFileError with one line on anything amiss."""
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SaveFileError(f"{where} is not UTF-8 text (byte {exc.start})") from None
    except RecursionError:
        raise SaveFileError(f"{where} nests values too deep") from None
    except ValueError as exc:  # JSONDecodeError, and integers of thousands of digits
        raise SaveFileError(f"{where} is not valid JSON (truncated or damaged?): {shown(str(exc))}") from None


def read(path: Path) -> Replay:
    """A save or replay file (or one results line written to a file of its own)."""
    try:
        raw = read_regular(path, MAX_SAVE_BYTES)
    except OSError as exc:
        raise SaveFileError(str(exc)) from None
    data = parse(raw, shown(str(path)))
    if isinstance(data, dict) and "replay" in data and data.get("format") != REPLAY_FORMAT:
        data = data["replay"]  # a line of simulation results
    return Replay.from_json(data)


def load(path: Path, lookup: GameLookup) -> GameState:
    """Read and verify a save file; the game resumes where it was saved."""
    return read(path).run(lookup)


_KINDS = {str: "text", int: "a whole number", list: "a list"}
