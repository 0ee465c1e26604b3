"""benchmarks/counterfactual.py's Monslaught patch: with the tie rule at boss 1 switched off (E13,
ties to the player nearer the start clockwise) a tie is decided by lot, later bosses keep the rule,
and the game is itself again on leaving."""

from __future__ import annotations

from sabbat.games.monslaught import flow
from sabbat.games.monslaught.cards import BossCard, CardDB
from tests.games.monslaught.monslaught_helpers import blank
from tests.support.scripts import load_script


def taker(seed: int, number: int) -> int:
    """Who takes a boss of this number when all three players, the start player P1 first, declare 9."""
    st = blank(3, start=0, seed=seed)
    db = st.db
    st.db = CardDB(list(db.cards.values()), list(db.lands.values()), list(db.bosses.values()), db.path)
    st.db.bosses["boss_x"] = BossCard(id="boss_x", name={"en": "X", "ja": "X"}, number=number, scout=8,
                                      provenance={"default": "reconstructed"})
    st.round = {1: 4, 2: 7}[number]
    st.boss_revealed = number
    st.boss_row[number - 1] = "boss_x"
    for seat in st.seats:
        seat.declared = 9
    flow.reward(st)  # the module's name, so that the patch is the one called
    return st.ranking[0]


def test_boss_1_tie_goes_to_the_start_player_by_the_rulebook_and_by_lot_when_switched_off() -> None:
    cf = load_script("benchmarks/counterfactual.py")
    original = flow.reward
    seeds = range(24)
    assert {taker(seed, 1) for seed in seeds} == {0}
    with cf.switched_off("monslaught", ["boss1-tie"]):
        assert flow.reward is not original
        drawn = [taker(seed, 1) for seed in seeds]
        assert set(drawn) == {0, 1, 2}
        assert [taker(seed, 1) for seed in seeds] == drawn  # a pure function of the position
        assert {taker(seed, 2) for seed in seeds} == {0}  # boss 2 keeps the rule
        assert flow.turn_order(1, 3) == [1, 2, 0]  # the clockwise order outside the ranking
    assert flow.reward is original
    assert {taker(seed, 1) for seed in seeds} == {0}
