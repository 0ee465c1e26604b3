"""Extra policy inputs for games whose frozen vector loses what a good move depends on.

Mystic Vale's layout keeps card *numbers* (part ids in every card slot, the display summed
over levels), which a network cannot read as cards: which advancement lies in which display
slot, what the card on deck holds, what each own card carries. These inputs look those numbers
up in the public catalog of the same `observation(seat)` dict, so they show nothing the seat
cannot see (a test compares them on a state and its determinizations). A policy trained with
them has a wider input than the layout; `policy:FILE` recognises it by that width.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

Features = Callable[[dict[str, Any]], np.ndarray]

# Mystic Vale: stats are (mana, three spirits, wild, decay, growth, harvest vp, end vp, guardian)
_NSTAT, _SEATS, _CARDS, _PENDING = 10, 4, 20, 4
_EFFECTS = ("end_vp_per_guardian", "gain_vp", "gain_wild", "harvest_mana", "mana_per_decay", "vp_per_decay",
            "vp_per_guardian", "vp_per_vale")
_SEAT_WIDTH = 6 + 4 * _NSTAT
_CARD_WIDTH = 3 + _NSTAT + 4
_ADV_WIDTH = 6 + _NSTAT + len(_EFFECTS) + 3  # row, ability (effects + amount), has one, affordable
_VALE_WIDTH = 7 + len(_EFFECTS) + 2
_PENDING_WIDTH = 5 + _NSTAT
_PUSH_WIDTH = 7
MYSTIC_VALE_SIZE = _PUSH_WIDTH + _SEATS * _SEAT_WIDTH + _CARDS * _CARD_WIDTH + 9 * _ADV_WIDTH + 8 * _VALE_WIDTH + _PENDING * _PENDING_WIDTH
_TABLES: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}


def _ability(ab: list[Any] | None) -> list[float]:
    if not ab:
        return [0.0] * (len(_EFFECTS) + 1)
    return [float(ab[1] == e) for e in _EFFECTS] + [float(ab[2])]


def _tables(catalog: dict[str, Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per part: stats (with a zero row at index -1 for an empty slot) and its display row; per
    vale card: its row. Built once per card table."""
    key = id(catalog)
    if key not in _TABLES:
        parts = catalog["parts"]
        stats = np.zeros((len(parts) + 1, _NSTAT), np.float32)
        stats[: len(parts)] = [p["stats"] for p in parts]
        adv = np.array([[1.0, p["cost"], p["level"], *(float(p["pos"] == k) for k in range(3)), *p["stats"],
                         *_ability(p["ability"]), float(p["ability"] is not None)] for p in parts], np.float32)
        pend = np.array([[1.0, p["cost"], *(float(p["pos"] == k) for k in range(3)), *p["stats"]] for p in parts],
                        np.float32)
        vale = np.array([[1.0, *v["cost"], v["vp"], v["level"], float(v["ability"] is not None),
                          *_ability(v["ability"])] for v in catalog["vale"]], np.float32)
        costs = np.array([p["cost"] for p in parts], np.float32)
        _TABLES[key] = (stats, adv, pend, vale, costs)
    return _TABLES[key]


def mystic_vale(obs: dict[str, Any]) -> np.ndarray:
    """Cards read as their symbols: the viewer's risk in pushing (the chance the next card spoils
    the field, from the deck's known composition), every seat's totals (all cards, field, card on
    deck, cards still in the deck), the viewer's 20 cards one by one, both displays slot by slot
    (with whether the viewer can pay now), and the advancements waiting to be sleeved."""
    stats, adv, pend, vale, costs = _tables(obs["catalog"])
    players, viewer = obs["players"], obs["viewer"]
    n = len(players)
    out = np.zeros(MYSTIC_VALE_SIZE, np.float32)
    at = _PUSH_WIDTH
    for k in range(_SEATS):
        if k < n:
            q = (viewer + k) % n
            p = players[q]
            card_stats = stats[np.asarray(p["slots"], np.int64)].reshape(_CARDS, 3, _NSTAT).sum(axis=1)
            lo = q * _CARDS
            field = [s - lo for s in p["field"]]
            deck = [s - lo for s in p["deck"]]
            on_deck = card_stats[p["on_deck"] - lo] if p["on_deck"] >= 0 else np.zeros(_NSTAT, np.float32)
            vale_vp = sum(obs["catalog"]["vale"][v]["vp"] for v in p["vale"])
            out[at: at + 6] = (p["vp"], len(p["vale"]), vale_vp, len(p["deck"]), len(p["discard"]),
                               sum(1 for x in p["slots"] if x >= 0))
            rows = (card_stats.sum(axis=0), card_stats[field].sum(axis=0), on_deck, card_stats[deck].sum(axis=0))
            out[at + 6: at + _SEAT_WIDTH] = np.concatenate(rows)
            if k == 0:
                own, own_at = p, card_stats
        at += _SEAT_WIDTH
    where = [set(own["deck"]), set(own["discard"]), set(own["field"]), {own["on_deck"]}]
    lo = viewer * _CARDS
    out[:_PUSH_WIDTH] = _push_risk(own, own_at, lo)
    for i in range(_CARDS):
        slots = own["slots"][3 * i: 3 * i + 3]
        out[at: at + 3] = [float(x >= 0) for x in slots]
        out[at + 3: at + 3 + _NSTAT] = own_at[i]
        out[at + 3 + _NSTAT: at + _CARD_WIDTH] = [float(lo + i in w) for w in where]
        at += _CARD_WIDTH
    turn = obs["turn"]
    mana, spirit = turn["mana"], turn["spirit"]
    for row in obs["commons"]["adv_display"][:3]:
        for j in range(3):
            if j < len(row) and row[j] >= 0:
                out[at: at + _ADV_WIDTH - 1] = adv[row[j]]
                out[at + _ADV_WIDTH - 1] = float(costs[row[j]] <= mana)
            at += _ADV_WIDTH
    for row in obs["commons"]["vale_display"][:2]:
        for j in range(4):
            if j < len(row) and row[j] >= 0:
                v = vale[row[j]]
                out[at: at + _VALE_WIDTH - 1] = v
                short = sum(max(0.0, c - h) for c, h in zip(v[1:4], spirit[:3], strict=True))
                out[at + _VALE_WIDTH - 1] = float(short <= spirit[3])
            at += _VALE_WIDTH
    for j, pid in enumerate(turn["pending"][:_PENDING]):
        out[at + j * _PENDING_WIDTH: at + (j + 1) * _PENDING_WIDTH] = pend[pid]
    return out


def _push_risk(own: dict[str, Any], card_stats: np.ndarray, lo: int) -> list[float]:
    """Decay less growth in play (field and card on deck), the share of the cards the next reveal
    comes from that would bring it to four (a spoiled field), and those cards by decay less growth."""
    net = card_stats[:, 5] - card_stats[:, 6]
    raw = float(net[[s - lo for s in own["field"]]].sum()) + (float(net[own["on_deck"] - lo]) if own["on_deck"] >= 0 else 0.0)
    pool = [s - lo for s in (own["deck"] or own["discard"])]
    nets = net[pool]
    spoil = float((raw + nets >= 4).mean()) if pool else 0.0
    bins = [float((nets <= -1).sum()), float((nets == 0).sum()), float((nets == 1).sum()), float((nets == 2).sum()),
            float((nets >= 3).sum())]
    return [raw, spoil, *bins]


_BY_GAME: dict[str, tuple[Features, int]] = {"mystic_vale": (mystic_vale, MYSTIC_VALE_SIZE)}


def extra_inputs(game_id: str) -> tuple[Features, int] | None:
    """The game's extra inputs and their width, or None where its vector is enough."""
    return _BY_GAME.get(game_id)
