"""Writes the frozen observation layouts (`specs/<game>.json`) from random games.

Run by hand when a game's observation gains fields: `python -m sabbat.rl.specgen [game ...]`.
It reads observation dicts only, so a layout can never reach into a game's internals. Lists as
long as the player count in every sample become per-seat slots; texts for people (en/ja) and
numbers that never change are left out.
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from sabbat import games

from .observe import ObservationEncoder, Reading, _slice

SPECS = Path(__file__).with_name("specs")
MAX_WORDS = 200
SEAT_NUMBERS = "seat numbers"
"""A list of numbers with one entry per seat: read as one `num` slice per seat."""


def samples(game_id: str, games_per_count: int = 12, seed: int = 0) -> list[tuple[int, int, dict[str, Any]]]:
    """(player count, seat, observation) along random games at every player count."""
    game = games.get(game_id)
    out = []
    r = random.Random(seed)
    for n in game.info.player_counts:
        for g in range(games_per_count):
            state = game.new(n, seed=seed * 1000 + g)
            step = 0
            while not state.is_terminal():
                if step % 4 == 0:
                    p = r.randrange(n)
                    out.append((n, p, state.observation(p)))
                state.apply(r.choice(state.legal_actions()))
                step += 1
            out.extend((n, p, state.observation(p)) for p in range(n))
    return out


def _is_text(v: dict[str, Any]) -> bool:
    return bool(v) and set(v) <= {"en", "ja"}


class _Survey:
    """Pass one: what each list path holds and whether it is always one entry per seat."""

    def __init__(self, card_ids: set[str]) -> None:
        self.card_ids = card_ids
        self.per_seat: dict[tuple[str, ...], bool] = {}
        self.lengths: dict[tuple[str, ...], set[int]] = defaultdict(set)
        self.dict_keys: dict[tuple[str, ...], set[str]] = defaultdict(set)

    def visit(self, v: Any, path: tuple[str, ...], n: int) -> None:
        if isinstance(v, dict):
            if _is_text(v):
                return
            self.dict_keys[path].update(v)
            for k, x in v.items():
                self.visit(x, (*path, k), n)
        elif isinstance(v, list):
            self.per_seat[path] = self.per_seat.get(path, True) and len(v) == n
            self.lengths[path].add(len(v))
            for x in v:
                self.visit(x, (*path, "[]"), n)

    def dynamic(self, path: tuple[str, ...]) -> bool:
        keys = self.dict_keys[path]
        return len(keys) > 40 or (bool(keys) and keys <= self.card_ids)


class _Builder:
    """Pass two: one slice per leaf path, its kind and vocabulary."""

    def __init__(self, survey: _Survey) -> None:
        self.s = survey
        self.kinds: dict[tuple[str, ...], set[str]] = defaultdict(set)
        self.words: dict[tuple[str, ...], set[str]] = defaultdict(set)
        self.vec_len: dict[tuple[str, ...], int] = {}

    def visit(self, v: Any, path: tuple[str, ...], key: tuple[str, ...]) -> None:
        if isinstance(v, dict):
            if _is_text(v):
                return
            if self.s.dynamic(path):
                if all(isinstance(x, int | float | bool) for x in v.values()):
                    self.kinds[key].add(Reading.KEYED)
                    self.words[key].update(v)
                    return
                for k, x in v.items():
                    self.visit(x, (*path, k), (*key, "*"))
                return
            for k, x in v.items():
                self.visit(x, (*path, k), (*key, k))
        elif isinstance(v, list):
            elem = (*path, "[]")
            if self.s.per_seat.get(path) and all(isinstance(x, dict | list) for x in v):
                for x in v:
                    self.visit(x, elem, (*key, "@"))
            elif all(isinstance(x, int | float | bool) or x is None for x in v):
                lengths = self.s.lengths[path]
                if self.s.per_seat.get(path) or len(lengths) > 1:
                    self.kinds[key].add(SEAT_NUMBERS if self.s.per_seat.get(path) else Reading.LEN)
                else:
                    self.kinds[key].add(Reading.VEC)
                    self.vec_len[key] = max(lengths)
            elif all(isinstance(x, str) for x in v):
                self.kinds[key].add(Reading.VOCAB)
                self.words[key].update(v)
            else:
                for x in v:
                    self.visit(x, elem, (*key, "*"))
        elif isinstance(v, str):
            self.kinds[key].add(Reading.VOCAB)
            self.words[key].add(v)
        elif not (key and key[-1] in ("id", "uid") and "*" in key):  # a sum of instance numbers means nothing
            self.kinds[key].add(Reading.NUM)


def _name(path: tuple[str, ...]) -> str:
    return ".".join(path).replace(".@", "@").replace(".*", "[*]")


def build(game_id: str) -> dict[str, Any]:
    game = games.get(game_id)
    card_ids = set(game.card_ids())
    data = samples(game_id)
    survey = _Survey(card_ids)
    for n, _, obs in data:
        survey.visit(obs, (), n)
    builder = _Builder(survey)
    for _, _, obs in data:
        builder.visit(obs, (), ())
    max_p = game.info.max_players
    entries: list[dict[str, Any]] = []
    for key in sorted(builder.kinds):
        kinds = builder.kinds[key]
        if len(kinds) != 1:
            kinds = {Reading.VOCAB} if Reading.VOCAB in kinds else {Reading.NUM}
        kind = kinds.pop()
        entry: dict[str, Any] = {"kind": kind}
        if kind in (Reading.VOCAB, Reading.KEYED):
            seen = builder.words[key]
            if len(seen - card_ids) > MAX_WORDS:
                continue
            entry["words"] = sorted(card_ids if seen <= card_ids else seen)
        elif kind == Reading.VEC:
            entry["size"] = builder.vec_len[key]
        seat_steps = [i for i, step in enumerate(key) if step == "@"]
        if kind == SEAT_NUMBERS:  # a number per seat: one slot per seat, the observer's first
            entries.extend({"kind": Reading.NUM, "path": [*key, f"@{k}"], "name": _name((*key, f"@{k}"))} for k in range(max_p))
            continue
        if not seat_steps:
            entries.append({**entry, "path": list(key), "name": _name(key)})
            continue
        for k in range(max_p):  # seat-relative copies; nested per-seat lists take the same offset
            path = [f"@{k}" if step == "@" else step for step in key]
            entries.append({**entry, "path": path, "name": _name(tuple(path))})
    return {"game": game_id, "slices": _drop_constant(game_id, entries, data, max_p)}


def _drop_constant(game_id: str, entries: list[dict[str, Any]], data: list[Any], max_p: int) -> list[dict[str, Any]]:
    """Slices that read the same numbers in every sample carry nothing a learner can use."""
    enc = ObservationEncoder(game_id, [_slice(e) for e in entries], max_p)
    rows = np.stack([enc.encode(obs, p) for _, p, obs in data])
    keep = []
    for entry, s in zip(entries, enc.slices, strict=True):
        block = rows[:, s.start : s.start + s.size]
        if (block != block[0]).any():
            keep.append(entry)
    return keep


def dumps(spec: dict[str, Any]) -> str:
    """One slice a line, so a changed layout reads as a short diff."""
    lines = [json.dumps(e, ensure_ascii=False) for e in spec["slices"]]
    return f'{{"game": {json.dumps(spec["game"])}, "slices": [\n' + ",\n".join(lines) + "\n]}\n"


def main(argv: list[str] | None = None) -> None:
    names = (argv if argv is not None else sys.argv[1:]) or games.names()
    SPECS.mkdir(exist_ok=True)
    for game_id in names:
        spec = build(game_id)
        path = SPECS / f"{game_id}.json"
        path.write_text(dumps(spec), encoding="utf-8")
        size = sum(_slice(e).size for e in spec["slices"])
        print(f"{game_id}: {len(spec['slices'])} slices, {size} numbers -> {path}")


if __name__ == "__main__":
    main()
