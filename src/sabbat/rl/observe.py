"""Observation vectors: a game's `observation(player)` dict flattened by a frozen layout.

The layout (`specs/<game>.json`, written by `python -m sabbat.rl.specgen`) is a list of named
slices, each a path into the observation dict and a way to turn what it finds into numbers:

- `num`: the sum of the numbers found (true = 1, null = 0)
- `len`: the total length of the lists found
- `vec`: the lists of numbers found, added position by position (fixed length)
- `vocab`: how often each name of a frozen vocabulary occurs, plus one slot for any other name
- `keyed`: a dict from names to numbers, laid out over a frozen vocabulary, plus "other"

A path step is a key, `*` (every element of a list or every value of a dict) or `@k`: the
entry of a per-seat list for the seat k places after the viewer, so slot `@0` is always the
observer's own. Only the dict `observation(player)` returns is read, so the vector can carry
nothing that seat may not know.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

import numpy as np

Path = tuple[str, ...]
LIMIT = 1e6
"""Every number is clipped to ±LIMIT, so the Box is bounded."""


@dataclass(frozen=True)
class Slice:
    name: str
    path: Path
    kind: str
    size: int
    words: tuple[str, ...] = ()
    start: int = 0


def _walk(value: Any, path: Path, viewer: int) -> list[Any]:
    """Every value `path` reaches in `value`, seat steps rotated to start at `viewer`."""
    found = [value]
    for step in path:
        nxt: list[Any] = []
        for v in found:
            if step == "*":
                if isinstance(v, list):
                    nxt.extend(v)
                elif isinstance(v, dict):
                    nxt.extend(v.values())
            elif step.startswith("@"):
                if isinstance(v, list) and v:
                    k = int(step[1:])
                    if k < len(v):
                        nxt.append(v[(viewer + k) % len(v)])
            elif isinstance(v, dict) and step in v:
                nxt.append(v[step])
        found = nxt
    return found


def _number(v: Any) -> float:
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if isinstance(v, int | float):
        return float(v)
    return 0.0


class ObservationEncoder:
    """Turns one seat's observation dict into a float32 vector of fixed length."""

    def __init__(self, game_id: str, slices: list[Slice], max_players: int) -> None:
        self.game_id = game_id
        self.max_players = max_players
        placed: list[Slice] = []
        start = max_players  # the first slice is the observer's seat, one-hot
        for s in slices:
            placed.append(Slice(s.name, s.path, s.kind, s.size, s.words, start))
            start += s.size
        self.slices = placed
        self.size = start
        self._index = [{w: i for i, w in enumerate(s.words)} for s in placed]

    def layout(self) -> list[tuple[str, int, int]]:
        """(name, start, stop) of every named slice, the seat one-hot first."""
        return [("seat", 0, self.max_players)] + [(s.name, s.start, s.start + s.size) for s in self.slices]

    def encode(self, obs: dict[str, Any], viewer: int) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        out[viewer] = 1.0
        for s, index in zip(self.slices, self._index, strict=True):
            found = _walk(obs, s.path, viewer)
            if s.kind == "num":
                out[s.start] = sum(_number(v) for v in found)
            elif s.kind == "len":
                out[s.start] = sum(len(v) for v in found if isinstance(v, list))
            elif s.kind == "vec":
                for v in found:
                    if isinstance(v, list):
                        for i, x in enumerate(v[: s.size]):
                            out[s.start + i] += _number(x)
            elif s.kind == "vocab":
                other = s.start + s.size - 1
                for v in found:
                    for w in v if isinstance(v, list) else (v,):
                        if isinstance(w, str):
                            out[s.start + index[w] if w in index else other] += 1.0
            else:  # keyed
                other = s.start + s.size - 1
                for v in found:
                    if isinstance(v, dict):
                        for w, x in v.items():
                            out[s.start + index[w] if w in index else other] += _number(x)
        return np.clip(out, -LIMIT, LIMIT, out=out)


def _slice(entry: dict[str, Any]) -> Slice:
    words = tuple(entry.get("words", ()))
    kind = entry["kind"]
    size = {"num": 1, "len": 1}.get(kind, entry.get("size", len(words) + 1))
    return Slice(entry["name"], tuple(entry["path"]), kind, size, words)


def load_encoder(game_id: str, max_players: int) -> ObservationEncoder:
    """The frozen observation layout shipped for `game_id`."""
    text = resources.files("sabbat.rl").joinpath("specs", f"{game_id}.json").read_text(encoding="utf-8")
    spec = json.loads(text)
    return ObservationEncoder(game_id, [_slice(e) for e in spec["slices"]], max_players)
