"""End of the game and scoring: hidden chest values, tie-break by chest count, shared victory."""

from __future__ import annotations

from sabbat.games.bellum_magica import flow
from tests.games.bellum_magica.bellum_helpers import blank, give


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


def test_scores_are_whole_chest_values_and_the_chest_count_is_a_separate_tie_break() -> None:
    """「同点の場合は、より多くの宝箱を持っているプレーヤーの勝利」: 10 = 10, three chests beat two."""
    s = scored([5, 5], [5, 3, 2])
    sc = s.scores()
    assert sc == [10, 10] and all(type(v) is int for v in sc)
    assert s.tie_breaks() == [{"bellum_magica.tiebreak.chests": 2}, {"bellum_magica.tiebreak.chests": 3}]
    assert s.winners() == [1]
    from sabbat.core import i18n
    assert i18n.render("bellum_magica.tiebreak.chests", "ja", {"value": 3}) == "宝箱3個"


def test_summary_end_is_cap_when_the_max_days_safety_cap_ends_the_game() -> None:
    from sabbat.games.bellum_magica import GAME

    s = GAME.new(2, 4, {"max_days": 1})
    bots = [GAME.heuristic_agent(p) for p in range(2)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    assert s.summary()["end"] == "cap" and s.summary()["days"] == 1
    assert s.winners()


def test_chest_values_are_revealed_to_everyone_at_the_end() -> None:
    s = scored([5, 5], [3])
    final = s.observation(1)["final"]
    assert final["totals"] == [10, 3] and final["chests"][0] == [{"type": "wood", "value": 5}] * 2
    assert s.observation(None)["final"]["winners"] == [0]


def test_end_events_name_seats_from_p1_never_p0() -> None:
    s = scored([5, 5], [3])
    end, won = s.events[-2], s.events[-1]
    assert end.render("en") == "The game ends after day 1: P1 chest value 10 (2 chests), P2 chest value 3 (1 chest)"
    assert "P1 宝の価値10（宝箱2個）" in end.render("ja")
    assert won.render("en") == "Won by P1" and won.render("ja") == "勝者：P1"


def test_summary_of_a_hand_built_finished_game() -> None:
    """Day 4, chests 2 + 1, top value 9, ended by chests; goblins are dealt, so not in `acquired`."""
    from sabbat.games.bellum_magica.constants import Phase

    s = blank(2)
    s.day = 4
    s.left[0] = ["ga", "e1"]
    s.right[0] = ["m1"]
    s.right[1] = ["gb"]
    s.cdeck["evil"] = [c for c in s.cdeck["evil"] if c != "e1"]
    give(s, 0, "gold", [5])
    give(s, 0, "wood", [4])
    give(s, 1, "wood", [3])
    flow.finish(s)
    assert s.phase is Phase.OVER
    assert s.summary() == {"days": 4, "chests": 3, "top_value": 9, "end": "chests", "acquired": [["e1", "m1"], []],
                           "offered": [[], []]}  # hand-built: never at a recruiting decision
