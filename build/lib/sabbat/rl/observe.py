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
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any

import numpy as np

Path = tuple[str, ...]
LIMIT = 1e6
"""Every number is clipped to ±LIMIT, so the Box is bounded."""


class Reading(StrEnum):
    """How a slice turns what its path finds into numbers (the module docstring says each)."""

    NUM = "num"
    LEN = "len"
    VEC = "vec"
    VOCAB = "vocab"
    KEYED = "keyed"


@dataclass(frozen=True)
class Slice:
    name: str
    path: Path
    kind: Reading
    size: int
    words: tuple[str, ...] = ()
    start: int = 0


class _Node:
    """Slices that share a path prefix, so the compiled encoder reads each prefix once."""

    def __init__(self) -> None:
        self.leaves: list[tuple[Slice, str]] = []
        self.children: dict[str, _Node] = {}


Blocks = list[tuple[int, list[Any]]]
LONG = 8
"""Lists of numbers at least this long are added by numpy as a block, shorter ones one by one."""


def _compile(slices: list[Slice]) -> Callable[[Any, int, dict[int, float], Blocks], None]:
    """Python source for one game's layout, built once: a generic walk per slice cost ~10x more.

    It adds the non-zero numbers into a dict {position: value} (most of a vector is zeros) and
    long number lists into `blocks` (start, list).
    """
    root = _Node()
    env: dict[str, Any] = {}
    for n, s in enumerate(slices):
        node = root
        for step in s.path:
            node = node.children.setdefault(step, _Node())
        env[f"W{n}"] = {w: i for i, w in enumerate(s.words)}
        node.leaves.append((s, f"W{n}"))
    lines = ["def encode(x0, viewer, d, blocks):", "    g = d.get"]
    count = [0]

    def leaf(s: Slice, words: str, x: str, pad: str, many: bool) -> None:
        i, last = s.start, s.start + s.size - 1
        plus = f"g({i}, 0) + " if many else ""  # only a path through `*` can reach a slot twice
        add = {
            Reading.NUM: [f"if {x} and type({x}) in NUM: d[{i}] = {plus}{x}"],
            Reading.LEN: [f"if {x} and type({x}) is list: d[{i}] = {plus}len({x})"],
            Reading.VEC: [
                f"if type({x}) is list:",
                f"    for j, y in enumerate({x}[:{s.size}], {i}):",
                "        if y and type(y) in NUM: d[j] = g(j, 0) + y",
            ]
            if s.size < LONG
            else [f"if type({x}) is list: blocks.append(({i}, {x}[:{s.size}]))"],
            Reading.VOCAB: [
                f"for w in ({x} if type({x}) is list else ({x},)):",
                f"    if type(w) is str: j = {i} + {words}.get(w, {last - i}); d[j] = g(j, 0) + 1",
            ],
            Reading.KEYED: [
                f"if type({x}) is dict:",
                f"    for w, y in {x}.items():",
                f"        if y and type(y) in NUM: j = {i} + {words}.get(w, {last - i}); d[j] = g(j, 0) + y",
            ],
        }[s.kind]
        lines.extend(pad + a for a in add)

    def walk(node: _Node, x: str, pad: str, many: bool) -> None:
        for s, words in node.leaves:
            leaf(s, words, x, pad, many)
        for step, child in node.children.items():
            count[0] += 1
            y = f"x{count[0]}"
            if step == "*":
                lines.append(f"{pad}for {y} in ({x} if type({x}) is list else {x}.values() if type({x}) is dict else ()):")
                walk(child, y, pad + "    ", True)
            elif step.startswith("@"):
                k = int(step[1:])
                lines.append(f"{pad}if type({x}) is list and {k} < len({x}):")
                lines.append(f"{pad}    {y} = {x}[(viewer + {k}) % len({x})]")
                walk(child, y, pad + "    ", many)
            else:
                lines.append(f"{pad}{y} = {x}.get({step!r}) if type({x}) is dict else None")
                lines.append(f"{pad}if {y} is not None:")
                walk(child, y, pad + "    ", many)

    walk(root, "x0", "    ", False)
    lines.append("    return None")
    env["NUM"] = (int, float, bool)
    exec("\n".join(lines), env)  # noqa: S102 - source made above from the frozen layout, not from input
    compiled: Callable[[Any, int, dict[int, float], Blocks], None] = env["encode"]
    return compiled


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
        self._encode = _compile(placed)
        self._high = np.full(start, LIMIT, dtype=np.float32)
        self._low = -self._high

    def layout(self) -> list[tuple[str, int, int]]:
        """(name, start, stop) of every named slice, the seat one-hot first."""
        return [("seat", 0, self.max_players)] + [(s.name, s.start, s.start + s.size) for s in self.slices]

    def encode(self, obs: dict[str, Any], viewer: int) -> np.ndarray:
        """The reference path: the vector read out of the observation dict."""
        found: dict[int, float] = {viewer: 1.0}
        blocks: Blocks = []
        self._encode(obs, viewer, found, blocks)
        return self.vector(found, blocks)

    def vector(self, found: dict[int, float], blocks: Blocks) -> np.ndarray:
        """The float32 vector of the numbers found ({position: value}) and the number lists."""
        out = np.zeros(self.size, dtype=np.float32)
        out[np.fromiter(found, np.intp, len(found))] = np.fromiter(found.values(), np.float32, len(found))
        for start, numbers in blocks:
            out[start : start + len(numbers)] += _numbers(numbers)
        np.minimum(out, self._high, out=out)  # two ufuncs on ready bounds: np.clip's wrapper costs ~5x more
        return np.maximum(out, self._low, out=out)


def _numbers(values: list[Any]) -> np.ndarray:
    """A list of numbers as an array (whole numbers convert fastest as they are); anything else
    in it (null, a name) counts 0."""
    if None not in values:
        try:
            numbers = np.array(values)
            if numbers.dtype.kind in "biuf":
                return numbers
        except (TypeError, ValueError, OverflowError):
            pass
    return np.array([v if type(v) in (int, float, bool) else 0 for v in values], dtype=np.float32)


def _slice(entry: dict[str, Any]) -> Slice:
    words = tuple(entry.get("words", ()))
    kind = Reading(entry["kind"])
    size = 1 if kind in (Reading.NUM, Reading.LEN) else entry.get("size", len(words) + 1)
    return Slice(entry["name"], tuple(entry["path"]), kind, size, words)


def load_encoder(game_id: str, max_players: int) -> ObservationEncoder:
    """The frozen observation layout shipped for `game_id`."""
    text = resources.files("sabbat.rl").joinpath("specs", f"{game_id}.json").read_text(encoding="utf-8")
    spec = json.loads(text)
    return ObservationEncoder(game_id, [_slice(e) for e in spec["slices"]], max_players)
