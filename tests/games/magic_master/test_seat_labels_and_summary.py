"""Seat labels (seat 0 is P1 in every message and the view, as in the CLI) and the summary
that `sabbat simulate` reports (which victory ended the game, turns, cards taken)."""

from __future__ import annotations

import json

import pytest
from rich.console import Console

from sabbat import games
from sabbat.core import Action, Rng
from sabbat.games.magic_master.model import Phase
from tests.games.magic_master.mm_support import GAN, H6, TB, W, act, blank, give, group, inst

GAME = games.get("magic_master")


def _played(n: int, seed: int, heuristic: bool = True):
    s = GAME.new(n, seed)
    bots = [GAME.heuristic_agent(i) for i in range(n)]
    r = Rng(seed)
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s) if heuristic else r.choice(s.legal_actions()))
    return s


def test_events_keep_seat_ints_and_render_the_first_seat_as_p1():
    s = _played(3, 4, heuristic=False)
    mine = [e for e in s.events if e.params.get("player") == 0]
    assert mine and all(e.render(loc).count("P1") >= 1 for e in mine for loc in ("en", "ja"))
    assert not any("P0" in e.render(loc) for e in s.events for loc in ("en", "ja"))
    seating = next(e for e in s.events if e.key == "magic_master.event.seating")
    assert seating.render("en") == "Turn order: " + ", ".join(f"P{p + 1}" for p in s.order)


def test_action_descriptions_and_view_number_seats_from_p1():
    s = blank()
    group(s, 0, W)
    group(s, 1, H6, TB)
    text = s.describe_action(Action("attack", (0, 1, 0)), "en")
    assert "P2's group" in text and "P0" not in text
    console = Console(width=150, record=True)
    console.print(games.get("magic_master").terminal_view(s.observation(0), "en"))
    out = console.export_text()
    assert "P1 " in out and "P2 " in out and "P0" not in out


def test_market_takes_are_recorded_for_the_summary():
    s = blank()
    group(s, 0, W)
    s.phase = Phase.TAKE
    s._legal = None
    assert s.market
    card = sorted(s.market)[0]
    act(s, "take", card)
    assert s.took[0] == (card,) and s.summary()["acquired"][0] == [s.t.inst[card].id]
    assert s.clone().took == s.took


@pytest.mark.parametrize("n,seed", [(2, 1), (4, 3)])
def test_summary_of_a_finished_game_names_the_victory_turns_and_cards_taken(n, seed):
    s = _played(n, seed)
    summary = s.summary()
    json.dumps(summary)
    assert summary["victory"] in ("last_survivor", "regalia", "time_out")
    assert summary["victory"] == {"survivor": "last_survivor", "regalia": "regalia", "timeout": "time_out"}[s.win_reason]
    assert summary["turns"] == s.turn_no >= 1
    assert 1 <= summary["survivors"] <= n
    takes = [e for e in s.events if e.key == "magic_master.event.take"]
    assert sum(len(a) for a in summary["acquired"]) == len(takes) > 0
    ids = set(GAME.card_ids())
    assert len(summary["acquired"]) == n and all(c in ids for got in summary["acquired"] for c in got)
    again = GAME.from_json(json.loads(json.dumps(s.to_json())))
    assert again.summary() == summary


def test_summary_offers_are_the_market_at_each_take_and_a_discard_turn_offers_nothing():
    s = blank()
    group(s, 0, W)
    s.phase = Phase.TAKE
    s._legal = None
    market = {s.t.inst[c].id for c in s.market}
    act(s, "take", sorted(s.market)[0])
    assert s.summary()["offered"] == [sorted(market), []]
    assert s.clone().offered == s.offered
    s.phase, s.active, s._legal = Phase.DISCARD, 1, None
    s.hand[1] = list(s.market)  # five cards: over the limit, so no market card this turn
    act(s, "drop", s.hand[1][0])
    assert s.summary()["offered"][1] == []


def test_summary_margin_counts_the_characters_held_and_leaves_out_a_seat_without_one():
    # the runaway measure's hook (sabbat.sim.targets.runaway): a couple counts two, a character in
    # hand one, troops and items nothing; a seat with no character left is out, or will be at the
    # end of its next regroup (M-15), so it has no margin to compare
    s = blank(4)
    group(s, 0, H6, TB)
    group(s, 0, GAN)
    give(s, 0, "arthur", "soldiers")
    group(s, 1, TB).char += [inst(s, "edgar"), inst(s, "cecile")]
    group(s, 2, "fx_s7")  # a leaderless group: standing until its regroup, but nothing to lead it
    s.eliminated[3] = True
    assert s.summary()["margin"] == [3, 2, None, None]
    json.dumps(s.summary())


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 2), (4, 3)])
def test_summary_margin_of_a_finished_game_is_none_exactly_for_the_seats_without_a_character(n, seed):
    s = _played(n, seed)
    margin = s.summary()["margin"]
    held = [sum(len(g.char) for g in s.groups[p]) + len(s.chars[p]) for p in range(n)]
    assert margin == [h or None for h in held] and margin[s.winner]
    assert all(margin[p] is None for p in range(n) if s.eliminated[p])


@pytest.mark.parametrize("n,seed", [(3, 2), (5, 7)])
def test_summary_start_player_is_the_seat_of_the_first_turn_not_of_the_first_decision(n, seed):
    s = _played(n, seed)
    first_turn = next(e for e in s.events if e.key == "magic_master.event.turn")
    assert first_turn.params["turn"] == 1
    assert s.summary()["start_player"] == first_turn.params["player"] == s.order[0]
    taken = s.summary()["acquired"]
    assert all(set(got) <= set(could) for got, could in zip(taken, s.summary()["offered"], strict=True))


def test_summary_start_player_is_unknown_during_the_heir_choice():
    assert GAME.new(4, 0).summary()["start_player"] is None


def test_a_save_without_the_offers_loads_with_nothing_offered():
    s = _played(2, 3)
    data = json.loads(json.dumps(s.to_json()))
    blob = json.dumps(data)
    assert "offered" in blob and "start_player" in blob
    _drop_keys(data, {"offered", "start_player"})
    again = GAME.from_json(data)
    assert again.summary()["offered"] == [[], []] and again.summary()["start_player"] is None


def _drop_keys(node, keys):
    if isinstance(node, dict):
        for k in keys & node.keys():
            del node[k]
        for v in node.values():
            _drop_keys(v, keys)
    elif isinstance(node, list):
        for v in node:
            _drop_keys(v, keys)
