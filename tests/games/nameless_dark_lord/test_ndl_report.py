"""What people and reports see: players named by throne colour with the same seat label as the CLI
(seat 0 is P1), and the end-of-game summary for `sabbat simulate`."""

from __future__ import annotations

import json

from rich.console import Console

from sabbat.cli.views import nameless_dark_lord as view
from sabbat.games.nameless_dark_lord import GAME
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
    from ndl_support import B, G, add, new

    from sabbat.games.nameless_dark_lord.model import Phase

    s = new(4)
    for p in (B, G):
        add(s, p, "fishing_village")
        s.history_acq[p].append("fishing_village")
    s.round, s.phase = 7, Phase.OVER
    summary = s.summary()
    json.dumps(summary)
    assert summary == {"end": "rounds", "acquired": [[], ["fishing_village"], [], ["fishing_village"]],
                       "rounds": 7, "top_score": 2, "tie_broken": "yes"}
    assert s.winners() == [B]


def test_summary_of_a_finished_game_lists_real_card_ids():
    summary = _finished(4, 9).summary()
    ids = set(GAME.card_ids())
    assert len(summary["acquired"]) == 4 and all(summary["acquired"])
    assert all(card in ids for got in summary["acquired"] for card in got)
