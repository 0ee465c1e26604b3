"""Helpers that build Nameless Dark Lord positions by hand for rule tests.

Fixture cards (count 0, never dealt) are appended to the packaged card file:
`fx_P_U` vanilla units and fixture-stat versions of the ability units, so the
rule scenarios (written with FX(p,u)) can be set up exactly.
"""

from __future__ import annotations

import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from sabbat.core import Action
from sabbat.games.nameless_dark_lord import GAME, bidding, model, rounds
from sabbat.games.nameless_dark_lord.board import give
from sabbat.games.nameless_dark_lord.cards import COLOURS, DEFAULT_FILE
from sabbat.games.nameless_dark_lord.model import Phase
from sabbat.games.nameless_dark_lord.state import NdlState

R, B, Y, G = 0, 1, 2, 3

FIXTURES: list[tuple[str, int, int, str | None, str | None, str]] = [
    # id, power, upkeep, effect, autorun, family
    *[(f"fx_{p}_{u}", p, u, None, None, "skeleton") for p in range(5) for u in range(4)],
    ("fx_clay_1_1", 1, 1, "clay", "②E2", "golem"),
    ("fx_clay_2_1", 2, 1, "clay", "②E2", "golem"),
    ("fx_k_3_1", 3, 1, "ultimate", "②E1", "golem"),
    ("fx_delivery_2_1", 2, 1, "delivery", None, "goblin"),
    ("fx_delivery_1_1", 1, 1, "delivery", None, "goblin"),
    ("fx_dragon_4_3", 4, 3, "skull_dragon", None, "skeleton"),
    ("fx_spear_1_1", 1, 1, "spearman", None, "skeleton"),
    ("fx_spear_0_1", 0, 1, "spearman", None, "skeleton"),
    ("fx_scout_1_1", 1, 1, "scout", None, "goblin"),
    ("fx_flag_1_1", 1, 1, "flagbearer", None, "goblin"),
    ("fx_king_2_1", 2, 1, "king_tax", None, "goblin"),
    ("fx_cursed_1_1", 1, 1, "cursedman", None, "skeleton"),
    ("fx_guardian_1_1", 1, 1, "guardian", None, "golem"),
    ("fx_target", 0, 0, None, None, "skeleton"),
]


@lru_cache(maxsize=1)
def fixture_file() -> str:
    data = yaml.safe_load(DEFAULT_FILE.read_text(encoding="utf-8"))
    for cid, p, u, eff, auto, fam in FIXTURES:
        entry: dict[str, Any] = {
            "id": cid, "name": {"en": cid, "ja": cid}, "type": "unit", "role": "deck", "family": fam,
            "level": 1, "count": 0, "power": p, "upkeep": u, "provenance": {"default": "reconstructed"},
        }
        if eff:
            entry["effect"] = eff
        if auto:
            entry["autorun"] = auto
        data["cards"].append(entry)
    out = Path(tempfile.mkdtemp(prefix="ndl_fixture_")) / "cards.yaml"  # one per test process, never shared
    out.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(out)


def new(n: int = 4, seed: int = 0, **options: Any) -> NdlState:
    """A fresh game with seats R, B, Y(, G) clockwise and Red at seat index 0."""
    opts = {"cards": fixture_file(), **options}
    s = GAME.new(n, seed, opts)
    assert isinstance(s, NdlState)
    # Re-seat so that player i has colour COLOURS[i] (the real deal is random).
    old_colour = list(s.colour)
    s.colour = list(COLOURS[:n])
    s.red = 0
    bomber_by_colour = {old_colour[p]: s.bomber[p] for p in range(n)}
    s.bomber = [bomber_by_colour[c] for c in s.colour]
    s.stones = [0] * n
    for k in (2, 3)[: n - 2]:
        s.stones[k] = 1
    s.decks[0].extend(s.targets)
    s.events = []
    rounds.begin_round(s, 1)
    return s


def add(s: NdlState, p: int, card_id: str) -> int:
    """A new physical card `card_id` owned by p (p = -1: in the stock)."""
    uid = s.new_card(card_id)
    if p >= 0:
        give(s, p, uid)
    return uid


def board(s: NdlState, stacks: dict[int, list[tuple[int, str]]], targets: list[str] | None = None,
          coins: list[int] | None = None, stones: list[int] | None = None,
          sentinel: bool = True) -> dict[int, list[int]]:
    """Put fresh units into battle areas (placement phase, everybody still to act).

    With `sentinel`, an extra last area holds a free unit of the last seat, so that
    resolution stops there (ACQUIRE) instead of running into the end phase.
    """
    n = s.num_players
    if targets is not None:
        s.targets = [add(s, -1, t) for t in targets]
    if sentinel:
        s.targets.append(add(s, -1, "fx_target"))
        stacks = {**stacks, len(s.targets) - 1: [(n - 1, "fx_0_0")]}
    s.areas = [[] for _ in s.targets]
    s.outcome = [model.PENDING] * len(s.targets)
    s.placed = set()
    s.tokens = {}
    s.removed = []
    made: dict[int, list[int]] = {}
    for x, units in stacks.items():
        for p, cid in units:
            u = add(s, p, cid)
            s.areas[x].append(u)
            s.placed.add(u)
            s.sleeved[p].append(u)
            made.setdefault(x, []).append(u)
    if coins is not None:
        s.coins = list(coins)
    s.stones = list(stones) if stones is not None else [0] * n
    s.phase = Phase.PLACE
    s.passed = [False] * n
    s.actor = s.turn = 0
    s._legal = None
    return made


def resolve_from(s: NdlState) -> None:
    """Everyone passes: run ②E and start area resolution."""
    s.passed = [True] * s.num_players
    s._legal = None
    bidding.end_placement(s)


def act(s: NdlState, kind: str, *args: int) -> None:
    s.apply(Action(kind, tuple(args)))


def owners(s: NdlState, x: int) -> list[int]:
    return [s.owner[u] for u in s.areas[x]]


def to_round_start(s: NdlState) -> None:
    """Commit every player's sleeves by sleeving as many units as possible."""
    while s.phase is Phase.SLEEVE:
        acts = s.legal_actions()
        pick = next((a for a in acts if a.kind == "sleeve"), acts[-1])
        s.apply(pick)
