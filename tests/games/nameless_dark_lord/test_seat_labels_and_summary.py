"""What people and reports see: players named by throne colour with the same seat label as the CLI
(seat 0 is P1), and the end-of-game summary for `sabbat simulate`."""

from __future__ import annotations

import json

from rich.console import Console

from sabbat.games.nameless_dark_lord import GAME
from sabbat.games.nameless_dark_lord import terminal as view
from sabbat.games.nameless_dark_lord.scoring import totals


def _finished(n: int, seed: int):
    s = GAME.new(n, seed)
    bots = [GAME.heuristic_agent(i) for i in range(n)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    return s


def test_setup_event_maps_seat_labels_to_throne_colours_from_p1():
    s = GAME.new(4, 3)
    setup = next(e for e in s.events if e.key.endswith("event.setup"))
    en, ja = setup.render("en"), setup.render("ja")
    colour = s.colour_name(0)
    assert f"P1 {colour['en']}" in en and f"P1＝{colour['ja']}" in ja
    assert f"P{s.red + 1} holds the Red Throne" in en
    assert "P0" not in en and "P0" not in ja


def test_events_name_players_by_colour_and_never_p0():
    s = _finished(4, 5)
    red = s.colour_name(s.red)["en"]
    placed = [e for e in s.events if e.key.endswith("event.place")]
    assert placed and all(e.render("en").split(" ")[0] in {"Red", "Blue", "Yellow", "Green"} for e in placed)
    assert any(e.render("en").startswith(red) for e in placed)
    assert not any("P0" in e.render(loc) for e in s.events for loc in ("en", "ja"))
    over = s.events[-1]
    assert ".event.game_over" in over.key
    assert f"{s.colour_name(0)['en']} {totals(s)[0]}" in over.render("en")


def test_view_shows_colour_with_the_cli_seat_label():
    s = GAME.new(3, 2)
    out = Console(width=200, record=True)
    out.print(view.render(s.observation(0), "en"))
    text = out.export_text()
    assert f"{s.colour_name(0)['en']} (P1)" in text and "(P3)" in text and "P0" not in text


def test_summary_of_a_hand_built_tied_ending():
    """B and G both hold a Fishing Village (2 VP): tied at 2, Red Throne at R decides for B."""
    from sabbat.games.nameless_dark_lord.model import Phase
    from tests.games.nameless_dark_lord.ndl_support import B, G, add, new

    s = new(4)
    for p in (B, G):
        add(s, p, "fishing_village")
        s.history_acq[p].append("fishing_village")
    s.round, s.phase = 7, Phase.OVER
    summary = s.summary()
    json.dumps(summary)
    assert summary == {"end": "rounds", "acquired": [[], ["fishing_village"], [], ["fishing_village"]],
                       "offered": [[], [], [], []], "rounds": 7, "top_score": 2, "tie_broken": "yes",
                       "start_player": s.red}
    assert s.winners() == [B]


def test_summary_of_a_finished_game_lists_real_card_ids():
    summary = _finished(4, 9).summary()
    ids = set(GAME.card_ids())
    assert len(summary["acquired"]) == 4 and all(summary["acquired"])
    assert all(card in ids for got in summary["acquired"] for card in got)


def test_summary_offers_only_the_targets_a_seat_was_asked_for_and_could_pay():
    """Take rates count a card as a seat's chance only when it held priority and could pay: R cannot
    pay for A (skipped), B declines A and Y takes it; in B, R takes it before B is asked; G is asked
    for the sentinel area."""
    from tests.games.nameless_dark_lord.ndl_support import B, R, Y, act, board, new, resolve_from

    s = new(4)
    board(s, {0: [(R, "fx_2_3"), (B, "fx_1_1"), (Y, "fx_1_1")], 1: [(R, "fx_1_1"), (B, "fx_1_1")]},
          targets=["clay_golem", "goblin_delivery"], coins=[2, 2, 2, 2], stones=[0] * 4)
    resolve_from(s)
    act(s, "decline")
    act(s, "acquire")
    act(s, "acquire")
    summary = s.summary()
    assert summary["acquired"] == [["goblin_delivery"], [], ["clay_golem"], []]
    assert summary["offered"] == [["goblin_delivery"], ["clay_golem"], ["clay_golem"], ["fx_target"]]


def test_offered_cards_survive_a_copy_and_a_save():
    s = _finished(3, 4)
    offered = s.summary()["offered"]
    assert any(offered) and all(set(got) <= set(seen) for got, seen in zip(s.summary()["acquired"], offered, strict=True))
    assert s.clone().summary()["offered"] == offered
    assert GAME.from_json(s.to_json()).summary()["offered"] == offered
    old_save = json.loads(json.dumps(s.to_json()).replace('"offered"', '"offered_gone"'))
    assert GAME.from_json(old_save).summary()["offered"] == [[], [], []], "a save from before `offered` loads"
