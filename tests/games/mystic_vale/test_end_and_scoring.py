"""End of game and scoring: equal turns, final score, tie-break; scenarios 19-22."""

from __future__ import annotations

from sabbat.games.mystic_vale.constants import Phase
from tests.games.mystic_vale.mv_helpers import act, arrange, at_harvest, build, new


def _three_players_pool_two() -> object:
    st = new(3)
    st.first_player = 0
    for p in range(3):
        arrange(st, p, field=["V1", "V1", "V1"], on_deck="C", deck=["C", "C", "C", "B", "B", "B"] * 2)
    st.pool = 2
    return st


def _harvest_turn(st: object, p: int) -> None:
    at_harvest(st, p)  # type: ignore[arg-type]
    act(st, "collect")  # type: ignore[arg-type]
    act(st, "end")  # type: ignore[arg-type]


def test_scenario_19_pool_emptied_mid_round_finishes_the_round() -> None:
    st = _three_players_pool_two()
    _harvest_turn(st, 1)
    assert st.vp[1] == 3 and st.pool == 0 and st.end_triggered  # credited in full
    assert st.turn_player == 2 and st.phase is not Phase.OVER
    _harvest_turn(st, 2)
    assert st.vp[2] == 3  # still scores after the pool is empty
    assert st.is_terminal() and st.current_player is None


def test_scenario_20_pool_emptied_by_the_last_seat_ends_at_once() -> None:
    st = _three_players_pool_two()
    _harvest_turn(st, 2)
    assert st.is_terminal()


def test_scenario_21_final_score_adds_tokens_advancement_and_vale_vp() -> None:
    st = new()
    arrange(st, 0, field=[], on_deck="B", deck=["B"] * 19)
    st.vp[0] = 14
    s1, s2 = st.deck[0][0], st.deck[0][1]
    build(st, s1, [("fx_level3", "top")])  # end VP 2
    build(st, s2, [("wild_heart", "top"), ("treant_guardian", "middle"), ("ancient_sentinel", "bottom")])  # 1+t+1
    st.vale[0] = [st.cards.vale_entry.index("earth_glade"), st.cards.vale_entry.index("mossy_crossing")]  # 2+2
    treant = st.cards.entry("treant_guardian").endgame_vp
    assert st.points(0) == 14 + 2 + (2 + treant) + 4


def test_scenario_22_tie_break_counts_level3_advancements_and_level2_vale_cards() -> None:
    st = new()
    arrange(st, 0, on_deck="B", deck=["B"] * 19)
    arrange(st, 1, on_deck="B", deck=["B"] * 19)
    l2 = [i for i, lv in enumerate(st.cards.vale_level) if lv == 2 and st.cards.vale_vp[i] == 6]
    stones = st.cards.entry("standing_stones").endgame_vp
    build(st, 0, [("standing_stones", "top"), ("standing_stones", "middle")])  # two L3, 2 x stones VP
    st.vale[0] = [l2[0]]
    build(st, 20, [("standing_stones", "top")])  # one L3, stones VP
    st.vale[1] = [l2[1]]
    st.vp[0] = 30 - 2 * stones - 6
    st.vp[1] = 30 - stones - 6
    st.phase = Phase.OVER
    assert st.points(0) == st.points(1) == 30
    assert st.tiebreak(0) == 3 and st.tiebreak(1) == 2
    assert st.winners() == [0]
    assert st.scores() == [30, 30] and all(type(v) is int for v in st.scores())  # whole VP, tie-break apart
    assert [t["mystic_vale.tiebreak.level3_vale2"] for t in st.tie_breaks()] == [3, 2]
    build(st, 21, [("standing_stones", "top")])
    st.vp[1] -= stones
    assert st.winners() == [0, 1]


def test_ongoing_end_game_abilities_score() -> None:
    st = new()
    arrange(st, 0, on_deck="B", deck=["B"] * 19)
    build(st, 0, [("grove_of_ages", "top"), ("stone_sentry", "middle")])  # 2 guardians, 1 VP each
    printed = st.cards.entry("grove_of_ages").endgame_vp
    assert st.points(0) == 2 + printed
    st.vale[0] = [st.cards.vale_entry.index("circle_of_vales")]
    assert st.points(0) == 2 + printed + 3 + 1 * 1 + 0


def test_summary_end_is_cap_when_the_round_cap_ends_the_game() -> None:
    """Hand-built: the last seat finishes round 60 with VP left in the pool -> `end` is exactly "cap"."""
    from sabbat.games.mystic_vale.constants import MAX_ROUNDS
    from sabbat.games.mystic_vale.turn import finish_turn

    st = new()
    last = (st.first_player - 1) % 2
    arrange(st, last, field=["B"], on_deck="B", deck=["B"] * 5)
    st.turn_player = last
    st.turns_taken = MAX_ROUNDS * 2 - 1
    finish_turn(st)
    assert st.is_terminal() and st.pool > 0
    summary = st.summary()
    assert summary["end"] == "cap" and summary["rounds"] == MAX_ROUNDS


def test_summary_end_is_vp_pool_when_the_pool_empties() -> None:
    from sabbat.games.mystic_vale.turn import finish_turn

    st = new()
    last = (st.first_player - 1) % 2
    arrange(st, last, field=["B"], on_deck="B", deck=["B"] * 5)
    st.turn_player = last
    st.vp[last] = 5
    st.pool = 0
    finish_turn(st)
    assert st.is_terminal()
    summary = st.summary()
    assert summary["end"] == "vp_pool" and summary["points"][last] == 5
