"""Small helpers that build Monslaught positions by hand for the rule tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sabbat.core import Action, IllegalAction
from sabbat.games.monslaught import GAME
from sabbat.games.monslaught.flow import turn_order
from sabbat.games.monslaught.model import Phase, Seat
from sabbat.games.monslaught.state import MonslaughtState

FIXTURE = str(Path(__file__).with_name("monslaught_fixture.yaml"))
OLD_SAVE = Path(__file__).with_name("monslaught_save_round7.json")
"""A 3-player game in round 7 (a boss round), mid hidden summon phase, saved at commit 7f55fad
under rules version 1."""


def old_save(restamp: bool = True) -> dict[str, Any]:
    """OLD_SAVE's JSON, by default with its rules-version stamp moved to today's.

    Why restamp: a save from an earlier rules version is refused (its actions may now play
    differently), but rules version 2 changed an option's default and version 3 what the refill
    counts (a save's count of refilled cards is read as the last cards of the hand), so the body
    written before the package rework still tests that old module paths load.
    """
    data: dict[str, Any] = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    if restamp:
        data["rules_version"] = GAME.info.rules_version
    return data


def new(n: int = 3, seed: int = 0, start: int | None = None, fixture: bool = True) -> MonslaughtState:
    st = GAME.new(n, seed, {"cards": FIXTURE} if fixture else {})
    assert isinstance(st, MonslaughtState)
    if start is not None:
        st.start = start
    return st


def _reservoirs(st: MonslaughtState) -> list[list[int]]:
    lists = [st.lower, st.middle, st.upper, st.box, st.field, st.farm_stack, st.mountain_stack]
    for seat in st.seats:
        lists += [seat.offer, seat.hand, seat.discard]
    return lists


def grab(st: MonslaughtState, card_id: str) -> int:
    """Take one physical copy of `card_id` out of a deck, the box, the Field or a stack."""
    for zone in _reservoirs(st)[:7]:
        for u in zone:
            if st.ids[u] == card_id:
                zone.remove(u)
                return u
    raise AssertionError(f"no spare {card_id}")


def blank(n: int = 3, start: int = 0, round_: int = 2, seed: int = 0, fixture: bool = True) -> MonslaughtState:
    """A position at the start of a scout turn of `start` with empty zones everywhere."""
    st = new(n, seed, start, fixture)
    for seat in st.seats:
        st.box.extend(seat.hand + seat.offer)
        seat.hand, seat.offer = [], []
    st.lower.extend(st.box)
    st.box = []
    st.round = round_
    st.order = turn_order(start, n)
    st.pos = 0
    st.active = start
    st.phase = Phase.SUMMON
    return st


def hand(st: MonslaughtState, p: int, *cards: str) -> list[int]:
    uids = [grab(st, c) for c in cards]
    st.seats[p].hand.extend(uids)
    return uids


def discard(st: MonslaughtState, p: int, *cards: str) -> list[int]:
    uids = [grab(st, c) for c in cards]
    st.seats[p].discard.extend(uids)
    return uids


def play(st: MonslaughtState, p: int, card: str, used: bool = False, land: int | None = None) -> int:
    uid = grab(st, card)
    seat = st.seats[p]
    seat.play.append(uid)
    if used:
        seat.used.add(uid)
        seat.acted.add(uid)
    if land is not None:
        seat.on_land[uid] = land
    return uid


def land(st: MonslaughtState, p: int, kind: str, flipped: bool = False) -> int:
    uid = grab(st, kind)
    st.seats[p].lands.append(uid)
    if flipped:
        st.flipped.add(uid)
    return uid


def field(st: MonslaughtState, *cards: str) -> list[int]:
    uids = [grab(st, c) for c in cards]
    st.field.extend(uids)
    return uids


def begin(st: MonslaughtState, p: int | None = None) -> Seat:
    """Start the turn bookkeeping (land budgets) for `p` after the zones were set."""
    p = st.active if p is None else p
    seat = st.seats[p]
    seat.new_turn(st.land_pays(seat))
    st._legal = None
    return seat


def to(st: MonslaughtState, phase: Phase) -> None:
    st.phase = phase
    st._legal = None


def do(st: MonslaughtState, kind: str, *args: int | str) -> None:
    st.apply(Action(kind, tuple(args)))


def rejected(st: MonslaughtState, kind: str, *args: int | str) -> None:
    with pytest.raises(IllegalAction):
        st.apply(Action(kind, tuple(args)))


def legal(st: MonslaughtState, kind: str, *args: int | str) -> bool:
    return Action(kind, tuple(args)) in st.legal_actions()


def scout(st: MonslaughtState, kind: str, target: int | str, monsters: list[int]) -> None:
    do(st, kind, target)
    for m in monsters:
        do(st, "add", m)
    do(st, "confirm")


def ids(st: MonslaughtState, zone: list[int]) -> list[str]:
    return sorted(st.ids[u] for u in zone)


def pass_turn(st: MonslaughtState) -> None:
    """A passive scout-round turn: summon nothing, scout nothing, take back up to 4 cards."""
    do(st, "end_summon")
    do(st, "end_scout")
    pass_cleanup(st)


def pass_cleanup(st: MonslaughtState) -> None:
    do(st, "end_upkeep")
    seat = st.seats[st.active]
    while Action("end_refill") not in st.legal_actions() or (len(seat.hand) < 4 and seat.discard):
        do(st, "take", st.ids[seat.discard[0]])
    do(st, "end_refill")
