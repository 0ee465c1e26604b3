"""End of the game and scoring: hidden chest values, tie-break by chest count, shared victory."""

from __future__ import annotations

from bellum_helpers import blank, give

from sabbat.games.bellum_magica import flow


def scored(*holdings: list[int]) -> object:
    s = blank(len(holdings))
    for p, values in enumerate(holdings):
        for v in values:
            kind = "wood" if v <= 5 else "gold"
            give(s, p, kind, [v])
    flow.finish(s)
    return s


def test_e19_highest_value_wins_then_more_chests_then_shared() -> None:
    # totals / counts: P0 25/10, P1 25/11, P2 24/12 -> P1
    s = scored([5, 5, 5, 2, 2, 2, 1, 1, 1, 1], [5, 5, 3, 2, 2, 2, 2, 1, 1, 1, 1], [5, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1])
    assert [s.total_value(p) for p in range(3)] == [25, 25, 24]
    assert s.winners() == [1]
    s2 = scored([5, 5, 5, 2, 2, 2, 1, 1, 1, 1], [5, 5, 5, 2, 2, 2, 1, 1, 1, 1], [5, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1])
    assert s2.winners() == [0, 1]
    s3 = scored([5, 5, 2, 2, 1, 1, 1, 1, 1, 1], [6, 6, 6, 6, 0][:4])
    assert s3.winners() == [1]


def test_scores_encode_the_tie_break_and_winners_hold_the_top_score() -> None:
    s = scored([5, 5], [5, 3, 2])
    sc = s.scores()
    assert sc == [10.02, 10.03] and s.winners() == [1]


def test_chest_values_are_revealed_to_everyone_at_the_end() -> None:
    s = scored([5, 5], [3])
    final = s.observation(1)["final"]
    assert final["totals"] == [10, 3] and final["chests"][0] == [{"type": "wood", "value": 5}] * 2
    assert s.observation(None)["final"]["winners"] == [0]
