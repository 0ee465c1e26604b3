"""Scores, tie-breaks, summary, resource invariants and card faces (the core hooks)."""

from __future__ import annotations

import itertools
import random

import pytest

from sabbat.games.nameless_dark_lord import GAME
from sabbat.games.nameless_dark_lord.model import Phase
from sabbat.games.nameless_dark_lord.options import OPTIONS
from tests.games.nameless_dark_lord.ndl_support import B, G, R, Y, add, new

KEY = "nameless_dark_lord.tiebreak.throne_priority"


def _over(s):
    s.phase = Phase.OVER
    s._legal = None
    return s


def test_p25_scores_are_whole_numbers_and_a_tie_goes_to_the_red_throne():
    s = _over(new(4))
    assert s.scores() == [0, 0, 0, 0] and all(type(v) is int for v in s.scores())
    assert s.winners() == [R]
    assert [tb[KEY] for tb in s.tie_breaks()] == [4, 3, 2, 1]


def test_p25_without_the_red_throne_in_the_tie_nearest_clockwise_wins():
    s = _over(new(4))
    s.red = Y
    add(s, B, "fishing_village")
    add(s, G, "fishing_village")
    assert s.scores() == [0, 2, 0, 2]
    assert [tb[KEY] for tb in s.tie_breaks()] == [2, 1, 4, 3]
    assert s.winners() == [G], "G is 1 seat clockwise from Y's Red Throne, B is 3"


def test_summary_says_how_the_game_ended():
    s = new(3)
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    summ = s.summary()
    assert summ["end"] == "rounds" and summ["rounds"] == 7 and "cap" not in summ.values()
    assert summ["top_score"] == max(s.scores())


def _variants():
    names = sorted(k for k, o in OPTIONS.items() if o.kind == "choice")
    for values in itertools.product(*(OPTIONS[k].choices for k in names)):
        yield dict(zip(names, values, strict=True))


@pytest.mark.parametrize("options", list(_variants()), ids=lambda o: "-".join(o.values()))
def test_random_games_keep_every_invariant_in_every_option_variant(options):
    for n, seed in ((3, 1), (4, 2)):
        s = GAME.new(n, seed, options)
        rng = random.Random(seed)
        while not s.is_terminal():
            assert s.check_invariants() == []
            s.apply(rng.choice(s.legal_actions()))
        assert s.check_invariants() == []


def test_invariants_catch_a_negative_count():
    s = new(4)
    s.coins[B] = -1
    assert any("coins" in line for line in s.check_invariants())


def test_invariants_catch_a_card_in_two_places():
    s = GAME.new(4, 0, {})
    u = s.decks[0][0]
    s.owner[u] = R
    s.owned[R].append(u)
    assert any("has an owner" in line for line in s.check_invariants())


def test_invariants_catch_a_lost_card():
    s = GAME.new(4, 0, {})
    u = s.owned[R].pop()
    assert s.owner[u] == R
    assert any("holdings" in line for line in s.check_invariants())


def test_invariants_catch_too_many_curses():
    s = GAME.new(4, 0, {})
    s.curses[Y] = 1
    assert any("curse" in line for line in s.check_invariants())


def test_card_faces_show_printed_values_in_the_locale():
    ja = GAME.card_faces("ja")
    en = GAME.card_faces("en")
    assert set(ja) == set(GAME.card_ids())
    clay = ja["clay_golem"]
    assert clay["name"] == "クレイゴーレム" and clay["type_label"] == "ユニット" and clay["family_label"] == "ゴーレム"
    assert (clay["power"], clay["upkeep"], clay["vp"], clay["level"], clay["autorun"]) == (2, 1, 1, 1, "②E2")
    tower = en["watchtower"]
    assert (tower["income"], tower["circles"], tower["vp"], tower["type_label"]) == (1, 1, 2, "Territory")
    assert "vp" not in en["artifact_tally"], "a formula artifact prints no fixed VP"
    assert en["twin_witch_dolls"]["vp"] == 3
    assert ja["desolate_farm"]["negative"] is True
    assert all(f["text"] for f in ja.values()) and all(f["name"] != cid for cid, f in ja.items())
