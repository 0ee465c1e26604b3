"""Final scoring: the score-sheet columns, artifacts, negative territories and the tie-break."""

from __future__ import annotations

from sabbat.games.nameless_dark_lord import bidding, rounds
from sabbat.games.nameless_dark_lord.board import give, take_away
from sabbat.games.nameless_dark_lord.scoring import sheet, totals, winner
from tests.games.nameless_dark_lord.ndl_support import B, G, R, Y, add, new


def _own(s, p, *cards):
    return [add(s, p, c) for c in cards]


def score_sheet_example():
    """AC-3: the p.25 score sheet. Each row is built from holdings that give its columns.

    The rows are built player by player; copies across players are not held to the deck counts.
    """
    s = new(4)
    s.curses = [4, 1, 0, 0]
    s.curses_given = 5
    s.grave = 0
    _own(s, R, "goblin_census", "curse_census", "golem_census", "artifact_tally",
         "desolate_farm", "fishing_village", "watchtower", "skull_dragon", "skeleton_spearman",
         "skeleton_cursedman")
    _own(s, B, "twin_witch_dolls", "twin_witch_dolls",
         "farming_village", "fishing_village", "watchtower", "goblin_flagbearer", "guardian_golem", "clay_golem")
    _own(s, Y, "grave_number", "skeleton_census",
         "farming_village", "fishing_village", "watchtower", "skeleton_spearman", "skeleton_cursedman",
         "skull_dragon", "skeleton_knight")
    s.grave = 2
    _own(s, G, "fewest_units", "megalith_ruins",
         "farming_village", "fishing_village", "watchtower", "goblin_flagbearer", "goblin_delivery", "goblin_scout")
    s.throne_vp[G] = 1
    return s


def test_score_sheet_example_columns_and_totals_ac3():
    s = score_sheet_example()
    rows = [sheet(s, p) for p in range(4)]
    assert [(r.curse, r.artifacts, r.throne, r.card_minus, r.card_plus) for r in rows] == [
        (-4, (1, 5, 1, 4), 0, -3, 8),
        (-1, (3, 3), 0, 0, 8),
        (0, (2, 5), 0, 0, 9),
        (0, (4, 0), 1, 0, 8),
    ]
    assert totals(s) == [12, 13, 16, 13]
    assert winner(s) == Y


def test_score_sheet_tie_goes_clockwise_from_red_ac3b():
    s = score_sheet_example()
    census = next(u for u in s.owned[Y] if s.cid[u] == "skeleton_census")
    take_away(s, census)
    add(s, Y, "fewest_units")  # Y is not fewest: 2 instead of 5
    assert totals(s) == [12, 13, 13, 13]
    assert winner(s) == B


def test_tie_break_red_then_clockwise_distance_e11():
    s = new(4)
    for tot, expect in (([20, 18, 20, 15], R), ([18, 20, 10, 20], B), ([0, 5, 20, 20], Y)):
        s.throne_vp = tot
        assert winner(s) == expect
    s3 = new(3)
    s3.throne_vp = [5, 9, 9]
    assert winner(s3) == B


def test_grave_number_counts_remove_area_in_round_seven_e20():
    s = new(4)
    rounds.begin_round(s, 7)
    while s.phase.value == "sleeve":
        s.apply(s.legal_actions()[-1])
    s.removed = [s.owned[R][1], s.owned[R][2], s.owned[Y][1]]
    s.placed = set(s.removed)
    g = add(s, B, "grave_number")
    s.passed = [True] * 4
    bidding.end_placement(s)
    assert s.is_terminal() and s.grave == 3
    assert sheet(s, B).artifacts == (3,)
    assert s.removed == [] and s.placed == set()
    assert g in s.owned[B]


def test_fewest_units_four_or_two_e20():
    s = new(4)
    for p, extra in ((R, 2), (B, 1), (Y, 1), (G, 3)):
        for _ in range(extra):
            add(s, p, "fx_1_1")
    fewest = {p: add(s, p, "fewest_units") for p in range(4)}
    assert [sheet(s, p).artifacts[0] for p in range(4)] == [2, 4, 4, 2]
    assert fewest


def test_census_counts_kinds_and_bomber_is_a_goblin_e21():
    s = new(4)
    _own(s, R, "skeleton_cursedman", "skeleton_cursedman", "skull_dragon", "skeleton_census", "goblin_census")
    give(s, R, s.bomber[R])
    assert sheet(s, R).artifacts == (3, 2)


def test_artifact_tally_counts_cards_e21():
    s = new(4)
    _own(s, R, "artifact_tally", "twin_witch_dolls", "twin_witch_dolls")
    assert sheet(s, R).artifacts == (3, 3, 3) and sum(sheet(s, R).artifacts) == 9


def test_curse_census_minimum_two_ac11():
    s = new(4)
    _own(s, R, "curse_census")
    s.curses_given = 1
    assert sheet(s, R).artifacts == (2,)


def test_curses_subtract_and_throne_counter_adds():
    s = new(4)
    s.curses[B] = 2
    s.throne_vp[B] = 1
    assert sheet(s, B).total == -1


def test_megalith_ruins_cancels_negative_territories():
    s = new(4)
    _own(s, G, "desolate_farm", "ruined_tower")
    assert sheet(s, G).card_minus == -6
    _own(s, G, "megalith_ruins")
    assert sheet(s, G).card_minus == 0
